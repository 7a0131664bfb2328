package uri

import (
	"net/netip"
	"strconv"
	"strings"
)

// SecurityWarnings reports what in u deserves caution under the security
// considerations of RFC 3986 §7 (sections cited below; in the 2003 draft
// §7.2–§7.5 hold the same text, without §7.3). The URI is valid all the
// same; nothing is decoded or changed. The codes, in the order they are
// reported:
//
//   - "ipv4-dword", "ipv4-short", "ipv4-octal", "ipv4-hex",
//     "ipv4-trailing-dot", "ipv4-encoded" (§7.4): a reg-name host that is
//     not an IPv4address but that inet_aton(3) or a browser reads as one,
//     written as a single 32-bit number ("2130706433"), with fewer than
//     four parts ("127.1"), with an octal part ("0177.0.0.1"), a hex part
//     ("0x7f.1"), a trailing dot ("127.0.0.1.") or with percent-encoded
//     characters ("%31%32%37.0.0.1"). One warning per form present; each
//     message gives the address the host stands for.
//   - "numeric-reg-name" (§7.4): a host of digits and dots that is no
//     address at all ("256.1.1.1"); resolvers disagree about it.
//   - "mixed-script" (RFC 3987 §8, UTS #39 §5.2): an internationalized
//     host (A-labels, "xn--") with a label whose letters come from more
//     than one script, beyond the CJK mixes that UTS #39 "Highly
//     Restrictive" allows: "xn--pypal-4ve.com" is "pаypal.com" with a
//     Cyrillic "а", the classic spoof. The message shows the U-labels.
//   - "userinfo-present" (§7.6): a non-empty userinfo, which readers may
//     take for the host; the message names the real authority.
//   - "userinfo-password" (§7.5, §3.2.1): a ":" in the userinfo, the
//     deprecated "user:password" form, even with an empty password.
//   - "userinfo-host" (§7.6): a userinfo holding a domain name under a
//     public suffix or an IPv4 address, as in
//     "http://www.bank.example.com@10.0.0.1/". Domain names are told by
//     the public suffix list registered with RegisterPublicSuffix
//     (import package github.com/urix/urix/uri/psl); without one, only
//     addresses are.
//   - "port-nondefault" (§7.2): a port other than the scheme's default
//     port, for the schemes whose default is known.
//   - "port-cross-protocol" (§7.2): a port that is the well-known port of
//     another protocol, as a gopher URI aimed at SMTP ("gopher://h:25/").
//   - "encoded-nul" (§7.3): "%00" in any component, which back-ends
//     written in C take for the end of the string.
//   - "encoded-crlf" (§7.2): "%0D" or "%0A" in any component, delimiters
//     of line-based protocols; they must stay encoded on the wire.
//   - "double-encoding": "%25" followed by two hex digits, an escaped
//     escape such as "%252F", which a second decoding would turn into "/".
func (u URI) SecurityWarnings() []Warning {
	var ws []Warning
	ws = hostWarnings(ws, u.Host)
	ws = scriptWarnings(ws, u.Host)
	ws = userinfoWarnings(ws, u)
	ws = portWarnings(ws, u)
	ws = escapeWarnings(ws, u)
	return ws
}

// HostAddr returns the IP address the host of u stands for: an IPv6 or
// IPv4 literal (§3.2.2, zone included), or a reg-name that inet_aton(3)
// or a browser reads as an IPv4 address ("0x7f.1", "2130706433",
// "%31%32%37.0.0.1"). RFC 3986 §7.4 asks that access filters compare
// this value, never the host string. An IPv4-mapped IPv6 address is
// returned as written; call Unmap to compare it with IPv4 addresses.
func (u URI) HostAddr() (netip.Addr, bool) {
	h := u.Host
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		literal, err := Unescape(h[1 : len(h)-1]) // "%25" introduces a zone (RFC 6874)
		if err != nil {
			return netip.Addr{}, false
		}
		addr, err := netip.ParseAddr(literal)
		return addr, err == nil && addr.Is6()
	}
	h, ok := resolverHost(h)
	if !ok {
		return netip.Addr{}, false
	}
	addr, _, ok := parseInetAton(h)
	return addr, ok
}

// resolverHost returns a reg-name as a resolver sees it: decoded and in
// lowercase. ok is false for a bad escape.
func resolverHost(host string) (h string, ok bool) {
	if strings.IndexByte(host, '%') >= 0 {
		dec, err := Unescape(host)
		if err != nil {
			return "", false
		}
		host = dec
	}
	return strings.ToLower(host), true
}

// Forms of an IPv4 address other than dotted decimal, as read by
// inet_aton(3) and by WHATWG URL parsers.
const (
	formDword = 1 << iota
	formShort
	formOctal
	formHex
	formTrailingDot
)

// hostWarnings adds the §7.4 warnings about a reg-name host.
func hostWarnings(ws []Warning, host string) []Warning {
	if host == "" || host[0] == '[' {
		return ws
	}
	if isIPv4(host) {
		return ws
	}
	h, ok := resolverHost(host)
	if !ok {
		return ws
	}
	addr, forms, ok := parseInetAton(h)
	if !ok {
		if h != "" && strings.Trim(h, "0123456789.") == "" && strings.Trim(h, ".") != "" {
			ws = append(ws, Warning{"numeric-reg-name",
				"host " + strconv.Quote(host) + " looks numeric but is no ipv4 address; resolvers disagree about it"})
		}
		return ws
	}
	read := "host " + strconv.Quote(host) + " is read as " + addr.String()
	for _, f := range []struct {
		form int
		code string
		how  string
	}{
		{formDword, "ipv4-dword", "a single 32-bit number"},
		{formShort, "ipv4-short", "fewer than four parts, the last filling the remaining bytes"},
		{formOctal, "ipv4-octal", "a part with a leading 0 is octal"},
		{formHex, "ipv4-hex", "a part with a leading 0x is hexadecimal"},
		{formTrailingDot, "ipv4-trailing-dot", "browsers ignore the trailing dot"},
	} {
		if forms&f.form != 0 {
			ws = append(ws, Warning{f.code, read + " (" + f.how + ")"})
		}
	}
	if strings.IndexByte(host, '%') >= 0 {
		ws = append(ws, Warning{"ipv4-encoded", read + " (percent-encoded)"})
	}
	return ws
}

// scriptWarnings adds the "mixed-script" warning about an internationalized
// host whose labels are not each of one script (restrictiveScripts).
func scriptWarnings(ws []Warning, host string) []Warning {
	if lastIndexFold(host, "xn--") < 0 {
		return ws
	}
	u, err := idnaProfile.ToUnicode(strings.ToLower(host))
	if err != nil {
		return ws
	}
	for _, label := range strings.Split(u, ".") {
		if !restrictiveScripts(label) {
			return append(ws, Warning{"mixed-script", "host " + strconv.Quote(host) + " is " + strconv.Quote(u) +
				", whose label " + strconv.Quote(label) + " mixes scripts: letters that look alike may stand for others (UTS #39)"})
		}
	}
	return ws
}

// parseInetAton reads h as inet_aton(3) does: one to four parts separated
// by '.', each decimal, octal (leading "0") or hexadecimal (leading "0x"),
// the last part filling all the bytes left. Like WHATWG URL parsers it
// also takes one trailing dot. h must be lowercase.
func parseInetAton(h string) (addr netip.Addr, forms int, ok bool) {
	if h == "" || strings.Trim(h, "0123456789abcdefx.") != "" {
		return addr, 0, false // the common case, a name, without allocating
	}
	if strings.HasSuffix(h, ".") {
		h = h[:len(h)-1]
		forms |= formTrailingDot
	}
	if h == "" {
		return addr, 0, false
	}
	parts := strings.Split(h, ".")
	if len(parts) > 4 {
		return addr, 0, false
	}
	var v uint64
	for i, p := range parts {
		base := uint64(10)
		switch {
		case strings.HasPrefix(p, "0x"):
			base, p = 16, p[2:]
			forms |= formHex
		case len(p) > 1 && p[0] == '0':
			base, p = 8, p[1:]
			forms |= formOctal
		case p == "":
			return addr, 0, false
		}
		var n uint64
		for j := 0; j < len(p); j++ {
			d := uint64(hexValue(p, j))
			if d >= base { // also the -1 of a non-hex byte
				return addr, 0, false
			}
			if n = n*base + d; n > 0xFFFFFFFF {
				return addr, 0, false
			}
		}
		// Each part but the last is one byte; the last fills the rest.
		limit := uint64(0xFF)
		if i == len(parts)-1 {
			limit = 1<<(8*(5-len(parts))) - 1
		}
		if n > limit {
			return addr, 0, false
		}
		if i == len(parts)-1 {
			v = v<<(8*(5-len(parts))) | n
		} else {
			v = v<<8 | n
		}
	}
	switch len(parts) {
	case 1:
		forms |= formDword
	case 2, 3:
		forms |= formShort
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), forms, true
}

// userinfoWarnings adds the §7.5 and §7.6 warnings about the userinfo.
func userinfoWarnings(ws []Warning, u URI) []Warning {
	if u.Userinfo == "" {
		return ws
	}
	authority := u.Host
	if h, ok := resolverHost(u.Host); ok && strings.IndexByte(u.Host, '%') >= 0 {
		authority = h // "www.example.com", not "%77%77%77.example.com"
	}
	ws = append(ws, Warning{"userinfo-present",
		"userinfo " + strconv.Quote(u.Userinfo) + " comes before the host; the authority is " + authority})
	if strings.IndexByte(u.Userinfo, ':') >= 0 {
		ws = append(ws, Warning{"userinfo-password",
			"userinfo holds a password (user:password), which is deprecated and public to all who see the uri"})
	}
	if fake := hostInUserinfo(u.Userinfo); fake != "" {
		ws = append(ws, Warning{"userinfo-host",
			"authority is " + authority + ", not " + fake + " as the userinfo suggests"})
	}
	return ws
}

// publicSuffix is the public suffix list hostInUserinfo consults, nil
// until RegisterPublicSuffix sets it.
var publicSuffix func(domain string) (suffix string, icann bool)

// RegisterPublicSuffix makes SecurityWarnings tell domain names in the
// userinfo by the public suffix list f, which has the signature of
// golang.org/x/net/publicsuffix.PublicSuffix. Call it from an init
// function; importing package github.com/urix/urix/uri/psl does. Package
// uri leaves the list out because it brings net/http along, three times
// the packages uri needs otherwise.
func RegisterPublicSuffix(f func(domain string) (suffix string, icann bool)) {
	publicSuffix = f
}

// RegisteredPublicSuffix returns the list RegisterPublicSuffix set, or nil,
// for the packages that consult the same list (delimit's abbreviated URIs).
func RegisteredPublicSuffix() func(domain string) (suffix string, icann bool) {
	return publicSuffix
}

// hostInUserinfo returns the first run of the decoded userinfo that reads
// as an IPv4 address, or that begins with a domain name under a public
// suffix run by ICANN ("www.example.com", "www.bank.com-login", not
// "john.smith"), or "". The longest such name is returned. Domain names
// are looked for only when a list is registered (RegisterPublicSuffix).
func hostInUserinfo(userinfo string) string {
	dec, err := Unescape(userinfo)
	if err != nil {
		dec = userinfo
	}
	notHostByte := func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '.' || r == '-')
	}
	for _, tok := range strings.FieldsFunc(dec, notHostByte) {
		tok = strings.Trim(tok, ".-")
		if strings.IndexByte(tok, '.') < 0 {
			continue
		}
		lower := strings.ToLower(tok)
		if _, _, ok := parseInetAton(lower); ok {
			return tok
		}
		if publicSuffix == nil {
			continue
		}
		// The longest prefix ending before a '.' or '-', or at the end.
		for end := len(lower); end > 0; end-- {
			if end < len(lower) && lower[end] != '.' && lower[end] != '-' {
				continue
			}
			name := lower[:end]
			if strings.IndexByte(name, '.') < 0 {
				continue
			}
			if suffix, icann := publicSuffix(name); icann && suffix != name {
				return tok[:end]
			}
		}
	}
	return ""
}

// wellKnownPorts names the services whose ports a URI can misuse
// (§7.2): the default ports of the schemes, and the mail, name and shell
// services crafted URIs have been aimed at.
var wellKnownPorts = map[uint64]string{
	21: "ftp", 22: "ssh", 23: "telnet", 25: "smtp", 53: "dns", 70: "gopher",
	80: "http", 110: "pop3", 119: "nntp", 143: "imap", 210: "wais",
	443: "https", 465: "smtps", 587: "smtp submission", 993: "imaps",
	995: "pop3s", 1525: "prospero", 6667: "irc",
}

// portWarnings adds the §7.2 warnings about the port.
func portWarnings(ws []Warning, u URI) []Warning {
	if u.Port == "" {
		return ws
	}
	scheme := strings.ToLower(u.Scheme)
	def := defaultPort(scheme)
	if def == "" {
		return ws
	}
	port, err := strconv.ParseUint(u.Port, 10, 64)
	if err != nil { // too many digits: surely not the default
		port = 1 << 32
	}
	if strconv.FormatUint(port, 10) == def {
		return ws
	}
	msg := "port " + u.Port + " is not the default port " + def + " of " + scheme
	if port < 1024 {
		msg += ", and lies in the reserved range below 1024"
	}
	ws = append(ws, Warning{"port-nondefault", msg})
	if service, ok := wellKnownPorts[port]; ok {
		ws = append(ws, Warning{"port-cross-protocol",
			"port " + u.Port + " is the well-known port of " + service + ", not of " + scheme})
	}
	return ws
}

// escapeCodes are the warnings about dangerous percent-encodings, in the
// order escapeKind numbers them.
var escapeCodes = [...]struct{ code, what string }{
	{"encoded-nul", "an encoded nul (%00)"},
	{"encoded-crlf", "an encoded cr or lf (%0D, %0A), which must not be decoded before transmission"},
	{"double-encoding", "an escaped escape (%25 and two hex digits) that a second decoding would turn into another character"},
}

// escapeKind returns the index in escapeCodes of the escape at s[i], or -1.
func escapeKind(s string, i int) int {
	hi, lo := hexValue(s, i+1), hexValue(s, i+2)
	switch {
	case hi == 0 && lo == 0:
		return 0
	case hi == 0 && (lo == 0xD || lo == 0xA):
		return 1
	case hi == 2 && lo == 5 && hexValue(s, i+3) >= 0 && hexValue(s, i+4) >= 0:
		return 2
	}
	return -1
}

// escapeWarnings adds the warnings about dangerous percent-encodings,
// naming the first component that holds each.
func escapeWarnings(ws []Warning, u URI) []Warning {
	var where [len(escapeCodes)]string
	for _, p := range [...]struct{ name, s string }{
		{"userinfo", u.Userinfo}, {"host", u.Host}, {"path", u.Path},
		{"query", u.Query}, {"fragment", u.Fragment},
	} {
		for i := strings.IndexByte(p.s, '%'); i >= 0; {
			if k := escapeKind(p.s, i); k >= 0 && where[k] == "" {
				where[k] = p.name
			}
			next := strings.IndexByte(p.s[i+1:], '%')
			if next < 0 {
				break
			}
			i += 1 + next
		}
	}
	for k, c := range escapeCodes {
		if where[k] != "" {
			ws = append(ws, Warning{c.code, "the " + where[k] + " holds " + c.what})
		}
	}
	return ws
}
