#!/bin/sh
# run.sh: compare urix with headless Chromium on pages of the HTML corpus.
# usage: testdata/browser/run.sh [N]   (N pages without <base href> besides all with one; default 51)
# needs: /usr/bin/chromium, node, playwright-core installed in $PW (default /tmp/rb-pw), python3.
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${CORPUS:-/work/shared/corpora/html}
pw=${PW:-/tmp/rb-pw}
port=${PORT:-8765}
n=${1:-51}
out=${OUT:-$repo/testdata/browser/results}
mkdir -p "$out"
go build -C "$repo" -o "$out/../.urix" . 
cd "$corpus"
{ grep -rli '<base[^>]*href' --include='*.htm*' . | sort
  grep -rLi '<base[^>]*href' --include='*.htm*' . | sort | awk -v n="$n" 'NR%5==1 && c<n {print; c++}'
} | sed 's|^\./||' > "$out/pages.txt"
python3 -m http.server -b 127.0.0.1 "$port" >/dev/null 2>&1 &
srv=$!
trap 'kill $srv' EXIT
sleep 1
cp "$repo/testdata/browser/compare.mjs" "$pw/compare.mjs"
node "$pw/compare.mjs" "$out/../.urix" "$corpus" "$port" "$out/pages.txt" "$out"
rm -f "$out/../.urix"
