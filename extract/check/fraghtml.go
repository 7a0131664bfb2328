package check

import (
	"bytes"
	"io"
	"strings"

	"golang.org/x/net/html"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/internal/htmltok"
)

// htmlFragments adds the fragments of the HTML page r to fs: the value of
// every id attribute, and of the name attribute of an a element (HTML,
// "the indicated part of the document"). The page is read whole, up to
// extract.MaxHTMLSize, and tokenized in place by the tokenizer extract
// reads pages with: it allocates nothing per tag, which x/net/html's
// does, and a tree of pages with in-page links reads each page twice.
func htmlFragments(r io.Reader, fs *fragSet) error {
	page, err := io.ReadAll(io.LimitReader(r, extract.MaxHTMLSize))
	if err != nil {
		return err
	}
	idsInPage(page, fs)
	return nil
}

// fragAttrs are the attributes idsInPage reads, by their Rule.
const (
	attrID = 1 + iota
	attrName
	attrHTTPEquiv
	attrContent
)

// fragAttr is the tokenizer's filter: the Rule of an attribute name.
func fragAttr(name []byte) int {
	switch {
	case ascii.EqualLower(name, "id"):
		return attrID
	case ascii.EqualLower(name, "name"):
		return attrName
	case ascii.EqualLower(name, "http-equiv"):
		return attrHTTPEquiv
	case ascii.EqualLower(name, "content"):
		return attrContent
	}
	return 0
}

// idsInPage adds the ids and a-names of the HTML page page to fs, and its
// immediate meta refresh; page may be a piece of HTML in another format
// (raw HTML in Markdown, an AsciiDoc passthrough).
func idsInPage(page []byte, fs *fragSet) {
	z := htmltok.New(page)
	z.SetFilter(fragAttr)
	for {
		switch z.Next() {
		case htmltok.ErrorToken:
			return
		case htmltok.StartTagToken, htmltok.SelfClosingTagToken:
			name := z.TagName()
			isA, isMeta := ascii.EqualLower(name, "a"), ascii.EqualLower(name, "meta")
			var refresh bool
			var content string
			for _, a := range z.Attrs() {
				switch v := attrValue(page, a); {
				case a.Rule == attrID || isA && a.Rule == attrName:
					if v != "" { // names nothing (HTML: an id has a character at least)
						fs.add(v)
					}
				case isMeta && a.Rule == attrHTTPEquiv:
					refresh = strings.EqualFold(strings.TrimSpace(v), "refresh")
				case isMeta && a.Rule == attrContent:
					content = v
				}
			}
			if refresh && fs.refresh == "" {
				fs.refresh, _ = refreshTarget(content)
			}
		}
	}
}

// attrValue is the value of a as x/net/html gives it: character
// references decoded, NUL replaced.
func attrValue(page []byte, a htmltok.Attr) string {
	v := page[a.Val.Start:a.Val.End]
	if bytes.IndexByte(v, '&') < 0 && bytes.IndexByte(v, 0) < 0 {
		return string(v)
	}
	return strings.ReplaceAll(html.UnescapeString(string(v)), "\x00", "\ufffd")
}
