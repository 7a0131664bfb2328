package extract

import (
	"io"

	"github.com/urix/urix/delimit"
)

// scanTextInput is the contentScanner of plain text input: scanText, on
// its UTF-8 text when it is in UTF-16 (see fromUTF16Text). The text of a
// MIME part comes decoded already.
func scanTextInput(r io.Reader, src *source, yield func(Link, error) bool) bool {
	r, yield = fromUTF16Text(r, yield)
	return scanText(r, src, yield)
}

// scanText scans plain text: the URIs the delimit scanner finds (RFC 3986
// Appendix C), with Context "text".
func scanText(r io.Reader, src *source, yield func(Link, error) bool) bool {
	return scanDelimited(r, src, ContextText, yield)
}

// scanDelimited yields the URIs delimit finds in r with the given Context;
// scanners of other content use it for the text in it ("html-text").
func scanDelimited(r io.Reader, src *source, context Context, yield func(Link, error) bool) bool {
	sc := delimit.NewScanner(r, delimit.Options{
		Abbreviated: src.opts.Abbreviated,
		AnyScheme:   src.opts.AnyScheme,
		Relative:    src.opts.AngleRelative,
	})
	for sc.Scan() {
		m := sc.Match()
		l := Link{
			Ref:     m.Ref, // as written: an IRI, repaired characters, no scheme added
			Offset:  m.Start,
			Line:    m.Line,
			Column:  m.Column,
			Style:   Style(m.Style.String()),
			Context: context,
			Joined:  m.Joined,
		}
		if m.Alt != "" {
			l.Alternatives = []string{m.Alt}
		}
		l.Warnings = m.Warnings()
		if !src.emitAs(l, m.URI, yield) {
			return false
		}
	}
	if err := sc.Err(); err != nil {
		return yield(Link{}, err)
	}
	return true
}
