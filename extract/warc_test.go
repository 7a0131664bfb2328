package extract

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/urix/urix/extract/internal/warcrec"
)

// warcLinks scans a WARC file and returns its links and errors.
func warcLinks(t *testing.T, data []byte, opts Options) ([]Link, []error) {
	t.Helper()
	if opts.Type == Auto {
		opts.Type = WARC
	}
	var links []Link
	var errs []error
	for l, err := range Links(bytes.NewReader(data), opts) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		links = append(links, l)
	}
	return links, errs
}

// record returns a WARC record of type typ for target with block.
func record(typ, target, ctype, block string) string {
	return fmt.Sprintf("WARC/1.0\r\nWARC-Type: %s\r\nWARC-Target-URI: <%s>\r\nWARC-Record-ID: <urn:uuid:%s>\r\n"+
		"WARC-Date: 2026-11-24T00:00:00Z\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
		typ, target, typ, ctype, len(block), block)
}

func gzipMembers(records ...string) []byte {
	var b bytes.Buffer
	for _, r := range records {
		z := gzip.NewWriter(&b)
		z.Write([]byte(r))
		z.Close()
	}
	return b.Bytes()
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../testdata/warc/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWARCFiles reads the crawl wget wrote (testdata/warc/mkwarc.sh) in
// its three forms: the same links, each with its record.
func TestWARCFiles(t *testing.T) {
	want := []string{
		"http://127.0.0.1:18620/style.css",         // Link header, relative
		"https://cdn.example/font.woff2",           // Link header
		"http://127.0.0.1:18620/a/one.html",        // chunked body
		"http://127.0.0.1:18620/zipped/target?q=1", // Content-Encoding: gzip
		"http://127.0.0.1:18620/new/place.html",    // 301 Location
		"http://127.0.0.1:18620/caf%C3%A9.html",    // ISO-8859-1 page: path in UTF-8
		"http://127.0.0.1:18620/search?q=%E9t%E9",  // and query in the page's encoding
		"http://other.example/dir/rel.html",        // <base href> wins
		"https://example.net/notes",                // text/plain
	}
	var first []string
	for _, name := range []string{"site.warc.gz", "site.warc", "whole.warc.gz"} {
		links, errs := warcLinks(t, readTestdata(t, name), Options{Name: name, Type: Auto})
		if len(errs) > 0 {
			t.Errorf("%s: errors %v", name, errs)
		}
		got := uris(links)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no link %s in %q", name, w, got)
			}
		}
		if first == nil {
			first = got
		} else if !slices.Equal(got, first) {
			t.Errorf("%s: links %q, want those of site.warc.gz %q", name, got, first)
		}
		for _, l := range links {
			if l.WARCRecord == "" || l.WARCDate == "" || strings.HasPrefix(l.WARCTarget, "<") {
				t.Errorf("%s: %s: record %q target %q date %q", name, l.URI, l.WARCRecord, l.WARCTarget, l.WARCDate)
			}
			if l.URI == "http://127.0.0.1:18620/new/place.html" && (l.Context != ContextHTTPHeader || l.Header != "Location") {
				t.Errorf("%s: %s: context %q header %q, want http-header Location", name, l.URI, l.Context, l.Header)
			}
		}
	}
}

// TestWARCOffsets checks that in an uncompressed file the links of
// bodies as they came (no coding, UTF-8) and of header fields are at
// their Offset, and that in per-record gzip each says its member.
func TestWARCOffsets(t *testing.T) {
	data := readTestdata(t, "site.warc")
	links, _ := warcLinks(t, data, Options{Name: "site.warc"})
	checked := 0
	for _, l := range links {
		if l.WARCTarget == "http://127.0.0.1:18620/gzip.html" {
			continue // offsets in the body decoded
		}
		// The page in ISO-8859-1 has its links at their bytes as stored
		// too, up to the first non-ASCII one, which is in UTF-8 in Ref, or
		// percent-encoded in a query.
		ascii := l.Ref
		if i := strings.IndexAny(ascii, "é%"); i >= 0 {
			ascii = ascii[:i]
		}
		if !bytes.HasPrefix(data[l.Offset:], []byte(ascii)) {
			t.Errorf("%s: at offset %d: %q, want %q", l.URI, l.Offset, truncate(data[l.Offset:], 30), l.Ref)
		}
		// Column counts in the page, which chunk size lines do not split.
		chunked := l.WARCTarget == "http://127.0.0.1:18620/chunked.html"
		if l.Context != ContextHTTPHeader && !chunked && (l.Column < 1 || data[l.Offset-int64(l.Column)] != '\n') {
			t.Errorf("%s: column %d is not the byte column of offset %d", l.URI, l.Column, l.Offset)
		}
		if !bytes.HasPrefix(data[l.WARCOffset:], []byte("WARC/1.")) {
			t.Errorf("%s: record offset %d is not a record's start", l.URI, l.WARCOffset)
		}
		checked++
	}
	if checked < 8 {
		t.Errorf("checked %d links, want at least 8", checked)
	}
	gz := readTestdata(t, "site.warc.gz")
	links, _ = warcLinks(t, gz, Options{Name: "site.warc.gz"})
	for _, l := range links {
		zr, err := gzip.NewReader(bytes.NewReader(gz[l.WARCOffset:]))
		if err != nil {
			t.Fatalf("%s: no gzip member at %d: %v", l.URI, l.WARCOffset, err)
		}
		zr.Multistream(false)
		var rec bytes.Buffer
		rec.ReadFrom(zr)
		if !bytes.Contains(rec.Bytes(), []byte("WARC-Record-ID: "+l.WARCRecord)) {
			t.Errorf("%s: the member at %d is not record %s", l.URI, l.WARCOffset, l.WARCRecord)
		}
	}
}

// TestWARCBroken: a broken record is an error for it, and the records
// after it are read.
func TestWARCBroken(t *testing.T) {
	page := func(n int) string {
		return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=\"p%d\">", n)
	}
	r1 := record("response", "http://a.example/1", "application/http;msgtype=response", page(1))
	r2 := record("response", "http://a.example/2", "application/http;msgtype=response", page(2))
	r3 := record("response", "http://a.example/3", "application/http;msgtype=response", page(3))
	cut := r2[:len(r2)-20] // Content-Length says more: r3 is read as its end
	var gzBroken bytes.Buffer
	gzBroken.Write(gzipMembers(r1))
	m2 := gzipMembers(r2)
	m2[len(m2)/2] ^= 0xff
	gzBroken.Write(m2)
	gzBroken.Write(gzipMembers(r3))
	tests := []struct {
		name string
		data []byte
		want []string
		errs int
	}{
		{"plain", []byte(r1 + r2 + r3), []string{"http://a.example/p1", "http://a.example/p2", "http://a.example/p3"}, 0},
		{"truncated record", []byte(r1 + cut + r3), []string{"http://a.example/p1", "http://a.example/p3"}, 1},
		{"garbage between", []byte(r1 + "junk\r\n" + r3), []string{"http://a.example/p1", "http://a.example/p3"}, 1},
		{"not WARC", []byte("hello\n"), nil, 1},
		{"gzip members", gzipMembers(r1, r2, r3), []string{"http://a.example/p1", "http://a.example/p2", "http://a.example/p3"}, 0},
		{"whole-file gzip", gzipMembers(r1 + r2 + r3), []string{"http://a.example/p1", "http://a.example/p2", "http://a.example/p3"}, 0},
		{"corrupt member", gzBroken.Bytes(), []string{"http://a.example/p1", "http://a.example/p3"}, 1},
		{"truncated member", gzipMembers(r1, r2, r3)[:len(gzipMembers(r1))+len(m2)/2], []string{"http://a.example/p1"}, 1},
	}
	for _, tt := range tests {
		links, errs := warcLinks(t, tt.data, Options{Name: "t.warc"})
		if got := uris(links); !slices.Equal(got, tt.want) {
			t.Errorf("%s: links %q, want %q", tt.name, got, tt.want)
		}
		if len(errs) != tt.errs {
			t.Errorf("%s: errors %v, want %d", tt.name, errs, tt.errs)
		}
		for _, err := range errs {
			var e *Error
			if !errors.As(err, &e) || e.File != "t.warc" || e.Offset < 0 {
				t.Errorf("%s: error %v does not name its place", tt.name, err)
			}
		}
	}
}

// TestWARCHTTP covers the HTTP layer: header links, codings, a bomb.
func TestWARCHTTP(t *testing.T) {
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	z.Write([]byte(`<a href="zipped">`))
	z.Close()
	var bomb bytes.Buffer
	z = gzip.NewWriter(&bomb)
	z.Write(make([]byte, MaxRecordSize+1))
	z.Close()
	var br bytes.Buffer
	bw := brotli.NewWriter(&br)
	bw.Write([]byte(`<a href="brotli">`))
	bw.Close()
	var brBomb bytes.Buffer
	bw = brotli.NewWriterLevel(&brBomb, brotli.BestSpeed)
	bw.Write(make([]byte, MaxRecordSize+1))
	bw.Close()
	resp := func(head, body string) string {
		return record("response", "http://a.example/dir/page", "application/http;msgtype=response", "HTTP/1.1 "+head+"\r\n\r\n"+body)
	}
	tests := []struct {
		name  string
		warc  string
		types []string
		want  []string
		err   error
	}{
		{"link header", resp("200 OK\r\nLink: <a.css>; rel=\"x,<no>\", <https://b.example/>; rel=next\r\nContent-Type: text/plain", ""),
			nil, []string{"http://a.example/dir/a.css", "https://b.example/"}, nil},
		{"location in 3xx", resp("302 Found\r\nLocation: ../up", ""), nil, []string{"http://a.example/up"}, nil},
		{"location in 201 is no link", resp("201 Created\r\nLocation: ../up", ""), nil, nil, nil},
		{"content-location is not a base", resp("200 OK\r\nContent-Location: /other/\r\nContent-Type: text/html", `<a href="x">`),
			nil, []string{"http://a.example/dir/x"}, nil},
		{"chunked", resp("200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked", "5\r\n<a hr\r\nb\r\nef=\"chunk\">\r\n0\r\n\r\n"),
			nil, []string{"http://a.example/dir/chunk"}, nil},
		{"gzip", resp("200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip", gz.String()), nil, []string{"http://a.example/dir/zipped"}, nil},
		{"br", resp("200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br", br.String()), nil, []string{"http://a.example/dir/brotli"}, nil},
		{"gzip, br", resp("200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip, br", brotliOf(gz.String())), nil, []string{"http://a.example/dir/zipped"}, nil},
		{"corrupt br", resp("200 OK\r\nContent-Type: text/html\r\nLink: <l>\r\nContent-Encoding: br", "xx"), nil, []string{"http://a.example/dir/l"}, ErrContentEncoding},
		{"cut br", resp("200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br", br.String()[:br.Len()-3]), nil, nil, ErrContentEncoding},
		{"br bomb", resp("200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br", brBomb.String()), nil, nil, ErrRecordTooLarge},
		{"unknown coding", resp("200 OK\r\nContent-Type: text/html\r\nLink: <l>\r\nContent-Encoding: zstd", "xx"), nil, []string{"http://a.example/dir/l"}, ErrContentEncoding},
		{"bomb", resp("200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip", bomb.String()), nil, nil, ErrRecordTooLarge},
		{"bad chunk", resp("200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked", "zz\r\n"), nil, nil, ErrWARC},
		{"image skipped", resp("200 OK\r\nContent-Type: image/png", "http://no.example/"), nil, nil, nil},
		{"charset", resp("200 OK\r\nContent-Type: text/html; charset=windows-1251", "<a href=\"\xe4\">"), nil, []string{"http://a.example/dir/%D0%B4"}, nil},
		{"saved-from comment: the target wins", resp("200 OK\r\nContent-Type: text/html", "<!-- saved from url=(0022)https://saved.example/ -->\n<a href=\"x\">"),
			nil, []string{"http://a.example/dir/x"}, nil},
		{"resource", record("resource", "http://a.example/r.html", "text/html", `<a href="other">`), nil, []string{"http://a.example/other"}, nil},
		{"request skipped", record("request", "http://a.example/", "application/http;msgtype=request", "GET / HTTP/1.1\r\nReferer: http://r.example/\r\n"), nil, nil, nil},
		{"request asked for", record("request", "http://a.example/", "application/http;msgtype=request", "GET / HTTP/1.1\r\nReferer: http://r.example/\r\n"),
			[]string{"Request"}, []string{"http://r.example/"}, nil},
		{"revisit: headers only", record("revisit", "http://a.example/", "application/http;msgtype=response", "HTTP/1.1 301 Moved\r\nLocation: /n\r\nContent-Length: 40\r\n\r\n"),
			[]string{"revisit"}, []string{"http://a.example/n"}, nil},
	}
	for _, tt := range tests {
		links, errs := warcLinks(t, []byte(tt.warc), Options{Name: "t.warc", WARCRecords: tt.types})
		if got := uris(links); !slices.Equal(got, tt.want) {
			t.Errorf("%s: links %q, want %q", tt.name, got, tt.want)
		}
		switch {
		case tt.err == nil && len(errs) > 0:
			t.Errorf("%s: errors %v", tt.name, errs)
		case tt.err != nil && (len(errs) != 1 || !errors.Is(errs[0], tt.err)):
			t.Errorf("%s: errors %v, want one wrapping %v", tt.name, errs, tt.err)
		}
		for _, l := range links {
			if tt.name == "link header" && (l.Context != ContextHTTPHeader || l.Header != "Link") {
				t.Errorf("%s: %s: context %q header %q", tt.name, l.URI, l.Context, l.Header)
			}
		}
	}
}

// brotliOf returns s compressed with Brotli.
func brotliOf(s string) string {
	var b bytes.Buffer
	w := brotli.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

// TestWARCBrotli reads the page wget stored as the server sent it, with
// Content-Encoding: br, its body made by the brotli program
// (testdata/warc/mkwarc.sh).
func TestWARCBrotli(t *testing.T) {
	links, errs := warcLinks(t, readTestdata(t, "brotli.warc"), Options{Name: "brotli.warc"})
	if len(errs) > 0 {
		t.Errorf("errors %v", errs)
	}
	want := []string{"http://127.0.0.1:18637/brotli/target?q=1", "https://example.org/br",
		"http://127.0.0.1:18637/brotli.html"} // in wget's arguments, a resource record

	if got := uris(links); !slices.Equal(got, want) {
		t.Errorf("links %q, want %q", got, want)
	}
}

func TestDetectWARC(t *testing.T) {
	gz := gzipMembers("WARC/1.1\r\n")
	tests := []struct {
		name string
		head []byte
		want Type
	}{
		{"a.warc", nil, WARC},
		{"a.WARC.GZ", nil, WARC},
		{"crawl", []byte("WARC/1.0\r\nWARC-Type: warcinfo\r\n"), WARC},
		{"crawl.gz", gz, WARC},
		{"x.gz", gzipMembers("hello"), Text},
		{"notes", []byte("WARC/2 is not a thing"), Text},
	}
	for _, tt := range tests {
		if got := Detect(tt.name, tt.head); got != tt.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", tt.name, truncate(tt.head, 20), got, tt.want)
		}
	}
}

// FuzzWARC: whatever the bytes, the WARC reader ends, every problem is an
// *Error with its place, and each link lies after its record's start.
func FuzzWARC(f *testing.F) {
	r := record("response", "http://a.example/", "application/http;msgtype=response",
		"HTTP/1.1 301 Moved\r\nLocation: /n\r\nLink: <l>; rel=x\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<a hr\r\nb\r\nef=\"chunk\">\r\n0\r\n\r\n")
	f.Add([]byte(r + r))
	f.Add(gzipMembers(r, r))
	f.Add([]byte(record("resource", "x", "text/plain", "http://b.example/") + "WARC/1.0\r\n"))
	f.Add([]byte(withDigest(r, "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ") + withDigest(r, "sha256:"+strings.Repeat("ab", 32))))
	f.Add([]byte(record("response", "http://a.example/", "application/http;msgtype=response",
		"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br\r\n\r\n"+brotliOf(`<a href="b">`))))
	f.Fuzz(func(t *testing.T, data []byte) {
		links, errs := warcLinks(t, data, Options{Name: "f.warc", WARCRecords: []string{"response", "resource", "revisit", "request"}})
		for _, err := range errs {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.warc" {
				t.Fatalf("error %v does not name its place", err)
			}
		}
		for _, l := range links {
			if l.Offset < l.WARCOffset {
				t.Fatalf("%s: offset %d before its record's %d", l.URI, l.Offset, l.WARCOffset)
			}
		}
	})
}

// TestWARCDocuments: a body is read by its media type as urix reads the
// documents it knows, and a binary one sent as application/octet-stream
// by its magic bytes, with the links a file of it gives.
func TestWARCDocuments(t *testing.T) {
	tests := []struct{ ctype, file, body string }{
		{"text/markdown; charset=utf-8", "", "See [the page](rel/page.md), not `https://code.example/`.\n"},
		{"application/pdf", "sample.pdf", ""},
		{"application/octet-stream", "sample.pdf", ""},
		{"application/vnd.openxmlformats-officedocument.wordprocessingml.document", "sample.docx", ""},
		{"application/epub+zip", "sample.epub", ""},
		{"application/vnd.oasis.opendocument.text", "sample.odt", ""},
	}
	for _, tt := range tests {
		body, typ := []byte(tt.body), Markdown
		if tt.file != "" {
			var err error
			if body, err = os.ReadFile("../testdata/" + tt.file); err != nil {
				t.Fatal(err)
			}
			typ = Auto
		}
		const target = "http://a.example/dir/doc"
		var want []string
		for l, err := range Links(bytes.NewReader(body), Options{Type: typ, Name: tt.file, Base: target}) {
			if err == nil {
				want = append(want, l.URI)
			}
		}
		warc := record("response", target, "application/http;msgtype=response",
			"HTTP/1.1 200 OK\r\nContent-Type: "+tt.ctype+"\r\n\r\n"+string(body))
		links, errs := warcLinks(t, []byte(warc), Options{Name: "t.warc"})
		if got := uris(links); len(want) == 0 || !slices.Equal(got, want) || len(errs) > 0 {
			t.Errorf("%s: links %q, errors %v, want %q", tt.ctype, got, errs, want)
		}
	}
}

// TestWARCStatusCode: a status code is three digits (RFC 9112 §4); a
// status line with another is an error at its record, which is skipped,
// and the records after it are read.
func TestWARCStatusCode(t *testing.T) {
	rec := func(n int, status string) string {
		return record("response", fmt.Sprintf("http://a.example/%d", n), "application/http;msgtype=response",
			fmt.Sprintf("HTTP/1.1 %s\r\nLocation: /loc%d\r\nContent-Type: text/html\r\n\r\n<a href=\"p%d\">", status, n, n))
	}
	first, last := rec(1, "200 OK"), rec(3, "200 OK")
	for _, tt := range []struct {
		status string
		want   []string // the links of the middle record
	}{
		{"200 OK", []string{"http://a.example/p2"}},
		{"302 Found", []string{"http://a.example/loc2", "http://a.example/p2"}},
		{"404", []string{"http://a.example/p2"}},
		{"2x0 OK", nil},
		{"30: Found", nil},
		{"3O2 Found", nil},
		{"20 OK", nil},
		{"-20 OK", nil},
	} {
		links, errs := warcLinks(t, []byte(first+rec(2, tt.status)+last), Options{Name: "t.warc"})
		want := append(append([]string{"http://a.example/p1"}, tt.want...), "http://a.example/p3")
		if got := uris(links); !slices.Equal(got, want) {
			t.Errorf("status line %q: links %q, want %q", tt.status, got, want)
		}
		if tt.want != nil {
			if len(errs) > 0 {
				t.Errorf("status line %q: errors %v", tt.status, errs)
			}
			continue
		}
		var e *Error
		if len(errs) != 1 || !errors.As(errs[0], &e) || !errors.Is(e, ErrWARC) || e.File != "t.warc" || e.Offset != int64(len(first)) ||
			!strings.Contains(e.Error(), tt.status) {
			t.Errorf("status line %q: errors %v, want one for the record at offset %d, with its status line", tt.status, errs, len(first))
		}
	}
}

// withDigest returns the record rec with the field WARC-Block-Digest: d.
func withDigest(rec, d string) string {
	return strings.Replace(rec, "WARC/1.0\r\n", "WARC/1.0\r\nWARC-Block-Digest: "+d+"\r\n", 1)
}

// TestWARCDigests: the block digests wget wrote all verify (but the
// empty block's its revisit records carry, see warcrec.Digest.Check); a byte
// flipped in any record's block is an ErrDigest error at that record,
// naming it, and the scan goes on, that record's links included.
func TestWARCDigests(t *testing.T) {
	for _, name := range []string{"site.warc", "site.warc.gz", "whole.warc.gz", "revisit.warc.gz", "brotli.warc"} {
		if _, errs := warcLinks(t, readTestdata(t, name), Options{Name: name}); len(errs) > 0 {
			t.Errorf("%s: errors %v", name, errs)
		}
	}
	data := readTestdata(t, "site.warc")
	all, _ := warcLinks(t, data, Options{Name: "site.warc"})
	in := warcrec.NewWindow(bytes.NewReader(data))
	for records := 0; ; records++ {
		for c, ok := in.Peek(); ok && (c == '\r' || c == '\n'); c, ok = in.Peek() {
			in.Discard(1)
		}
		if _, ok := in.Peek(); !ok {
			if records < 30 {
				t.Errorf("%d records in site.warc, want 30 or more", records)
			}
			break
		}
		rec, err := readRecord(in, 0, nil)
		if err != nil || rec.blockSize == 0 {
			t.Fatalf("record at %d: %v, %d bytes", rec.offset, err, rec.blockSize)
		}
		bad := bytes.Clone(data)
		bad[rec.blockAt+rec.blockSize-1] ^= 1 // its last byte, a body's or a header's
		links, errs := warcLinks(t, bad, Options{Name: "site.warc"})
		id := rec.get("warc-record-id")
		var e *Error
		// Its body may be broken too (a gzip trailer): an error of its own.
		if len(errs) == 0 || !errors.Is(errs[0], ErrDigest) || !errors.As(errs[0], &e) || e.Offset != rec.offset || !strings.Contains(e.Error(), id) {
			t.Errorf("byte flipped in record %s at %d: errors %v, want first an ErrDigest naming it", id, rec.offset, errs)
		}
		for _, err := range errs[min(1, len(errs)):] {
			if errors.Is(err, ErrDigest) || !errors.As(err, &e) || e.Offset != rec.offset {
				t.Errorf("byte flipped in record %s at %d: error %v", id, rec.offset, err)
			}
		}
		got := uris(links)
		for _, l := range all {
			if l.WARCOffset != rec.offset && !slices.Contains(got, l.URI) {
				t.Errorf("byte flipped in record %s at %d: link %s of record at %d lost", id, rec.offset, l.URI, l.WARCOffset)
			}
		}
	}
}

// TestWARCDigestForms: SHA-1, SHA-256 and SHA-512 digests in base32 or
// hex, either case, padded or not, are checked; other algorithms and
// forms are not.
func TestWARCDigestForms(t *testing.T) {
	block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=\"x\">"
	rec := record("response", "http://a.example/", "application/http;msgtype=response", block)
	s1, s256, s512 := sha1.Sum([]byte(block)), sha256.Sum256([]byte(block)), sha512.Sum512([]byte(block))
	b32 := base32.StdEncoding.EncodeToString
	tests := []struct {
		digest string
		ok     bool // false: a mismatch to report
	}{
		{"sha1:" + b32(s1[:]), true},
		{"SHA-1:" + strings.ToLower(b32(s1[:])), true},
		{"sha1:" + hex.EncodeToString(s1[:]), true},
		{"sha256:" + b32(s256[:]), true},
		{"sha256:" + strings.TrimRight(b32(s256[:]), "="), true},
		{"sha256:" + hex.EncodeToString(s256[:]), true},
		{"sha512:" + strings.ToUpper(hex.EncodeToString(s512[:])), true},
		{"sha512:" + b32(s512[:]), true},
		{"md5:" + hex.EncodeToString(s1[:16]), true},               // unknown algorithm: ignored
		{"sha1:" + base64.StdEncoding.EncodeToString(s1[:]), true}, // neither base32 nor hex: ignored
		{"sha1", true},
		{"sha1:" + b32(s256[:20]), false},
		{"sha1:" + hex.EncodeToString(s256[:20]), false},
		{"sha256:" + b32(s1[:]) + b32(s1[:12]), false},
		{"sha256:" + hex.EncodeToString(s512[:32]), false},
		{"sha512:" + b32(append(s256[:], s256[:]...)), false},
		{"sha512:" + hex.EncodeToString(s256[:]) + hex.EncodeToString(s256[:]), false},
	}
	for _, tt := range tests {
		links, errs := warcLinks(t, []byte(withDigest(rec, tt.digest)), Options{Name: "t.warc"})
		if got := uris(links); !slices.Equal(got, []string{"http://a.example/x"}) {
			t.Errorf("%s: links %q", tt.digest, got)
		}
		if tt.ok && len(errs) > 0 {
			t.Errorf("%s: errors %v", tt.digest, errs)
		}
		if !tt.ok && (len(errs) != 1 || !errors.Is(errs[0], ErrDigest)) {
			t.Errorf("%s: errors %v, want one ErrDigest", tt.digest, errs)
		}
	}
}

// TestWARCDigestRevisit: the digest of an empty block on a revisit
// record holding an HTTP header, as wget writes them, is no mismatch;
// on a response record it is.
func TestWARCDigestRevisit(t *testing.T) {
	empty := sha1.Sum(nil)
	d := "sha1:" + base32.StdEncoding.EncodeToString(empty[:])
	head := "HTTP/1.1 301 Moved\r\nLocation: /n\r\n\r\n"
	for _, tt := range []struct {
		typ  string
		errs int
	}{{"revisit", 0}, {"response", 1}} {
		rec := withDigest(record(tt.typ, "http://a.example/", "application/http;msgtype=response", head), d)
		_, errs := warcLinks(t, []byte(rec), Options{Name: "t.warc", WARCRecords: []string{tt.typ}})
		if len(errs) != tt.errs {
			t.Errorf("%s: errors %v, want %d", tt.typ, errs, tt.errs)
		}
	}
}

// TestWARCErrorTarget: an error about a record names the record, its
// WARC-Record-ID and WARC-Target-URI beside its offset, so that the user
// can tell which page of a big archive it is: errors of the HTTP message
// (a bad status code is said to be one), of its content, and of its
// digest.
func TestWARCErrorTarget(t *testing.T) {
	resp := func(target, head, body string) string {
		return record("response", target, "application/http;msgtype=response", head+"\r\nContent-Type: text/html\r\n"+body)
	}
	big := resp("http://a.example/b", "HTTP/1.1 200 OK", "\r\n<a href=x>"+strings.Repeat(" ", 1<<10))
	digest := strings.Replace(record("resource", "http://a.example/d", "text/html", `<a href="d">`),
		"Content-Type:", "WARC-Block-Digest: sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ\r\nContent-Type:", 1)
	for _, tt := range []struct {
		name, rec, target, want string
		is                      error
		limit                   int64 // MaxHTMLSize, if not 0
	}{
		{"status", resp("http://a.example/s", "HTTP/1.1 2x0 OK", "\r\n"), "http://a.example/s", `malformed WARC record: bad HTTP status code: "HTTP/1.1 2x0 OK"`, ErrWARC, 0},
		{"no status", resp("http://a.example/n", "HTP/1.1 200 OK", "\r\n"), "http://a.example/n", `malformed WARC record: no HTTP status line: "HTP/1.1 200 OK"`, ErrWARC, 0},
		{"coding", resp("http://a.example/c", "HTTP/1.1 200 OK", "Content-Encoding: gzip\r\n\r\nnot gzip"), "http://a.example/c", "undecodable Content-Encoding: gzip", ErrContentEncoding, 0},
		{"unknown coding", resp("http://a.example/u", "HTTP/1.1 200 OK", "Content-Encoding: zz\r\n\r\nx"), "http://a.example/u", `undecodable Content-Encoding "zz"`, ErrContentEncoding, 0},
		{"content", big, "http://a.example/b", "", ErrTooLarge, 512},
		{"digest", digest, "http://a.example/d", "WARC block digest mismatch", nil, 0},
	} {
		old := MaxHTMLSize
		if tt.limit > 0 {
			MaxHTMLSize = tt.limit
		}
		_, errs := warcLinks(t, []byte(tt.rec), Options{Name: "t.warc"})
		MaxHTMLSize = old
		var e *Error
		if len(errs) != 1 || !errors.As(errs[0], &e) || tt.is != nil && !errors.Is(e, tt.is) ||
			!strings.HasPrefix(e.Err.Error(), tt.want) {
			t.Errorf("%s: errors %v, want one starting %q", tt.name, errs, tt.want)
			continue
		}
		id := "<urn:uuid:" + strings.SplitN(tt.rec, "\r\n", 3)[1][len("WARC-Type: "):] + ">"
		if e.WARCRecord != id || e.WARCTarget != tt.target {
			t.Errorf("%s: record %q, target %q, want %q, %q", tt.name, e.WARCRecord, e.WARCTarget, id, tt.target)
		}
		if want := "extract: t.warc: offset " + strconv.FormatInt(e.Offset, 10) + ": record " + id + " " + tt.target + ": "; !strings.HasPrefix(e.Error(), want) {
			t.Errorf("%s: message %q, want it to start %q", tt.name, e.Error(), want)
		}
	}
}

// TestWARCDamage: each damaged region, however many records it holds
// that are tried and found malformed, is one ErrWARC error at its start
// that says where the next record read is, in plain, whole-file gzip and
// per-record gzip files; the records after it are read.
func TestWARCDamage(t *testing.T) {
	good := func(n int) string {
		return warcResponse(fmt.Sprintf("http://a.example/%d", n), "200 OK\r\nContent-Type: text/html", fmt.Sprintf(`<a href="p%d">`, n))
	}
	g1, g2, g3 := good(1), good(2), good(3)
	cut := g2[:len(g2)-30]                                                  // cut in its block: g3 is read as the rest of it
	cutHead := g2[:strings.Index(g2, "Z\r\n")]                              // cut in the WARC-Date field
	junk := strings.Repeat("WARC/1.x", 100) + "\r\n" + cut + cutHead + "zz" // many false starts
	tests := []struct {
		name string
		recs []string // in order; damaged ones are neither g1, g2 nor g3
		want []string
	}{
		{"cut short", []string{g1, cut, g3}, []string{"p1", "p3"}},
		{"cut short in its header", []string{g1, cutHead, g3}, []string{"p1", "p3"}},
		{"junk", []string{g1, junk, g3}, []string{"p1", "p3"}},
		{"two regions", []string{g1, junk, g2, cut, g3}, []string{"p1", "p2", "p3"}},
		{"at the start", []string{junk, g1}, []string{"p1"}},
		{"at the end", []string{g1, cut}, []string{"p1"}},
	}
	for _, tt := range tests {
		for _, form := range []string{"plain", "whole-file gzip", "per-record gzip"} {
			// The offsets of the damaged regions and of the records after
			// them, in the file as written.
			var file bytes.Buffer
			var starts, nexts []int64
			inDamage := false
			if form == "whole-file gzip" {
				file.WriteString(gzipWhole(strings.Join(tt.recs, "")))
			}
			off := int64(0)
			for _, r := range tt.recs {
				isGood := r == g1 || r == g2 || r == g3
				switch {
				case !isGood && !inDamage:
					starts, inDamage = append(starts, off), true
				case isGood && inDamage:
					nexts, inDamage = append(nexts, off), false
				}
				switch form {
				case "plain":
					file.WriteString(r)
					off += int64(len(r))
				case "per-record gzip":
					m := gzipWhole(r)
					file.WriteString(m)
					off += int64(len(m))
				default:
					off += int64(len(r)) // the records' offsets in the one member
				}
			}
			if inDamage {
				nexts = append(nexts, -1)
			}
			name := tt.name + ", " + form
			links, errs := warcLinks(t, file.Bytes(), Options{Name: "t.warc"})
			var got []string
			for _, u := range uris(links) {
				got = append(got, u[strings.LastIndexByte(u, '/')+1:])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s: links %q, want %q", name, got, tt.want)
			}
			if len(errs) != len(starts) {
				t.Errorf("%s: %d errors, want %d: %v", name, len(errs), len(starts), errs)
				continue
			}
			for i, err := range errs {
				var e *Error
				want := "; no record read after it"
				if nexts[i] >= 0 {
					want = fmt.Sprintf("; the next record read is at offset %d", nexts[i])
				}
				if !errors.As(err, &e) || !errors.Is(err, ErrWARC) || e.File != "t.warc" || e.Offset != starts[i] || !strings.HasSuffix(err.Error(), want) {
					t.Errorf("%s: error %d: %v, want ErrWARC at offset %d ending %q", name, i, err, starts[i], want)
				}
			}
		}
	}
}

// TestWARCLinkText: each link of a Link field has its own link-value as
// its Text, and its line and column, in a field folded too.
func TestWARCLinkText(t *testing.T) {
	head := "200 OK\r\nLink: <a.css>; rel=\"x,<no>\", <https://b.example/>; rel=next,\r\n\t<c>;\r\n  rel=\"y\"\r\nContent-Type: text/plain"
	data := warcResponse("http://a.example/dir/page", head, "")
	links, errs := warcLinks(t, []byte(data), Options{Name: "t.warc"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []struct {
		uri, text string
		line, col int
	}{
		{"http://a.example/dir/a.css", `Link: <a.css>; rel="x,<no>"`, 2, 8},
		{"https://b.example/", "Link: <https://b.example/>; rel=next", 2, 31},
		{"http://a.example/dir/c", `Link: <c>; rel="y"`, 3, 3},
	}
	if len(links) != len(want) {
		t.Fatalf("links %q, want %d", uris(links), len(want))
	}
	for i, w := range want {
		l := links[i]
		if l.URI != w.uri || l.Text != w.text || l.Line != w.line || l.Column != w.col {
			t.Errorf("link %d: %s %q line %d column %d, want %s %q line %d column %d", i, l.URI, l.Text, l.Line, l.Column, w.uri, w.text, w.line, w.col)
		}
		if !strings.HasPrefix(data[l.Offset:], l.Ref+">") {
			t.Errorf("link %d: offset %d is at %q, want %q", i, l.Offset, data[l.Offset:l.Offset+10], l.Ref)
		}
	}
}
