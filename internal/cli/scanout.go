package cli

import (
	"os"
	"strconv"
	"sync"

	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/walk"
)

// fileOut is the output of one input. In a sequential scan (par nil),
// each link is printed as it comes. In a parallel one, so that the output
// does not depend on -j, an input's links are kept until the inputs
// before it are printed; then it is the head of the order: what it kept is
// printed and its links go out as they come, as in a sequential scan. What
// is kept counts against par's budget (keepWindow per goroutine), and a
// goroutine whose input would pass it waits for the head to move on.
type fileOut struct {
	s      *scanner
	par    *parallel // nil in a sequential scan
	name   string
	direct bool // links are printed as they come
	opened bool // it could be read: -c prints its count
	n      int  // links printed (counted with -c)
	done   bool // nothing more of it is printed (-l, -m, -q)

	entries []outEntry // kept, when not direct
	kept    int        // links in entries
	cost    int        // what entries count against par.budget
	// counted are links kept as a count alone, when only the count is
	// printed (-c without --unique, -l or -q): their order among the
	// problems, which go to standard error as they come, changes
	// nothing, so the goroutine that reads f counts them with no lock,
	// no entry and nothing against the budget.
	counted int

	// Under par.mu: it is the head of the order (the inputs before it are
	// printed), and it has been read to its end.
	head, finished bool
}

// outEntry is a link (its key for --unique, and its record) or a problem,
// which may be a warning only.
type outEntry struct {
	key, record, problem string
	warning              bool
}

// cost is about the memory e holds: its strings, and 64 bytes for itself
// (three string headers) and the allocations' rounding.
func (e outEntry) cost() int {
	return len(e.key) + len(e.record) + len(e.problem) + 64
}

func (s *scanner) newFileOut(name string, par *parallel) fileOut {
	return fileOut{s: s, par: par, name: name, direct: par == nil}
}

// link takes one link and reports whether more are wanted.
func (f *fileOut) link(key, record string) bool {
	s := f.s
	if s.seen == nil {
		key = "" // only --unique needs it
	}
	if !f.direct {
		if s.count && !s.filesWithLinks && !s.quiet && s.seen == nil {
			f.counted++
			return s.maxCount == 0 || f.counted < s.maxCount
		}
		kept, ok := f.keep(outEntry{key: key, record: record})
		if !ok {
			return false
		}
		if kept {
			f.kept++
			// What it prints is known; with --unique, it is not.
			return s.seen != nil || !s.quiet && !s.filesWithLinks && (s.maxCount == 0 || f.kept < s.maxCount)
		}
	}
	return s.writeLink(f, key, record)
}

// problem takes the message of a problem with the input. Once the run
// quits, it has none: what it reads fails (quitReader).
func (f *fileOut) problem(msg string) {
	if f.s.quit.Load() {
		return
	}
	if !f.direct {
		if kept, ok := f.keep(outEntry{problem: msg}); kept || !ok {
			return
		}
	}
	f.s.fail(msg)
}

// warning takes the message of a problem the scan recovered from, with
// nothing of the input lost (extract.ErrRecovered).
func (f *fileOut) warning(msg string) {
	if f.s.quit.Load() {
		return
	}
	if !f.direct {
		if kept, ok := f.keep(outEntry{problem: msg, warning: true}); kept || !ok {
			return
		}
	}
	f.s.warn(msg)
}

// report takes an error of the input.
func (f *fileOut) report(err error) { f.problem(fileMessage(f.name, err)) }

// keep keeps e, an entry of f in a parallel scan, until the inputs before
// f are printed, waiting while par's budget is spent. When f is the head
// of the order, it prints what f kept instead, f's links go out as they
// come from then on, and it reports that it did not keep e. ok is false
// when the run quits.
func (f *fileOut) keep(e outEntry) (kept, ok bool) {
	p, cost := f.par, e.cost()
	p.mu.Lock()
	for !f.head {
		if f.s.quit.Load() {
			p.mu.Unlock()
			return false, false
		}
		if p.kept == 0 || p.kept+cost <= p.budget {
			p.kept += cost
			p.keptMax = max(p.keptMax, p.kept)
			f.cost += cost
			p.mu.Unlock()
			f.entries = append(f.entries, e)
			return true, true
		}
		wake := p.wake
		p.mu.Unlock()
		select {
		case <-wake:
		case <-f.s.quitCh:
		}
		p.mu.Lock()
	}
	entries := f.entries
	f.entries = nil
	p.release(f)
	p.mu.Unlock()
	f.direct = true
	f.s.print(f, entries)
	f.s.countKept(f)
	return false, !f.s.quit.Load()
}

// print prints the entries f kept.
func (s *scanner) print(f *fileOut, entries []outEntry) {
	for _, e := range entries {
		switch {
		case e.warning:
			s.warn(e.problem)
		case e.problem != "":
			s.fail(e.problem)
		default:
			s.writeLink(f, e.key, e.record)
		}
	}
}

// countKept counts the links f counted (see fileOut.counted) as
// writeLink counts them.
func (s *scanner) countKept(f *fileOut) {
	for ; f.counted > 0 && s.writeLink(f, "", ""); f.counted-- {
	}
	f.counted = 0
}

// writeLink prints one link of f as the options say (--unique, -q, -l,
// -c, -m) and reports whether more links of f are wanted.
func (s *scanner) writeLink(f *fileOut, key, record string) bool {
	if f.done || s.stop {
		return false
	}
	if s.seen != nil {
		if _, dup := s.seen[key]; dup {
			return true
		}
		s.seen[key] = struct{}{}
	}
	f.n++
	s.found = true
	s.progress.link()
	switch {
	case s.quiet:
		s.halt()
		return false
	case s.filesWithLinks:
		s.record(s.paint(colorPath, s.nameField(f.name)))
		f.done = true
		return false
	case !s.count:
		s.record(record)
	}
	if s.maxCount > 0 && f.n >= s.maxCount {
		f.done = true
	}
	return !f.done && !s.stop
}

// finish prints what f kept, then its count with -c.
func (s *scanner) finish(f *fileOut) {
	s.print(f, f.entries)
	f.entries = nil
	s.countKept(f)
	if f.opened && s.count && !s.filesWithLinks && !s.quiet && !s.stop {
		switch {
		case s.format == formatJSON:
			s.record(format.CountJSON(f.name, f.n))
		case s.format.tabular():
			s.record(countRow(s.format, f.name, strconv.Itoa(f.n)))
		case s.names:
			s.out.WriteString(s.paint(colorPath, s.nameField(f.name)))
			s.out.WriteByte(':')
			s.countRecord(f.n)
		default:
			s.countRecord(f.n)
		}
	}
}

// countRecord ends a record of -c with the count n, written as it is, not
// made a string: one allocation a file fewer over a tree.
func (s *scanner) countRecord(n int) {
	var digits [20]byte
	s.out.Write(strconv.AppendInt(digits[:0], int64(n), 10))
	s.endRecord()
}

// nameField is an input's name as -l and -c print it: escaped for the
// terminal, but as it is with -0, whose NUL ends are there so that
// "xargs -0" gets any name back (grep -lZ, rg -l0).
func (s *scanner) nameField(name string) string {
	if s.null {
		return name
	}
	return format.Text(name)
}

// halt ends the run: -q found a link, or the output failed.
func (s *scanner) halt() {
	s.stop = true
	if !s.quit.Swap(true) {
		close(s.quitCh)
	}
}

// report tells the user about a problem with one input, after the links
// found so far, and marks the run as failed; the other inputs are still
// scanned.
func (s *scanner) report(name string, err error) {
	s.fail(fileMessage(name, err))
}

// fail prints msg after the links found so far and marks the run as
// failed.
func (s *scanner) fail(msg string) {
	s.failed = true
	if s.noMessages {
		return
	}
	s.out.Flush()
	s.progress.above(func() { s.e.errorf("%s", msg) })
}

// warn prints msg, a warning, after the links found so far; the run
// goes on as if nothing happened.
func (s *scanner) warn(msg string) {
	if s.noMessages {
		return
	}
	s.out.Flush()
	s.progress.above(func() { s.e.errorf("warning: %s", msg) })
}

// scanSequential scans the inputs one after another, printing each link
// as it is found.
func (s *scanner) scanSequential(inputs []string) {
	w := s.newInputScanner()
	f := new(fileOut) // one for all the inputs, each printed when read
	one := func(src walk.File, how found) bool {
		*f = s.newFileOut(src.Path, nil)
		if src.Path == "-" && how == named {
			w.reader(s.streaming(s.e.stdin), f)
		} else {
			w.file(src, how, f)
		}
		src.Done()
		s.finish(f)
		return !s.stop
	}
	for _, name := range inputs {
		if s.stop {
			break
		}
		if s.recursive && name != "-" {
			s.walk(name, one, s.report)
		} else {
			one(walk.File{Path: name}, named)
		}
	}
}

// walk visits the files under root that the walk options let through (see
// walk.Tree), each with how it was found (root itself, when it is no
// directory, is walked; the others listed as regular files), and reports
// the problems met on the way; a false visit stops. visit calls Done on
// the files it is given.
func (s *scanner) walk(root string, visit func(walk.File, found) bool, report func(string, error)) {
	for file, err := range walk.Tree(root, s.walkOptions()) {
		how := listed
		if file.Path == root {
			how = walked
		}
		if err != nil {
			report(file.Path, err)
		} else if !visit(file, how) {
			return
		}
	}
}

// scanJob is one input of a parallel scan, with its output: one
// allocation an input.
type scanJob struct {
	seq int // its place in the order of a sequential scan
	src walk.File
	how found
	out fileOut
}

// aheadMax bounds the inputs whose output is kept while an input before
// them is still being read.
const aheadMax = 1024

// keepWindow is how many bytes of output each goroutine of a parallel scan
// may keep, about, while an input before it is read: the inputs after the
// head of the order share n times it. A goroutine whose input would pass
// that waits (blocks) until the head has moved on, rather than spilling to
// a file: no disk, no temporary file left behind, and an input whose
// output is small, the common case, never waits.
const keepWindow = 256 << 10

// parallel is the state of a parallel scan: the goroutines that read the
// inputs print them too. The one reading the head of the order prints its
// links as they come; the others keep theirs, and the goroutine that
// finishes the head prints, under mu, the inputs after it that are read,
// and makes the next one the head. So no goroutine only waits to print,
// and the first link comes as soon as in a sequential scan.
type parallel struct {
	s     *scanner
	mu    sync.Mutex
	next  int           // the seq of the head: the input to print next
	slots chan struct{} // one per input read ahead (aheadMax)
	// jobs are the inputs sent, not printed, each at its seq modulo
	// aheadMax: there are never more (slots), and a ring costs the
	// goroutine that walks and the one that prints no hashing.
	jobs [aheadMax]*scanJob

	budget  int           // bytes the inputs after the head may keep
	kept    int           // bytes they keep
	keptMax int           // the most they kept at once (for tests)
	wake    chan struct{} // closed when budget is freed or the head moves
}

// testHookParallel, when set by a test, is given each parallel scan once
// it is done.
var testHookParallel func(*parallel)

// scanParallel scans the inputs with n goroutines, each with its own
// buffers, while this one lists the inputs (walking the trees); the output
// is printed in the order of a sequential scan. Inputs whose reads may
// wait (standard input, a FIFO) need their links printed as they come:
// with one of them, the scan is sequential.
func (s *scanner) scanParallel(inputs []string, n int) {
	for _, name := range inputs {
		if name == "-" || mayWait(name) {
			s.scanSequential(inputs)
			return
		}
	}
	p := &parallel{s: s, slots: make(chan struct{}, aheadMax),
		budget: n * keepWindow, wake: make(chan struct{})}
	batches := make(chan []*scanJob, n)
	var workers sync.WaitGroup
	for range n {
		workers.Add(1)
		go func() {
			defer workers.Done()
			w := s.newInputScanner()
			for batch := range batches {
				for _, j := range batch {
					if !s.quit.Load() {
						w.file(j.src, j.how, &j.out)
					}
					j.src.Done()
					p.done(j)
				}
			}
		}()
	}
	b := &batcher{out: batches}
	p.produce(inputs, b)
	b.flush()
	close(batches)
	workers.Wait()
	if testHookParallel != nil {
		testHookParallel(p)
	}
}

// batchMax is the most inputs a goroutine of a parallel scan takes at
// once (see batcher).
const batchMax = 16

// batcher hands the inputs of a parallel scan to its goroutines in
// batches: one channel send, and one wake-up of a goroutine waiting for
// it, per batch, not per input, which cost a tree of small files more
// than a system call a file in the scheduler. A batch goes out as soon as
// the channel has room, so a goroutine that waits gets what there is at
// once (the first input, alone); while the goroutines are busy, a batch
// grows to batchMax inputs.
type batcher struct {
	out   chan<- []*scanJob
	batch []*scanJob
}

// add adds j to the batch, and sends the batch if it is full or a
// goroutine has room for it.
func (b *batcher) add(j *scanJob) {
	b.batch = append(b.batch, j)
	if len(b.batch) >= batchMax {
		b.flush()
		return
	}
	select {
	case b.out <- b.batch:
		b.batch = nil
	default:
	}
}

// flush sends the batch, waiting for room, unless it is empty.
func (b *batcher) flush() {
	if len(b.batch) > 0 {
		b.out <- b.batch
		b.batch = nil
	}
}

// produce sends the inputs to the goroutines that read them, in order; a
// problem met walking a tree is an input of its own, printed in its place.
func (p *parallel) produce(inputs []string, b *batcher) {
	s, seq := p.s, 0
	send := func(j *scanJob, read bool) bool {
		select {
		case p.slots <- struct{}{}:
		default:
			// The inputs read ahead are at their bound: the head of the
			// order may be in the batch, which must go before waiting.
			b.flush()
			p.slots <- struct{}{}
		}
		p.mu.Lock()
		j.seq = seq
		seq++
		p.jobs[j.seq%aheadMax] = j
		j.out.head = j.seq == p.next
		p.mu.Unlock()
		if read {
			b.add(j)
		} else {
			p.done(j)
		}
		return !s.quit.Load()
	}
	for _, name := range inputs {
		if !s.recursive {
			if !send(&scanJob{src: walk.File{Path: name}, how: named, out: s.newFileOut(name, p)}, true) {
				return
			}
			continue
		}
		s.walk(name, func(file walk.File, how found) bool {
			return send(&scanJob{src: file, how: how, out: s.newFileOut(file.Path, p)}, true)
		}, func(file string, err error) {
			j := &scanJob{out: s.newFileOut(file, p)}
			j.out.entries = []outEntry{{problem: fileMessage(file, err)}}
			send(j, false)
		})
		if s.quit.Load() {
			return
		}
	}
}

// done takes an input that has been read. If it is the head, it prints
// it and the inputs after it that are read, and makes the next one that
// is not the head.
func (p *parallel) done(j *scanJob) {
	p.mu.Lock()
	defer p.mu.Unlock()
	j.out.finished = true
	for {
		h := p.jobs[p.next%aheadMax]
		if h == nil {
			return
		}
		if !h.out.finished {
			if !h.out.head {
				h.out.head = true
				p.wakeAll()
			}
			return
		}
		p.jobs[p.next%aheadMax] = nil
		p.next++
		p.release(&h.out)
		if !p.s.stop {
			p.s.finish(&h.out)
		}
		<-p.slots
	}
}

// release gives back to the budget what f keeps; under mu.
func (p *parallel) release(f *fileOut) {
	if f.cost > 0 {
		p.kept -= f.cost
		f.cost = 0
		p.wakeAll()
	}
}

// wakeAll wakes the goroutines that wait in keep; under mu.
func (p *parallel) wakeAll() {
	close(p.wake)
	p.wake = make(chan struct{})
}

// mayWait reports whether name is a file whose reads may wait: not a
// regular file or directory (a FIFO, a terminal).
func mayWait(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && !fi.Mode().IsRegular() && !fi.IsDir()
}
