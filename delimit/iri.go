package delimit

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// What a non-ASCII character does to a URI in text: IRIs (RFC 3987) go
// on through the letters, marks, digits and symbols of scripts written
// with spaces between words; the rest ends them.
const (
	iriGoesOn    = iota // the character belongs to the URI
	iriEnds             // the character ends the URI, which is reported
	iriInvisible        // it ends the URI, and the match carries a warning
)

// bareRune tells what the non-ASCII rune r does to a bare URI: prev is
// the byte before it, query whether it is in the URI's query, where
// iprivate is allowed (RFC 3987 §2.2).
func bareRune(r rune, prev byte, query bool) int {
	switch {
	case invisible(r):
		return iriInvisible
	case query && unicode.Is(unicode.Co, r):
		return iriGoesOn
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.S) || !ucschar(r):
		// P* and Z*: the punctuation and spaces of the text ("。", NBSP);
		// C*: controls, format and unassigned characters.
		return iriEnds
	case 0xFF00 <= r && r <= 0xFFEF:
		// Halfwidth and fullwidth forms ("｜", "＄") are CJK text's.
		return iriEnds
	case isAlnum(rune(prev)) && noSpaceScript(r):
		// Text written without spaces runs straight into the URI:
		// "访问http://example.com查看".
		return iriEnds
	}
	return iriGoesOn
}

// delimitedRune reports whether the non-ASCII rune r may be part of a
// URI in <...> or "...", where the delimiters tell where it ends: any
// character but spaces and invisible ones (FromIRI checks the rest).
func delimitedRune(r rune) bool {
	return r != utf8.RuneError && !unicode.Is(unicode.Z, r) && !invisible(r)
}

// ucschar reports whether r, a letter, mark, digit or symbol, is allowed
// in an IRI (RFC 3987 §2.2): all are but U+FFFC, U+FFFD and the variation
// selectors of plane 14.
func ucschar(r rune) bool {
	return r != 0xFFFC && r != utf8.RuneError && (r < 0xE0000 || r >= 0xE1000)
}

// noSpaceScript reports whether r belongs to a script written without
// spaces between words, or whose particles attach to the word before.
func noSpaceScript(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
		unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// ranInto reports whether text of a script written without spaces ran
// into the URI that starts at b[i], and b[j] is past its ASCII host: the
// writer who set no space before the URI set none after it either, so
// such text ends it ("见http://example.com/中文说明"). An IRI host
// ("访问http://例子.测试/路径") says the path may be in that script too,
// and a query value starts after '=' ("搜索http://www.baidu.com/s?wd=中文");
// a run of such text that the URI took goes on.
func (s *Scanner) ranInto(i, j int) bool {
	b := s.buf
	lo := max(0, int(s.floor-s.off))
	if i <= lo || b[i-1] < utf8.RuneSelf || b[j-1] == '=' || b[j-1] >= utf8.RuneSelf {
		return false
	}
	if r, _ := utf8.DecodeLastRune(b[max(lo, i-utf8.UTFMax):i]); !noSpaceScript(r) {
		return false
	}
	k, ascii := pastHost(b[i:j])
	return k >= 0 && ascii
}

// hostSlash reports whether the URI text t ends with the '/' that ends
// its ASCII host. Text of a script written without spaces glued there is
// prose set against the URI ("https://code.example.org/在这里查看", "see
// here"), as it is right after the host ("http://example.com查看"): a
// site's titles in such a script live under a path of their own
// ("https://zh.wikipedia.org/wiki/北京", "/item/北京"), and those stay.
func hostSlash(t []byte) bool {
	k, ascii := pastHost(t)
	return ascii && k == len(t)-1 && t[k] == '/'
}

// segmentGoesOn reports whether the run of text of a script written
// without spaces at b[j] goes on as a path: a '/', '?' or '#' follows it
// ("https://api.example.cn/用户/{id}"), or a '.' and a letter or digit
// ("/文档.html"), which prose glued after a URI does not hold (with more
// when the decision needs bytes past the window). It reads at most
// maxSegment bytes, and only after a host's '/'.
func (s *Scanner) segmentGoesOn(j int) (bool, outcome) {
	b := s.buf
	k, end := j, min(len(b), j+maxSegment)
	for k < end && b[k] >= utf8.RuneSelf {
		r, n := utf8.DecodeRune(b[k:])
		if !noSpaceScript(r) {
			break
		}
		k += n
	}
	s.looked += k - j
	if k+utf8.UTFMax >= len(b) && end == len(b) && !s.final() {
		return false, more
	}
	switch {
	case k >= len(b):
		return false, found
	case b[k] == '/' || b[k] == '?' || b[k] == '#':
		return true, found
	}
	return b[k] == '.' && k+1 < len(b) && isAlnum(rune(b[k+1])), found
}

// maxSegment bounds the text segmentGoesOn reads.
const maxSegment = 256

// pastHost returns the index in the URI text t where its host ends, and
// whether the host is ASCII; -1 when t ends in the host.
func pastHost(t []byte) (int, bool) {
	h, ascii := 0, true
	if k := bytes.Index(t, []byte("//")); k >= 0 {
		h = k + 2
	}
	for ; h < len(t); h++ {
		switch c := t[h]; {
		case c == '/' || c == '?' || c == '#':
			return h, ascii
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return -1, ascii
}

// setAgainst reports whether the symbol r at b[j], in the URI that starts
// at b[i], is set against the text before it rather than part of the URI:
// any symbol after the punctuation that ends a sentence ("page!🙂"), and
// an emoji (the pictographs from U+1F000 on) right after a letter or digit
// past the host, as chat sets them against words ("https://t.co/abc🙂").
// A path segment of emoji ("http://foo.com/🐼") belongs to the URI.
func setAgainst(b []byte, i, j int, r rune) bool {
	c := b[j-1]
	if c < utf8.RuneSelf {
		if trailing[c] {
			return true
		}
		if !isAlnum(rune(c)) {
			return false
		}
	} else if p, _ := utf8.DecodeLastRune(b[max(i, j-utf8.UTFMax):j]); !unicode.IsLetter(p) && !unicode.IsDigit(p) {
		return false
	}
	if r < 0x1F000 {
		return false
	}
	k, _ := pastHost(b[i:j])
	return k >= 0
}

// invisible reports whether r is a zero-width or direction-changing
// character: ZWSP, ZWNJ, ZWJ, LRM, RLM, the bidi embeddings, overrides and
// isolates, BOM and the soft hyphen. They are how spoofed links are built
// (RFC 3987 §4.1, UTS #39), so they end a bare URI and are reported.
func invisible(r rune) bool {
	return r == 0xAD || r == 0xFEFF || 0x200B <= r && r <= 0x200F ||
		0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069
}

// runRune looks at the non-ASCII character at b[j], in the run of the bare
// URI that starts at b[i]. It returns its length when it belongs to the
// URI, 0 when it ends it (s.invisible records an invisible one), or asks
// for more.
func (s *Scanner) runRune(i, j int) (int, outcome) {
	b := s.buf
	if !utf8.FullRune(b[j:]) && !s.final() {
		return 0, more
	}
	r, n := utf8.DecodeRune(b[j:])
	if unicode.In(r, unicode.Pd, unicode.Pc) && wordByte(b[j-1]) {
		return s.joiningDash(j, n)
	}
	if midLetter(r) {
		if prev, _ := utf8.DecodeLastRune(b[max(i, j-utf8.UTFMax):j]); !unicode.IsLetter(prev) {
			return 0, found
		}
		return s.joiningDash(j, n)
	}
	if r == zwnj || r == zwj {
		return s.joiner(i, j, r, n)
	}
	if noSpaceScript(r) && s.ranInto(i, j) {
		return 0, found
	}
	if noSpaceScript(r) && b[j-1] == '/' && hostSlash(b[i:j]) {
		if on, o := s.segmentGoesOn(j); !on {
			return 0, o
		}
	}
	if unicode.Is(unicode.S, r) && setAgainst(b, i, j, r) {
		return 0, found
	}
	query := unicode.Is(unicode.Co, r) && indexQuery(b[i:j]) >= 0
	switch bareRune(r, b[j-1], query) {
	case iriInvisible:
		s.invisible = r
		return 0, found
	case iriEnds:
		return 0, found
	}
	return n, found
}

// The joiners, which shape the characters around them.
const (
	zwnj = 0x200C
	zwj  = 0x200D
)

// joiner looks at the joiner r of n bytes at b[j], in the run of the bare
// URI that starts at b[i]. Inside a word a joiner is part of how it is
// written and belongs to the URI: after a virama (Indic conjuncts and
// chillus: RFC 5892 Appendix A.1-A.2, as IDNA allows them), or between two
// non-ASCII characters of the URI (Persian "می‌خواهم", emoji ZWJ
// sequences of UTS #51). Elsewhere it is invisible and ends the URI.
func (s *Scanner) joiner(i, j int, r rune, n int) (int, outcome) {
	b := s.buf
	if b[j-1] >= utf8.RuneSelf {
		prev, _ := utf8.DecodeLastRune(b[max(i, j-utf8.UTFMax):j])
		if norm.NFC.PropertiesString(string(prev)).CCC() == viramaCCC {
			return n, found
		}
		k := j + n
		if k >= len(b) || !utf8.FullRune(b[k:]) {
			if !s.final() {
				return 0, more
			}
		} else if next, _ := utf8.DecodeRune(b[k:]); next >= utf8.RuneSelf && !invisible(next) &&
			bareRune(next, b[k-1], false) == iriGoesOn {
			return n, found
		}
	}
	s.invisible = r
	return 0, found
}

// viramaCCC is the canonical combining class of a virama (UAX #44).
const viramaCCC = 9

// joiningDash looks at the dash, connector or midLetter of n bytes at
// b[j], after a letter or digit: one between letters or digits joins words
// ("Hatfield–McCoy_feud") and belongs to the URI, as '-' would; another
// ends it as punctuation does. The em dash and longer ones never join:
// they set off a clause, and much typography sets them without spaces
// ("see https://example.com/foo—then").
func (s *Scanner) joiningDash(j, n int) (int, outcome) {
	b := s.buf
	if r, _ := utf8.DecodeRune(b[j:]); clauseDash(r) {
		return 0, found
	}
	k := j + n
	if k >= len(b) || !utf8.FullRune(b[k:]) {
		if !s.final() {
			return 0, more
		}
		return 0, found
	}
	r, _ := utf8.DecodeRune(b[k:])
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return n, found
	}
	return 0, found
}

// midLetter reports whether r is punctuation that Unicode keeps inside a
// word when it stands between two letters (UAX #29 WB6-WB7: MidLetter and
// MidNumLet, less the fullwidth and small forms, plus the Hebrew geresh):
// the Catalan "l·l", the Hebrew "צה״ל", the typographic apostrophe of
// "Fermat’s". Elsewhere it is punctuation and ends a bare URI.
func midLetter(r rune) bool {
	switch r {
	case 0xB7, 0x387, 0x55F, 0x5F3, 0x5F4, 0x2019, 0x2027:
		return true
	}
	return false
}

// clauseDash reports whether r is a dash that sets off a clause: the em
// dash, the horizontal bar and the two- and three-em dashes.
func clauseDash(r rune) bool {
	return r == 0x2014 || r == 0x2015 || r == 0x2E3A || r == 0x2E3B
}

// indexQuery returns the index of the '?' that starts the query of the
// URI text t, or -1.
func indexQuery(t []byte) int {
	for k, c := range t {
		switch c {
		case '?':
			return k
		case '#':
			return -1
		}
	}
	return -1
}

// invisibleBefore returns the invisible character right before b[i], or 0.
func invisibleBefore(b []byte, i, lo int) rune {
	if i <= lo || b[i-1] < utf8.RuneSelf {
		return 0
	}
	r, _ := utf8.DecodeLastRune(b[max(lo, i-utf8.UTFMax):i])
	if invisible(r) {
		return r
	}
	return 0
}

// invisibleWarning is the warning of a match with the invisible r right
// before it, or after it.
func invisibleWarning(r rune, after bool) string {
	where := "before"
	if after {
		where = "after"
	}
	return fmt.Sprintf("invisible: U+%04X right %s the URI: zero-width and direction-changing characters hide or reorder text, as in spoofed links", r, where)
}
