package delimit

import (
	"bytes"
	"unicode/utf8"
)

// Markup around URIs in text: Markdown emphasis ("**https://x/**",
// "_https://x/_", "~~https://x/~~") and AsciiDoc link text
// ("https://x.org[text]", "link:https://x/[text]", "image:https://x/[alt]").

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
