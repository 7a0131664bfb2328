//go:build !purego

package delimit

import (
	"bytes"

	"golang.org/x/sys/cpu"
)

// fusedColon tells that indexColon counts the line breaks it passes and
// passes over the colons noURIAfter rules out: with AVX2 it reads the text
// once for both, where bytes.IndexByte and bytes.Count read it twice.
var fusedColon = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT

// indexColon returns the index of the first ':' in b[p:], or -1. When
// fusedColon holds, that is the first ':' noURIAfter does not rule out,
// and lines is the number of '\n' in b[p:] before it (in all of b[p:] when
// there is none).
func indexColon(b []byte, p int) (i, lines int) {
	if fusedColon {
		return indexColonAVX2(b, p)
	}
	if i = bytes.IndexByte(b[p:], ':'); i >= 0 {
		i += p
	}
	return i, 0
}

// indexColonAVX2 is indexColon when fusedColon holds (colon_amd64.s).
//
//go:noescape
func indexColonAVX2(b []byte, p int) (i, lines int)
