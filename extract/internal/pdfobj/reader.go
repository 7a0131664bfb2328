package pdfobj

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// entry is a cross-reference entry (§7.5.4, §7.5.8.3).
type entry struct {
	off  int64 // inFile: the object's offset; inStream: its stream's number
	idx  int   // inStream: its index in the stream
	kind byte
}

const (
	free byte = iota
	inFile
	inStream
)

// Reader reads the objects of one PDF file held in memory.
type Reader struct {
	b       []byte
	lim     Limits
	stats   Stats
	xref    map[int]entry
	maxObjs int // the most entries xref may hold
	trailer Dict
	objs    map[int]Object // resolved objects, by number
	errs    map[int]error  // objects that failed, by number
	busy    map[int]bool   // objects being resolved: met again, a loop
	streams map[int]*objStream
	scanned map[int]int64 // "N G obj" found by scanning the file; nil until needed
	trails  []int         // offsets of "trailer" found by scanning
	ends    []int         // offsets of "endstream"; nil until needed
	bounds  []int64       // the offsets of xref and scanned, sorted; nil until needed
	crypt   *crypt
	encRef  Ref // the encryption dictionary: not decrypted
}

// Open reads the header, cross-reference sections and trailer of the
// PDF file b, and its encryption dictionary if it has one. Where the
// cross-reference sections are missing or broken, the objects are found
// by scanning the file for "N G obj". b is not copied and must not be
// changed while the Reader is used.
func Open(b []byte, lim Limits) (*Reader, error) {
	r := newReader(b, lim)
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

func newReader(b []byte, lim Limits) *Reader {
	return &Reader{
		b: b, lim: lim,
		maxObjs: len(b)/8 + 4096,
		objs:    map[int]Object{}, errs: map[int]error{}, busy: map[int]bool{},
		streams: map[int]*objStream{},
	}
}

func (r *Reader) open() error {
	if bytes.Index(r.b[:min(len(r.b), 1024)], []byte("%PDF-")) < 0 {
		return &SyntaxError{Offset: 0, Msg: "no %PDF- header"}
	}
	recovered := false
	if err := r.readXref(); err != nil {
		if err := r.recover(); err != nil {
			return err
		}
		recovered = true
	}
	if err := r.readEncrypt(); err != nil {
		return err
	}
	if r.catalog() == nil && !recovered {
		if err := r.recover(); err != nil {
			return err
		}
	}
	if r.catalog() == nil {
		return &SyntaxError{Offset: -1, Msg: "no document catalog"}
	}
	return nil
}

// Stats returns the work done so far.
func (r *Reader) Stats() Stats { return r.stats }

// Catalog returns the document catalog (§7.7.2), nil if there is none.
func (r *Reader) Catalog() Dict { return r.catalog() }

// catalog returns the document catalog, nil if there is none.
func (r *Reader) catalog() Dict {
	d, _ := r.Dict(r.trailer["Root"])
	if d == nil || d["Pages"] == nil {
		return nil
	}
	return d
}

// Resolve returns the object o refers to, o itself if it is no
// reference. A reference to a missing or free object is null (§7.3.10).
func (r *Reader) Resolve(o Object) (Object, error) {
	for range 32 { // a reference to a reference to ...
		ref, ok := o.(Ref)
		if !ok {
			return o, nil
		}
		var err error
		if o, err = r.object(ref.Num); err != nil {
			return nil, err
		}
	}
	return nil, &SyntaxError{Offset: -1, Msg: "chain of references too long"}
}

// Dict resolves o to a dictionary, or a stream's dictionary; nil if it is
// something else.
func (r *Reader) Dict(o Object) (Dict, error) {
	o, err := r.Resolve(o)
	switch v := o.(type) {
	case Dict:
		return v, err
	case Stream:
		return v.Dict, err
	}
	return nil, err
}

// Offset returns the offset in the file of the object ref refers to, -1
// if it is in an object stream or unknown.
func (r *Reader) Offset(ref Ref) int64 {
	if e, ok := r.xref[ref.Num]; ok && e.kind == inFile {
		return e.off
	}
	return -1
}

// object returns object num, parsed once.
func (r *Reader) object(num int) (Object, error) {
	r.stats.Lookups++
	if o, ok := r.objs[num]; ok {
		return o, nil
	}
	if err, ok := r.errs[num]; ok {
		return nil, err
	}
	if r.busy[num] {
		return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("object %d is part of its own definition", num)}
	}
	if len(r.busy) >= maxNesting {
		return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("object %d: objects nest too deep", num)}
	}
	r.busy[num] = true
	o, err := r.find(num)
	delete(r.busy, num)
	if err != nil {
		// The object that failed first is named, once: a chain of
		// a million objects gives one short message.
		if _, ok := err.(*ObjectError); !ok {
			err = &ObjectError{Num: num, Err: err}
		}
		r.errs[num] = err
		return nil, err
	}
	r.objs[num] = o
	return o, nil
}

// maxNesting is how many objects may be read to read one: an object in
// an object stream whose /Length is in another ... A chain longer than
// this is an error, not a stack that grows with the file.
const maxNesting = 64

// An ObjectError is an object that cannot be read.
type ObjectError struct {
	Num int
	Err error
}

func (e *ObjectError) Error() string { return fmt.Sprintf("pdfobj: object %d: %v", e.Num, e.Err) }

func (e *ObjectError) Unwrap() error { return e.Err }

// find reads object num where the cross-reference sections say it is,
// or failing that where a scan of the file found it.
func (r *Reader) find(num int) (Object, error) {
	e, ok := r.xref[num]
	switch {
	case ok && e.kind == inStream:
		return r.inStream(num, int(e.off), e.idx)
	case ok && e.kind == free:
		return nil, nil
	case ok:
		o, err := r.inFile(num, e.off)
		if err == nil {
			return o, nil
		}
		if off, ok := r.scan()[num]; ok && off != e.off {
			return r.inFile(num, off)
		}
		return nil, err
	}
	if off, ok := r.scan()[num]; ok {
		return r.inFile(num, off)
	}
	return nil, nil
}

// charge counts the bytes parsed since start, and fails if they were
// already past the budget.
func (r *Reader) charge(n int) error {
	if r.stats.Parsed > r.lim.Parsed {
		return fmt.Errorf("%w: parsed more than %d bytes", ErrBudget, r.lim.Parsed)
	}
	r.stats.Parsed += int64(n)
	r.stats.Objects++
	return nil
}

// indirect parses the indirect object "N G obj" at off in the file,
// whose number is num (any if num < 0).
func (r *Reader) indirect(num int, off int64) (Ref, Object, error) {
	if off < 0 || off >= int64(len(r.b)) {
		return Ref{}, nil, &SyntaxError{Offset: off, Msg: "object offset outside the file"}
	}
	p := &parser{b: r.b[:r.bound(off)], pos: int(off)}
	defer func() { r.stats.Parsed += int64(p.pos) - off }()
	if err := r.charge(0); err != nil {
		return Ref{}, nil, err
	}
	p.skip()
	n, err1 := strconv.Atoi(string(p.regular()))
	p.skip()
	g, err2 := strconv.Atoi(string(p.regular()))
	if err1 != nil || err2 != nil || !p.keyword("obj") || num >= 0 && n != num {
		return Ref{}, nil, &SyntaxError{Offset: off, Msg: fmt.Sprintf("no \"%d 0 obj\" here", num)}
	}
	ref := Ref{n, g}
	o, err := p.object(0)
	if err != nil {
		return ref, nil, err
	}
	if d, ok := o.(Dict); ok && p.keyword("stream") {
		// The keyword is followed by CRLF or LF (§7.3.8.1); a lone CR
		// is taken too.
		if p.pos < len(p.b) && p.b[p.pos] == '\r' {
			p.pos++
		}
		if p.pos < len(p.b) && p.b[p.pos] == '\n' {
			p.pos++
		}
		o = Stream{Dict: d, ref: ref, start: p.pos}
	}
	if r.crypt != nil && ref != r.encRef {
		o = r.crypt.decryptStrings(o, ref)
	}
	return ref, o, nil
}

func (r *Reader) inFile(num int, off int64) (Object, error) {
	_, o, err := r.indirect(num, off)
	return o, err
}

// bound returns where the object at off ends at the latest: where the
// next object the file is known to hold starts. Objects do not overlap,
// and one whose string or array runs into the next one must not be read
// on into all the others: a file that is one string opened at each
// "obj" would cost the square of its size.
func (r *Reader) bound(off int64) int {
	if r.bounds == nil {
		r.bounds = []int64{}
		for _, e := range r.xref {
			// An entry that points into an object must not cut it.
			if e.kind == inFile && e.off >= 0 && e.off < int64(len(r.b)) && r.isHeader(int(e.off)) {
				r.bounds = append(r.bounds, e.off)
			}
		}
		for _, o := range r.scanned {
			r.bounds = append(r.bounds, o)
		}
		slices.Sort(r.bounds)
	}
	i, _ := slices.BinarySearch(r.bounds, off+1)
	if i == len(r.bounds) || r.bounds[i] > int64(len(r.b)) {
		return len(r.b)
	}
	return int(r.bounds[i])
}

// isHeader reports whether "N G obj" is at off.
func (r *Reader) isHeader(off int) bool {
	p := &parser{b: r.b[:min(len(r.b), off+40)], pos: off}
	_, err1 := strconv.Atoi(string(p.regular()))
	p.skip()
	_, err2 := strconv.Atoi(string(p.regular()))
	return err1 == nil && err2 == nil && p.keyword("obj")
}

// scan returns the offsets of the objects found by scanning the file
// for "N G obj", the last definition of a number winning as in an
// incremental update, and notes where "trailer" occurs.
func (r *Reader) scan() map[int]int64 {
	if r.scanned != nil {
		return r.scanned
	}
	r.scanned = map[int]int64{}
	r.bounds = nil
	b := r.b
	for i := 0; ; {
		k := bytes.Index(b[i:], []byte("obj"))
		if k < 0 {
			break
		}
		i += k + 3
		if num, start, ok := objHeader(b, i-3); ok && len(r.scanned) < r.maxObjs {
			r.scanned[num] = int64(start)
		}
	}
	for i := 0; ; {
		k := bytes.Index(b[i:], []byte("trailer"))
		if k < 0 {
			break
		}
		i += k + len("trailer")
		r.trails = append(r.trails, i)
	}
	return r.scanned
}

// objHeader reads back from "obj" at b[j] over "N G ", returning N and
// the offset of its first digit.
func objHeader(b []byte, j int) (num, start int, ok bool) {
	if j+3 < len(b) && !isWhite(b[j+3]) && !isDelim(b[j+3]) {
		return 0, 0, false
	}
	i := j
	digits := func() (int, bool) {
		for i > 0 && isWhite(b[i-1]) {
			i--
		}
		end := i
		for i > 0 && end-i < 10 && b[i-1] >= '0' && b[i-1] <= '9' {
			i--
		}
		n, err := strconv.Atoi(string(b[i:end]))
		return n, err == nil
	}
	if _, ok := digits(); !ok || i == j {
		return 0, 0, false
	}
	n, ok := digits()
	if !ok || i > 0 && !isWhite(b[i-1]) && !isDelim(b[i-1]) {
		return 0, 0, false
	}
	return n, i, true
}

// recover builds the cross-reference table by scanning the file, for a
// file whose sections are missing or broken: the objects found, those of
// the object streams among them, and the last trailer that names a
// catalog, or failing one a catalog found among the objects.
func (r *Reader) recover() error {
	r.xref = map[int]entry{}
	r.bounds = nil
	for num, off := range r.scan() {
		r.xref[num] = entry{off: off, kind: inFile}
	}
	r.trailer = nil
	var xrefTrailer Dict
	for i := len(r.trails) - 1; i >= 0 && r.trailer == nil; i-- {
		p := &parser{b: r.b, pos: r.trails[i]}
		if err := r.charge(0); err != nil {
			return err
		}
		o, _ := p.object(0)
		r.stats.Parsed += int64(p.pos - r.trails[i])
		if d, ok := o.(Dict); ok && d["Root"] != nil {
			r.trailer = d
		}
	}
	if r.trailer != nil {
		// Strings and streams are decrypted as the objects are read.
		if err := r.readEncrypt(); err != nil {
			return err
		}
	}
	// In the order of the file: the last catalog wins.
	nums := slices.SortedFunc(maps.Keys(r.xref), func(a, b int) int { return cmp.Compare(r.xref[a].off, r.xref[b].off) })
	var catalog Object
	for _, num := range nums {
		o, err := r.object(num)
		if errors.Is(err, ErrBudget) {
			return err
		}
		d, _ := r.Dict(o)
		switch d.Name("Type") {
		case "ObjStm":
			r.recoverStream(num)
		case "XRef":
			if d["Root"] != nil {
				xrefTrailer = d
			}
		case "Catalog":
			catalog = Ref{num, 0}
		}
	}
	if r.trailer == nil {
		r.trailer = xrefTrailer
	}
	if r.trailer == nil && catalog != nil {
		r.trailer = Dict{"Root": catalog}
	}
	if r.trailer == nil {
		return &SyntaxError{Offset: -1, Msg: "no cross-reference table, and no catalog found"}
	}
	return nil
}

// recoverStream adds the objects of object stream num that the file does
// not hold itself to the cross-reference table.
func (r *Reader) recoverStream(num int) {
	s, err := r.objStream(num)
	if err != nil {
		return
	}
	for i, n := range s.nums {
		if _, ok := r.xref[n]; !ok && len(r.xref) < r.maxObjs {
			r.xref[n] = entry{off: int64(num), idx: i, kind: inStream}
		}
	}
}
