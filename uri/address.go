package uri

import (
	"strconv"
	"strings"
)

// SchemeError records a URI that breaks the syntax its scheme's own RFC
// gives, as URI.CheckScheme finds it. Its message reads
// `uri: mailto "mailto:bob": address "bob" has no '@'`.
type SchemeError struct {
	Scheme string // lower case: "mailto", "tel", "fax", "modem"
	URI    string // the URI, recomposed (URI.String)
	Reason string // what is wrong, lowercase, with no prefix
	Err    error  // ErrInvalidHost (an authority), ErrInvalidPath or ErrInvalidQuery: the component at fault
}

// Error returns the message, prefixed "uri: ".
func (e *SchemeError) Error() string {
	return "uri: " + e.Scheme + " " + strconv.Quote(e.URI) + ": " + e.Reason
}

// Unwrap returns the sentinel, for errors.Is.
func (e *SchemeError) Unwrap() error { return e.Err }

// CheckScheme reports, as a *SchemeError, what breaks the syntax of u's
// scheme for the schemes that name an address rather than a resource:
//
//   - mailto (RFC 6068 §2): no authority; addresses separated by ',', each
//     an addr-spec of RFC 5322 §3.4.1 once percent-decoded: a dot-atom or
//     quoted local part (no obsolete forms, no whitespace), '@', and a
//     dot-atom domain or a domain literal; '/', ';', '=' and '&' in an
//     address percent-encoded (§2 rule 1); header fields after '?' as
//     name=value joined by '&', each of qchar (so a second '?', a '/' or a
//     second '=' is encoded), the name not empty (RFC 5322 §3.6.8). Both
//     parts are optional: "mailto:?subject=x" leaves the address to the
//     reader.
//   - tel (RFC 3966 §3): no authority; a global number ('+', digits and
//     visual separators "-.()", a digit at least) or a local number (hex
//     digits, '*', '#', visual separators) with a ";phone-context=" of a
//     domain name or a global number; parameters ";name[=value]" with
//     names of letters, digits and '-', values of paramchar, and isub,
//     ext and phone-context at most once. The order §3 asks of parameters
//     serves comparison and is not checked.
//   - fax and modem (RFC 2806 §2, historical): the number as for tel,
//     where a local number takes the DTMF digits A-D, '*', '#' and the
//     pauses 'p' and 'w', and needs its ";phone-context="; the parameters
//     are not checked.
//
// Scheme names compare without case. Other schemes, and a URI that has no
// scheme, give nil; so does a fragment, which these schemes do not define
// but RFC 3986 §3.5 leaves to the media type.
func (u URI) CheckScheme() error {
	var c schemeSyntax
	switch c.scheme = strings.ToLower(u.Scheme); c.scheme {
	case "mailto":
		c.mailto(u)
	case "tel", "fax", "modem":
		c.phone(u)
	default:
		return nil
	}
	if c.reason == "" {
		return nil
	}
	return &SchemeError{Scheme: c.scheme, URI: u.String(), Reason: c.reason, Err: c.err}
}

// schemeSyntax holds the first fault CheckScheme finds.
type schemeSyntax struct {
	scheme string
	reason string
	err    error
}

// fail records the fault, if it is the first.
func (c *schemeSyntax) fail(err error, reason string) {
	if c.reason == "" {
		c.reason, c.err = reason, err
	}
}

func (c *schemeSyntax) mailto(u URI) {
	if u.HasAuthority {
		c.fail(ErrInvalidHost, `"//": an address has no authority`)
		return
	}
	if u.Path != "" {
		for a := range strings.SplitSeq(u.Path, ",") {
			if r := addrProblem(a); r != "" {
				c.fail(ErrInvalidPath, r)
				return
			}
		}
	}
	if u.HasQuery {
		for f := range strings.SplitSeq(u.Query, "&") {
			if r := hfieldProblem(f); r != "" {
				c.fail(ErrInvalidQuery, r)
				return
			}
		}
	}
}

// mailtoRaw are the characters RFC 6068 §2 rule 1 has percent-encoded in
// an address that a URI path may hold as they are.
const mailtoRaw = "/;=&"

// addrProblem says what is wrong with the address a, as written in a
// mailto: URI, or "".
func addrProblem(a string) string {
	if a == "" {
		return "empty address"
	}
	if i := strings.IndexAny(a, mailtoRaw); i >= 0 {
		return "address " + strconv.Quote(a) + " has " + strconv.Quote(a[i:i+1]) + ", which must be percent-encoded"
	}
	d, err := Unescape(a)
	if err != nil {
		return "address " + strconv.Quote(a) + " has a bad percent-encoding"
	}
	var local, domain string
	if strings.HasPrefix(d, `"`) {
		end, r := quotedEnd(d)
		if r != "" {
			return "address " + strconv.Quote(d) + ": " + r
		}
		if end == len(d) || d[end] != '@' {
			return "address " + strconv.Quote(d) + " has no '@' after its quoted local part"
		}
		local, domain = d[:end], d[end+1:]
	} else {
		at := strings.LastIndexByte(d, '@')
		if at < 0 {
			return "address " + strconv.Quote(d) + " has no '@'"
		}
		local, domain = d[:at], d[at+1:]
		if local == "" {
			return "address " + strconv.Quote(d) + " has no local part"
		}
		if r := dotAtomProblem(local); r != "" {
			return "address " + strconv.Quote(d) + ": local part " + r
		}
	}
	if strings.HasPrefix(domain, "[") {
		if !strings.HasSuffix(domain, "]") || len(domain) < 2 ||
			strings.IndexFunc(domain[1:len(domain)-1], func(r rune) bool { return r < 33 || r > 126 || r == '[' || r == ']' || r == '\\' }) >= 0 {
			return "address " + strconv.Quote(d) + " has a bad domain literal"
		}
		return ""
	}
	if domain == "" {
		return "address " + strconv.Quote(d) + " has no domain"
	}
	if r := dotAtomProblem(domain); r != "" {
		return "address " + strconv.Quote(d) + ": domain " + r
	}
	return ""
}

// quotedEnd returns the end of the quoted-string (RFC 5322 §3.2.4) that
// starts s, or what is wrong with it: whitespace outside a quoted-pair is
// no part of a mailto: address (RFC 6068 §2 rule 3).
func quotedEnd(s string) (int, string) {
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i + 1, ""
		case c == '\\':
			if i+1 == len(s) || s[i+1] < 0x80 && (s[i+1] < ' ' && s[i+1] != '\t' || s[i+1] == 0x7f) {
				return 0, "a '\\' quotes no character"
			}
			i++
		case c == ' ' || c == '\t':
			return 0, "whitespace in the quoted local part"
		case c < ' ' || c == 0x7f:
			return 0, "a control character in the quoted local part"
		}
	}
	return 0, "the quoted local part is not closed"
}

// dotAtomProblem says what keeps s from being a dot-atom-text (RFC 5322
// §3.2.3), or "". Octets from 0x80 are taken as UTF-8 (RFC 6068 §2 rules
// 4 and 5, RFC 6532 §3.2).
func dotAtomProblem(s string) string {
	if s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return strconv.Quote(s) + " has an empty dot-separated part"
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x80 && c != '.' && !isAtext(c) {
			return strconv.Quote(s) + " has " + strconv.Quote(s[i:i+1])
		}
	}
	return ""
}

// isAtext reports whether c is an atext character (RFC 5322 §3.2.3).
func isAtext(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}

// hfieldProblem says what is wrong with the header field f of a mailto:
// URI, as written, or "".
func hfieldProblem(f string) string {
	name, value, ok := strings.Cut(f, "=")
	switch {
	case !ok:
		return "header field " + strconv.Quote(f) + " is not name=value"
	case name == "":
		return "header field " + strconv.Quote(f) + " has no name"
	}
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '=' || c == '/' || c == '?' {
			return "header field " + strconv.Quote(f) + " has " + strconv.Quote(value[i:i+1]) + ", which must be percent-encoded"
		}
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c == '/' || c == '?' {
			return "header field " + strconv.Quote(f) + " has " + strconv.Quote(name[i:i+1]) + ", which must be percent-encoded"
		}
	}
	return ""
}

func (c *schemeSyntax) phone(u URI) {
	if u.HasAuthority {
		c.fail(ErrInvalidHost, `"//": a telephone number has no authority`)
		return
	}
	number, params, hasParams := strings.Cut(u.Path, ";")
	global := strings.HasPrefix(number, "+")
	if r := c.numberProblem(number, global); r != "" {
		c.fail(ErrInvalidPath, r)
		return
	}
	var seen uint8 // isub, ext, phone-context
	context := false
	for p := range strings.SplitSeq(params, ";") {
		if !hasParams {
			break
		}
		name, value, hasValue := strings.Cut(p, "=")
		if strings.EqualFold(name, "phone-context") && value != "" {
			context = true // RFC 2806 §2: network-prefix is never empty
		}
		if c.scheme != "tel" {
			continue // RFC 2806 parameters take quoted strings and more
		}
		if r := paramProblem(name, value, hasValue, &seen); r != "" {
			c.fail(ErrInvalidPath, "parameter "+strconv.Quote(p)+": "+r)
			return
		}
	}
	if !global && !context {
		c.fail(ErrInvalidPath, "a local number needs ;phone-context= (or a global one, starting with '+')")
	}
}

// numberProblem says what is wrong with the number of a tel, fax or modem
// URI, or "". Its characters may be percent-encoded (RFC 3966 §3), '#'
// must be; the '+' of a global number must not.
func (c *schemeSyntax) numberProblem(number string, global bool) string {
	digits, start := 0, 0
	if global {
		start = len("+")
	}
	for i := start; i < len(number); i++ {
		ch := number[i]
		if ch == '%' {
			hi, lo := hexValue(number, i+1), hexValue(number, i+2)
			if hi < 0 || lo < 0 {
				return "bad percent-encoding in the number"
			}
			ch = byte(hi<<4 | lo)
			i += 2
		}
		switch {
		case '0' <= ch && ch <= '9':
			digits++
		case ch == '-' || ch == '.' || ch == '(' || ch == ')':
		case !global && c.localDigit(ch):
			digits++
		default:
			return strconv.Quote(string(rune(ch))) + " in the number"
		}
	}
	if digits == 0 {
		return "no digits"
	}
	return ""
}

// localDigit reports whether ch, not a decimal digit, counts as a digit of
// a local number: hex digits, '*' and '#' for tel (RFC 3966 §3), the DTMF
// digits A-D, '*', '#' and the pauses 'p' and 'w' for fax and modem
// (RFC 2806 §2).
func (c *schemeSyntax) localDigit(ch byte) bool {
	l := ch | 0x20
	if c.scheme == "tel" {
		return ch == '*' || ch == '#' || 'a' <= l && l <= 'f'
	}
	return ch == '*' || ch == '#' || 'a' <= l && l <= 'd' || l == 'p' || l == 'w'
}

// paramProblem says what is wrong with the tel: parameter name=value
// (RFC 3966 §3), or "". seen marks isub, ext and phone-context, which may
// come once each.
func paramProblem(name, value string, hasValue bool, seen *uint8) string {
	if name == "" {
		return "no name"
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isAlnumByte(c) && c != '-' {
			return "name has " + strconv.Quote(name[i:i+1])
		}
	}
	if hasValue && value == "" {
		return "empty value"
	}
	isub := strings.EqualFold(name, "isub")
	if r := paramValueProblem(value, isub); r != "" {
		return r
	}
	var bit uint8
	switch {
	case isub:
		bit = 1
	case strings.EqualFold(name, "ext"):
		bit = 2
		if !isPhonedigits(value) {
			return "an extension is digits"
		}
	case strings.EqualFold(name, "phone-context"):
		bit = 4
		if r := descriptorProblem(value); r != "" {
			return r
		}
	default:
		return ""
	}
	if !hasValue {
		return "no value"
	}
	if *seen&bit != 0 {
		return "comes twice"
	}
	*seen |= bit
	return ""
}

// paramValueProblem says what keeps v from being a parameter value of
// paramchar, or for isub of uric (RFC 3966 §3), or "".
func paramValueProblem(v string, isub bool) string {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '%':
			if hexValue(v, i+1) < 0 || hexValue(v, i+2) < 0 {
				return "bad percent-encoding"
			}
			i += 2
		case !isAlnumByte(c) && strings.IndexByte("[]/:&+$-_.!~*'()", c) < 0 && !(isub && strings.IndexByte("?@=,", c) >= 0):
			return "value has " + strconv.Quote(v[i:i+1]) + ", which must be percent-encoded"
		}
	}
	return ""
}

// isPhonedigits reports whether s is of phonedigit: digits and visual
// separators (RFC 3966 §3).
func isPhonedigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || c == '-' || c == '.' || c == '(' || c == ')') {
			return false
		}
	}
	return true
}

// descriptorProblem says what keeps d from being the descriptor of a
// phone-context (RFC 3966 §3): a global number's digits or a domain name.
func descriptorProblem(d string) string {
	if strings.HasPrefix(d, "+") {
		if !isPhonedigits(d[1:]) {
			return "a global number is digits"
		}
		if strings.IndexAny(d, "0123456789") < 0 {
			return "a global number has no digits"
		}
		return ""
	}
	labels := strings.TrimSuffix(d, ".")
	if labels == "" {
		return "no domain name"
	}
	for l := range strings.SplitSeq(labels, ".") {
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' || strings.IndexFunc(l, func(r rune) bool { return r > 0x7f || !isAlnumByte(byte(r)) && r != '-' }) >= 0 {
			return "domain name label " + strconv.Quote(l) + " is not letters, digits and inner hyphens"
		}
	}
	if l := labels[strings.LastIndexByte(labels, '.')+1:]; !('a' <= l[0]|0x20 && l[0]|0x20 <= 'z') {
		return "the top label " + strconv.Quote(l) + " does not start with a letter"
	}
	return ""
}

func isAlnumByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
