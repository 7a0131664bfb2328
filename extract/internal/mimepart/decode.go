package mimepart

import "bytes"

// AppendQuotedPrintable appends to dst the quoted-printable text src
// decoded (RFC 2045 §6.7), the way lenient readers do, so that a malformed
// part loses nothing: "=XX" (hex, either case) is the octet XX; "=" at the
// end of a line, before optional white space, is a soft line break, so a
// URI split by one comes out whole; any other "=" is itself; white space at
// the end of a line is transport padding and goes (§6.7 rule 3); line
// breaks stay as they are. dst may be src[:0]: the text is then decoded in
// place.
func AppendQuotedPrintable(dst, src []byte) []byte {
	return AppendQuotedPrintableLines(dst, src, nil)
}

// QPLine is where a line of a quoted-printable text ends, with its line
// break, in the encoded text (raw) and in the text decoded (dec).
type QPLine struct{ raw, dec int32 }

// AppendQuotedPrintableLines is AppendQuotedPrintable that also appends to
// *lines, unless nil, where each line of src ends, src and dst counted
// from their start (src is at most MaxMessageSize long): the decoder knows
// what the CTECursor would otherwise work out again line by line.
func AppendQuotedPrintableLines(dst, src []byte, lines *[]QPLine) []byte {
	start, n := len(dst), len(src)
	for len(src) > 0 {
		line, eol, whole := src, []byte(nil), src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, eol, whole, src = src[:i], src[i:i+1], src[:i+1], src[i+1:]
			if len(line) > 0 && line[len(line)-1] == '\r' {
				line, eol = line[:len(line)-1], line[len(line)-1:len(line)+1]
			}
		} else {
			src = nil
		}
		line = trimBlanks(line)
		for {
			i := bytes.IndexByte(line, '=')
			if i < 0 {
				if len(line)+len(eol) == len(whole) { // all of it, as written
					dst = append(dst, whole...)
					break
				}
				dst = append(dst, line...)
				dst = append(dst, eol...)
				break
			}
			dst = append(dst, line[:i]...)
			if i == len(line)-1 { // a soft line break
				break
			}
			if i+2 < len(line) {
				if hi, lo := unhex(line[i+1]), unhex(line[i+2]); hi < 16 && lo < 16 {
					dst = append(dst, hi<<4|lo)
					line = line[i+3:]
					continue
				}
			}
			dst = append(dst, '=')
			line = line[i+1:]
		}
		if lines != nil {
			*lines = append(*lines, QPLine{int32(n - len(src)), int32(len(dst) - start)})
		}
	}
	return dst
}

// trimBlanks returns line without the spaces and tabs at its end, which
// a sender may add to a quoted-printable line (RFC 2045 §6.7 (3)). (A loop:
// bytes.TrimRight builds its set of the cutset's bytes on each call.)
func trimBlanks(line []byte) []byte {
	n := len(line)
	for n > 0 && (line[n-1] == ' ' || line[n-1] == '\t') {
		n--
	}
	return line[:n]
}

// unhex returns the value of the hex digit c, either case, 255 for
// another byte.
func unhex(c byte) byte { return hexValues[c] }

// hexValues is unhex's table: one load, where three ranges were tested
// for each "=XX" of quoted-printable text.
var hexValues = func() (t [256]byte) {
	for c := range t {
		switch {
		case '0' <= c && c <= '9':
			t[c] = byte(c - '0')
		case 'A' <= c && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		case 'a' <= c && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		default:
			t[c] = 255
		}
	}
	return t
}()

// base64Values maps a byte to its value in the base64 alphabet (RFC 2045
// §6.8, Table 1), 0xff for bytes outside it.
var base64Values = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" {
		t[c] = byte(i)
	}
	return t
}()

// AppendBase64 appends to dst the base64 text src decoded (RFC 2045 §6.8)
// the way §6.8 asks of a decoder: characters outside the alphabet (line
// breaks, garbage) are ignored; "=" ends a group, so that base64 blocks
// written one after the other still decode. dst may be src[:0]: the text
// is then decoded in place.
func AppendBase64(dst, src []byte) []byte {
	var acc uint32
	n := 0
	for i := 0; i < len(src); i++ {
		if n == 0 { // whole groups of 4, most of a line, in one step each
			for ; i+4 <= len(src); i += 4 {
				a, b, c, d := base64Values[src[i]], base64Values[src[i+1]], base64Values[src[i+2]], base64Values[src[i+3]]
				if (a|b|c|d)&0xc0 != 0 { // 0xff: outside the alphabet
					break
				}
				v := uint32(a)<<18 | uint32(b)<<12 | uint32(c)<<6 | uint32(d)
				dst = append(dst, byte(v>>16), byte(v>>8), byte(v))
			}
			if i == len(src) {
				break
			}
		}
		c := src[i]
		v := base64Values[c]
		if v == 0xff {
			if c == '=' {
				dst = flushBase64(dst, acc, n)
				acc, n = 0, 0
			}
			continue
		}
		acc = acc<<6 | uint32(v)
		if n++; n == 4 {
			dst = append(dst, byte(acc>>16), byte(acc>>8), byte(acc))
			acc, n = 0, 0
		}
	}
	return flushBase64(dst, acc, n)
}

// flushBase64 appends the octets of an incomplete group of n sextets.
func flushBase64(dst []byte, acc uint32, n int) []byte {
	switch n {
	case 2:
		return append(dst, byte(acc>>4))
	case 3:
		return append(dst, byte(acc>>10), byte(acc>>2))
	}
	return dst
}
