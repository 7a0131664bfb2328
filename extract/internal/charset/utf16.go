package charset

import "bytes"

// UTF16Order reports whether the document that starts with head is in
// UTF-16, and in which byte order: it starts with a byte order mark, or,
// without one, its first KiB has the NUL bytes of 7-bit characters (as
// markup is) at every other place, for a quarter of its characters or
// more, and almost none at the others. Browsers
// would read the latter as windows-1252, NULs and all, and find nothing;
// it is what a program that writes "Unicode" without a BOM leaves.
func UTF16Order(head []byte) (bigEndian, ok bool) {
	if len(head) >= 2 && (head[0] == 0xfe && head[1] == 0xff || head[0] == 0xff && head[1] == 0xfe) {
		return head[0] == 0xfe, true
	}
	head = head[:min(len(head), 1024)&^1]
	if len(head) < 8 || bytes.IndexByte(head, 0) < 0 {
		return false, false // no NUL: no UTF-16 of the kind counted below
	}
	var nul [2]int // at even, odd places
	for i, c := range head {
		if c == 0 {
			nul[i&1]++
		}
	}
	units := len(head) / 2
	want := max(units/4, 4)
	switch {
	case nul[1] >= want && nul[0] <= units/16:
		return false, true
	case nul[0] >= want && nul[1] <= units/16:
		return true, true
	}
	return false, false
}

// UTF16Decided reports whether UTF16Order's verdict on head, the start of
// a stream, stands: it starts with a byte order mark, or it holds a whole
// line or 8 bytes without a NUL byte, which UTF-16 text of 7-bit
// characters would have in every other place. (8 bytes: the first piece
// of a slow stream, "see http://a/x and ", need not end a line, and its
// link is to come out before the stream goes on.)
func UTF16Decided(head []byte) bool {
	if _, ok := UTF16Order(head[:min(len(head), 2)]); ok {
		return true
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	return len(head) >= 8 || bytes.IndexByte(head, '\n') >= 0
}
