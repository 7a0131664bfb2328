package format

import (
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
		if got := Text(tt.in); got != tt.plain {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.plain)
		}
		if got := escape(tt.in, true); got != tt.tv {
			t.Errorf("escape(%q, true) = %q, want %q", tt.in, got, tt.tv)
		}
	}
}

// FuzzEscapeText checks that escaped text is valid UTF-8 without control
// characters or bidi formatting characters, and that tsv fields never hold
// a raw tab or newline.
func FuzzEscapeText(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		for _, tsv := range []bool{false, true} {
			got := escape(s, tsv)
			if !utf8.ValidString(got) {
				t.Fatalf("escape(%q, %v) = %q: invalid UTF-8", s, tsv, got)
			}
			for _, r := range got {
				if r < 0x20 || r == 0x7f || Unsafe(r) {
					t.Fatalf("escape(%q, %v) = %q: holds %U", s, tsv, got, r)
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
		if got := Field(tt.in); got != tt.want {
			t.Errorf("Field(%q) = %q, want %q", tt.in, got, tt.want)
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
		if got := string(EscapeJSON([]byte(tt.in))); got != tt.want {
			t.Errorf("EscapeJSON(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestJSON: a name that is not UTF-8 has its bytes in file_bytes (0x61
// 0xff is "Yf8=" in base64) beside U+FFFD in file, the bidi override of
// a link's text is escaped, and <, > and & are left as they are.
func TestJSON(t *testing.T) {
	var f JSON
	for range 2 { // the encoder and its buffer are reused
		b, err := f.Encode(extract.Link{URI: "http://e/?a&b", File: "a\xff", Text: "\u202egnp.exe <x>"})
		if err != nil {
			t.Fatal(err)
		}
		got := string(b)
		for _, want := range []string{`{"uri":"http://e/?a&b",`, `"file":"a\ufffd",`, `"text":"\u202egnp.exe <x>"`, `"file_bytes":"Yf8="}`} {
			if !strings.Contains(got, want) {
				t.Errorf("Encode = %s, want %s in it", got, want)
			}
		}
		if strings.Contains(got, "\n") || strings.Contains(got, "\u202e") {
			t.Errorf("Encode = %q: a newline or a raw U+202E", got)
		}
	}
	b, _ := f.Encode(extract.Link{URI: "http://e/", File: "ok.txt"})
	if strings.Contains(string(b), "file_bytes") {
		t.Errorf("Encode = %s: file_bytes for a UTF-8 name", b)
	}
	// rel only where the element has one, after attr: the lines of links
	// without one are those urix wrote before Link had a Rel.
	b, _ = f.Encode(extract.Link{URI: "http://e/", Tag: "a", Attr: "href", Rel: "nofollow ugc"})
	if got, want := string(b), `{"uri":"http://e/","ref":"","file":"","line":0,"column":0,"offset":0,"style":"","context":"","tag":"a","attr":"href","rel":"nofollow ugc"}`; got != want {
		t.Errorf("Encode = %s, want %s", got, want)
	}
	b, _ = f.Encode(extract.Link{URI: "http://e/", Tag: "a", Attr: "href"})
	if strings.Contains(string(b), "rel") {
		t.Errorf("Encode = %s: a rel for a link without one", b)
	}
}

// TestTable checks TSV and CSV records and -c's count records on names
// and values that need escaping, quoting (RFC 4180 §2: a field with a
// comma, quote or line break is quoted, a quote doubled) or the formula
// guard.
func TestTable(t *testing.T) {
	l := extract.Link{File: "a,b\t\u202e.txt", Line: 1, Column: 2, Message: 3, URI: "http://a/\"q\"", Ref: "@cmd", Warnings: []string{"w1", "w2"}}
	if got, want := (TSV{}).Encode(l), `a,b\t\u202e.txt`+"\t1\t2\t3"+strings.Repeat("\t", 8)+`http://a/"q"`+"\t'@cmd\tw1; w2"; got != want {
		t.Errorf("TSV: %q, want %q", got, want)
	}
	var c CSV
	if got, want := c.Header(), "file,line,column,message,part,style,context,tag,attr,header,base_source,uri,ref,warnings"; got != want {
		t.Errorf("CSV header: %q, want %q", got, want)
	}
	got, err := c.Encode(l)
	if want := `"a,b\t\u202e.txt",1,2,3,,,,,,,,"http://a/""q""",'@cmd,w1; w2`; err != nil || got != want {
		t.Errorf("CSV: %q, %v; want %q", got, err, want)
	}
	for _, tc := range []struct{ got, want string }{
		{CountTSV("file", "count"), "file\tcount"},
		{CountTSV("-", "4"), "-\t4"},
		{CountTSV("=x\\y", "4"), `'=x\\y` + "\t4"},
		{CountCSV("file", "count"), "file,count"},
		{CountCSV(`a "b",c`, "4"), `"a ""b"",c",4`},
		{CountCSV("+1", "4"), "'+1,4"},
		{CountJSON("a\u202e", 4), `{"file":"a\u202e","count":4}`},
		{CountJSON("caf\xe9", 0), `{"file":"caf\ufffd","file_bytes":"Y2Fm6Q==","count":0}`},
	} {
		if tc.got != tc.want {
			t.Errorf("count record %q, want %q", tc.got, tc.want)
		}
	}
}
