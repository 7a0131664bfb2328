package check

import (
	"bufio"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// rstFragments adds the ids of the reStructuredText document r to fs, as
// docutils assigns them (RstID): each section title's, each internal
// hyperlink target's (".. _name:" with no URI after it), each inline
// target's (_`name`) and each directive's :name: option's.
func rstFragments(r *bufio.Reader, fs *fragSet) error {
	var prev string
	return eachLine(r, func(s string) {
		defer func() { prev = s }()
		if m := rstTarget().FindStringSubmatch(s); m != nil {
			name := m[1]
			if name == "" {
				name = m[2]
			}
			if strings.TrimSpace(m[3]) == "" && name != "_" {
				fs.add(RstID(name))
			}
			return
		}
		if m := rstNameOption().FindStringSubmatch(s); m != nil {
			fs.add(RstID(m[1]))
		}
		for _, m := range rstInlineTarget().FindAllStringSubmatch(s, -1) {
			fs.add(RstID(m[1]))
		}
		if rstUnderline(s) && prev != "" && prev[0] != ' ' && prev[0] != '\t' && !rstUnderline(prev) {
			title := strings.TrimSpace(prev)
			if utf8.RuneCountInString(strings.TrimSpace(s)) >= min(utf8.RuneCountInString(title), 4) {
				fs.add(RstID(rstTitleText(title)))
			}
		}
	})
}

var (
	rstTarget       = lazyRegexp("^\\.\\.[ \\t]+_(?:`([^`]+)`|([^:`][^:]*?)):(?:[ \\t]+(.*))?$")
	rstNameOption   = lazyRegexp(`^[ \t]+:name:[ \t]+(\S.*?)[ \t]*$`)
	rstInlineTarget = lazyRegexp("(?:^|[\\s(\"'])_`([^`]+)`")
	rstRole         = lazyRegexp("(?::[\\w.+-]+:)?`([^`<]*?)(?:\\s*<[^>]*>)?`_{0,2}")
)

// rstUnderline reports whether s can underline (or overline) a section
// title: one punctuation character repeated, nothing else.
func rstUnderline(s string) bool {
	s = strings.TrimRight(s, " \t")
	if len(s) < 2 || !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(s[0])) {
		return false
	}
	return strings.Trim(s, s[:1]) == ""
}

// rstTitleText is a title's text with its inline markup's text kept
// (`text <uri>`_ is text, :role:`x` is x).
func rstTitleText(s string) string { return rstRole().ReplaceAllString(s, "$1") }

// rstTranslate is docutils' table of the letters NFKD does not take to
// ASCII (nodes._non_id_translate and _non_id_translate_digraphs).
var rstTranslate = strings.NewReplacer(
	"ß", "sz", "æ", "ae", "œ", "oe", "ȸ", "db", "ȹ", "qp",
	"ø", "o", "đ", "d", "ħ", "h", "ı", "i", "ł", "l", "ŧ", "t", "ƀ", "b",
	"ƃ", "b", "ƈ", "c", "ƌ", "d", "ƒ", "f", "ƙ", "k", "ƚ", "l", "ƞ", "n",
	"ƥ", "p", "ƫ", "t", "ƭ", "t", "ƴ", "y", "ƶ", "z", "ǥ", "g", "ȥ", "z",
	"ȴ", "l", "ȵ", "n", "ȶ", "t", "ȷ", "j", "ȼ", "c", "ȿ", "s", "ɀ", "z",
	"ɇ", "e", "ɉ", "j", "ɋ", "q", "ɍ", "r", "ɏ", "y",
)

// RstID returns the id docutils makes of a name or section title
// (docutils.nodes.make_id): lowercased, the letters NFKD cannot take to
// ASCII translated ("ß" to "sz"), decomposed (NFKD) with what is not
// ASCII dropped, each run of characters other than a-z and 0-9 turned
// into '-', and leading digits and hyphens and trailing hyphens removed.
func RstID(s string) string {
	s = norm.NFKD.String(rstTranslate.Replace(strings.ToLower(s)))
	var b strings.Builder
	dash := false
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r < utf8.RuneSelf:
			dash = true
		}
	}
	return strings.TrimLeft(b.String(), "0123456789-")
}
