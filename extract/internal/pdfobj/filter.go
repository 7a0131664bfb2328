package pdfobj

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/ascii85"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
)

// Decode returns the data of the stream s, decrypted and passed through
// its filters (§7.4): FlateDecode and LZWDecode with their predictors,
// ASCIIHexDecode, ASCII85Decode and RunLengthDecode. Data larger than
// limit is an error wrapping ErrTooLarge; data that would take the
// Reader's decoded bytes past Limits.Decoded, one wrapping ErrBudget.
// Data that is corrupt gives what was decoded before the fault.
func (r *Reader) Decode(s Stream, limit int64) ([]byte, error) {
	return r.decode(s, limit, s.Dict.Name("Type") != "XRef")
}

// raw returns the bytes of the stream s in the file: /Length of them if
// "endstream" follows, else up to the next "endstream".
func (r *Reader) raw(s Stream) ([]byte, error) {
	l, _ := r.Resolve(s.Dict["Length"])
	if n, ok := l.(int64); ok && n >= 0 && n <= int64(len(r.b)-s.start) {
		p := &parser{b: r.b, pos: s.start + int(n)}
		if p.keyword("endstream") {
			return r.b[s.start : s.start+int(n)], nil
		}
	}
	if r.ends == nil {
		r.ends = []int{}
		for i := 0; ; {
			k := bytes.Index(r.b[i:], []byte("endstream"))
			if k < 0 {
				break
			}
			r.ends = append(r.ends, i+k)
			i += k + 1
		}
	}
	i := sort.SearchInts(r.ends, s.start)
	if i == len(r.ends) {
		return nil, &SyntaxError{Offset: int64(s.start), Msg: "stream without endstream"}
	}
	b := r.b[s.start:r.ends[i]]
	// The end of line before "endstream" is not data (§7.3.8.1).
	if bytes.HasSuffix(b, []byte("\r\n")) {
		return b[:len(b)-2], nil
	}
	return bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("\n")), []byte("\r")), nil
}

func (r *Reader) decode(s Stream, limit int64, decrypt bool) ([]byte, error) {
	b, err := r.raw(s)
	if err != nil {
		return nil, err
	}
	if decrypt && r.crypt != nil {
		if b, err = r.crypt.decryptStream(b, s); err != nil {
			return nil, err
		}
	}
	filters, _ := r.Resolve(s.Dict["Filter"])
	parms, _ := r.Resolve(s.Dict["DecodeParms"])
	fa, ok := filters.(Array)
	if !ok && filters != nil {
		fa = Array{filters}
	}
	pa, ok := parms.(Array)
	if !ok {
		pa = Array{parms}
	}
	if len(fa) > 8 {
		return nil, &SyntaxError{Offset: int64(s.start), Msg: "more than 8 filters"}
	}
	for i, f := range fa {
		var p Dict
		if i < len(pa) {
			p, _ = r.Dict(pa[i])
		}
		if b, err = r.filter(b, f, p, limit); err != nil {
			return nil, err
		}
	}
	if len(fa) == 0 {
		// Data read as it is still counts: a page of many references
		// to one stream reads it each time.
		if err := r.spend(len(b), limit); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// spend counts n more decoded bytes, up to the budget, and fails if
// they are past the limit or the budget: they were decoded all the same.
func (r *Reader) spend(n int, limit int64) error {
	left := r.lim.Decoded - r.stats.Decoded
	r.stats.Decoded += min(int64(n), max(left, 0))
	if int64(n) > limit {
		return fmt.Errorf("%w (%d bytes)", ErrTooLarge, limit)
	}
	if int64(n) > left {
		return fmt.Errorf("%w: decoded more than %d bytes", ErrBudget, r.lim.Decoded)
	}
	return nil
}

// filter applies the filter f with the parameters p to b.
func (r *Reader) filter(b []byte, f Object, p Dict, limit int64) ([]byte, error) {
	name, _ := f.(Name)
	var rd io.Reader
	switch name {
	case "FlateDecode", "Fl":
		rd = inflater(b)
	case "LZWDecode", "LZW":
		early := true
		if v, ok := p["EarlyChange"].(int64); ok && v == 0 {
			early = false
		}
		rd = &lzwReader{in: b, early: early}
	case "ASCIIHexDecode", "AHx":
		end := bytes.IndexByte(b, '>')
		if end < 0 {
			end = len(b)
		}
		out, ok := unhex(b[:end])
		if !ok {
			return nil, &SyntaxError{Offset: -1, Msg: "bad ASCIIHexDecode data"}
		}
		rd = bytes.NewReader(out)
	case "ASCII85Decode", "A85":
		if end := bytes.Index(b, []byte("~>")); end >= 0 {
			b = b[:end]
		}
		b = bytes.TrimPrefix(bytes.TrimLeft(b, " \t\r\n\f\x00"), []byte("<~"))
		rd = ascii85.NewDecoder(bytes.NewReader(b))
	case "RunLengthDecode", "RL":
		rd = &runLength{in: b}
	case "Crypt":
		return b, nil // only the identity crypt filter is read
	default:
		return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("filter %q not supported", name)}
	}
	out, err := r.readAll(rd, limit)
	if err != nil {
		return nil, err
	}
	if name == "FlateDecode" || name == "Fl" || name == "LZWDecode" || name == "LZW" {
		return unpredict(out, p)
	}
	return out, nil
}

// readAll reads rd to its end, at most up to the limit and the budget,
// and counts what it read. As readers do, data that is corrupt or cut
// short gives what was decoded before the fault, if only nothing: an
// empty stream with a filter is common, and writers get the end of flate
// data wrong.
func (r *Reader) readAll(rd io.Reader, limit int64) ([]byte, error) {
	n := min(limit, r.lim.Decoded-r.stats.Decoded)
	out, _ := io.ReadAll(io.LimitReader(rd, max(n, 0)+1))
	if err := r.spend(len(out), limit); err != nil {
		return nil, err
	}
	return out, nil
}

// inflater reads zlib data, or raw deflate data where the zlib header
// is missing, as some writers leave it out.
func inflater(b []byte) io.Reader {
	if z, err := zlib.NewReader(bytes.NewReader(b)); err == nil {
		return z
	}
	return flate.NewReader(bufio.NewReader(bytes.NewReader(b)))
}

// unpredict undoes the PNG (10 to 15) or TIFF (2) predictor of p
// (§7.4.4.4).
func unpredict(b []byte, p Dict) ([]byte, error) {
	pred, _ := p["Predictor"].(int64)
	if pred <= 1 {
		return b, nil
	}
	colors, bpc, cols := int64(1), int64(8), int64(1)
	if v, ok := p["Colors"].(int64); ok {
		colors = v
	}
	if v, ok := p["BitsPerComponent"].(int64); ok {
		bpc = v
	}
	if v, ok := p["Columns"].(int64); ok {
		cols = v
	}
	if colors < 1 || colors > 32 || bpc < 1 || bpc > 16 || cols < 1 || cols > 1<<20 {
		return nil, &SyntaxError{Offset: -1, Msg: "bad predictor parameters"}
	}
	bpp := int(max(1, colors*bpc/8))
	row := int((colors*bpc*cols + 7) / 8)
	if pred == 2 {
		if bpc != 8 {
			return nil, &SyntaxError{Offset: -1, Msg: "TIFF predictor with other than 8 bits a component not supported"}
		}
		for start := 0; start < len(b); start += row {
			line := b[start:min(start+row, len(b))]
			for i := bpp; i < len(line); i++ {
				line[i] += line[i-bpp]
			}
		}
		return b, nil
	}
	out := make([]byte, 0, len(b))
	prev := make([]byte, row)
	for len(b) > 0 {
		tag := b[0]
		line := slices.Clone(b[1:min(1+row, len(b))])
		b = b[min(1+row, len(b)):]
		for i := range line {
			var left, upLeft byte
			if i >= bpp {
				left, upLeft = line[i-bpp], prev[i-bpp]
			}
			up := prev[i]
			switch tag {
			case 1:
				line[i] += left
			case 2:
				line[i] += up
			case 3:
				line[i] += byte((int(left) + int(up)) / 2)
			case 4:
				line[i] += paeth(left, up, upLeft)
			}
		}
		copy(prev, line)
		out = append(out, line...)
	}
	return out, nil
}

func paeth(a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// runLength reads RunLengthDecode data (§7.4.5).
type runLength struct {
	in  []byte
	lit []byte // of the current literal run, not yet read
	rep int    // of the current repeat run, how many not yet read
	c   byte   // the byte it repeats
}

func (r *runLength) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		switch {
		case len(r.lit) > 0:
			k := copy(p[n:], r.lit)
			r.lit = r.lit[k:]
			n += k
		case r.rep > 0:
			k := min(r.rep, len(p)-n)
			for i := range k {
				p[n+i] = r.c
			}
			r.rep -= k
			n += k
		case len(r.in) < 2 || r.in[0] == 128:
			if r.in = nil; n == 0 {
				return 0, io.EOF
			}
			return n, nil
		case r.in[0] < 128:
			k := min(int(r.in[0])+1, len(r.in)-1)
			r.lit, r.in = r.in[1:1+k], r.in[1+k:]
		default:
			r.rep, r.c, r.in = 257-int(r.in[0]), r.in[1], r.in[2:]
		}
	}
	return n, nil
}

// lzwReader reads LZWDecode data (§7.4.4): codes of 9 to 12 bits, most
// significant bit first, 256 to clear the table and 257 to end; with
// early change, the code grows one code sooner.
type lzwReader struct {
	in     []byte
	bit    int // bits of in read
	early  bool
	prefix [4096]uint16
	suffix [4096]byte
	length [4096]int
	next   int
	width  int
	last   int    // the previous code, -1 after a clear
	out    []byte // decoded, not yet read
	done   bool
}

var errLZW = errors.New("bad LZW code")

func (z *lzwReader) Read(p []byte) (int, error) {
	if z.width == 0 {
		z.reset()
	}
	for len(z.out) == 0 && !z.done {
		if err := z.step(); err != nil {
			return 0, err
		}
	}
	if len(z.out) == 0 {
		return 0, io.EOF
	}
	n := copy(p, z.out)
	z.out = z.out[n:]
	return n, nil
}

func (z *lzwReader) reset() {
	z.next, z.width, z.last = 258, 9, -1
	for i := range 256 {
		z.suffix[i], z.length[i] = byte(i), 1
	}
}

// step decodes one code into out.
func (z *lzwReader) step() error {
	if z.bit+z.width > 8*len(z.in) {
		z.done = true
		return nil
	}
	code := 0
	for range z.width {
		code = code<<1 | int(z.in[z.bit/8]>>(7-z.bit%8)&1)
		z.bit++
	}
	switch {
	case code == 256:
		z.reset()
		return nil
	case code == 257:
		z.done = true
		return nil
	case code > z.next || code == z.next && z.last < 0 || code >= 258 && code < z.next && z.length[code] == 0:
		return errLZW
	}
	if z.last >= 0 && z.next < 4096 {
		first := code
		if code == z.next {
			first = z.last
		}
		for z.length[first] > 1 {
			first = int(z.prefix[first])
		}
		z.prefix[z.next], z.suffix[z.next] = uint16(z.last), z.suffix[first]
		z.length[z.next] = z.length[z.last] + 1
		z.next++
	}
	z.last = code
	n := z.length[code]
	buf := make([]byte, n)
	for c, i := code, n-1; i >= 0; i-- {
		buf[i] = z.suffix[c]
		c = int(z.prefix[c])
	}
	z.out = buf
	grow := z.next
	if z.early {
		grow++
	}
	switch {
	case grow >= 4096:
		z.width = 12
	case grow >= 2048:
		z.width = 12
	case grow >= 1024:
		z.width = 11
	case grow >= 512:
		z.width = 10
	}
	return nil
}
