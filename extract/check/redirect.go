package check

import (
	"bufio"
	"bytes"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/urix/urix/uri"
)

// redirectHead is how much of an HTML page is read for a meta refresh:
// the redirect pages static site generators write (Jekyll's
// redirect_from, Hugo's aliases, MkDocs' redirects) are a few hundred
// bytes.
const redirectHead = 8 << 10

// maxRedirects bounds a chain of redirect pages followed.
const maxRedirects = 10

// redirect returns where the HTML page t sends its reader at once: the
// URL of a <meta http-equiv=refresh content="0; url=U"> in its head,
// resolved against the page's file: URI; "" when it has none. A page is
// read for it once, its head only, unless its fragments were read first.
func (fc *fileCache) redirect(t *target) string {
	t.redirOnce.Do(func() {
		if t.entry != nil || !isHTMLName(t.path) {
			return
		}
		rc, _, err := fc.read(t)
		if err != nil {
			return
		}
		defer rc.Close()
		head, _ := bufio.NewReaderSize(rc, redirectHead).Peek(redirectHead)
		if ref, ok := metaRefresh(head); ok {
			t.redirect = resolveFrom(t.path, ref)
		}
	})
	return t.redirect
}

// resolveFrom resolves the reference ref against the file: URI of the
// file p; "" when ref is "" or cannot be resolved.
func resolveFrom(p, ref string) string {
	if ref == "" {
		return ""
	}
	b, err := uri.Parse((&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String())
	if err != nil {
		return ""
	}
	r, err := uri.Parse(ref)
	if err != nil {
		return ""
	}
	res, err := uri.Resolve(b, r)
	if err != nil {
		return ""
	}
	return res.String()
}

func isHTMLName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml", ".shtml":
		return true
	}
	return false
}

// metaRefresh finds in the start of a page an immediate meta refresh to
// another URL, and returns the URL as written.
func metaRefresh(head []byte) (string, bool) {
	z := html.NewTokenizer(bytes.NewReader(head))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return "", false
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			switch string(name) {
			case "body":
				return "", false
			case "meta":
			default:
				continue
			}
			var refresh bool
			var content string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "http-equiv":
					refresh = strings.EqualFold(strings.TrimSpace(string(v)), "refresh")
				case "content":
					content = string(v)
				}
			}
			if refresh {
				return refreshTarget(content)
			}
		}
	}
}

// refreshTarget returns the URL of a refresh's content, "0; url=U" (HTML
// §4.2.5.3, the shared declarative refresh steps), when its time is 0.
func refreshTarget(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t\n\f\r")
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if secs, err := strconv.ParseFloat(s[:i], 64); err != nil || secs >= 1 {
		return "", false
	}
	s = strings.TrimLeft(s[i:], " \t\n\f\r")
	s = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(s, ";"), ","), " \t\n\f\r")
	if len(s) >= 3 && strings.EqualFold(s[:3], "url") {
		if t := strings.TrimLeft(s[3:], " \t\n\f\r"); strings.HasPrefix(t, "=") {
			s = strings.TrimLeft(t[1:], " \t\n\f\r")
		}
	}
	if len(s) > 0 && (s[0] == '"' || s[0] == '\'') {
		if k := strings.IndexByte(s[1:], s[0]); k >= 0 {
			s = s[1 : 1+k]
		} else {
			s = s[1:]
		}
	}
	s = strings.TrimSpace(s)
	return s, s != ""
}
