#!/bin/sh
# mkwarc.sh makes the WARC files of this directory with wget's WARC writer
# (GNU Wget 1.21.3) crawling server.go on 127.0.0.1:
#   site.warc.gz   one gzip member per record, as wget writes by default;
#   site.warc      the same crawl uncompressed (--no-warc-compression);
#   whole.warc.gz  site.warc compressed as one gzip member (gzip -n);
#   revisit.warc.gz a second crawl deduplicated against the first one's CDX
#                  (--warc-dedup): unchanged responses become revisit records;
#   brotli.warc    brotli.html alone, its body page.html.br as the brotli
#                  program wrote it (printf ... | brotli -q 11 > page.html.br),
#                  sent with Content-Encoding: br.
set -e
cd "$(dirname "$0")"
port=${PORT:-18620}
go run server.go "$port" & pid=$!
trap 'kill $pid' EXIT
sleep 3
tmp=$(mktemp -d)
url=http://127.0.0.1:$port/
common="-q -r -l 3 -P $tmp/pages --no-warc-keep-log --warc-header=operator:urix-testdata"
wget $common --warc-file=site --warc-cdx "$url" || true
rm -rf "$tmp/pages"
wget $common --warc-file=site --no-warc-compression "$url" || true
rm -rf "$tmp/pages"
wget $common --warc-file=revisit --warc-dedup=site.cdx "$url" || true
rm -rf "$tmp/pages"
wget -q -P $tmp/pages --no-warc-keep-log --warc-header=operator:urix-testdata \
	--warc-file=brotli --no-warc-compression "${url}brotli.html" || true
gzip -n -c site.warc > whole.warc.gz
rm -f site.cdx revisit.cdx
rm -rf "$tmp"
