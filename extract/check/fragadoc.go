package check

import (
	"bufio"
	"strconv"
	"strings"
	"unicode"
)

// asciidocFragments adds the ids of the AsciiDoc document r to fs, as
// Asciidoctor assigns them: a section title's id is its explicit one
// ([[id]], [#id] or [id=id] on the line before it), or else one made of
// its text (AsciidocID, with the idprefix and idseparator the header
// sets, none when it unsets sectids); and every anchor, [[id]],
// [[[id]]], [#id]#text#, anchor:id[], counts wherever it is. Delimited
// listing, literal, passthrough and comment blocks are skipped.
func asciidocFragments(r *bufio.Reader, fs *fragSet) error {
	a := asciidocIDs{prefix: "_", sep: "_", sectids: true, fs: fs}
	return eachLine(r, a.line)
}

// asciidocIDs reads one document's ids line by line.
type asciidocIDs struct {
	prefix, sep string
	sectids     bool
	fs          *fragSet
	block       string // the delimiter of the verbatim block open, "" none
	explicit    bool   // the line before set the next block's id
	seen        map[string]bool
	next        map[string]int // the suffix to try next for a generated id
}

var (
	// asciidocAnchor finds the inline and block anchors of a line:
	// [[id]], [[id,text]], [[[id]]], anchor:id[...], and [#id] or
	// [#id.role] (block attribute lines and inline formatted text).
	asciidocAnchor = lazyRegexp(`\[\[\[?([\p{L}_:][\p{L}\p{N}_:.\-]*)(?:,[^\]]*)?\]\]|anchor:([\p{L}_:][\p{L}\p{N}_:.\-]*)\[|\[[^\]\[#]*#([\p{L}_:][\p{L}\p{N}_:\-]*)[^\]]*\]|\[(?:[^\]]*,)?\s*id=["']?([\p{L}_:][\p{L}\p{N}_:.\-]*)`)
	asciidocTitle  = lazyRegexp(`^(={1,6}|#{1,6})[ \t]+(\S.*?)(?:[ \t]+(?:=+|#+))?[ \t]*$`)
	asciidocAttr   = lazyRegexp(`^:(!?)([\w-]+?)(!?):(?:[ \t]+(.*))?$`)
	// asciidocVerbatim is a delimiter line of a block whose content is
	// no AsciiDoc: listing, literal, passthrough, comment.
	asciidocVerbatim = lazyRegexp(`^(-{4,}|\.{4,}|\+{4,}|/{4,}|` + "`{3,}" + `)$`)
)

func (a *asciidocIDs) line(s string) {
	if a.block != "" {
		if s == a.block {
			a.block = ""
		}
		return
	}
	if asciidocVerbatim().MatchString(s) {
		a.block, a.explicit = s, false
		return
	}
	if strings.HasPrefix(s, "//") {
		return
	}
	if m := asciidocAttr().FindStringSubmatch(s); m != nil {
		a.attribute(m[2], m[1] != "" || m[3] != "", m[4])
		return
	}
	explicit := false
	for _, m := range asciidocAnchor().FindAllStringSubmatch(s, -1) {
		for _, id := range m[1:] {
			if id != "" {
				a.add(id)
				explicit = true
			}
		}
	}
	if m := asciidocTitle().FindStringSubmatch(s); m != nil {
		if len(m[1]) > 1 && a.sectids && !a.explicit {
			a.add(a.generate(m[2]))
		}
		a.explicit = false
		return
	}
	// A block attribute line ([#id], [[id]]) gives the next block its
	// id; any other line ends that.
	a.explicit = explicit && strings.HasPrefix(s, "[") && strings.HasSuffix(strings.TrimSpace(s), "]")
}

// attribute takes a document attribute's entry: ":name: value", or
// ":name!:" to unset it.
func (a *asciidocIDs) attribute(name string, unset bool, value string) {
	switch name {
	case "idprefix":
		a.prefix = ""
		if !unset {
			a.prefix = strings.TrimSpace(value)
		}
	case "idseparator":
		a.sep = ""
		if !unset {
			a.sep = strings.TrimSpace(value)
		}
	case "sectids":
		a.sectids = !unset
	}
}

func (a *asciidocIDs) add(id string) {
	if a.seen == nil {
		a.seen = make(map[string]bool)
	}
	a.seen[id] = true
	a.fs.add(id)
}

// generate returns the id Asciidoctor makes of a section title, unique
// in the document: "_2", "_3", ... added to one already taken.
func (a *asciidocIDs) generate(title string) string {
	id := AsciidocID(title, a.prefix, a.sep)
	if !a.seen[id] {
		return id
	}
	// Asciidoctor tries 2, 3, ... each time; the next one to try is kept,
	// so that n sections of one title cost n, not n².
	if a.next == nil {
		a.next = make(map[string]int)
	}
	for n := max(a.next[id], 2); ; n++ {
		if c := id + a.sep + strconv.Itoa(n); !a.seen[c] {
			a.next[id] = n + 1
			return c
		}
	}
}

var (
	asciidocMacro  = lazyRegexp(`\b(?:link|xref|mailto|https?|ftp|irc|image|kbd|btn|menu|footnote|pass|stem|latexmath|asciimath):[^\s\[]*\[([^\]]*)\]`)
	asciidocTagsRx = lazyRegexp(`<[^>]+>|&(?:[a-z][a-z]+\d{0,2}|#\d\d\d{0,4}|#x[\da-f][\da-f][\da-f]{0,3});`)
)

// AsciidocID returns the id Asciidoctor generates for a section titled
// title, with the idprefix prefix and the idseparator sep (Asciidoctor's
// defaults are "_" and "_"): the title, its macros replaced by their
// text, lowercased; HTML tags, character references and every character
// but a word character (letter, mark, decimal number, connector), a
// space, '-' and '.' removed; each run of spaces, '.', '-' and sep
// turned into one sep, and a trailing sep dropped; with an empty prefix,
// a leading sep dropped too.
func AsciidocID(title, prefix, sep string) string {
	title = asciidocMacro().ReplaceAllString(title, "$1")
	s := asciidocTagsRx().ReplaceAllString(strings.ToLower(title), "")
	var b strings.Builder
	b.WriteString(prefix)
	lastSep := strings.HasSuffix(prefix, sep) && sep != ""
	for _, r := range s {
		switch {
		case r == ' ' || r == '.' || r == '-' || sep != "" && string(r) == sep:
			if sep == "" {
				if r != ' ' {
					b.WriteRune(r)
					lastSep = false
				}
				continue
			}
			if !lastSep {
				b.WriteString(sep)
				lastSep = true
			}
		case unicode.In(r, unicode.L, unicode.M, unicode.Nd, unicode.Pc):
			b.WriteRune(r)
			lastSep = false
		}
	}
	id := b.String()
	if sep != "" {
		id = strings.TrimSuffix(id, sep)
		if prefix == "" {
			id = strings.TrimPrefix(id, sep)
		}
	}
	return id
}
