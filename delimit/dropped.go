package delimit

// The rules by which a candidate that starts like a URI, a registered
// scheme (any scheme with Options.AnyScheme) at a word boundary and its
// ':', is dropped; the package doc states each. A Scanner tells them to
// its dropped hook, which tests set (see dropped_test.go).
const (
	ruleMarkup       = "markup"        // "::", '&', ')' or ']' right after the ':': code, markup or a smiley
	ruleNoURIChar    = "no-uri-char"   // no URI character after the ':' ("see http: below")
	ruleNoAuthority  = "no-authority"  // the scheme needs "//" and a host, or "//", or "/", and the text lacks it
	ruleTooLong      = "too-long"      // longer than MaxLength: dropped, never split
	ruleEmpty        = "empty"         // nothing left after the ':' once trailing punctuation is dropped
	ruleWordBoundary = "word-boundary" // "_http://..." with no closing '_': the scheme is inside a word
	ruleInvalid      = "invalid"       // no URI even with IRI mapping and repairs (package uri's error)
	ruleSchemeSyntax = "scheme-syntax" // a URI, but not of its scheme's syntax ("http://-", "mailto:x", "tel:12", "data:x")
	ruleLabel        = "label"         // a capitalised word after the ':' ("Info:Configure", "Help:Contents"): a label in prose
	rulePublicSuffix = "public-suffix" // an abbreviated host with no known public suffix
)

// drop moves the scan to the window index next, past a candidate that
// starts at b[i] and that rule drops.
func (s *Scanner) drop(rule string, i, next int) outcome {
	if s.dropped != nil {
		s.dropped(s.off+int64(i), rule)
	}
	return s.fail(next)
}
