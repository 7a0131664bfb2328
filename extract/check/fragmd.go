package check

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// markdownFragments adds the fragments of the Markdown file r to fs: the
// id GitHub gives each heading (Slugger), and the ids and a-names of its
// raw HTML. The block structure is read line by line (fenced and indented
// code, front matter, block quotes and list items around ATX and setext
// headings), in time linear in the file; each heading's inline text is
// rendered to plain text by goldmark, as GitHub renders it before it
// makes the id.
func markdownFragments(r *bufio.Reader, fs *fragSet) error {
	var (
		sl       Slugger
		para     []string // the lines of the paragraph being read
		paraList bool     // it started with a list marker
		fence    string   // the open code fence, "" outside
		raw      bytes.Buffer
		front    bool // in the front matter
	)
	heading := func(s string) { fs.add(sl.Slug(headingText(s))) }
	n := 0
	err := eachLine(r, func(line string) {
		n++
		if n == 1 && strings.TrimRight(line, " \t") == "---" {
			front = true
			return
		}
		if front {
			if t := strings.TrimRight(line, " \t"); t == "---" || t == "..." {
				front = false
			}
			return
		}
		s := stripQuotes(line)
		if fence != "" {
			if closesFence(s, fence) {
				fence = ""
			}
			return
		}
		indent := indentOf(s)
		switch {
		case strings.TrimSpace(s) == "":
			para = nil
			return
		case indent >= 4 && len(para) == 0:
			return // indented code
		}
		if setextUnder(s) && len(para) > 0 && !(paraList && indent < 2) {
			heading(strings.Join(para, "\n"))
			para = nil
			return
		}
		if thematicBreak(s) {
			para = nil
			return
		}
		item, isItem := stripListMarker(s)
		if isItem {
			para = nil // a list item starts a paragraph of its own
		}
		if f := openFence(item); f != "" {
			fence, para = f, nil
			return
		}
		if h, ok := atxHeading(item); ok {
			heading(h)
			para = nil
			return
		}
		if strings.IndexByte(line, '<') >= 0 {
			raw.WriteString(line)
			raw.WriteByte('\n')
		}
		if len(para) == 0 {
			paraList = isItem
		}
		if len(para) < maxParaLines {
			para = append(para, strings.TrimSpace(item))
		}
	})
	idsInPage(raw.Bytes(), fs)
	return err
}

// maxParaLines bounds the lines of a paragraph kept in case it ends as a
// setext heading.
const maxParaLines = 64

// eachLine calls f with each line of r, without its line ending; a line
// longer than maxFragmentLine is cut there.
func eachLine(r *bufio.Reader, f func(string)) error {
	for {
		b, err := r.ReadSlice('\n')
		line := b
		if err == bufio.ErrBufferFull {
			// A long line: keep its start, skip the rest.
			line = bytes.Clone(b)
			for err == bufio.ErrBufferFull {
				var more []byte
				more, err = r.ReadSlice('\n')
				if len(line) < maxFragmentLine {
					line = append(line, more...)
				}
			}
		}
		if len(line) > 0 {
			f(strings.TrimRight(string(line), "\r\n"))
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// indentOf is the width of the leading blanks of s, a tab to the next
// multiple of 4.
func indentOf(s string) int {
	w := 0
	for _, c := range []byte(s) {
		switch c {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w
		}
	}
	return w
}

// stripQuotes removes the block quote markers ("> ") at the start of s.
func stripQuotes(s string) string {
	for {
		t := strings.TrimLeft(s, " ")
		if len(s)-len(t) > 3 || !strings.HasPrefix(t, ">") {
			return s
		}
		s = strings.TrimPrefix(t[1:], " ")
	}
}

// stripListMarker removes a list item's marker ("- ", "1. ") from the
// start of s, and reports whether there was one.
func stripListMarker(s string) (string, bool) {
	t := strings.TrimLeft(s, " ")
	if len(s)-len(t) > 3 || t == "" {
		return s, false
	}
	i := 0
	switch {
	case t[0] == '-' || t[0] == '*' || t[0] == '+':
		i = 1
	default:
		for i < len(t) && i < 9 && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(t) || t[i] != '.' && t[i] != ')' {
			return s, false
		}
		i++
	}
	if i < len(t) && t[i] != ' ' && t[i] != '\t' {
		return s, false
	}
	return strings.TrimLeft(t[i:], " \t"), true
}

// openFence returns the fence a line opens a code block with ("```",
// "~~~~"), "" if it opens none.
func openFence(s string) string {
	t := strings.TrimLeft(s, " ")
	if t == "" || t[0] != '`' && t[0] != '~' {
		return ""
	}
	n := len(t) - len(strings.TrimLeft(t, t[:1]))
	if n < 3 || t[0] == '`' && strings.Contains(t[n:], "`") {
		return ""
	}
	return t[:n]
}

// closesFence reports whether the line s closes the code block fence
// opened.
func closesFence(s, fence string) bool {
	t := strings.TrimSpace(s)
	return len(t) >= len(fence) && strings.Trim(t, fence[:1]) == ""
}

// setextUnder reports whether s underlines a setext heading: "===" or
// "---", with at most 3 spaces before.
func setextUnder(s string) bool {
	if indentOf(s) > 3 {
		return false
	}
	t := strings.TrimSpace(s)
	return t != "" && (strings.Trim(t, "=") == "" || strings.Trim(t, "-") == "")
}

// thematicBreak reports whether s is a thematic break: three or more of
// the same of -, * or _, spaces between allowed.
func thematicBreak(s string) bool {
	if indentOf(s) > 3 {
		return false
	}
	t := strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(s), " ", ""), "\t", "")
	return len(t) >= 3 && strings.Trim(t, t[:1]) == "" && strings.Contains("-*_", t[:1])
}

// atxHeading returns the text of an ATX heading ("## Title ##").
func atxHeading(s string) (string, bool) {
	t := strings.TrimLeft(s, " ")
	if len(s)-len(t) > 3 {
		return "", false
	}
	n := len(t) - len(strings.TrimLeft(t, "#"))
	if n < 1 || n > 6 || n < len(t) && t[n] != ' ' && t[n] != '\t' {
		return "", false
	}
	h := strings.TrimSpace(t[n:])
	// The closing sequence: #s after a space, or the whole text.
	if c := strings.TrimRight(h, "#"); c == "" {
		h = ""
	} else if len(c) < len(h) && (c[len(c)-1] == ' ' || c[len(c)-1] == '\t') {
		h = strings.TrimSpace(c)
	}
	return h, true
}

// The inline text goldmark is given at most; past these, a heading's
// text is taken as written (its markup characters are punctuation, which
// the slug drops), so that a hostile heading costs linear time (see
// extract's markdownlimits.go for goldmark's superlinear inputs).
const (
	maxInlineBytes      = 16 << 10
	maxInlineDelimiters = 128
	maxInlineBrackets   = 32
)

// inlineParser is goldmark's CommonMark parser (goldmark.DefaultParser,
// made here: the goldmark package would bring its HTML renderer, whose
// init allocates 33 KB), made when a heading first needs it (its making
// allocates about 30 KB).
var inlineParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...))
})

// headingText is the text of a heading's inline Markdown s as it renders
// (its textContent): markup removed, code spans' and links' text kept,
// raw HTML tags and images dropped.
func headingText(s string) string {
	if len(s) > maxInlineBytes || strings.Count(s, "[") > maxInlineBrackets ||
		strings.Count(s, "*")+strings.Count(s, "_")+strings.Count(s, "~") > maxInlineDelimiters {
		return s
	}
	if !strings.ContainsAny(s, "*_`[]<>!&\\~") {
		return s // no markup: as written
	}
	src := []byte(s)
	doc := inlineParser().Parse(text.NewReader(src))
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch v := n.(type) {
		case *ast.Image, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(v.Segment.Value(src))
			if v.SoftLineBreak() || v.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(v.Value)
		case *ast.AutoLink:
			b.Write(v.Label(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// Slugger makes the ids GitHub gives the headings of a Markdown document,
// as github-slugger does (its README and fixtures are the reference):
// Slug lowercases the text, drops every character that is not a letter,
// a mark, a decimal or letter number, a connector punctuation ('_'), a
// space or '-', and turns each space into '-'; a slug made before gets
// "-1", "-2", ... added. The zero value is ready to use.
type Slugger struct {
	seen map[string]int
}

// Slug returns the id of the next heading, whose rendered text is s.
func (sl *Slugger) Slug(s string) string {
	if sl.seen == nil {
		sl.seen = make(map[string]int)
	}
	orig := slug(s)
	id := orig
	for {
		if _, dup := sl.seen[id]; !dup {
			break
		}
		sl.seen[orig]++
		id = orig + "-" + strconv.Itoa(sl.seen[orig])
	}
	sl.seen[id] = 0
	return id
}

// slug is one heading's id, without the suffix of a duplicate.
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.In(r, unicode.L, unicode.M, unicode.Nd, unicode.Nl, unicode.Pc):
			b.WriteRune(r)
		}
	}
	return b.String()
}
