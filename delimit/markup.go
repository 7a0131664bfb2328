package delimit

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// Markup around URIs in text: Markdown emphasis ("**https://x/**",
// "_https://x/_", "~~https://x/~~") and AsciiDoc link text
// ("https://x.org[text]", "link:https://x/[text]", "image:https://x/[alt]"),
// and labels and note marks glued after a URI ("https://x/page[Docs]",
// "https://x/a[2]").

// emphasisBefore returns the Markdown emphasis marker right before the
// URI at b[i] ("*", "**", "_", "__", "~", "~~"), one that opens at a word
// boundary (or after text written without spaces), or nil.
func emphasisBefore(b []byte, i int) []byte {
	if i == 0 || b[i-1] != '*' && b[i-1] != '_' && b[i-1] != '~' {
		return nil
	}
	c := b[i-1]
	k := i - 1
	if k > 0 && b[k-1] == c {
		k--
	}
	if k > 0 && (b[k-1] == c || wordByte(b[k-1]) && !ranOn(b[max(0, k-utf8.UTFMax):k])) {
		return nil
	}
	return b[k:i]
}

// emphasisEnd returns where the URI whose run of characters is b[j:end]
// ends when the emphasis marker m opened it: before the first m that ends
// a word (followed by no letter or digit, or by text written without
// spaces), and whether there is one.
func emphasisEnd(b []byte, j, end int, m []byte) (int, bool) {
	for {
		k := bytes.Index(b[j:end], m)
		if k < 0 {
			return end, false
		}
		k += j
		after := k + len(m)
		if b[k-1] != m[0] && (after >= len(b) || !wordByte(b[after]) && b[after] != m[0] || runsOn(b[after:])) {
			return k, true
		}
		j = k + 1
	}
}

// ranOn reports whether t ends with a character of a script written
// without spaces, which comes before an opening marker with no space
// between ("请看~~https://example.com/old~~").
func ranOn(t []byte) bool {
	r, _ := utf8.DecodeLastRune(t)
	return noSpaceScript(r)
}

// runsOn reports whether t starts with a character of a script written
// without spaces, which follows a closing marker with no space between
// ("**https://example.com/a**です").
func runsOn(t []byte) bool {
	if t[0] < utf8.RuneSelf {
		return false
	}
	r, _ := utf8.DecodeRune(t)
	return noSpaceScript(r)
}

// squareEnds reports whether the '[' at b[j], in the URI that starts at
// b[i], is markup that ends the URI rather than part of it: right after
// the authority ("https://example.org[Example site]", AsciiDoc's link
// text), or after a URI that an AsciiDoc macro opened
// ("link:https://example.org/a[text]", "image:https://example.org/b.png[alt]").
func squareEnds(b []byte, i, j int, style Style) bool {
	if asciidocMacro(b, i) {
		return true
	}
	if !inAuthority(b[i:j], style) {
		return false
	}
	p := b[j-1]
	return p != '/' && p != '@' // "http://[::1]/", "http://u@[::1]/"
}

// asciidocMacro reports whether an AsciiDoc link or image macro comes
// right before b[i]: "link:", "image:" or "image::".
func asciidocMacro(b []byte, i int) bool {
	if i == 0 || b[i-1] != ':' {
		return false
	}
	k := i - 1
	if k > 0 && b[k-1] == ':' {
		k--
	}
	w := b[max(0, k-5):k]
	if bytes.HasSuffix(w, []byte("link")) {
		w = w[len(w)-4:]
	} else if !bytes.Equal(w, []byte("image")) {
		return false
	}
	s := k - len(w)
	return s == 0 || !wordByte(b[s-1])
}

// maxLabel bounds the text of a label in square brackets after a URI.
const maxLabel = 512

// labelAt reports whether the '[' at b[j], in the run of the bare URI
// that starts at b[i], opens a label or a note mark glued after the URI
// rather than part of it, and so ends it (with more when the decision
// needs bytes past the window): "include::https://x/part.adoc[]",
// "https://x/page[Docs]", "https://x/a[2]". A "[...]" is such when the
// line goes on after its ']' with nothing but a space, punctuation or the
// line's end, it reads as a label (labelText), and it does not follow a '/', '=' or another URI delimiter
// ("/page/[1]"), nor stand in the name of a query parameter, PHP's and
// Rails' array syntax ("?a[]=1", "?a[0]=x"). A closing BBCode or console
// markup tag ("[/url]", "[/COLOR]", "[/link]") ends the URI wherever it
// stands. The search for the ']' stops
// at the next '[', so that each byte is read by one search at most.
func (s *Scanner) labelAt(i, j int) (bool, outcome) {
	b := s.buf
	k, ok := closingTag(b, j)
	s.looked += k - j
	if !ok && k >= len(b) && !s.final() {
		return true, more
	}
	if ok {
		return true, found
	}
	switch b[j-1] {
	case '/', '?', '&', '=', ';', '[', ']', '%', '@', ':', '#':
		return false, found
	}
	if k := indexQuery(b[i:j]); k >= 0 {
		param := b[i+k+1 : j]
		if amp := bytes.LastIndexAny(param, "&;"); amp >= 0 {
			param = param[amp+1:]
		}
		if bytes.IndexByte(param, '=') < 0 {
			return false, found
		}
	}
	k, end := j+1, min(len(b), j+1+maxLabel)
	for k < end && b[k] != ']' && b[k] != '[' && b[k] != '\n' {
		k++
	}
	s.looked += k - j
	if k == len(b) && !s.final() {
		return true, more
	}
	if k == end || b[k] != ']' || !labelText(b[j+1:k]) {
		return false, found
	}
	return s.labelEnds(k + 1)
}

// labelEnds reports whether what follows a label's ']', at b[k], is
// punctuation and then the line's end or a space, which a label, not a
// URI, is followed by; more when the decision needs bytes past the window.
func (s *Scanner) labelEnds(k int) (bool, outcome) {
	b := s.buf
	for k < len(b) && b[k] < utf8.RuneSelf && (trailing[b[k]] || b[k] == ')' || b[k] == '"') {
		k++
	}
	if k+utf8.UTFMax > len(b) && !s.final() {
		return true, more
	}
	if k == len(b) || b[k] < utf8.RuneSelf {
		return k == len(b) || class[b[k]]&cURI == 0 && b[k] != '{' && b[k] != '}', found
	}
	r, _ := utf8.DecodeRune(b[k:])
	return unicode.In(r, unicode.P, unicode.Z), found
}

// labelText reports whether t, the text between square brackets glued
// after a URI, reads as a label or a note mark rather than URL syntax:
// empty (AsciiDoc's "include::...[]"), a note number ("[2]", "[^1]"),
// text that starts with a capital or a letter of another script
// ("[Docs]", "[文档]"), or that holds a space or an attribute list
// ("[The docs]", "[window=_blank]"). A lower-case ASCII word is how code
// and URLs index ("/a[b]", "/path_[more]"), and stays.
func labelText(t []byte) bool {
	if len(t) == 0 {
		return true
	}
	d := bytes.TrimPrefix(t, []byte("^"))
	if len(d) > 0 && len(bytes.TrimLeft(d, "0123456789")) == 0 {
		return true
	}
	if bytes.ContainsAny(t, " \t=,\"") {
		return true
	}
	r, _ := utf8.DecodeRune(t)
	return unicode.IsUpper(r) || r >= utf8.RuneSelf && unicode.IsLetter(r)
}

// closingTag reports whether a closing BBCode or console markup tag starts
// at the '[' at b[j]: "[/" and a word of at most 16 letters and ']'
// ("[url]https://x/a[/url]", Rich's "[link]https://x/[/link]"). It returns
// where it stopped reading.
func closingTag(b []byte, j int) (int, bool) {
	k := j + 1
	if k >= len(b) || b[k] != '/' {
		return k, false
	}
	for k++; k < len(b) && k-j < 18 && class[b[k]]&cAlpha != 0; k++ {
	}
	return k, k < len(b) && b[k] == ']' && k > j+2
}
