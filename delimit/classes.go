package delimit

import (
	"bytes"
	"strings"
)

// Byte classes.
const (
	cURI    = 1 << iota // may appear in a bare URI (RFC 3986 §2: reserved, unreserved, '%')
	cScheme             // may appear in a scheme (RFC 3986 §3.1)
	cAlpha
	cSpace  // whitespace a line of text may contain
	cPlain  // goes on a bare URI and needs no second look: cURI but brackets and the apostrophe
	cHexRun // a hex digit or ':', as in IPv6 addresses
	cRepair // RFC 3986 forbids it but browsers take it: { } | ^ and backtick (repair.go)
)

var class = func() (t [256]uint8) {
	for c := 0x21; c < 0x7f; c++ {
		if !strings.ContainsRune("\"<>\\^`{|}", rune(c)) {
			t[c] |= cURI
			if !strings.ContainsRune("()[]'", rune(c)) {
				t[c] |= cPlain
			}
		}
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cScheme | cAlpha
		t[c-'a'+'A'] |= cScheme | cAlpha
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cScheme | cHexRun
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] |= cHexRun
		t[c-'a'+'A'] |= cHexRun
	}
	t[':'] |= cHexRun
	for _, c := range "{}|^`" {
		t[c] |= cRepair
	}
	t['+'] |= cScheme
	t['-'] |= cScheme
	t['.'] |= cScheme
	for _, c := range " \t\r\n\f\v" {
		t[c] |= cSpace
	}
	return t
}()

// skipClass returns the index of the first byte of b[i:end] not in the
// class mask, or end. It reads four bytes a step: URIs are long runs.
func skipClass(b []byte, i, end int, mask uint8) int {
	b = b[:end]
	for ; i+4 <= len(b); i += 4 {
		w := b[i : i+4 : i+4]
		if class[w[0]]&class[w[1]]&class[w[2]]&class[w[3]]&mask == 0 {
			break
		}
	}
	for i < len(b) && class[b[i]]&mask != 0 {
		i++
	}
	return i
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c rune) bool {
	return c < 0x80 && class[c]&cScheme != 0 && c != '.' && c != '+' && c != '-'
}

// isNBSP reports whether b[i:] starts with U+00A0 in UTF-8.
func isNBSP(b []byte, i int) bool {
	return b[i] == 0xC2 && i+1 < len(b) && b[i+1] == 0xA0
}

// linePrefix returns the comment or quote prefix that starts the line
// holding b[i], before it and after blanks, or nil: ">" for quoted mail
// (any markers), "//" (or "///", "//!"), a run of '#' or ';', "*" or "--"
// followed by a blank, as code comments, configuration files, Markdown
// quotes and SQL write them. A URI wrapped across lines that both start
// with it does not hold it.
func (s *Scanner) linePrefix(i int) []byte {
	b := s.buf
	lo := max(0, i-lineLookBehind)
	k := bytes.LastIndexByte(b[lo:i], '\n')
	if k < 0 {
		if s.off+int64(lo) > 0 {
			return nil // a line that long is no comment's
		}
		k = lo
	} else {
		k += lo + 1
	}
	s.looked += i - k
	for k < i && (b[k] == ' ' || b[k] == '\t') {
		k++
	}
	if k >= i {
		return nil
	}
	e := k + 1
	switch c := b[k]; c {
	case '>':
		return b[k:e]
	case '/':
		if e == i || b[e] != '/' {
			return nil
		}
		for e < i && e-k < 3 && (b[e] == '/' || b[e] == '!') {
			e++
		}
		return b[k:e]
	case '#', ';', '*', '-':
		for c != '*' && e < i && b[e] == c {
			e++
		}
		if c == '-' && e-k != 2 || e >= i || b[e] != ' ' && b[e] != '\t' {
			return nil
		}
		return b[k:e]
	}
	return nil
}

// skipPrefix returns the index after the blanks and the line prefix
// (linePrefix) at b[i:], the start of a line: quote markers and blanks
// for quoted mail ("> > " or ">>"), else blanks, the prefix if there, and
// blanks.
func skipPrefix(b []byte, i int, prefix []byte) int {
	mail := len(prefix) == 1 && prefix[0] == '>'
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || mail && b[i] == '>') {
		i++
	}
	if !mail && len(prefix) > 0 && i < len(b) && bytes.HasPrefix(b[i:], prefix) {
		i += len(prefix)
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
	}
	return i
}
