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

// quotedLine reports whether the line holding b[i] starts with a mail
// quote marker '>' (RFC 3676 §4.5 calls it the quote indicator).
func (s *Scanner) quotedLine(i int) bool {
	b := s.buf
	lo := max(0, i-lineLookBehind)
	k := bytes.LastIndexByte(b[lo:i], '\n')
	if k < 0 {
		if s.off+int64(lo) > 0 {
			return false // a line that long is not quoted mail
		}
		k = lo
	} else {
		k += lo + 1
	}
	for k < i && (b[k] == ' ' || b[k] == '\t') {
		k++
	}
	return k < i && b[k] == '>'
}

// skipMarkers returns the index after the quote markers and blanks at
// b[i:], as in "> > " or ">>".
func skipMarkers(b []byte, i int) int {
	for i < len(b) && (b[i] == '>' || b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}
