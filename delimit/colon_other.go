//go:build !amd64 || purego

package delimit

import "bytes"

// fusedColon tells that indexColon counts line breaks and passes over the
// colons noURIAfter rules out: only the AVX2 search does (colon_amd64.s).
const fusedColon = false

// indexColon returns the index of the first ':' in b[p:], or -1.
func indexColon(b []byte, p int) (i, lines int) {
	if i = bytes.IndexByte(b[p:], ':'); i >= 0 {
		i += p
	}
	return i, 0
}
