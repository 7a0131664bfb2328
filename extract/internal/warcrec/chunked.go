package warcrec

import (
	"bytes"
	"sort"
	"strconv"
)

// ChunkMap maps an offset in an HTTP body sent with Transfer-Encoding
// chunked (RFC 9112 §7.1), decoded, to its offset in the body as stored,
// chunk size lines and all, so that in an uncompressed WARC file a link
// of such a body is at its Offset too. raw[i] is where the data of chunk
// i starts in the body as stored, dec[i] where it starts in the body
// decoded.
type ChunkMap struct {
	raw, dec []int
}

// NewChunkMap returns the ChunkMap of the chunked body stored, which
// httputil's chunked reader decoded without an error.
func NewChunkMap(stored []byte) *ChunkMap {
	m := &ChunkMap{}
	pos, dec := 0, 0
	for pos < len(stored) {
		end := bytes.IndexByte(stored[pos:], '\n')
		if end < 0 {
			break
		}
		size, _, _ := bytes.Cut(stored[pos:pos+end], []byte(";")) // chunk-ext
		n, err := strconv.ParseInt(string(bytes.TrimSpace(size)), 16, 64)
		if err != nil || n <= 0 || n > int64(len(stored)) {
			break // the last chunk, or what the decoder did not read
		}
		pos += end + 1
		m.raw, m.dec = append(m.raw, pos), append(m.dec, dec)
		pos += int(n) + 2 // the data's CRLF
		dec += int(n)
	}
	return m
}

// Stored returns the offset in the body as stored of the offset off in
// the body decoded.
func (m *ChunkMap) Stored(off int64) int64 {
	if i := sort.SearchInts(m.dec, int(off)+1) - 1; i >= 0 {
		return int64(m.raw[i] + int(off) - m.dec[i])
	}
	return off
}
