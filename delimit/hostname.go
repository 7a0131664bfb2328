package delimit

import "strconv"

// hasUnderscore reports whether host holds '_': then hostWarning has a
// warning about it. It is the test of every match: it inlines.
func hasUnderscore(host string) bool {
	for i := 0; i < len(host); i++ {
		if host[i] == '_' {
			return true
		}
	}
	return false
}

// hostWarning returns the warning about a reg-name host that RFC 3986
// allows (§3.2.2) but host names may not hold (RFC 1123 §2.1): an
// underscore, as in "a_b.example.com" or the service labels of SRV
// records ("_sip._tcp.example.com"). Resolvers and browsers may refuse
// them; the URI is reported all the same.
func hostWarning(host string) string {
	return "host-name: " + strconv.Quote(host) + " holds '_', which RFC 1123 host names may not; resolvers and browsers may refuse it"
}

// withHostWarning returns the warnings of a match, its repair warning w
// (if any) and hostWarning's about its host when underscore says that the
// host holds '_' (schemeRule, hasUnderscore): every style of match words
// it so.
func withHostWarning(w, host string, underscore bool) []string {
	ws := addWarning(nil, w)
	if underscore {
		ws = addWarning(ws, hostWarning(host))
	}
	return ws
}

// addWarning adds the warning w, if any, to the warnings ws.
func addWarning(ws []string, w string) []string {
	if w == "" {
		return ws
	}
	return append(ws, w)
}
