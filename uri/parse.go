package uri

import "strings"

//go:generate go run gen_chartab.go

// Parse parses s as a URI-reference (RFC 3986 §4.1) following the ABNF of
// Appendix A to the letter: a URI when s starts with a valid scheme and ':',
// otherwise a relative-ref (§4.2), whose first path segment may then not
// contain ':' (path-noscheme). Components are substrings of s, kept as
// written; nothing is decoded. Hosts are reg-names, IPv4 addresses, or IP
// literals holding an IPv6 address (every form of §3.2.2, with an optional
// RFC 6874 zone ID written "%25zone") or an IPvFuture.
//
// On failure the error is an *Error whose Offset is the byte offset of the
// first character that cannot continue any valid URI reference (len(s) when
// s ends too early), and whose Err is one of the Err* sentinels: for
// instance ErrInvalidEscape for "%" not followed by two hex digits, or
// ErrInvalidCharacter for a byte that may not appear in a URI at all.
func Parse(s string) (u URI, err error) {
	// Small enough to be inlined: u is then the caller's, filled in place
	// and not copied on the way.
	err = parseInto(s, &u)
	return u, err
}

// parseInto is Parse into *u, which it leaves zero on failure.
func parseInto(s string, u *URI) error {
	off, err := parse(s, u)
	if err != nil {
		*u = URI{}
		return &Error{Op: "parse", Input: s, Offset: off, Err: err}
	}
	return nil
}

// SchemeOf returns the scheme s begins with (RFC 3986 §3.1: ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." ) followed by ":"), or "" when it
// begins with none. It looks no further than the ':', so it also serves
// for text that is not a valid reference, such as an attribute value
// before a browser's repairs.
func SchemeOf(s string) string {
	if len(s) >= 6 && s[:4] == "http" {
		// Most links, told without the loop.
		if s[4] == ':' {
			return s[:4]
		}
		if s[4] == 's' && s[5] == ':' {
			return s[:5]
		}
	}
	if len(s) == 0 || charClass[s[0]]&classAlpha == 0 {
		return ""
	}
	i := 1
	for i < len(s) && charClass[s[i]]&classScheme != 0 {
		i++
	}
	if i < len(s) && s[i] == ':' {
		return s[:i]
	}
	return ""
}

// parse fills u from s and returns the offset and reason of the first
// error, if any.
func parse(s string, u *URI) (int, error) {
	p := 0
	if u.Scheme = SchemeOf(s); u.Scheme != "" {
		p = len(u.Scheme) + 1
	}

	if len(s)-p >= 2 && s[p] == '/' && s[p+1] == '/' {
		u.HasAuthority = true
		end, off, err := parseAuthority(s, p+2, u)
		if err != nil {
			return off, err
		}
		p = end
	}

	start := p
	if u.Scheme == "" && !u.HasAuthority {
		// path-noscheme: a ':' here would have to end a scheme (§4.2).
		end, bad := scan(s, p, classSegmentNc)
		if bad >= 0 {
			return bad, ErrInvalidEscape
		}
		if end < len(s) && s[end] == ':' {
			return end, ErrInvalidScheme
		}
		p = end
	}
	end, bad := scan(s, p, classPath)
	if bad >= 0 {
		return bad, ErrInvalidEscape
	}
	u.Path = s[start:end]
	p = end
	if p < len(s) && s[p] != '?' && s[p] != '#' {
		return p, charErr(s[p], ErrInvalidPath)
	}

	if p < len(s) && s[p] == '?' {
		end, bad := scan(s, p+1, classQuery)
		if bad >= 0 {
			return bad, ErrInvalidEscape
		}
		u.HasQuery = true
		u.Query = s[p+1 : end]
		p = end
		if p < len(s) && s[p] != '#' {
			return p, charErr(s[p], ErrInvalidQuery)
		}
	}
	if p < len(s) {
		end, bad := scan(s, p+1, classFragment)
		if bad >= 0 {
			return bad, ErrInvalidEscape
		}
		u.HasFragment = true
		u.Fragment = s[p+1 : end]
		if end < len(s) {
			return end, charErr(s[end], ErrInvalidFragment)
		}
	}
	return 0, nil
}

// charErr returns ErrInvalidCharacter for a byte that may not appear in a
// URI at all, and err for one that may, but not where it stands.
func charErr(c byte, err error) error {
	if charClass[c]&(classUnreserved|classReserved) == 0 && c != '%' {
		return ErrInvalidCharacter
	}
	return err
}

// scan returns the end of the run of characters of class cls and
// pct-encoded triplets that starts at s[i]. If a '%' in the run is not
// followed by two hex digits, bad is the offset of the first byte that
// should have been one; otherwise bad is -1. cls is one class (one bit).
func scan(s string, i int, cls uint16) (end, bad int) {
	for i < len(s) {
		// Eight bytes a round while they all belong, then four: runs
		// are long. (A slice of s that shrinks needs no bounds checks.)
		r := s[i:]
		for len(r) >= 8 && charClass[r[0]]&charClass[r[1]]&charClass[r[2]]&charClass[r[3]]&
			charClass[r[4]]&charClass[r[5]]&charClass[r[6]]&charClass[r[7]]&cls != 0 {
			r = r[8:]
		}
		if len(r) >= 4 && charClass[r[0]]&charClass[r[1]]&charClass[r[2]]&charClass[r[3]]&cls != 0 {
			r = r[4:]
		}
		i = len(s) - len(r)
		// The run ends, or has a '%', within four bytes.
		for i < len(s) && charClass[s[i]]&cls != 0 {
			i++
		}
		if i == len(s) || s[i] != '%' {
			break
		}
		if bad := badEscape(s, i); bad >= 0 {
			return i, bad
		}
		i += 3
	}
	return i, -1
}

// badEscape checks the pct-encoded triplet at s[i] (§2.1) and returns the
// offset of its first bad byte, or -1 if it is well formed.
func badEscape(s string, i int) int {
	if i+1 >= len(s) || charClass[s[i+1]]&classHexdig == 0 {
		return i + 1
	}
	if i+2 >= len(s) || charClass[s[i+2]]&classHexdig == 0 {
		return i + 2
	}
	return -1
}

// parseAuthority parses authority = [ userinfo "@" ] host [ ":" port ]
// (§3.2) starting at s[i] into u and returns where it ends.
func parseAuthority(s string, i int, u *URI) (end, off int, err error) {
	// Most authorities are a reg-name alone (an IPv4address is one too):
	// the path, query, fragment or end comes right after it.
	if h, bad := scan(s, i, classRegName); bad < 0 && (h == len(s) || s[h] == '/' || s[h] == '?' || s[h] == '#') {
		u.Host = s[i:h]
		return h, 0, nil
	}
	// Whether the authority has a userinfo is known only at the '@', so
	// scan for one first; a failed host may still be the start of one.
	ui, bad := scan(s, i, classUserinfo)
	if bad >= 0 {
		return 0, bad, ErrInvalidEscape
	}
	h := i
	switch {
	case ui < len(s) && s[ui] == '@':
		u.HasUserinfo = true
		u.Userinfo = s[i:ui]
		h = ui + 1
	case ui == len(s) || s[ui] == '/' || s[ui] == '?' || s[ui] == '#':
		// The common case: the whole authority has been scanned, and
		// userinfo characters other than ':' are exactly the reg-name ones.
		a := s[i:ui]
		k := strings.IndexByte(a, ':')
		if k < 0 {
			u.Host = a
			return ui, 0, nil
		}
		if isDigits(a[k+1:]) {
			u.Host, u.Port, u.HasPort = a[:k], a[k+1:], true
			return ui, 0, nil
		}
	}
	end, off, err = parseHostPort(s, h, u)
	if err != nil && !u.HasUserinfo && ui > off {
		// "host:80x" is a valid prefix of "host:80x@h": the input fails
		// only where it can no longer be userinfo either.
		off = ui
		if ui < len(s) {
			err = charErr(s[ui], err)
		}
	}
	return end, off, err
}

// parseHostPort parses host [ ":" port ] (§3.2.2, §3.2.3) starting at
// s[i] into u and returns where it ends.
func parseHostPort(s string, i int, u *URI) (end, off int, err error) {
	p := i
	if p < len(s) && s[p] == '[' {
		p, off, err = parseIPLiteral(s, p)
		if err != nil {
			return 0, off, err
		}
	} else {
		// IPv4address is a subset of reg-name: HostKind tells them apart.
		var bad int
		p, bad = scan(s, p, classRegName)
		if bad >= 0 {
			return 0, bad, ErrInvalidEscape
		}
	}
	u.Host = s[i:p]
	if p < len(s) && s[p] == ':' {
		u.HasPort = true
		q := p + 1
		for q < len(s) && charClass[s[q]]&classDigit != 0 {
			q++
		}
		u.Port = s[p+1 : q]
		p = q
	}
	if p < len(s) && s[p] != '/' && s[p] != '?' && s[p] != '#' {
		if u.HasPort {
			return 0, p, charErr(s[p], ErrInvalidPort)
		}
		return 0, p, charErr(s[p], ErrInvalidHost)
	}
	return p, 0, nil
}

// parseIPLiteral parses IP-literal = "[" ( IPv6address / IPvFuture ) "]"
// (§3.2.2), with the ZoneID of RFC 6874 §2 after an IPv6address, starting
// at the '[' at s[i]. It returns the offset just past the ']'.
func parseIPLiteral(s string, i int) (end, off int, err error) {
	p := i + 1
	var ok bool
	if p < len(s) && (s[p] == 'v' || s[p] == 'V') {
		p, ok = parseIPvFuture(s, p)
	} else {
		p, ok = parseIPv6(s, p)
		if ok && p < len(s) && s[p] == '%' {
			p, ok, err = parseZone(s, p)
			if err != nil {
				return 0, p, err
			}
		}
	}
	if ok && p < len(s) && s[p] == ']' {
		return p + 1, 0, nil
	}
	if p < len(s) {
		return 0, p, charErr(s[p], ErrInvalidHost)
	}
	return 0, p, ErrInvalidHost
}

// parseIPvFuture matches "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
// at s[i]. When ok is false, end is the first byte that cannot continue it.
func parseIPvFuture(s string, i int) (end int, ok bool) {
	p := i + 1
	for p < len(s) && charClass[s[p]]&classHexdig != 0 {
		p++
	}
	if p == i+1 || p >= len(s) || s[p] != '.' {
		return p, false
	}
	p++
	start := p
	for p < len(s) && charClass[s[p]]&classUserinfo != 0 { // the same set as userinfo
		p++
	}
	return p, p > start
}

// parseZone matches "%25" ZoneID, ZoneID = 1*( unreserved / pct-encoded )
// (RFC 6874 §2), at the '%' at s[i]. A raw '%' (RFC 4007 text form) is
// not accepted: RFC 6874 requires it to be percent-encoded.
func parseZone(s string, i int) (end int, ok bool, err error) {
	if i+1 >= len(s) || s[i+1] != '2' {
		return i + 1, false, nil
	}
	if i+2 >= len(s) || s[i+2] != '5' {
		return i + 2, false, nil
	}
	p, bad := scan(s, i+3, classUnreserved)
	if bad >= 0 {
		return bad, false, ErrInvalidEscape
	}
	return p, p > i+3, nil
}

// parseIPv6 matches IPv6address (§3.2.2) at s[i]: eight h16 pieces
// separated by ':', the last two of which may be an IPv4address, or fewer
// pieces with one "::" standing for at least one zero piece. When ok is
// false, end is the first byte that cannot continue an address.
func parseIPv6(s string, i int) (end int, ok bool) {
	pieces := 0     // h16 pieces so far; an embedded IPv4address counts two
	elided := false // "::" seen
	p := i
	if p < len(s) && s[p] == ':' {
		if p+1 >= len(s) || s[p+1] != ':' {
			return p + 1, false
		}
		elided = true
		p += 2
	}
	for {
		start := p
		p = scanH16(s, p)
		if p == start {
			// Only "::" may end an address; a lone ':' needs a piece after.
			if elided && p >= 2 && s[p-1] == ':' && s[p-2] == ':' {
				break
			}
			return p, false
		}
		if elided && pieces == 7 {
			return start, false // "::" must stand for at least one piece
		}
		if p < len(s) && s[p] == '.' {
			if p, ok = parseLS32IPv4(s, start, p, pieces, elided); !ok {
				return p, false
			}
			pieces += 2
			break
		}
		if p < len(s) && charClass[s[p]]&classHexdig != 0 {
			return p, false // a fifth hex digit
		}
		pieces++
		if p >= len(s) || s[p] != ':' {
			break
		}
		if p, elided, ok = ipv6Separator(s, p, pieces, elided); !ok {
			return p, false
		}
	}
	return p, elided && pieces <= 7 || pieces == 8
}

// scanH16 returns the end of the h16 (1*4HEXDIG) at s[i], i when there is
// none.
func scanH16(s string, i int) int {
	p := i
	for p < len(s) && p-i < 4 && charClass[s[p]]&classHexdig != 0 {
		p++
	}
	return p
}

// parseLS32IPv4 matches the IPv4address that ends an IPv6address at
// s[start], whose first dec-octet ends at the '.' at s[dot], after pieces
// h16 pieces (elided: and "::"). It must stand for the two last pieces:
// after exactly six pieces, or at most five and "::".
func parseLS32IPv4(s string, start, dot, pieces int, elided bool) (end int, ok bool) {
	if elided && pieces > 5 || !elided && pieces != 6 || !isDecOctet(s[start:dot]) {
		return dot, false
	}
	return parseIPv4(s, start)
}

// ipv6Separator matches the ':' or "::" at s[p] after pieces h16 pieces
// of an IPv6address (elided: one "::" among them) and returns where the
// next piece starts and whether "::" has been seen. When ok is false, next
// is the first byte that cannot continue the address.
func ipv6Separator(s string, p, pieces int, elided bool) (next int, nowElided, ok bool) {
	if elided && pieces >= 7 || pieces >= 8 {
		return p, elided, false // no room for another piece
	}
	if p+1 < len(s) && s[p+1] == ':' {
		if elided {
			return p + 1, elided, false
		}
		return p + 2, true, true
	}
	return p + 1, elided, true
}

// parseIPv4 matches IPv4address = dec-octet "." dec-octet "." dec-octet "."
// dec-octet (§3.2.2) at s[i]. When ok is false, end is the first byte
// that cannot continue an address.
func parseIPv4(s string, i int) (end int, ok bool) {
	p := i
	for n := 0; n < 4; n++ {
		if n > 0 {
			if p >= len(s) || s[p] != '.' {
				return p, false
			}
			p++
		}
		if p, ok = parseDecOctet(s, p); !ok {
			return p, false
		}
	}
	return p, true
}

// parseDecOctet matches dec-octet (§3.2.2), 0 to 255 without leading
// zeros, at s[i]. When ok is false, end is the first byte that cannot
// continue one.
func parseDecOctet(s string, i int) (end int, ok bool) {
	p := i
	if p >= len(s) || charClass[s[p]]&classDigit == 0 {
		return p, false
	}
	v := int(s[p] - '0')
	p++
	for p < len(s) && charClass[s[p]]&classDigit != 0 {
		if v == 0 {
			return p, false // a leading zero
		}
		v = v*10 + int(s[p]-'0')
		if v > 255 {
			return p, false
		}
		p++
	}
	return p, true
}

// isDigits reports whether s is *DIGIT, as a port is (§3.2.3).
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if charClass[s[i]]&classDigit == 0 {
			return false
		}
	}
	return true
}

// isDecOctet reports whether s is exactly one dec-octet.
func isDecOctet(s string) bool {
	end, ok := parseDecOctet(s, 0)
	return ok && end == len(s)
}

// IsAbs reports whether u is a URI rather than a relative reference, that
// is, whether it has a scheme (§4.1, §4.3). An absolute-URI in the strict
// sense of §4.3 also has no fragment; check HasFragment for that.
func (u URI) IsAbs() bool { return u.Scheme != "" }

// String recomposes u per RFC 3986 §5.3. For any valid s,
// Parse(s).String() == s.
//
// A component counts as present when its Has field is set or it is not
// empty, so a URI written as a struct literal needs no Has fields except
// to keep an empty component.
//
// String never yields a reference that parses back into different
// components: without an authority, a path starting with "//" gets "/." in
// front (else it would read as an authority), and a relative path whose
// first segment holds ':' gets "./" in front (else it would read as a
// scheme), which is how resolving ".//g" against "f:/a" gives "f:/.//g".
// With an authority, a path that does not start with '/' gets one, as the
// merge of §5.2.3 does: path-abempty allows nothing else.
func (u URI) String() string {
	var b strings.Builder
	b.Grow(len(u.Scheme) + len(u.Userinfo) + len(u.Host) + len(u.Port) +
		len(u.Path) + len(u.Query) + len(u.Fragment) + 8)
	if u.Scheme != "" {
		b.WriteString(u.Scheme)
		b.WriteByte(':')
	}
	if u.hasAuthority() {
		b.WriteString("//")
		u.writeAuthority(&b)
		if u.Path != "" && u.Path[0] != '/' {
			b.WriteByte('/')
		}
	} else if strings.HasPrefix(u.Path, "//") {
		b.WriteString("/.")
	} else if u.Scheme == "" && firstSegmentHasColon(u.Path) {
		b.WriteString("./")
	}
	b.WriteString(u.Path)
	if u.HasQuery || u.Query != "" {
		b.WriteByte('?')
		b.WriteString(u.Query)
	}
	if u.HasFragment || u.Fragment != "" {
		b.WriteByte('#')
		b.WriteString(u.Fragment)
	}
	return b.String()
}

// Authority returns the authority of u (§3.2) as written:
// [ userinfo "@" ] host [ ":" port ], or "" when u has none.
func (u URI) Authority() string {
	if !u.hasAuthority() {
		return ""
	}
	var b strings.Builder
	b.Grow(len(u.Userinfo) + len(u.Host) + len(u.Port) + 2)
	u.writeAuthority(&b)
	return b.String()
}

func (u URI) hasAuthority() bool {
	return u.HasAuthority || u.HasUserinfo || u.HasPort ||
		u.Userinfo != "" || u.Host != "" || u.Port != ""
}

func (u URI) writeAuthority(b *strings.Builder) {
	if u.HasUserinfo || u.Userinfo != "" {
		b.WriteString(u.Userinfo)
		b.WriteByte('@')
	}
	b.WriteString(u.Host)
	if u.HasPort || u.Port != "" {
		b.WriteByte(':')
		b.WriteString(u.Port)
	}
}

func firstSegmentHasColon(path string) bool {
	if i := strings.IndexByte(path, '/'); i >= 0 {
		path = path[:i]
	}
	return strings.IndexByte(path, ':') >= 0
}

// MarshalText returns u.String(), so a URI encodes as a JSON string.
func (u URI) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText parses text with Parse.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}
