package main

import (
	"fmt"
	"iter"
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

// TestPiecesRetried: a bundle that fails after writing pieces, retried by
// the same instance, gives each line once: the failed attempt's pieces
// (whose names the runner drops) are not joined and are removed at the
// end; the lines are in the shard of their page; every shard is written.
func TestPiecesRetried(t *testing.T) {
	dir := t.TempDir()
	prefix, n := filepath.Join(dir, "out"), 4
	var in []string
	for i := range 200 {
		in = append(in, fmt.Sprintf(`{"uri":"u%d","file":"f","warc_target":"http://h/p%d"}`, i, i%17))
	}
	w := &writePiecesFn{Prefix: prefix, Suffix: ".jsonl", Shards: n, BySource: true, Run: "run1"}
	ctx := t.Context()
	drop := func(int, string) {}
	w.StartBundle(drop)
	for _, line := range in[:150] {
		if err := w.ProcessElement(ctx, line, drop); err != nil {
			t.Fatal(err)
		}
	}
	// The attempt fails here: no FinishBundle, its names are dropped.
	pieces := map[int][]string{}
	keep := func(shard int, name string) { pieces[shard] = append(pieces[shard], name) }
	w.StartBundle(keep)
	for _, line := range in {
		if err := w.ProcessElement(ctx, line, keep); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.FinishBundle(keep); err != nil {
		t.Fatal(err)
	}
	type written struct {
		shard int
		tmp   string
	}
	var tmps []written
	m := &mergeShardFn{Prefix: prefix, Suffix: ".jsonl", Shards: n, Run: "run1"}
	for shard, names := range pieces {
		next, stop := iterPull(slices.Values(names))
		err := m.ProcessElement(ctx, shard, next, func(shard int, tmp string) { tmps = append(tmps, written{shard, tmp}) })
		stop()
		if err != nil {
			t.Fatal(err)
		}
	}
	fin := &finalizeFn{Prefix: prefix, Suffix: ".jsonl", Shards: n, Run: "run1", Success: true}
	err := fin.ProcessElement(ctx, nil, func(shard *int, tmp *string) bool {
		if len(tmps) == 0 {
			return false
		}
		*shard, *tmp, tmps = tmps[0].shard, tmps[0].tmp, tmps[1:]
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	got, nonEmpty := readShards(t, prefix, ".jsonl", n)
	if want := slices.Sorted(slices.Values(in)); !slices.Equal(got, want) {
		t.Errorf("%d shards hold %d lines, want the %d written once", n, len(got), len(want))
	}
	if nonEmpty < 2 {
		t.Errorf("%d of %d shards hold lines, want the pages spread", nonEmpty, n)
	}
	for i := range n {
		b, _ := os.ReadFile(ShardName(prefix, ".jsonl", i, n))
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if line != "" && shardOf(line, n, true) != i {
				t.Errorf("shard %d holds %s", i, line)
			}
		}
	}
	checkFinal(t, prefix)
}

// iterPull returns a Beam iterator over the values of seq, and its stop.
func iterPull(seq iter.Seq[string]) (func(*string) bool, func()) {
	next, stop := iter.Pull(seq)
	return func(v *string) bool {
		s, ok := next()
		*v = s
		return ok
	}, stop
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
