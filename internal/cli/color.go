package cli

// SGR sequences of ripgrep's default colours: the path magenta, the line
// number green, the match (here the URI) bold red; the column has none.
const (
	colorPath  = "\x1b[35m"
	colorLine  = "\x1b[32m"
	colorMatch = "\x1b[1;31m"
	colorReset = "\x1b[0m"
)

// paint wraps s in the colour sgr when the output is coloured.
func (s *scanner) paint(sgr, text string) string {
	if !s.colored || text == "" {
		return text
	}
	return sgr + text + colorReset
}

// newLinkFormatter returns the formatter of s's format, for one goroutine.
func (s *scanner) newLinkFormatter() linkFormatter {
	f := newLinkFormatter(s.format, s.names, s.lineNumber, s.warnings)
	if p, ok := f.(plainFormat); ok {
		if s.colored {
			p.paint = s.paint
		}
		p.context = s.context
		f = p
	}
	if s.iri && s.format == formatPlain {
		f = iriFormat{f}
	}
	return f
}
