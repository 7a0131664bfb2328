package check

import (
	"net/url"
	"strings"

	"github.com/urix/urix/uri"
)

// syntaxOnly is the result for a URI of a scheme that names nothing to
// fetch: mailto: and tel: are checked against their syntax (RFC 6068,
// RFC 3966), others are not checked.
func syntaxOnly(scheme string, u uri.URI) Result {
	var problem string
	switch scheme {
	case "mailto":
		problem = mailtoProblem(u)
	case "tel":
		problem = telProblem(u)
	default:
		return Result{Status: Skipped, Reason: scheme + ": not checked"}
	}
	if problem != "" {
		return Result{Status: Broken, Reason: problem}
	}
	return Result{Status: Skipped, Reason: "syntax only"}
}

// mailtoProblem says what is wrong with a mailto: URI (RFC 6068 §2:
// addresses separated by commas, each local@domain, and header fields
// after '?'), "" when nothing is.
func mailtoProblem(u uri.URI) string {
	if u.HasAuthority {
		return "mailto: with \"//\": an address has no authority"
	}
	to, err := url.PathUnescape(u.Path)
	if err != nil {
		return "mailto: bad percent-encoding"
	}
	hasTo := false
	if u.HasQuery {
		for _, f := range strings.Split(u.Query, "&") {
			name, _, ok := strings.Cut(f, "=")
			if !ok || name == "" {
				return "mailto: header field " + quoteReason(f) + " is not name=value"
			}
			hasTo = hasTo || strings.EqualFold(name, "to")
		}
	}
	if to == "" {
		if !hasTo {
			return "mailto: no address"
		}
		return ""
	}
	for _, a := range strings.Split(to, ",") {
		if p := addrProblem(strings.TrimSpace(a)); p != "" {
			return "mailto: " + p
		}
	}
	return ""
}

// addrProblem says what is wrong with an addr-spec (RFC 5322 §3.4.1).
func addrProblem(a string) string {
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return "address " + quoteReason(a) + " has no '@'"
	}
	local, domain := a[:at], a[at+1:]
	if local == "" {
		return "address " + quoteReason(a) + " has no local part"
	}
	if !strings.HasPrefix(local, `"`) && strings.ContainsAny(local, " @,;:<>()[]\\\"") {
		return "address " + quoteReason(a) + " has a character its local part cannot"
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		return ""
	}
	if domain == "" || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "address " + quoteReason(a) + " has no valid domain"
	}
	for _, r := range domain {
		if r < 0x80 && !(r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "address " + quoteReason(a) + " has a character a domain cannot"
		}
	}
	return ""
}

// telProblem says what is wrong with a tel: URI (RFC 3966 §3): a global
// number ("+" and digits, with - . ( ) between), or a local one (digits,
// * # and hex digits) with a phone-context parameter.
func telProblem(u uri.URI) string {
	if u.HasAuthority {
		return "tel: with \"//\""
	}
	s, err := url.PathUnescape(u.Path)
	if err != nil {
		return "tel: bad percent-encoding"
	}
	num, params, _ := strings.Cut(s, ";")
	global := strings.HasPrefix(num, "+")
	digits := 0
	for _, r := range strings.TrimPrefix(num, "+") {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '-' || r == '.' || r == '(' || r == ')':
		case !global && (r == '*' || r == '#' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'):
			digits++
		default:
			return "tel: " + quoteReason(string(r)) + " in the number"
		}
	}
	if digits == 0 {
		return "tel: no digits"
	}
	if !global && !strings.Contains(strings.ToLower(";"+params), ";phone-context=") {
		return "tel: a local number needs ;phone-context= (or a global one, starting with '+')"
	}
	return ""
}

func quoteReason(s string) string { return "\"" + s + "\"" }
