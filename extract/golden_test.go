package extract

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites the golden files: go test ./extract -update. Check every
// rewritten file by hand against the input before committing it.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// checkGoldenFile scans testdata/<input> with opts and compares every link
// and error, in order, with testdata/<input>.golden: a link as its JSON
// object, an error as {"error": "..."}. opts.Name is set to the input's
// path under testdata/, and opts.Base, when empty, to
// "file:///testdata/<input>", so that the golden file does not depend on
// the directory the tests run in.
func checkGoldenFile(t *testing.T, input string, opts Options) []Link {
	t.Helper()
	return checkGoldenFileAs(t, input, input, opts)
}

// checkGoldenFileAs is checkGoldenFile with the golden file
// testdata/<golden>.golden, for scanning one input with several Options.
// Both return the links found, for further checks.
func checkGoldenFileAs(t *testing.T, golden, input string, opts Options) []Link {
	t.Helper()
	path := filepath.Join("testdata", input)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opts.Name = filepath.ToSlash(path)
	if opts.Base == "" {
		opts.Base = "file:///" + filepath.ToSlash(path)
	}
	var buf bytes.Buffer
	var links []Link
	enc := goldenEncoder(&buf)
	for l, err := range Links(f, opts) {
		var v any = l
		if err != nil {
			v = map[string]string{"error": err.Error()}
		} else {
			links = append(links, l)
		}
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	compareGolden(t, golden, buf.Bytes())
	return links
}

func goldenEncoder(buf *bytes.Buffer) *json.Encoder {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc
}

func compareGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Errorf("%s: %v (run go test -update to create it, then check it by hand)", name, err)
		return
	}
	if bytes.Equal(got, want) {
		return
	}
	gotLines, wantLines := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < max(len(gotLines), len(wantLines)); i++ {
		var g, w []byte
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if !bytes.Equal(g, w) {
			t.Errorf("%s: golden line %d differs:\n got: %s\nwant: %s", name, i+1, g, w)
			return
		}
	}
}
