package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

// checkFinal fails t unless the marker of prefix is there and no
// temporary file in its directory.
func checkFinal(t *testing.T, prefix string) {
	t.Helper()
	dir := filepath.Dir(prefix + "x")
	if _, err := os.Stat(SuccessName(prefix)); err != nil {
		t.Errorf("no marker: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %q", left)
	}
}

// readShards returns the lines of the n shards of prefix, failing t when
// one is missing.
func readShards(t *testing.T, prefix, suffix string, n int) (lines []string, nonEmpty int) {
	t.Helper()
	for i := range n {
		b, err := os.ReadFile(ShardName(prefix, suffix, i, n))
		if err != nil {
			t.Errorf("shard %d of %d: %v", i, n, err)
			continue
		}
		if len(b) > 0 {
			nonEmpty++
			lines = append(lines, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
		}
	}
	slices.Sort(lines)
	return lines, nonEmpty
}

// TestShardsBySource: the links of a crawl in N shards, N files always
// (empty ones too), are those of one shard; a page's links are in one
// shard; the marker is there and no temporary file.
func TestShardsBySource(t *testing.T) {
	dir := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	lines, _, err := Extract(s, Config{Input: []string{"../testdata/warc/site.warc.gz"}, Mode: ModeLinks})
	if err != nil {
		t.Fatal(err)
	}
	one, many, lots := filepath.Join(dir, "one"), filepath.Join(dir, "many"), dir+"/lots/"
	os.Mkdir(filepath.Join(dir, "lots"), 0o777)
	Write(s, one, ".jsonl", 1, true, lines)
	Write(s, many, ".jsonl", 8, true, lines)
	Write(s, lots, ".jsonl", 64, true, lines)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	want, _ := readShards(t, one, ".jsonl", 1)
	got, nonEmpty := readShards(t, many, ".jsonl", 8)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("8 shards hold %d lines, want the %d of 1 shard", len(got), len(want))
	}
	if nonEmpty < 2 {
		t.Errorf("%d of 8 shards hold lines, want the pages spread", nonEmpty)
	}
	// 64 shards for the few pages of the crawl: some are empty, and are
	// written all the same.
	got, nonEmpty = readShards(t, lots, ".jsonl", 64)
	if !slices.Equal(got, want) || nonEmpty == 64 {
		t.Errorf("64 shards: %d lines in %d shards, want %d lines and empty shards", len(got), nonEmpty, len(want))
	}
	if _, err := os.Stat(filepath.Join(dir, "lots", "part-00063-of-00064.jsonl")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "lots", "_SUCCESS")); err != nil {
		t.Error(err)
	}
	// A page is in one shard.
	page := map[string]int{}
	for i := range 8 {
		b, _ := os.ReadFile(ShardName(many, ".jsonl", i, 8))
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if line == "" {
				continue
			}
			key := jsonField(line, "file") + " " + jsonField(line, "warc_target")
			if s, ok := page[key]; ok && s != i {
				t.Errorf("page %s in shards %d and %d", key, s, i)
			}
			page[key] = i
		}
	}
	if len(page) < 3 {
		t.Errorf("%d pages, want a crawl", len(page))
	}
	checkFinal(t, one)
	checkFinal(t, many)
	checkFinal(t, lots)
}

// TestLeftRemoved: the temporary files a failed attempt of this run left
// are removed; those of another run are not this run's to remove.
func TestLeftRemoved(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "out")
	fin := &finalizeFn{Prefix: prefix, Suffix: ".txt", Shards: 2, Run: "run1", Success: true}
	left := tmpName(ShardName(prefix, ".txt", 1, 2), "run1", "failed")
	other := tmpName(ShardName(prefix, ".txt", 1, 2), "run2", "x")
	tmp := tmpName(ShardName(prefix, ".txt", 0, 2), "run1", "ok")
	for _, name := range []string{left, other, tmp} {
		os.WriteFile(name, []byte("a\n"), 0o666)
	}
	done := false
	err := fin.ProcessElement(t.Context(), nil, func(shard *int, name *string) bool {
		if done {
			return false
		}
		*shard, *name, done = 0, tmp, true
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{left: false, other: true, tmp: false,
		ShardName(prefix, ".txt", 0, 2): true, ShardName(prefix, ".txt", 1, 2): true, SuccessName(prefix): true} {
		if _, err := os.Stat(name); (err == nil) != want {
			t.Errorf("%s: there %v, want %v", filepath.Base(name), err == nil, want)
		}
	}
	if b, _ := os.ReadFile(ShardName(prefix, ".txt", 1, 2)); len(b) != 0 {
		t.Errorf("shard 1 holds %q, want it empty", b)
	}
}

func TestJSONField(t *testing.T) {
	for _, tt := range []struct{ line, key, want string }{
		{`{"uri":"http://a/\"file\":\"x","file":"f.warc","warc_target":"http://p/"}`, "file", "f.warc"},
		{`{"uri":"u","file":"a\"b","warc_target":"t"}`, "file", `a\"b`},
		{`{"uri":"u","file":"f"}`, "warc_target", ""},
		{`{"file":"f","x":1}`, "file", "f"},
	} {
		if got := jsonField(tt.line, tt.key); got != tt.want {
			t.Errorf("jsonField(%s, %s) = %q, want %q", tt.line, tt.key, got, tt.want)
		}
	}
}
