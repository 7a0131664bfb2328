package uri

import (
	"strconv"
	"strings"

	"github.com/urix/urix/internal/ascii"
)

// SchemeWarnings checks u against the scheme-specific syntax of RFC 1738
// (§3.1–§3.11 and the BNF of §5) for the schemes it defines: ftp, http,
// gopher, mailto, news, nntp, telnet, wais, file and prospero, the scheme
// name compared without case. Other schemes get no warnings. A breach is a
// warning, not an error: later RFCs relaxed several of these rules, and the
// URI stays valid under RFC 3986.
//
// The url-path of RFC 1738 runs to the end of the URL, so for ftp, gopher,
// news, nntp, file and prospero a query is checked as part of the path
// ('?' is a path character there). Fragments are not part of an RFC 1738
// URL and are never checked; neither are mailto header fields (RFC 6068).
// RFC 2732 IPv6 literals are accepted as hosts.
//
// Codes, each prefixed by the scheme name ("ftp-host", "nntp-article"):
//
//   - "-host": no authority, an empty host, or a host that is neither a
//     domain name nor a dotted-decimal address (§3.1, §5 hostport). For
//     file, also a userinfo or a port.
//   - "-port": a ':' with no port digits (§5 port = 1*digit).
//   - "-userinfo": a user name or password where the scheme allows none
//     (http, gopher, nntp, wais, prospero), or one that breaks the
//     user/password syntax of §3.1 (ftp, telnet).
//   - "ftp-path", "ftp-type": a character outside fsegment (a raw ';' is
//     only allowed in ";type="), a type code other than a, i or d (§3.2).
//   - "http-path", "http-search": a character outside hsegment or search,
//     where '/', ';' and '?' are reserved (§3.3).
//   - "gopher-path", "gopher-type", "gopher-selector": a character
//     outside xchar, a search ("%09") with no gophertype before it, or a
//     selector holding an encoded CR or LF (§3.4).
//   - "mailto-address": an authority, or a path that is not one RFC 822
//     addr-spec (§3.5).
//   - "news-authority", "news-group", "news-article": news has no authority;
//     the target is "*", a group name, or a message-id without '<' '>' (§3.6).
//   - "nntp-group", "nntp-article": "/group" is required, then at most
//     "/digits" (§3.7).
//   - "telnet-path": anything after the optional "/" (§3.8).
//   - "wais-path", "wais-search": a form other than /database,
//     /database?search and /database/wtype/wpath, or a bad character (§3.9).
//   - "file-authority", "file-path": "file://" is required, then a path
//     starting with '/' (§3.10).
//   - "prospero-path", "prospero-field": a bad hsoname, or a field that is
//     not ";name=value" (§3.11).
func (u URI) SchemeWarnings() []Warning {
	c := schemeCheck{u: u, scheme: strings.ToLower(u.Scheme)}
	switch c.scheme {
	case "ftp":
		c.ftp()
	case "http":
		c.http()
	case "gopher":
		c.gopher()
	case "mailto":
		c.mailto()
	case "news":
		c.news()
	case "nntp":
		c.nntp()
	case "telnet":
		c.telnet()
	case "wais":
		c.wais()
	case "file":
		c.file()
	case "prospero":
		c.prospero()
	}
	return c.ws
}

// schemeCheck collects the warnings of one SchemeWarnings call.
type schemeCheck struct {
	u      URI
	scheme string
	ws     []Warning
}

func (c *schemeCheck) warn(code, msg string) {
	c.ws = append(c.ws, Warning{c.scheme + "-" + code, c.scheme + " uri: " + msg})
}

// RFC 1738 §5 character sets beyond uchar (unreserved | escape), for
// check1738.
const (
	userChars      = ";?&="    // user, password
	fsegmentChars  = "?:@&="   // fsegment (ftp, file), psegment (prospero)
	hsegmentChars  = ";:@&="   // hsegment, search (http), search (wais)
	xcharChars     = ";/?:@&=" // reserved, for xchar (gopher, mailto)
	articleChars   = ";/?:&="  // news article before the '@'
	fieldChars     = "?:@&"    // prospero fieldname, fieldvalue
	groupChars     = "-.+_"    // news group after the first letter
	alnum1738      = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	unreserved1738 = alnum1738 + "$-_.+!*'(),"
)

// check1738 returns the offset of the first byte of s that is neither
// uchar nor in more, or -1. A '%' must start an escape (§2.2).
func check1738(s, more string) int {
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '%' && hexValue(s, i+1) >= 0 && hexValue(s, i+2) >= 0:
			i += 2
		case strings.IndexByte(unreserved1738, ch) >= 0, strings.IndexByte(more, ch) >= 0:
		default:
			return i
		}
	}
	return -1
}

// badChar describes the byte of s at i for a message.
func badChar(what, s string, i int) string {
	return what + " " + strconv.Quote(s) + " has " + strconv.Quote(s[i:i+1]) + " at offset " + strconv.Itoa(i)
}

// urlPath returns the RFC 1738 url-path of u without its leading '/':
// the path and, for schemes whose url-path takes '?', the query.
func (c *schemeCheck) urlPath(withQuery bool) string {
	p := strings.TrimPrefix(c.u.Path, "/")
	if withQuery && c.u.HasQuery {
		p += "?" + c.u.Query
	}
	return p
}

// login checks "//" login (§3.1, §5) and reports whether there is an
// authority to go on with. login says whether user and password may be
// given.
func (c *schemeCheck) login(login bool) bool {
	u := c.u
	if !u.HasAuthority {
		c.warn("host", "no authority: the form is "+c.scheme+"://host/...")
		return false
	}
	switch {
	case u.Host == "":
		c.warn("host", "the host is empty")
	case !is1738Host(u.Host):
		c.warn("host", "host "+strconv.Quote(u.Host)+" is neither a domain name nor a dotted-decimal address")
	}
	if u.HasPort && u.Port == "" {
		c.warn("port", "a ':' without port digits")
	}
	if !u.HasUserinfo {
		return true
	}
	if !login {
		c.warn("userinfo", "no user name or password is allowed")
		return true
	}
	user, password, _ := strings.Cut(u.Userinfo, ":")
	if i := check1738(user, userChars); i >= 0 {
		c.warn("userinfo", badChar("user", user, i))
	} else if i := check1738(password, userChars); i >= 0 {
		c.warn("userinfo", badChar("password", password, i))
	}
	return true
}

// is1738Host reports whether h is a hostname or hostnumber of RFC 1738
// §5, or an RFC 2732 IP literal.
func is1738Host(h string) bool {
	if strings.HasPrefix(h, "[") {
		return true
	}
	labels := strings.Split(h, ".")
	if len(labels) == 4 && strings.Trim(h, "0123456789.") == "" {
		ok := true
		for _, l := range labels {
			ok = ok && l != ""
		}
		if ok {
			return true // hostnumber = digits "." digits "." digits "." digits
		}
	}
	for i, l := range labels {
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' ||
			strings.Trim(l, alnum1738+"-") != "" {
			return false
		}
		if i == len(labels)-1 && strings.IndexByte(alnum1738[:10], l[0]) >= 0 {
			return false // toplabel starts with alpha
		}
	}
	return true
}

// ftp checks ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]].
func (c *schemeCheck) ftp() {
	if !c.login(true) {
		return
	}
	p := c.urlPath(true)
	if i := lastIndexFold(p, ";type="); i >= 0 {
		switch t := p[i+len(";type="):]; t {
		case "a", "i", "d", "A", "I", "D":
		default:
			c.warn("type", "type code "+strconv.Quote(t)+" is not one of a, i, d")
		}
		p = p[:i]
	}
	if i := check1738(p, fsegmentChars+"/"); i >= 0 {
		c.warn("path", badChar("path", p, i)+" (a raw ';' only starts \";type=\")")
	}
}

// lastIndexFold is strings.LastIndex for a lowercase ASCII sep, ignoring
// the case of s.
func lastIndexFold(s, sep string) int {
	for i := len(s) - len(sep); i >= 0; i-- {
		if ascii.EqualFold(s[i:i+len(sep)], sep) {
			return i
		}
	}
	return -1
}

// http checks httpurl = "http://" hostport [ "/" hpath [ "?" search ]].
func (c *schemeCheck) http() {
	if !c.login(false) {
		return
	}
	p := c.urlPath(false)
	if i := check1738(p, hsegmentChars+"/"); i >= 0 {
		c.warn("path", badChar("path", p, i))
	}
	if i := check1738(c.u.Query, hsegmentChars); i >= 0 {
		c.warn("search", badChar("search", c.u.Query, i))
	}
}

// gopher checks gopherurl = "gopher://" hostport [ "/" [ gtype [ selector
// [ "%09" search [ "%09" gopher+_string ]]]]], each part *xchar, and that
// the decoded selector holds no CR or LF (§3.4.1).
func (c *schemeCheck) gopher() {
	if !c.login(false) {
		return
	}
	p := c.urlPath(true)
	if i := check1738(p, xcharChars); i >= 0 {
		c.warn("path", badChar("gopher path", p, i))
		return
	}
	selector := p
	if i := strings.Index(p, "%09"); i >= 0 {
		selector = p[:i]
		if selector == "" {
			c.warn("type", "a gophertype character must come before the %09 of a search")
		}
	}
	if dec, err := Unescape(selector); err == nil && strings.ContainsAny(dec, "\r\n") {
		c.warn("selector", "selector "+strconv.Quote(selector)+" holds an encoded cr or lf")
	}
}

// mailto checks mailtourl = "mailto:" encoded822addr, one RFC 822
// addr-spec (§3.5).
func (c *schemeCheck) mailto() {
	u := c.u
	if u.HasAuthority {
		c.warn("address", "no \"//\" authority is allowed; the form is mailto:user@host")
		return
	}
	if i := check1738(u.Path, xcharChars); i >= 0 {
		c.warn("address", badChar("address", u.Path, i))
		return
	}
	addr, err := Unescape(u.Path)
	if err != nil || !isAddrSpec(addr) {
		c.warn("address", strconv.Quote(addr)+" is not one rfc 822 addr-spec (local-part@domain)")
	}
}

// news checks newsurl = "news:" grouppart, grouppart = "*" | group |
// article (§3.6, §5).
func (c *schemeCheck) news() {
	u := c.u
	if u.HasAuthority {
		c.warn("authority", "news uris are location-independent and have no \"//\" authority")
		return
	}
	p := u.Path
	if u.HasQuery {
		p += "?" + u.Query
	}
	at := strings.LastIndexByte(p, '@')
	switch {
	case p == "*":
	case at >= 0:
		id, host := p[:at], p[at+1:]
		dec, _ := Unescape(p)
		switch {
		case strings.ContainsAny(dec, "<>"):
			c.warn("article", "the message-id "+strconv.Quote(dec)+" must be written without '<' '>'")
		case id == "":
			c.warn("article", "the message-id has nothing before the '@'")
		case check1738(id, articleChars) >= 0:
			c.warn("article", badChar("message-id", id, check1738(id, articleChars)))
		case !is1738Host(host) || strings.HasPrefix(host, "["):
			c.warn("article", "message-id host "+strconv.Quote(host)+" is not a domain name or dotted-decimal address")
		}
	case !isNewsGroup(p):
		c.warn("group", "newsgroup name "+strconv.Quote(p)+" must be a letter followed by letters, digits and - . + _")
	}
}

// isNewsGroup reports whether s is group = alpha *[ alpha | digit | "-" |
// "." | "+" | "_" ] (§5).
func isNewsGroup(s string) bool {
	return s != "" && strings.IndexByte(alnum1738[10:], s[0]) >= 0 &&
		strings.Trim(s, alnum1738+groupChars) == ""
}

// nntp checks nntpurl = "nntp://" hostport "/" group [ "/" digits ] (§3.7).
func (c *schemeCheck) nntp() {
	if !c.login(false) {
		return
	}
	group, article, hasArticle := strings.Cut(c.urlPath(true), "/")
	if !isNewsGroup(group) {
		c.warn("group", "newsgroup name "+strconv.Quote(group)+" must be a letter followed by letters, digits and - . + _")
	}
	if hasArticle && (article == "" || strings.Trim(article, alnum1738[:10]) != "") {
		c.warn("article", "article number "+strconv.Quote(article)+" is not digits")
	}
}

// telnet checks telneturl = "telnet://" login [ "/" ] (§3.8).
func (c *schemeCheck) telnet() {
	if !c.login(true) {
		return
	}
	if (c.u.Path != "" && c.u.Path != "/") || c.u.HasQuery {
		c.warn("path", "nothing may follow the host but an optional \"/\"")
	}
}

// wais checks waisurl = waisdatabase | waisindex | waisdoc: "wais://"
// hostport "/" database [ "?" search | "/" wtype "/" wpath ] (§3.9).
func (c *schemeCheck) wais() {
	if !c.login(false) {
		return
	}
	u := c.u
	parts := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
	switch {
	case !strings.HasPrefix(u.Path, "/"):
		c.warn("path", "a \"/database\" is required")
		return
	case len(parts) != 1 && len(parts) != 3:
		c.warn("path", "the path is /database, /database?search or /database/wtype/wpath, not "+strconv.Quote(u.Path))
		return
	case len(parts) == 3 && u.HasQuery:
		c.warn("search", "a search may follow /database only, not /database/wtype/wpath")
	}
	for _, p := range parts {
		if i := check1738(p, ""); i >= 0 {
			c.warn("path", badChar("path part", p, i))
			break
		}
	}
	if i := check1738(u.Query, hsegmentChars); i >= 0 {
		c.warn("search", badChar("search", u.Query, i))
	}
}

// file checks fileurl = "file://" [ host | "localhost" ] "/" fpath (§3.10).
func (c *schemeCheck) file() {
	u := c.u
	if !u.HasAuthority {
		c.warn("authority", "the form is file://host/path, with an empty host for this machine")
		return
	}
	switch {
	case u.HasUserinfo || u.HasPort:
		c.warn("host", "no user name, password or port is allowed")
	case u.Host != "" && !is1738Host(u.Host):
		c.warn("host", "host "+strconv.Quote(u.Host)+" is neither a domain name nor a dotted-decimal address")
	}
	if !strings.HasPrefix(u.Path, "/") {
		c.warn("path", "a path starting with \"/\" is required after the host")
		return
	}
	if p := c.urlPath(true); check1738(p, fsegmentChars+"/") >= 0 {
		c.warn("path", badChar("path", p, check1738(p, fsegmentChars+"/")))
	}
}

// prospero checks prosperourl = "prospero://" hostport "/" ppath
// *[ ";" fieldname "=" fieldvalue ] (§3.11).
func (c *schemeCheck) prospero() {
	if !c.login(false) {
		return
	}
	if !strings.HasPrefix(c.u.Path, "/") {
		c.warn("path", "a \"/hsoname\" is required")
		return
	}
	ppath, fields, hasFields := strings.Cut(c.urlPath(true), ";")
	if i := check1738(ppath, fsegmentChars+"/"); i >= 0 {
		c.warn("path", badChar("hsoname", ppath, i))
	}
	if !hasFields {
		return
	}
	for _, f := range strings.Split(fields, ";") {
		name, value, ok := strings.Cut(f, "=")
		if !ok || check1738(name, fieldChars) >= 0 || check1738(value, fieldChars) >= 0 {
			c.warn("field", "field "+strconv.Quote(f)+" is not name=value")
			return
		}
	}
}

// isAddrSpec reports whether s is an RFC 822 §6.1 addr-spec =
// local-part "@" domain, written without comments or folding white space.
func isAddrSpec(s string) bool {
	rest, ok := skipWords(s, true)
	if !ok || rest == "" || rest[0] != '@' {
		return false
	}
	rest, ok = skipWords(rest[1:], false)
	return ok && rest == ""
}

// skipWords skips a local-part (word *("." word)) or, when local is
// false, a domain (sub-domain *("." sub-domain)) at the start of s.
func skipWords(s string, local bool) (rest string, ok bool) {
	for {
		switch {
		case s == "":
			return s, false
		case s[0] == '"' && local:
			s, ok = skipQuoted(s, '"', '"')
		case s[0] == '[' && !local:
			s, ok = skipQuoted(s, '[', ']')
		default:
			n := 0
			for n < len(s) && isAtomChar(s[n]) {
				n++
			}
			s, ok = s[n:], n > 0
		}
		if !ok {
			return s, false
		}
		if s == "" || s[0] != '.' {
			return s, true
		}
		s = s[1:]
	}
}

// skipQuoted skips a quoted-string or domain-literal: open, then text
// and quoted-pairs, then close (RFC 822 §3.3).
func skipQuoted(s string, open, close byte) (string, bool) {
	for i := 1; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '\\':
			i++
		case ch == close:
			return s[i+1:], true
		case ch == '\r' || ch >= 0x80 || ch == open && open != close:
			return s, false
		}
	}
	return s, false
}

// isAtomChar reports whether c is an RFC 822 atom character: any ASCII
// CHAR but specials, space and controls.
func isAtomChar(c byte) bool {
	return c > ' ' && c < 0x7F && strings.IndexByte(`()<>@,;:\".[]`, c) < 0
}
