package extract

import (
	"slices"
	"strings"
)

// The contexts of the URLs a page loads by script or names for other
// programs, so that they can be told from those a browser follows.
const (
	// ContextHTMLLazy is a lazy-load attribute, the URL a script puts in
	// src, srcset, href or a background when the element comes into
	// view: data-src, data-original, data-lazy-src, data-bg and data-href
	// hold one URL, data-srcset and data-lazy-srcset a srcset (urlAttrs
	// lists them); Options.LazyAttrs adds others.
	ContextHTMLLazy Context = "html-lazy"
	// ContextHTMLMeta is the content of a meta element whose property or
	// name is a URL one of the Open Graph protocol (ogp.me) or of Twitter
	// cards: og:url, og:image, og:image:url, og:image:secure_url, the same
	// for og:video and og:audio, twitter:image, twitter:image:src,
	// twitter:url, twitter:player, twitter:player:stream.
	ContextHTMLMeta Context = "html-meta"
	// ContextJSONLD is a URL value of a JSON-LD script: the strings of
	// the keys url, @id (but blank nodes), image, contentUrl,
	// thumbnailUrl, embedUrl, logo and sameAs (see jsonLD); Link.Attr is
	// the key.
	ContextJSONLD Context = "json-ld"
)

// metaURLNames are the meta property or name values whose content is a
// URL (see ContextHTMLMeta).
var metaURLNames = []string{
	"og:url", "og:image", "og:image:url", "og:image:secure_url",
	"og:video", "og:video:url", "og:video:secure_url",
	"og:audio", "og:audio:url", "og:audio:secure_url",
	"twitter:image", "twitter:image:src", "twitter:url", "twitter:player", "twitter:player:stream",
}

// htmlContext returns the Link.Context of the value r.
func htmlContext(r *htmlRef) Context {
	switch {
	case r.kind == kindCSS:
		return ContextCSS
	case r.kind == kindJSON:
		return ContextJSONLD
	case r.tag == "meta" && r.attr == "content" && r.kind == kindAttr:
		return ContextHTMLMeta
	case r.attr == "href" || r.attr == "src":
		return ContextHTML // most links, without a lookup in urlAttrs
	}
	if _, builtin := urlAttrs[r.attr]; !builtin || strings.HasPrefix(r.attr, "data-") {
		return ContextHTMLLazy
	}
	return ContextHTML
}

// prepare returns the source the page is read in (see savedSource) and
// takes from its options the attributes to read besides ruleAttrs and
// the text nodes to hand out (textWant).
func (p *page) prepare(src *source) *source {
	p.textWant, p.noText = uriMarks(src.opts)|tAmp, src.opts.NoText
	for _, a := range src.opts.LazyAttrs {
		a = strings.ToLower(strings.TrimSpace(a))
		if _, ok := ruleAttrs[a]; ok || a == "" {
			continue
		}
		if _, ok := p.extraAttrs[a]; ok {
			continue
		}
		if p.extraAttrs == nil {
			p.extraAttrs = map[string]int{}
		}
		p.extraAttrs[a] = len(ruleNames) + len(p.extraNames)
		p.extraNames = append(p.extraNames, a)
	}
	return savedSource(p.buf, src)
}

// ruleAttr is the function ruleAttr with the page's extra attributes
// (Options.LazyAttrs) as well, numbered after ruleNames.
func (attrs *tagAttrs) ruleAttr(b []byte) int {
	if r := ruleAttr(b); r != 0 || attrs.extra == nil {
		return r
	}
	if r, ok := attrs.extra[string(b)]; ok || !mayLower(b) {
		return r // most names (class, id, style) are lower case: no copy
	}
	return attrs.extra[strings.ToLower(string(b))]
}

// mayLower reports whether strings.ToLower can change b: it holds an
// ASCII capital or a byte that is not ASCII.
func mayLower(b []byte) bool {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' || c >= 0x80 {
			return true
		}
	}
	return false
}

// extraAttr returns how the attribute key, kept by parseTag but not one of
// urlAttrs, holds a URL: one of Options.LazyAttrs, a srcset if its name
// ends in "srcset", else the whole value.
func extraAttr(key string) (refKind, bool) {
	if _, ok := otherRuleAttrs[key]; ok {
		return 0, false
	}
	if strings.HasSuffix(key, "srcset") {
		return kindSrcset, true
	}
	return kindAttr, true
}

// metaURL tells whether the content of a meta element with attributes
// attrs is a URL: its property or name is one of metaURLNames.
func metaURL(attrs []rawAttr, raw []byte) (refKind, bool) {
	for _, a := range attrs {
		if a.key == "property" || a.key == "name" {
			v := strings.ToLower(strings.TrimSpace(decode(raw[a.valStart:a.valEnd], true).s))
			if slices.Contains(metaURLNames, v) {
				return kindAttr, true
			}
		}
	}
	return 0, false
}
