package extract

import (
	"errors"
	"io"
	"runtime"
	"sync"
)

// pageBufs keeps the buffers whole inputs are read into (readWhole: HTML
// pages, and Markdown, AsciiDoc and reStructuredText documents) from one
// input to the next. A buffer of its own for each page cost the 738 saved
// pages of the HTML corpus a fresh large span each: zeroed, faulted in,
// handed back to the OS by the scavenger and faulted in again
// (allocation, zeroing, page faults and scavenging were about 30 % of
// `urix -r -c` over them, and kept the second core busy at -j1). It is a
// list, not a sync.Pool, for the reasons mailWalkers gives.
//
// A buffer is given back only once nothing refers to its bytes: every
// value a scan hands out (Link fields, errors) is a copy, and the scan is
// over. A scan that panics does not give its buffer back, nor do those of
// PDF and zip containers, whose libraries' hold on it is theirs.
var pageBufs bufList

// bufList keeps at most GOMAXPROCS buffers, none over maxKeptBuf bytes
// and at most maxKeptBufs bytes in all: what a run keeps of its pages, at
// most, once it is done.
type bufList struct {
	mu    sync.Mutex
	free  [][]byte
	bytes int // the capacities of free
}

const (
	maxKeptBuf  = 8 << 20
	maxKeptBufs = 16 << 20
)

// get returns an empty buffer of at least n bytes of capacity: the
// smallest kept that is large enough, else a new one of n bytes. (A
// buffer of n bytes, not of a size class: a goroutine's buffer grows to
// its largest page in a few steps, and an input of known size is read in
// one buffer of its size, with no bytes zeroed for nothing.)
func (l *bufList) get(n int) []byte {
	l.mu.Lock()
	best := -1
	for i, b := range l.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(l.free[best])) {
			best = i
		}
	}
	if best < 0 {
		l.mu.Unlock()
		return make([]byte, 0, n)
	}
	b := l.free[best]
	last := len(l.free) - 1
	l.free[best], l.free[last] = l.free[last], nil
	l.free = l.free[:last]
	l.bytes -= cap(b)
	l.mu.Unlock()
	return b[:0]
}

// put keeps b, which the caller no longer uses nor lets anything use, if
// the bounds of l allow: in place of the smallest buffer kept when l is
// full and that one is smaller.
func (l *bufList) put(b []byte) {
	size := cap(b)
	if size == 0 || size > maxKeptBuf {
		return
	}
	if poisonPut {
		clear(b[:size])
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.free) < runtime.GOMAXPROCS(0) {
		if l.bytes+size <= maxKeptBufs {
			l.free = append(l.free, b)
			l.bytes += size
		}
		return
	}
	small := 0
	for i, f := range l.free {
		if cap(f) < cap(l.free[small]) {
			small = i
		}
	}
	if old := cap(l.free[small]); old < size && l.bytes-old+size <= maxKeptBufs {
		l.free[small] = b
		l.bytes += size - old
	}
}

// poisonPut, set by tests, has put overwrite a buffer given back, so
// that a value still reading its bytes shows it.
var poisonPut bool

// errOverLimit is the error of readWhole for an input over its limit.
var errOverLimit = errors.New("over the limit")

// readWhole reads r to its end, at most most bytes (errOverLimit past
// them), into a buffer of pageBufs that never grows past most+1: one at
// least of the size of the input when it is known (see inputSize), so
// that reading takes one buffer and no copy. The caller gives the buffer
// back with pageBufs.put once nothing uses its bytes, or lets it go; on an
// error, readWhole gives it back.
func readWhole(r io.Reader, most int) ([]byte, error) {
	size := inputSize(r) + 1
	if size <= 0 {
		size = 64 << 10
	}
	buf := pageBufs.get(min(max(size, 512), most+1))
	for {
		end := min(cap(buf), most+1)
		if len(buf) == end {
			if len(buf) > most {
				pageBufs.put(buf)
				return nil, errOverLimit
			}
			grown := pageBufs.get(end + min(end, most+1-end))[:len(buf)] // doubled, no overflow
			copy(grown, buf)
			pageBufs.put(buf)
			buf = grown
			continue
		}
		n, err := r.Read(buf[len(buf):end])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			pageBufs.put(buf)
			return nil, err
		}
	}
}
