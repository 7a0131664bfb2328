package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urix/urix/extract"
)

func TestEscapeText(t *testing.T) {
	tests := []struct {
		in        string
		plain, tv string // want for plain text and for tsv
	}{
		{"http://a/b", "http://a/b", "http://a/b"},
		{"", "", ""},
		{"a\tb\nc\rd", `a\tb\nc\rd`, `a\tb\nc\rd`},
		{"bell\x07esc\x1b[31mdel\x7f", `bell\x07esc\x1b[31mdel\x7f`, `bell\x07esc\x1b[31mdel\x7f`},
		{`back\slash`, `back\slash`, `back\\slash`},
		{"caf\u00e9 \u4e2d\u6587", "caf\u00e9 \u4e2d\u6587", "caf\u00e9 \u4e2d\u6587"},
		{"c1\u0085\u009b", `c1\u0085\u009b`, `c1\u0085\u009b`},
		// A right-to-left override makes "exe.txt" show as "txt.exe".
		{"file\u202etxt.exe", `file\u202etxt.exe`, `file\u202etxt.exe`},
		{"iso\u2066x\u2069", `iso\u2066x\u2069`, `iso\u2066x\u2069`},
		{"ls\u2028ps\u2029", `ls\u2028ps\u2029`, `ls\u2028ps\u2029`},
		{"bad\xffutf8\xc3", `bad\xffutf8\xc3`, `bad\xffutf8\xc3`},
		{"nul\x00", `nul\x00`, `nul\x00`},
	}
	for _, tt := range tests {
		if got := escapeText(tt.in, false); got != tt.plain {
			t.Errorf("escapeText(%q, false) = %q, want %q", tt.in, got, tt.plain)
		}
		if got := escapeText(tt.in, true); got != tt.tv {
			t.Errorf("escapeText(%q, true) = %q, want %q", tt.in, got, tt.tv)
		}
	}
}

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

// FuzzEscapeText checks that escaped text is valid UTF-8 without control
// characters or bidi formatting characters, and that tsv fields never hold
// a raw tab or newline.
func FuzzEscapeText(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		for _, tsv := range []bool{false, true} {
			got := escapeText(s, tsv)
			if !utf8.ValidString(got) {
				t.Fatalf("escapeText(%q, %v) = %q: invalid UTF-8", s, tsv, got)
			}
			for _, r := range got {
				if r < 0x20 || r == 0x7f || unsafeRune(r) {
					t.Fatalf("escapeText(%q, %v) = %q: holds %U", s, tsv, got, r)
				}
			}
		}
	})
}

func TestTSVField(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a/", "http://a/"},
		{"", ""},
		{"=HYPERLINK(\"http://e/\")", "'=HYPERLINK(\"http://e/\")"},
		{"+1", "'+1"},
		{"-", "-"}, // standard input; a lone minus is text to a spreadsheet
		{"-1+2", "'-1+2"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"'quoted", "''quoted"},
		{"a=b", "a=b"},
		// Tab and CR, in OWASP's list too, are escaped first.
		{"\t=1", `\t=1`},
		{"\r=1", `\r=1`},
	}
	for _, tt := range tests {
		if got := tsvField(tt.in); got != tt.want {
			t.Errorf("tsvField(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEscapeJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"uri":"http://a/"}`, `{"uri":"http://a/"}`},
		{`{"ref":"café"}`, `{"ref":"café"}`},
		{"{\"ref\":\"a\u009bb\"}", `{"ref":"a\u009bb"}`},
		{"{\"ref\":\"file\u202etxt.exe\u200e\u2066\"}", `{"ref":"file\u202etxt.exe\u200e\u2066"}`},
		{"{\"ref\":\"\u0085\u061c\"}", `{"ref":"\u0085\u061c"}`},
		{"{\"ref\":\"del\x7f\"}", `{"ref":"del\u007f"}`},
	}
	for _, tt := range tests {
		if got := string(escapeJSON([]byte(tt.in))); got != tt.want {
			t.Errorf("escapeJSON(%q) = %q, want %q", tt.in, got, tt.want)
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
		{formatTSV, true, true, true, strings.Join(tsvHeader, "\t"), `a\tb.txt` + "\t3\t7" + strings.Repeat("\t", 9) + `http://a/\x1b` + "\t'=x\tw1; w2"},
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
