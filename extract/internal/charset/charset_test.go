package charset

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

func TestPartCharset(t *testing.T) {
	tests := []struct {
		in, label string
		html      bool
		want      string
		warn      bool
	}{
		{"caf\xe9 http://example.org/", "ISO-8859-1", false, "café http://example.org/", false},
		{"\x93http://example.org/\x94", "windows-1252", false, "\u201chttp://example.org/\u201d", false},
		{"\"iso-8859-15\" \xa4", `"iso-8859-15"`, false, "\"iso-8859-15\" €", false},
		{"\xf0\xd2\xc9\xd7\xc5\xd4 http://ya.ru/", "koi8-r", false, "Привет http://ya.ru/", false},
		{"\x83e\x83X\x83g http://example.jp/", "Shift_JIS", false, "テスト http://example.jp/", false},
		{"\x1b$B%F%9%H\x1b(B http://example.jp/", "iso-2022-jp", false, "テスト http://example.jp/", false},
		{"\xb4\xfa\xb8\xd5 http://example.tw/", "big5", false, "測試 http://example.tw/", false},
		{"\xb2\xe2\xca\xd4 http://example.cn/", "gb2312", false, "测试 http://example.cn/", false},
		{"\xc5\xd7\xbd\xba\xc6\xae", "ks_c_5601-1987", false, "테스트", false},
		{"h\x00t\x00t\x00p\x00:\x00", "utf-16le", false, "http:", false},
		// No charset, or US-ASCII with 8-bit bytes: UTF-8 if valid,
		// else windows-1252.
		{"café", "", false, "café", false},
		{"caf\xe9", "", false, "café", false},
		{"café", "us-ascii", false, "café", false},
		// An unknown charset is read the same way, with a warning.
		{"caf\xe9", "default_charset", false, "café", true},
		{"x-unknown", "x-unknown", false, "x-unknown", true},
		// HTML without a MIME charset: its <meta> charset.
		{`<meta charset="koi8-r"><p>` + "\xf0\xd2\xc9\xd7\xc5\xd4", "", true, `<meta charset="koi8-r"><p>Привет`, false},
		{`<meta charset="koi8-r">` + "\xf0", "us-ascii", true, `<meta charset="koi8-r">П`, false},
		// The MIME charset wins over <meta> (HTML §13.2.3.2).
		{`<meta charset="koi8-r">` + "caf\xe9", "iso-8859-1", true, `<meta charset="koi8-r">café`, false},
		// A byte order mark wins over both.
		{"\xef\xbb\xbfcafé", "iso-8859-1", false, "café", false},
		{"\xff\xfeh\x00i\x00", "", false, "hi", false},
	}
	for _, tt := range tests {
		got, _, warning := PartUTF8([]byte(tt.in), tt.label, tt.html)
		if string(got) != tt.want {
			t.Errorf("Part(%q, %q) = %q, want %q", tt.in, tt.label, got, tt.want)
		}
		if (warning != "") != tt.warn {
			t.Errorf("Part(%q, %q) warning %q, want one: %v", tt.in, tt.label, warning, tt.warn)
		}
		if tt.warn && !strings.Contains(warning, tt.label) {
			t.Errorf("warning %q does not name the charset %q", warning, tt.label)
		}
	}
}

func TestDecodeWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"=?UTF-8?Q?http://example.org/caf=C3=A9?=", "http://example.org/café"},
		{"=?koi8-r?B?8NLJ18XU?=", "Привет"},
		{"=?iso-2022-jp?B?GyRCJUYlOSVIGyhC?=", "テスト"},
		{"plain", "plain"},
		{"=?x-unknown?Q?abc?=", "=?x-unknown?Q?abc?="},
	}
	for _, tt := range tests {
		if got := DecodeWords(tt.in); got != tt.want {
			t.Errorf("DecodeWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDecodeWordsSmall checks that a word in a charset mime does not know
// costs about its own size, not the buffers of a stream (40 KiB a word,
// for the Subject of each spam in koi8-r).
func TestDecodeWordsSmall(t *testing.T) {
	const word = "=?koi8-r?B?8NLJ18XU?="
	DecodeWords(word)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		DecodeWords(word)
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 100; per > 2<<10 {
		t.Errorf("DecodeWords(%q) allocates %d bytes a call, want 2 KiB or less", word, per)
	}
}

func TestIsPlainASCII(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"", true}, {"abc", true}, {"0123456789abcdef\n\t~", true},
		{"0123456789abcde\x1b", false}, {"\x1b", false}, {"01234567\x80", false},
		{"0123456\xff89", false}, {"\x1a\x1c\x7f\x7f\x7f\x7f\x7f\x7f\x01", true},
	} {
		if got := IsPlainASCII([]byte(tt.in)); got != tt.want {
			t.Errorf("IsPlainASCII(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestPartSevenBit checks that Part leaves 7-bit text as it is, ESC
// included, when its charset is a single-byte one that reads ASCII as
// ASCII, as converting it would give the same bytes; and converts it in
// ISO-2022-JP, where ESC switches.
func TestPartSevenBit(t *testing.T) {
	text := []byte("a\x1b$Bb http://example.org/\x1b(B\r\n")
	for _, tt := range []struct {
		label   string
		convert bool
	}{
		{"iso-8859-1", false}, {"windows-1252", false}, {"koi8-r", false}, {"iso-8859-15", false},
		{"iso-2022-jp", true},
	} {
		body, enc, _, convert := Part(text, tt.label, false)
		if convert != tt.convert || !bytes.Equal(body, text) {
			t.Errorf("Part(%q, %q) = %q, convert %v; want the text, convert %v", text, tt.label, body, convert, tt.convert)
		}
		if !convert {
			if got := Transcode(nil, enc, text); !bytes.Equal(got, text) {
				t.Errorf("%s: Transcode gives %q: reading the text as it is is not the same", tt.label, got)
			}
		}
	}
}
