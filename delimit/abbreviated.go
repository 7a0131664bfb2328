package delimit

import (
	"strings"

	"golang.org/x/net/publicsuffix"
)

// abbreviated looks at the '.' at t for "www." or "ftp." starting a host
// name with a known public suffix: an abbreviated URI (2003 draft of
// RFC 3986, appendix F), completed with the scheme its name suggests.
func (s *Scanner) abbreviated(t int64) outcome {
	b, q := s.buf, int(t-s.off)
	i := q - 3 - wwwDigits(b, q) // nextAbbreviation found "www", "www2" or "ftp"
	if i < max(0, int(s.floor-s.off)) {
		return s.fail(q + 1)
	}
	scheme := "ftp://"
	if b[i]|0x20 == 'w' {
		scheme = "http://"
	}
	// Not inside a word, a path or a mail address; Markdown emphasis
	// ("**www.example.com**") is markup around it.
	if i > 0 && (class[b[i-1]]&cScheme != 0 || strings.IndexByte("_@/%~=&?#$!*", b[i-1]) >= 0) && emphasisBefore(b, i) == nil {
		return s.fail(q + 1)
	}
	return s.run(i, q, Abbreviated, scheme, needHost)
}

// knownSuffix reports whether host ends in a public suffix listed by
// golang.org/x/net/publicsuffix, and is more than that suffix.
func knownSuffix(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	suffix, icann := publicsuffix.PublicSuffix(host)
	return (icann || strings.Contains(suffix, ".")) && len(host) > len(suffix)
}

// wwwDigits returns the number of digits before the '.' at b[q] that
// follow "www", as numbered hosts have them ("www2.example.com"), or 0.
func wwwDigits(b []byte, q int) int {
	k := q
	for k > 0 && '0' <= b[k-1] && b[k-1] <= '9' {
		k--
	}
	if k == q || k < 3 || b[k-3]|0x20 != 'w' || b[k-2]|0x20 != 'w' || b[k-1]|0x20 != 'w' {
		return 0
	}
	return q - k
}
