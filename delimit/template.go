package delimit

import (
	"bytes"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
)

// URI templates. Code, configuration and API documents write URIs with
// placeholders that a program fills in: RFC 6570 expressions ("{user}",
// "{+path}", "{?q,lang}"), shell and JavaScript "${var}", Mustache, Jinja
// and Go templates "{{id}}", printf verbs ("%s", "%[1]s", "%(name)s"). A
// template is no URI: its braces percent-encoded ("/%7Buser%7D/keys") name
// a resource no one meant, and the text before the expression alone
// ("https://api.example.com/users/") is rarely what the writer meant
// either. So a candidate that holds an expression is reported whole, as
// written, with Style Template, when it is a URI of its scheme once each
// expression is filled in; Match.URI is then the template as written,
// never repaired, and no one should resolve or fetch it.

// maxExpression bounds the text of an expression between its braces.
const maxExpression = 128

// expressionEnd returns the index past the template expression that
// starts at b[j], a '{' or a '%', or -1 when there is none.
func expressionEnd(b []byte, j int) int {
	e, _ := expressionScan(b, j)
	return e
}

// expressionScan is expressionEnd, and the index where it stopped
// reading. It reads at most maxExpression bytes ahead, never past a '{'
// or a line break, so that each byte is read by few expressions (linear
// time).
func expressionScan(b []byte, j int) (end, stop int) {
	switch {
	case b[j] == '%':
		if e := envEnd(b, j); e > 0 {
			return e, e
		}
		return printfEnd(b, j)
	case j+1 < len(b) && b[j+1] == '{':
		return mustacheEnd(b, j)
	case j > 0 && b[j-1] == '$':
		return dollarEnd(b, j)
	}
	return rfc6570End(b, j)
}

// mustacheEnd is expressionScan for the "{{" of Mustache, Jinja and Go
// templates at b[j]: "{{id}}", "{{ .Host }}".
func mustacheEnd(b []byte, j int) (end, stop int) {
	k, lim := j+2, min(len(b), j+2+maxExpression)
	for k < lim && b[k] != '}' && b[k] != '{' && b[k] != '\n' && b[k] != '\r' {
		k++
	}
	if k+1 < len(b) && b[k] == '}' && b[k+1] == '}' && len(bytes.TrimSpace(b[j+2:k])) > 0 {
		return k + 2, k + 2
	}
	return -1, k
}

// dollarEnd is expressionScan for the '{' of a shell or JavaScript
// "${...}" at b[j], which may hold spaces: "${id}", "${name:-a default}".
func dollarEnd(b []byte, j int) (end, stop int) {
	k, lim := j+1, min(len(b), j+2+maxExpression)
	for k < lim && bytes.IndexByte([]byte("{}\n\r\"<>"), b[k]) < 0 {
		k++
	}
	if k < len(b) && b[k] == '}' && k > j+1 && b[j+1] != ' ' {
		return k + 1, k + 1
	}
	return -1, k
}

// rfc6570End is expressionScan for an RFC 6570 expression at b[j] (§2.2):
// an operator, then variables with their modifiers, separated by commas;
// "{}" and "{0}" are the placeholders of Python, Rust and C# format
// strings, "{user-id}" those of OpenAPI paths, "{имя}" those of writers of
// other scripts.
func rfc6570End(b []byte, j int) (end, stop int) {
	k, lim := j+1, min(len(b), j+2+maxExpression)
	if k < lim && bytes.IndexByte([]byte("+#./;?&=,!@|"), b[k]) >= 0 {
		k++
	}
	if k < len(b) && b[k] == '}' && k == j+1 {
		if j > 0 && (b[j-1] == '/' || b[j-1] == '=') {
			return k + 1, k + 1 // "/{}/", "?id={}"; not JSON's "{}"
		}
		return -1, k
	}
	for {
		v := k
		for k < lim && (isAlnum(rune(b[k])) || b[k] >= utf8.RuneSelf || bytes.IndexByte([]byte("_.-%"), b[k]) >= 0) {
			k++
		}
		if k == v {
			return -1, k
		}
		if k < lim && b[k] == '*' {
			k++
		} else if k < lim && b[k] == ':' { // a prefix length, 1 to 4 digits
			d := k + 1
			for k = d; k < lim && k-d < 4 && '0' <= b[k] && b[k] <= '9'; k++ {
			}
			if k == d {
				return -1, k
			}
		}
		if k >= lim || b[k] != ',' {
			break
		}
		k++
	}
	if k < len(b) && b[k] == '}' {
		return k + 1, k + 1
	}
	return -1, k
}

// expression returns the index past the template expression at b[j], a
// '{' or the '[' of a printf verb's argument index ("%[1]s"), in a run, or
// -1.
func (s *Scanner) expression(j int) int {
	b := s.buf
	if b[j] == '[' {
		j--
	}
	e, stop := expressionScan(b, j)
	s.looked += stop - j
	return e
}

// envEnd returns the index past the Windows environment variable or
// batch placeholder at b[j] ("%APPDATA%", "geo:%lat%,%lon%" in RFC 5870),
// or -1; a '%' and two hex digits start an octet instead ("%AB%CD").
func envEnd(b []byte, j int) int {
	k := j + 1
	if k >= len(b) || class[b[k]]&cAlpha == 0 && b[k] != '_' || k+1 < len(b) && ascii.IsHex(b[k]) && ascii.IsHex(b[k+1]) {
		return -1
	}
	end := min(len(b), j+maxExpression)
	for k < end && (isAlnum(rune(b[k])) || b[k] == '_') {
		k++
	}
	// Three letters at least: "%fg%" in "%be%fg%be" is a bad octet.
	if k < len(b) && b[k] == '%' && k-j > 3 {
		return k + 1
	}
	return -1
}

// maxPrintf bounds a printf verb: "%[12]-08.3lu", "%(real_name)s".
const maxPrintf = 32

// printfEnd returns the index past the printf verb at b[j], a '%' that
// starts no percent-encoded octet: "%s", "%d", "%[1]s", "%-8v", "%(name)s"
// (Python), "%lu"; or -1; and the index where it stopped reading.
func printfEnd(b []byte, j int) (end, stop int) {
	if j+2 < len(b) && ascii.IsHex(b[j+1]) && ascii.IsHex(b[j+2]) {
		return -1, j + 3 // "%2F" is an octet
	}
	if j+5 < len(b) && b[j+1] == 'u' && ascii.IsHex(b[j+2]) && ascii.IsHex(b[j+3]) && ascii.IsHex(b[j+4]) && ascii.IsHex(b[j+5]) {
		return -1, j + 6 // "%u00E9", JavaScript's escape() of old
	}
	lim := min(len(b), j+maxPrintf)
	k := printfArg(b, j+1, lim)
	if k < 0 {
		return -1, lim
	}
	// Flags, width, precision, length.
	for k < lim && bytes.IndexByte([]byte("-+#0123456789.lzh"), b[k]) >= 0 {
		k++
	}
	// Only the verbs that format a string or an integer, which URIs are
	// built of: "%fg" is a bad octet, not a float ("%be%fg" in RFC 2397).
	if k < len(b) && bytes.IndexByte([]byte("sdiuvq"), b[k]) >= 0 {
		return k + 1, k + 1
	}
	return -1, k
}

// printfArg returns the index past the argument index ("[1]", Go) or
// mapping key ("(name)", Python) at b[k:lim] that may follow a printf
// verb's '%', k when there is none, or -1 when one is left open.
func printfArg(b []byte, k, lim int) int {
	if k >= lim || b[k] != '[' && b[k] != '(' {
		return k
	}
	closer := byte(']')
	if b[k] == '(' {
		closer = ')'
	}
	e := k + 1
	for e < lim && (isAlnum(rune(b[e])) || b[e] == '_') && (closer == ')' || '0' <= b[e] && b[e] <= '9') {
		e++
	}
	if e >= lim || b[e] != closer || e == k+1 {
		return -1
	}
	return e + 1
}

// fillTemplate returns the text of the candidate out with each template
// expression in it filled in with "0", which any part of a URI may hold
// (a host label, a port, a segment), and whether there was one.
func fillTemplate(out []byte) ([]byte, bool) {
	var filled []byte
	prev := 0
	for k := bytes.IndexByte(out, ':') + 1; k < len(out); k++ {
		c := out[k]
		if c != '{' && c != '%' {
			continue
		}
		e := expressionEnd(out, k)
		if e < 0 {
			continue
		}
		from := k
		if c == '{' && k > prev && (out[k-1] == '$' || out[k-1] == '%') {
			from-- // "${var}", "${{ github.ref }}", RPM's "%{version}"
		}
		filled = append(append(filled, out[prev:from]...), '0')
		prev, k = e, e-1
	}
	if filled == nil {
		return out, false
	}
	return append(filled, out[prev:]...), true
}

// templateCand tells what the candidate out, which holds a template
// expression, is once filled is out with each filled in: a template of a
// URI of its scheme, whose uri is out as written, or nothing.
func templateCand(out, filled []byte, syn syntax) cand {
	u, _, _, err := parseOrMap(filled)
	if err != nil {
		return cand{rule: ruleInvalid}
	}
	if ok, _ := schemeRule(u, syn); !ok || !u.IsAbs() {
		return cand{rule: ruleSchemeSyntax}
	}
	return cand{uri: string(out), template: true}
}

// templateAlt returns alt, the other reading of a template joined at a
// hyphen line break, when it is a template of a URI of syntax syn too,
// else "".
func templateAlt(alt string, syn syntax) string {
	filled, ok := fillTemplate([]byte(alt))
	if !ok || templateCand([]byte(alt), filled, syn).uri == "" {
		return ""
	}
	return alt
}
