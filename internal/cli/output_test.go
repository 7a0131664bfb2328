package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/extract"
)

func TestByteSize(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 B"},
		{999, "999 B"},
		{1000, "1.0 kB"},
		{1500000, "1.5 MB"},
		{2_000_000_000, "2.0 GB"},
	}
	for _, tt := range tests {
		if got := byteSize(tt.n); got != tt.want {
			t.Errorf("byteSize(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestFileNames checks that a file name is printed escaped by rewrite as
// by scan, and that --json gives the bytes of a name that is not UTF-8 in
// "file_bytes".
func TestFileNames(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	evil := filepath.Join(dir, "x\x1b]0;owned\x07.html")
	run([]string{"urix", "rewrite", "-A", evil}, strings.NewReader(""), &out, &errs)
	if want := `x\x1b]0;owned\x07.html: no such file`; !strings.Contains(errs.String(), want) {
		t.Errorf("rewrite of a missing %q: stderr %q, want it escaped: %q", evil, errs.String(), want)
	}
	name := filepath.Join(dir, "caf\xe9\u202e.txt")
	if err := os.WriteFile(name, []byte("http://a.example/\n"), 0o644); err != nil {
		t.Skipf("file system refuses the name: %v", err)
	}
	out.Reset()
	errs.Reset()
	run([]string{"urix", "--json", name}, strings.NewReader(""), &out, &errs)
	var l struct {
		File      string `json:"file"`
		FileBytes []byte `json:"file_bytes"`
	}
	if err := json.Unmarshal(out.Bytes(), &l); err != nil {
		t.Fatalf("--json on %q: %v in %q", name, err, out.String())
	}
	if string(l.FileBytes) != name {
		t.Errorf("--json on %q: file_bytes %q, want the name", name, l.FileBytes)
	}
	if !strings.Contains(out.String(), `"file":"`+filepath.Join(dir, `caf\ufffd\u202e.txt`)) {
		t.Errorf("--json on %q: %s, want file with \\ufffd and \\u202e", name, out.String())
	}
	out.Reset()
	run([]string{"urix", "--json", "-"}, strings.NewReader("http://a.example/"), &out, &errs)
	if strings.Contains(out.String(), "file_bytes") {
		t.Errorf("--json on standard input: %s, want no file_bytes", out.String())
	}
}

// TestLinkFormatter checks each format on one link, escapes included,
// and that only TSV has a header.
func TestLinkFormatter(t *testing.T) {
	l := extract.Link{File: "a\tb.txt", Line: 3, Column: 7, URI: "http://a/\x1b", Ref: "=x", Warnings: []string{"w1", "w2"}}
	tests := []struct {
		format                 outFormat
		names, lines, warnings bool
		header, record         string
	}{
		{formatPlain, false, false, false, "", `http://a/\x1b`},
		{formatPlain, true, true, true, "", `a\tb.txt:3:7:http://a/\x1b` + "\twarning: w1; w2"},
		{formatTSV, true, true, true, "file\tline\tcolumn\tmessage\tpart\tstyle\tcontext\ttag\tattr\theader\tbase_source\turi\tref\twarnings", `a\tb.txt` + "\t3\t7" + strings.Repeat("\t", 9) + `http://a/\x1b` + "\t'=x\tw1; w2"},
		{formatJSON, false, false, false, "", `"file":"a\tb.txt","line":3,"column":7,`},
	}
	for _, tt := range tests {
		f := newLinkFormatter(tt.format, tt.names, tt.lines, tt.warnings)
		if got := f.header(); got != tt.header {
			t.Errorf("%s: header %q, want %q", tt.format, got, tt.header)
		}
		got, err := f.format(l)
		if err != nil {
			t.Errorf("%s: %v", tt.format, err)
			continue
		}
		if tt.format == formatJSON {
			if !strings.Contains(got, tt.record) || strings.Contains(got, "\n") {
				t.Errorf("json: record %q, want one line holding %q", got, tt.record)
			}
			continue
		}
		if got != tt.record {
			t.Errorf("%s (names %v, lines %v, warnings %v): record %q, want %q", tt.format, tt.names, tt.lines, tt.warnings, got, tt.record)
		}
	}
}

func TestCSVFormat(t *testing.T) {
	f := newLinkFormatter(formatCSV, false, false, false)
	got, err := f.format(extract.Link{File: "a,b.txt", Line: 1, Column: 2, URI: "http://a/\"q\"", Ref: "=cmd()", Warnings: []string{"w1", "w2"}})
	want := `"a,b.txt",1,2,,,,,,,,,"http://a/""q""",'=cmd(),w1; w2`
	if err != nil || got != want {
		t.Errorf("csv format = %q, %v; want %q", got, err, want)
	}
	if h := f.header(); !strings.HasPrefix(h, "file,line,column,") {
		t.Errorf("csv header = %q", h)
	}
}
