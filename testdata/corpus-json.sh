#!/bin/sh
# corpus-json.sh OLD_BIN NEW_BIN [DIR...]: compares the `urix --json`
# output of two builds over the files of the DIRs (default: the HTML
# pages of ../shared/corpora, or /work/shared/corpora; add
# .../corpora/email for the mail), file by file, with the "text" field
# (Link.Text, which NEW_BIN may fill where OLD_BIN did not) removed from
# both. It prints the files whose links differ and exits 1 if there is
# one.
set -eu
old=$1 new=$2
shift 2
if [ $# -eq 0 ]; then
	root=$(dirname "$0")/../../shared/corpora
	[ -d "$root" ] || root=/work/shared/corpora
	set -- "$root/html"
fi
command -v jq >/dev/null || { echo "corpus-json.sh: needs jq" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=0 diffs=0 links=0 texts=0
for dir in "$@"; do
	find "$dir" -type f ! -name '*.md' ! -name '*.txt' | sort > "$tmp/list"
	while IFS= read -r f; do
		files=$((files + 1))
		"$old" --json -- "$f" > "$tmp/old" 2>&1 || true
		"$new" --json -- "$f" > "$tmp/new.raw" 2>&1 || true
		# Error lines are not JSON: keep them as they are.
		jq -c -R 'fromjson? // . | if type == "object" then del(.text) else . end' "$tmp/new.raw" > "$tmp/new"
		jq -c -R 'fromjson? // . | if type == "object" then del(.text) else . end' "$tmp/old" > "$tmp/old.c"
		links=$((links + $(wc -l < "$tmp/new")))
		texts=$((texts + $(grep -c '"text":' "$tmp/new.raw" || true)))
		if ! cmp -s "$tmp/old.c" "$tmp/new"; then
			diffs=$((diffs + 1))
			echo "DIFFERS: $f"
			diff "$tmp/old.c" "$tmp/new" | head -5
		fi
	done < "$tmp/list"
done
echo "$files files, $links lines, $texts with text, $diffs differ"
[ "$diffs" -eq 0 ]
