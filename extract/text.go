package extract

import (
	"bytes"
	"io"
	"math"

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

// TextAroundLimit is the longest Link.Text of a link in text with
// Options.TextAround: enough for a line of prose around a long URI.
const TextAroundLimit = 200

// scanDelimited yields the URIs delimit finds in r with the given Context;
// scanners of other content use it for the text in it ("html-text").
func scanDelimited(r io.Reader, src *source, context Context, yield func(Link, error) bool) bool {
	return scanDelimitedWith(nil, r, src, context, yield)
}

// scanDelimitedWith is scanDelimited with the Scanner sc, made with
// src's options, reset to read r rather than a new one, when sc is not
// nil: a document's many short texts then share its window.
func scanDelimitedWith(sc *delimit.Scanner, r io.Reader, src *source, context Context, yield func(Link, error) bool) bool {
	var (
		emails *emailFinder
		er     *emailReader
	)
	if src.opts.Emails {
		emails = newEmailFinder(src.opts.TextAround)
		r, er = withEmails(r, emails, func() bool {
			// Every URI before the pause is out: the addresses found
			// come next, the last URI's span kept for those to come.
			start, end := emails.spanStart, emails.spanEnd
			ok := src.emitEmails(emails, delimit.Match{Start: math.MaxInt64, End: math.MaxInt64}, context, yield)
			emails.spanStart, emails.spanEnd = start, end
			return ok
		})
	}
	if sc == nil {
		sc = delimit.NewScanner(r, src.delimitOptions())
	} else {
		sc.Reset(r)
	}
	for sc.Scan() {
		m := sc.Match()
		l := matchLink(m, context)
		if src.opts.TextAround {
			// First: it reads on past m, which the address finder needs
			// for the text of the addresses before m.
			l.Text = sc.Context(TextAroundLimit)
		}
		if emails != nil && !src.emitEmails(emails, m, context, yield) {
			return false
		}
		if src.complete(&l, m.URI) && !yield(l, nil) {
			return false
		}
	}
	if er != nil && er.stopped {
		return false
	}
	if emails != nil {
		emails.close()
		if !src.emitEmails(emails, delimit.Match{Start: math.MaxInt64, End: math.MaxInt64}, context, yield) {
			return false
		}
	}
	if err := sc.Err(); err != nil {
		return yield(Link{}, err)
	}
	return true
}

// scanTextBytes is scanText on text held in memory, which delimit scans
// in place, without copying it into a window.
func scanTextBytes(text []byte, src *source, yield func(Link, error) bool) bool {
	if src.opts.TextAround || src.opts.Emails {
		// Both read the text around a match, which only the Scanner's
		// window keeps.
		return scanDelimited(bytes.NewReader(text), src, ContextText, yield)
	}
	for m := range delimit.All(text, src.delimitOptions()) {
		if l := matchLink(m, ContextText); src.complete(&l, m.URI) && !yield(l, nil) {
			return false
		}
	}
	return true
}

func (s *source) delimitOptions() delimit.Options {
	return delimit.Options{
		Abbreviated: s.opts.Abbreviated,
		AnyScheme:   s.opts.AnyScheme,
		Relative:    s.opts.AngleRelative,
	}
}

// matchLink returns the Link of a URI delimit found, for complete with
// m.URI.
func matchLink(m delimit.Match, context Context) Link {
	return Link{
		Ref:          m.Ref, // as written: an IRI, repaired characters, no scheme added
		Offset:       m.Start,
		Line:         m.Line,
		Column:       m.Column,
		Style:        Style(m.Style.String()),
		Context:      context,
		Joined:       m.Joined,
		Alternatives: m.Alternatives,
		Warnings:     m.Warnings,
	}
}
