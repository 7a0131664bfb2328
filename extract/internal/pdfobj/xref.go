package pdfobj

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
)

// readXref reads the cross-reference sections from the last one back
// through /Prev (§7.5.6), the newest entry of each object winning. A
// /Prev that leads to a section already read ends the chain.
func (r *Reader) readXref() error {
	tail := max(0, len(r.b)-4096)
	i := bytes.LastIndex(r.b[tail:], []byte("startxref"))
	if i < 0 {
		return &SyntaxError{Offset: -1, Msg: "no startxref"}
	}
	p := &parser{b: r.b, pos: tail + i + len("startxref")}
	p.skip()
	off, err := strconv.ParseInt(string(p.regular()), 10, 64)
	if err != nil {
		return p.errf("bad startxref")
	}
	r.xref = map[int]entry{}
	r.trailer = Dict{}
	seen := map[int64]bool{}
	for !seen[off] {
		seen[off] = true
		t, err := r.section(off)
		if err != nil {
			return err
		}
		for k, v := range t {
			if _, ok := r.trailer[k]; !ok && k != "Prev" && k != "XRefStm" {
				r.trailer[k] = v
			}
		}
		prev, ok := t["Prev"].(int64)
		if !ok {
			break
		}
		off = prev
	}
	r.bounds = nil
	return nil
}

// section reads the cross-reference section at off, a table or a
// stream, and returns its trailer.
func (r *Reader) section(off int64) (Dict, error) {
	if off < 0 || off >= int64(len(r.b)) {
		return nil, &SyntaxError{Offset: off, Msg: "cross-reference offset outside the file"}
	}
	p := &parser{b: r.b, pos: int(off)}
	if p.keyword("xref") {
		return r.table(p)
	}
	_, o, err := r.indirect(-1, off)
	if err != nil {
		return nil, err
	}
	s, ok := o.(Stream)
	if !ok || s.Dict.Name("Type") != "XRef" {
		return nil, &SyntaxError{Offset: off, Msg: "no cross-reference table or stream"}
	}
	return s.Dict, r.xrefStream(s)
}

// table reads a cross-reference table after its keyword "xref"
// (§7.5.4), and its trailer. The entries of a hybrid file's /XRefStm
// (§7.5.8.4) come before the table's own.
func (r *Reader) table(p *parser) (Dict, error) {
	start := p.pos
	type row struct {
		num int
		e   entry
	}
	var rows []row
	for !p.keyword("trailer") {
		p.skip()
		first, err1 := strconv.Atoi(string(p.regular()))
		p.skip()
		n, err2 := strconv.Atoi(string(p.regular()))
		if err1 != nil || err2 != nil || first < 0 || n < 0 {
			return nil, p.errf("bad cross-reference subsection")
		}
		for i := range n {
			p.skip()
			off, err1 := strconv.ParseInt(string(p.regular()), 10, 64)
			p.skip()
			_, err2 := strconv.Atoi(string(p.regular()))
			p.skip()
			kind := string(p.regular())
			if err1 != nil || err2 != nil || kind != "n" && kind != "f" {
				return nil, p.errf("bad cross-reference entry")
			}
			e := entry{off: off, kind: inFile}
			if kind == "f" {
				e = entry{kind: free}
			}
			rows = append(rows, row{first + i, e})
		}
	}
	o, err := p.object(0)
	r.stats.Parsed += int64(p.pos - start)
	t, ok := o.(Dict)
	if err != nil || !ok {
		return nil, p.errf("bad trailer")
	}
	if x, ok := t["XRefStm"].(int64); ok {
		// An error here leaves the table, as a reader of PDF 1.4 would.
		if _, o, err := r.indirect(-1, x); err == nil {
			if s, ok := o.(Stream); ok {
				r.xrefStream(s)
			}
		}
	}
	for _, row := range rows {
		if err := r.add(row.num, row.e); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// add sets the entry of object num unless a newer section has.
func (r *Reader) add(num int, e entry) error {
	if _, ok := r.xref[num]; ok {
		return nil
	}
	if len(r.xref) >= r.maxObjs {
		return &SyntaxError{Offset: -1, Msg: fmt.Sprintf("more than %d objects for a file of %d bytes", r.maxObjs, len(r.b))}
	}
	r.xref[num] = e
	return nil
}

// xrefStream reads the entries of a cross-reference stream (§7.5.8).
func (r *Reader) xrefStream(s Stream) error {
	var w [3]int
	wa, _ := s.Dict["W"].(Array)
	rowLen := 0
	for i := range w {
		if i < len(wa) {
			n, _ := wa[i].(int64)
			if n < 0 || n > 8 {
				return &SyntaxError{Offset: -1, Msg: "bad /W in cross-reference stream"}
			}
			w[i] = int(n)
		}
		rowLen += w[i]
	}
	if rowLen == 0 {
		return &SyntaxError{Offset: -1, Msg: "bad /W in cross-reference stream"}
	}
	index, _ := s.Dict["Index"].(Array)
	if index == nil {
		size, _ := s.Dict["Size"].(int64)
		index = Array{int64(0), size}
	}
	data, err := r.decode(s, r.lim.Decoded, false)
	if err != nil {
		return err
	}
	for i := 0; i+1 < len(index); i += 2 {
		first, _ := index[i].(int64)
		n, _ := index[i+1].(int64)
		for k := int64(0); k < n && len(data) >= rowLen && first >= 0; k++ {
			f := [3]int64{1, 0, 0} // the type is 1 when its field is absent
			for j, wj := range w {
				if wj > 0 {
					f[j] = 0
				}
				for _, c := range data[:wj] {
					f[j] = f[j]<<8 | int64(c)
				}
				data = data[wj:]
			}
			e := entry{kind: free}
			switch f[0] {
			case 1:
				e = entry{off: f[1], kind: inFile}
			case 2:
				e = entry{off: f[1], idx: int(f[2]), kind: inStream}
			}
			if err := r.add(int(first+k), e); err != nil {
				return err
			}
		}
	}
	return nil
}

// objStream is the decoded data of an object stream (§7.5.7).
type objStream struct {
	data   []byte
	nums   []int // the object number at each index
	offs   []int // where in data each object starts
	sorted []int // offs, sorted
	index  map[int]int
}

// objStream returns object stream num, decoded once.
func (r *Reader) objStream(num int) (*objStream, error) {
	if s, ok := r.streams[num]; ok {
		if s == nil {
			return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("object stream %d holds itself", num)}
		}
		return s, nil
	}
	r.streams[num] = nil // until decoded: met again, a loop
	o, err := r.object(num)
	if err != nil {
		delete(r.streams, num)
		return nil, err
	}
	st, ok := o.(Stream)
	if !ok {
		delete(r.streams, num)
		return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("object %d is no object stream", num)}
	}
	data, err := r.decode(st, r.lim.Decoded, true)
	if err != nil {
		delete(r.streams, num)
		return nil, err
	}
	n, _ := st.Dict["N"].(int64)
	first, _ := st.Dict["First"].(int64)
	if first < 0 || first > int64(len(data)) {
		delete(r.streams, num)
		return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("object stream %d: bad /First", num)}
	}
	s := &objStream{data: data[first:]}
	p := &parser{b: data[:first], base: -1}
	for range min(n, int64(len(data))) {
		p.skip()
		on, err1 := strconv.Atoi(string(p.regular()))
		p.skip()
		off, err2 := strconv.Atoi(string(p.regular()))
		if err1 != nil || err2 != nil || off < 0 || off > len(s.data) {
			break
		}
		s.nums = append(s.nums, on)
		s.offs = append(s.offs, off)
	}
	r.stats.Parsed += int64(p.pos)
	s.sorted = slices.Sorted(slices.Values(s.offs))
	r.streams[num] = s
	return s, nil
}

// inStream reads object num, at index idx of object stream snum.
func (r *Reader) inStream(num, snum, idx int) (Object, error) {
	s, err := r.objStream(snum)
	if err != nil {
		return nil, err
	}
	if idx < 0 || idx >= len(s.nums) || s.nums[idx] != num {
		// A wrong index: look the number up.
		if s.index == nil {
			s.index = map[int]int{}
			for i, n := range s.nums {
				s.index[n] = i
			}
		}
		var ok bool
		if idx, ok = s.index[num]; !ok {
			return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("object %d not in object stream %d", num, snum)}
		}
	}
	if err := r.charge(0); err != nil {
		return nil, err
	}
	// As in the file, an object ends where the next one starts.
	end := len(s.data)
	if i, _ := slices.BinarySearch(s.sorted, s.offs[idx]+1); i < len(s.sorted) {
		end = s.sorted[i]
	}
	p := &parser{b: s.data[:end], pos: s.offs[idx], base: -1}
	o, err := p.object(0)
	r.stats.Parsed += int64(p.pos - s.offs[idx])
	return o, err
}
