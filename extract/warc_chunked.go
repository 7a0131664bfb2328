package extract

import (
	"bytes"
	"sort"
	"strconv"
)

// chunkMap gives the links of an HTTP body sent with Transfer-Encoding
// chunked (RFC 9112 §7.1) their offset in the body as stored, chunk size
// lines and all, so that in an uncompressed WARC file a link of such a
// body is at its Offset too. raw[i] is where the data of chunk i starts
// in the body as stored, dec[i] where it starts in the body decoded.
type chunkMap struct {
	raw, dec []int
	yield    func(Link, error) bool
}

// newChunkMap returns the chunkMap of the chunked body stored, which
// httputil's chunked reader decoded without an error, for the links
// yield takes.
func newChunkMap(stored []byte, yield func(Link, error) bool) *chunkMap {
	m := &chunkMap{yield: yield}
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

// yieldStored is the yield of the scanner of the decoded body: it turns
// the link's offset in it into one in the body as stored, then yields it.
func (m *chunkMap) yieldStored(l Link, err error) bool {
	if err == nil {
		off := int(l.Offset)
		if i := sort.SearchInts(m.dec, off+1) - 1; i >= 0 {
			l.Offset = int64(m.raw[i] + off - m.dec[i])
		}
	}
	return m.yield(l, err)
}
