package check

import (
	"bytes"
	"io"
	"strings"

	"golang.org/x/net/html"
)

// maxHTMLToken bounds the tokenizer's buffer: a tag longer than this (a
// hostile page) ends the reading of the page's fragments there.
const maxHTMLToken = 4 << 20

// htmlFragments adds the fragments of the HTML page r to fs: the value of
// every id attribute, and of the name attribute of an a element (HTML,
// "the indicated part of the document").
func htmlFragments(r io.Reader, fs *fragSet) error {
	z := html.NewTokenizer(r)
	z.SetMaxBuf(maxHTMLToken)
	for {
		switch z.Next() {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF && err != html.ErrBufferExceeded {
				return err
			}
			return nil
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			isA := len(name) == 1 && name[0] == 'a'
			isMeta := string(name) == "meta"
			var refresh bool
			var content string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch {
				case bytes.Equal(k, []byte("id")) || isA && bytes.Equal(k, []byte("name")):
					fs.add(string(v))
				case isMeta && bytes.Equal(k, []byte("http-equiv")):
					refresh = strings.EqualFold(strings.TrimSpace(string(v)), "refresh")
				case isMeta && bytes.Equal(k, []byte("content")):
					content = string(v)
				}
			}
			if refresh && fs.refresh == "" {
				fs.refresh, _ = refreshTarget(content)
			}
		}
	}
}

// idsInTags adds the ids and a-names of the HTML tags in the text b (raw
// HTML in Markdown, AsciiDoc passthroughs).
func idsInTags(b []byte, fs *fragSet) {
	_ = htmlFragments(bytes.NewReader(b), fs)
}
