package base

import (
	"strings"

	"github.com/urix/urix/internal/ascii"
)

// encodeUserinfo returns the authority (without its "//") with the
// characters RFC 3986 §3.2.1 does not allow in its userinfo, the part
// before the last '@', percent-encoded as UTF-8: an earlier '@', '[', ']'
// and the characters allowed nowhere (space, '|', '{', ...). The WHATWG
// URL parser (§4.4, authority state) encodes them so too; the host is
// left as it is.
func encodeUserinfo(auth string) string {
	at := strings.LastIndexByte(auth, '@')
	if at < 0 {
		return auth
	}
	var sb strings.Builder
	for i := 0; i < at; i++ {
		c := auth[i]
		if c == '%' && i+2 < at && ascii.IsHex(auth[i+1]) && ascii.IsHex(auth[i+2]) ||
			c < 0x80 && allowed[c] && !strings.ContainsRune("/?#[]@", rune(c)) {
			sb.WriteByte(c)
			continue
		}
		sb.WriteByte('%')
		sb.WriteByte(ascii.UpperHex[c>>4])
		sb.WriteByte(ascii.UpperHex[c&15])
	}
	sb.WriteString(auth[at:])
	return sb.String()
}
