package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/parquet-go/parquet-go"
	pformat "github.com/parquet-go/parquet-go/format"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
)

// parquetColumns are the columns of the Parquet output, in order, as
// beam/README.md lists them.
var parquetColumns = []string{"file", "warc_target", "uri", "ref", "text", "context", "tag", "attr", "rel", "nofollow",
	"base", "base_source", "warc_record", "warc_date", "warc_offset", "offset"}

// relPage is a page whose links have rel attributes in several cases and
// spacings, written by hand.
const relPage = `<!doctype html><title>rel</title>
<link rel="Stylesheet" href="/s.css">
<a href="http://a.example/" rel="NOFOLLOW">a</a>
<a href="http://b.example/" rel=" noopener
  nofollow ">b</a>
<a href="http://c.example/" rel="nofollowed ugc">c</a>
<a href="http://d.example/">d</a>
<map><area href="/m" rel="nofollow" alt="m"></map>
<img src="/i.png" rel="nofollow" alt="i">
`

// parquetCanon returns a link as a canonical JSON object of the columns
// of parquetColumns: from the JSON line of the link, with null for a
// member JSON leaves out, warc_offset 0 for a record's link where JSON
// leaves out 0, and nofollow computed here from rel.
func parquetCanon(t *testing.T, line string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	for _, c := range parquetColumns {
		out[c] = m[c]
	}
	if m["warc_record"] != nil && m["warc_offset"] == nil {
		out["warc_offset"] = 0
	}
	rel, _ := m["rel"].(string)
	out["nofollow"] = slices.Contains(strings.Fields(strings.ToLower(rel)), "nofollow")
	b, _ := json.Marshal(out)
	return string(b)
}

// readParquet returns the rows of the Parquet file name as parquetCanon
// writes them, read by column name through the file's own schema, and
// fails t unless its columns are parquetColumns, each compressed with
// zstd.
func readParquet(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var names []string
	for _, c := range f.Schema().Columns() {
		names = append(names, c[0])
	}
	if !slices.Equal(names, parquetColumns) {
		t.Fatalf("%s: columns %q, want %q", name, names, parquetColumns)
	}
	for _, rg := range f.Metadata().RowGroups {
		for _, c := range rg.Columns {
			if c.MetaData.Codec != pformat.Zstd {
				t.Errorf("%s: column %s: codec %v, want zstd", name, c.MetaData.PathInSchema, c.MetaData.Codec)
			}
		}
	}
	var rows []string
	r := parquet.NewReader(bytes.NewReader(b), f.Schema())
	defer r.Close()
	buf := make([]parquet.Row, 64)
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			m := map[string]any{}
			for _, v := range row {
				c := names[v.Column()]
				switch {
				case v.IsNull():
					m[c] = nil
				case v.Kind() == parquet.ByteArray:
					m[c] = string(v.ByteArray())
				case v.Kind() == parquet.Int64:
					m[c] = v.Int64()
				case v.Kind() == parquet.Boolean:
					m[c] = v.Boolean()
				default:
					t.Fatalf("%s: column %s of kind %v", name, c, v.Kind())
				}
			}
			j, _ := json.Marshal(m)
			rows = append(rows, string(j))
		}
		if err != nil {
			break
		}
	}
	if int64(len(rows)) != f.NumRows() {
		t.Errorf("%s: %d rows read of %d", name, len(rows), f.NumRows())
	}
	return rows
}

// TestParquetAsJSON writes the links of a WARC file, a WAT file, an
// HTML page with rel attributes and one with odd values as JSON and as
// Parquet in 32 shards, in
// one run, and reads the Parquet shards back: each holds the links of
// the JSON shard of its number, column by column (the Parquet schema's
// own names, null where JSON leaves a member out), with nofollow true
// exactly where rel has the token; empty shards are valid Parquet files
// with no row.
func TestParquetAsJSON(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "rel.html")
	if err := os.WriteFile(page, []byte(relPage), 0o666); err != nil {
		t.Fatal(err)
	}
	// Values Parquet must hold as they are: a URI of 1 MiB (more than a
	// page of the writer), a bidi override and a NUL (U+FFFD after the
	// tokenizer), in a file whose name is not UTF-8 (U+FFFD in "file").
	odd := filepath.Join(dir, "odd\xff.html")
	oddPage := `<a href="http://x.example/` + strings.Repeat("a", 1<<20) + `">long</a><a href="http://e.example/&#x202e;gnp.exe" rel="nofollow&#0;">x</a>`
	if err := os.WriteFile(odd, []byte(oddPage), 0o666); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	lines, _, err := Extract(s, Config{Input: []string{"../testdata/warc/site.warc.gz", "../extract/testdata/wat/sample.warc.wat", page, odd}, Mode: ModeLinks})
	if err != nil {
		t.Fatal(err)
	}
	js, pq := filepath.Join(dir, "js"), filepath.Join(dir, "pq")
	const n = 32
	Write(s, js, ".jsonl", n, true, lines)
	Write(s, pq, FormatParquet, n, true, lines)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	checkFinal(t, pq)
	total, empty, nofollow := 0, 0, 0
	for i := range n {
		b, _ := os.ReadFile(ShardName(js, ".jsonl", i, n))
		var want []string
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if line != "" {
				want = append(want, parquetCanon(t, line))
			}
		}
		got := readParquet(t, ShardName(pq, FormatParquet, i, n))
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("shard %d: %d Parquet rows, %d JSON lines; first difference:\n%s", i, len(got), len(want), firstDiff(got, want))
		}
		total += len(got)
		if len(got) == 0 {
			empty++
		}
		for _, r := range got {
			if strings.Contains(r, `"nofollow":true`) {
				nofollow++
			}
		}
	}
	if total < 30 || empty == 0 || empty == n {
		t.Errorf("%d links in %d of %d shards: want the links of the inputs and empty shards", total, n-empty, n)
	}
	// a.example, b.example and the area of the page, not "nofollowed" nor
	// the img; the WAT file's "Other site".
	if nofollow != 4 {
		t.Errorf("%d links with nofollow, want 4", nofollow)
	}
}

// firstDiff returns the first row where got and want differ, each cut to
// 300 bytes.
func firstDiff(got, want []string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	cut := func(s []string) string {
		if i >= len(s) {
			return "(none)"
		}
		return s[i][:min(len(s[i]), 300)]
	}
	return " got " + cut(got) + "\nwant " + cut(want)
}

// TestHasToken checks nofollow's test: tokens between ASCII white space,
// whole, in any ASCII case.
func TestHasToken(t *testing.T) {
	for set, want := range map[string]bool{
		"nofollow": true, "NoFollow": true, " ugc\tNOFOLLOW\n": true, "noopener\fnofollow": true,
		"": false, "nofollowed": false, "no follow": false,
		"nofollow\u00a0ugc": false, // NO-BREAK SPACE is no ASCII white space
	} {
		if got := hasToken(set, "nofollow"); got != want {
			t.Errorf("hasToken(%q) = %v, want %v", set, got, want)
		}
	}
}

// TestOutputSuffix: --format picks the suffix of links' shards; Parquet
// is for links alone, and an unknown format is an error.
func TestOutputSuffix(t *testing.T) {
	for _, c := range []struct{ mode, format, want string }{
		{ModeLinks, "jsonl", ".jsonl"}, {ModeLinks, "parquet", ".parquet"}, {ModeHosts, "jsonl", ".tsv"},
		{ModeHostGraph, "parquet", ""}, {ModeLinks, "csv", ""},
	} {
		got, err := outputSuffix(c.mode, c.format)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("outputSuffix(%s, %s) = %q, %v; want %q", c.mode, c.format, got, err, c.want)
		}
	}
}

// BenchmarkSink writes the JSON lines of the links of a WARC file
// (testdata's, or the one $URIX_BENCH_WARC names: a crawl of many pages)
// to each sink, to compare the CPU and allocations of Parquet with lines
// (bytes: of the JSON; out/json: the size of the output to the JSON's).
func BenchmarkSink(b *testing.B) {
	var lines []string
	size := 0
	var enc format.JSON
	name := "../testdata/warc/site.warc.gz"
	if env := os.Getenv("URIX_BENCH_WARC"); env != "" {
		name = env
	}
	f, err := os.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	for l, err := range extract.Links(f, extract.Options{Name: name, NoEmptyRefs: true}) {
		if err != nil {
			continue
		}
		j, _ := enc.Encode(l)
		lines = append(lines, string(j))
		size += len(j) + 1
	}
	for _, suffix := range []string{".jsonl", FormatParquet} {
		b.Run(strings.TrimPrefix(suffix, "."), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				s := newSink(suffix, &out)
				for _, l := range lines {
					if err := s.add(l); err != nil {
						b.Fatal(err)
					}
				}
				if err := s.close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out.Len())/float64(size), "out/json")
		})
	}
}
