package charset

import (
	"bytes"

	"github.com/urix/urix/internal/ascii"
	"golang.org/x/text/encoding"
)

// headCharset returns the encoding that a <meta> of the head of the HTML
// document text declares after the 1024 bytes the prescan reads (HTML
// Living Standard §13.2.3.2), nil when none does. The tree builder meets
// it with the encoding's confidence still tentative and changes the
// encoding (§13.2.3.4); Chromium does so for a <meta> in the head only:
// its check ends at the first tag other than those of a head (script,
// noscript, style, link, meta, object, title, base; the start tags of
// html and head), </head> included. So does this one, which reads the
// text of script, style and title elements and comments as text.
func headCharset(text []byte) encoding.Encoding {
	if len(text) <= 1024 {
		return nil
	}
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '<')
		if j < 0 {
			return nil
		}
		i += j
		if bytes.HasPrefix(text[i:], []byte("<!--")) {
			k := bytes.Index(text[i+4:], []byte("-->"))
			if k < 0 {
				return nil
			}
			i += 4 + k + 3
			continue
		}
		name := i + 1
		closing := name < len(text) && text[name] == '/'
		if closing {
			name++
		}
		if name == len(text) {
			return nil
		}
		if !isASCIILetter(rune(text[name])) {
			if !closing && text[name] != '!' && text[name] != '?' {
				i++ // text
				continue
			}
			// A bogus comment, up to the next '>'.
			k := bytes.IndexByte(text[name:], '>')
			if k < 0 {
				return nil
			}
			i = name + k + 1
			continue
		}
		end := name
		for end < len(text) && !isTagNameEnd(text[end]) {
			end++
		}
		k := tagEnd(text[end:])
		if k < 0 {
			return nil
		}
		switch tag := bytes.ToLower(text[name:end]); string(tag) {
		case "meta":
			// Both forms of the declaration name a charset; the
			// prescan of a tag is some allocations.
			if closing || !hasCharset(text[end:end+k]) {
				break
			}
			if e := htmlEncoding(text[i : end+k]); e != nil {
				return e
			}
		case "script", "style", "title":
			if !closing {
				k += rawTextEnd(text[end+k:], tag)
			}
		case "noscript", "link", "object", "base":
		case "html", "head":
			if closing {
				return nil
			}
		default:
			return nil
		}
		i = end + k
	}
}

// hasCharset reports whether b holds "charset", in any case.
func hasCharset(b []byte) bool {
	for i := 0; i+7 <= len(b); i++ {
		if b[i]|0x20 == 'c' && bytes.EqualFold(b[i:i+7], []byte("charset")) {
			return true
		}
	}
	return false
}

// isTagNameEnd reports whether c ends a tag name: whitespace, '/' or '>'.
func isTagNameEnd(c byte) bool {
	return ascii.IsSpace(c) || c == '/' || c == '>'
}

// tagEnd returns the length of the rest of a tag in b, up to its '>'
// outside quoted attribute values, or -1 when it does not end.
func tagEnd(b []byte) int {
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '>':
			return i + 1
		case '=':
			k := i + 1
			for k < len(b) && ascii.IsSpace(b[k]) {
				k++
			}
			if k < len(b) && (b[k] == '"' || b[k] == '\'') {
				e := bytes.IndexByte(b[k+1:], b[k])
				if e < 0 {
					return -1
				}
				i = k + 1 + e
			}
		}
	}
	return -1
}

// rawTextEnd returns the offset in b of the end tag of the element named
// tag (lower case) whose text b starts with, or len(b).
func rawTextEnd(b, tag []byte) int {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte("</"))
		if j < 0 {
			return len(b)
		}
		i += j
		if n := i + 2 + len(tag); n <= len(b) && bytes.EqualFold(b[i+2:n], tag) {
			return i
		}
		i += 2
	}
}
