WARC/1.0
WARC-Type: warcinfo
WARC-Date: 2026-11-29T03:00:00Z
WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000000>
Content-Type: application/warc-fields
Content-Length: 50

software: hand-made sample for urix
format: WAT


WARC/1.0
WARC-Type: metadata
WARC-Target-URI: http://www.example.com/dir/page.html
WARC-Date: 2026-11-01T10:00:01Z
WARC-Record-ID: <urn:uuid:aaaaaaaa-0000-4000-8000-000000000001>
WARC-Refers-To: <urn:uuid:11111111-1111-4111-8111-111111111111>
Content-Type: application/json
Content-Length: 1411

{"Container": {"Filename": "CC-MAIN-sample.warc.gz", "Compressed": true, "Offset": "1234"}, "Envelope": {"Format": "WARC", "WARC-Header-Length": "500", "WARC-Header-Metadata": {"WARC-Type": "response", "WARC-Date": "2026-11-01T10:00:00Z", "WARC-Record-ID": "<urn:uuid:11111111-1111-4111-8111-111111111111>", "Content-Length": "2000", "Content-Type": "application/http; msgtype=response", "WARC-Target-URI": "http://www.example.com/dir/page.html"}, "Payload-Metadata": {"Actual-Content-Type": "application/http; msgtype=response", "HTTP-Response-Metadata": {"Response-Message": {"Status": "200", "Version": "HTTP/1.1", "Reason": "OK"}, "Headers": {"Content-Type": "text/html; charset=UTF-8", "Link": "<style.css>; rel=\"preload\"; title=\"a, <b>\", </fonts/f.woff2>; rel=preload; as=font, <https://www.example.com/dir/page.html>; rel=\"canonical\"", "Location": "/not-a-redirect"}, "HTML-Metadata": {"Head": {"Title": "Page", "Base": "http://static.example.net/base/", "Link": [{"path": "LINK@/href", "url": "style.css", "rel": "stylesheet"}], "Metas": [{"name": "description", "content": "not a link"}]}, "Links": [{"path": "A@/href", "url": "../about.html", "text": "About us"}, {"path": "IMG@/src", "url": "img/logo.png", "alt": "Logo"}, {"path": "FORM@/action", "url": "/search", "method": "get"}, {"path": "A@/href", "url": "https://other.example.org/x?y=1#z", "text": "Other site", "rel": "nofollow"}]}}}}}

WARC/1.0
WARC-Type: metadata
WARC-Target-URI: http://www.example.com/img/logo.png
WARC-Date: 2026-11-01T10:00:03Z
WARC-Record-ID: <urn:uuid:aaaaaaaa-0000-4000-8000-000000000002>
Content-Type: application/json
Content-Length: 608

{"Container": {"Filename": "CC-MAIN-sample.warc.gz", "Compressed": true, "Offset": "1234"}, "Envelope": {"Format": "WARC", "WARC-Header-Length": "500", "WARC-Header-Metadata": {"WARC-Type": "response", "WARC-Date": "2026-11-01T10:00:02Z", "WARC-Record-ID": "<urn:uuid:22222222-2222-4222-8222-222222222222>", "Content-Length": "2000", "Content-Type": "application/http; msgtype=response", "WARC-Target-URI": "http://www.example.com/img/logo.png"}, "Payload-Metadata": {"HTTP-Response-Metadata": {"Response-Message": {"Status": "200"}, "Headers": {"Content-Type": "image/png"}, "Entity-Digest": "sha1:AAAA"}}}}

WARC/1.0
WARC-Type: metadata
WARC-Target-URI: http://www.example.com/broken.html
WARC-Date: 2026-11-01T10:00:05Z
WARC-Record-ID: <urn:uuid:aaaaaaaa-0000-4000-8000-000000000003>
Content-Type: application/json
Content-Length: 542

{"Container": {"Filename": "CC-MAIN-sample.warc.gz", "Compressed": true, "Offset": "1234"}, "Envelope": {"Format": "WARC", "WARC-Header-Length": "500", "WARC-Header-Metadata": {"WARC-Type": "response", "WARC-Date": "2026-11-01T10:00:04Z", "WARC-Record-ID": "<urn:uuid:33333333-3333-4333-8333-333333333333>", "Content-Length": "2000", "Content-Type": "application/http; msgtype=response", "WARC-Target-URI": "http://www.example.com/broken.html"}, "Payload-Metadata": {"HTTP-Response-Metadata": {"HTML-Metadata": {"Links": [{"path": "A@/href", 

WARC/1.0
WARC-Type: metadata
WARC-Target-URI: https://blog.example.org/2026/11/post
WARC-Date: 2026-11-01T10:00:07Z
WARC-Record-ID: <urn:uuid:aaaaaaaa-0000-4000-8000-000000000004>
Content-Type: application/json
Content-Length: 743

{"Container": {"Filename": "CC-MAIN-sample.warc.gz", "Compressed": true, "Offset": "1234"}, "Envelope": {"Format": "WARC", "WARC-Header-Length": "500", "WARC-Header-Metadata": {"WARC-Type": "response", "WARC-Date": "2026-11-01T10:00:06Z", "WARC-Record-ID": "<urn:uuid:44444444-4444-4444-8444-444444444444>", "Content-Length": "2000", "Content-Type": "application/http; msgtype=response", "WARC-Target-URI": "https://blog.example.org/2026/11/post"}, "Payload-Metadata": {"HTTP-Response-Metadata": {"HTML-Metadata": {"Links": [{"path": "A@/href", "url": "next", "text": "Next post"}, {"path": "IMG@/src", "url": "//cdn.example.org/a.jpg"}], "Head": {"Title": "Post", "Link": [{"path": "LINK@/href", "url": "/feed.xml", "rel": "alternate"}]}}}}}}

WARC/1.0
WARC-Type: metadata
WARC-Target-URI: http://www.example.com/old/page
WARC-Date: 2026-11-01T10:00:09Z
WARC-Record-ID: <urn:uuid:aaaaaaaa-0000-4000-8000-000000000005>
WARC-Refers-To: <urn:uuid:55555555-5555-4555-8555-555555555555>
Content-Type: application/json
Content-Length: 907

{"Container": {"Filename": "CC-MAIN-sample.warc.gz", "Compressed": true, "Offset": "5678"}, "Envelope": {"Format": "WARC", "WARC-Header-Length": "400", "WARC-Header-Metadata": {"WARC-Type": "response", "WARC-Date": "2026-11-01T10:00:08Z", "WARC-Record-ID": "<urn:uuid:55555555-5555-4555-8555-555555555555>", "Content-Length": "300", "Content-Type": "application/http; msgtype=response", "WARC-Target-URI": "http://www.example.com/old/page"}, "Payload-Metadata": {"Actual-Content-Type": "application/http; msgtype=response", "HTTP-Response-Metadata": {"Response-Message": {"Status": "301", "Version": "HTTP/1.1", "Reason": "Moved Permanently"}, "Headers": {"Location": "../new/place?q=1#top", "Link": ["<../up>; rel=up; title=\"caf\u00e9 \u2014 \ud83d\ude00\", <../side>", "</feed>; rel=\"alternate\"; type=\"application/atom+xml\""], "Content-Length": "0"}, "Headers-Length": "200", "Entity-Length": "0"}}}}

