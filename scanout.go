package main

import (
	"os"
	"strconv"
	"sync"
)

// fileOut is the output of one input. Written through (direct), each link
// is printed as it comes, as a sequential scan does; otherwise, in a
// parallel scan, it is kept until the inputs before it are printed, and
// then written the same way, so that the output does not depend on -j.
type fileOut struct {
	s      *scanner
	name   string
	direct bool
	opened bool // it could be read: -c prints its count
	n      int  // links printed (counted with -c)
	done   bool // nothing more of it is printed (-l, -m, -q)

	entries []outEntry // kept, when not direct
	kept    int        // links in entries
}

// outEntry is a link (its key for --unique, and its record) or a problem,
// which may be a warning only.
type outEntry struct {
	key, record, problem string
	warning              bool
}

func (s *scanner) newFileOut(name string, direct bool) *fileOut {
	return &fileOut{s: s, name: name, direct: direct}
}

// link takes one link and reports whether more are wanted.
func (f *fileOut) link(key, record string) bool {
	if f.direct {
		return f.s.writeLink(f, key, record)
	}
	f.entries = append(f.entries, outEntry{key: key, record: record})
	f.kept++
	s := f.s
	if s.seen == nil && (s.quiet || s.filesWithLinks || s.maxCount > 0 && f.kept >= s.maxCount) {
		return false // what it prints is known; with --unique, it is not
	}
	return !s.quit.Load()
}

// problem takes the message of a problem with the input.
func (f *fileOut) problem(msg string) {
	if f.direct {
		f.s.fail(msg)
		return
	}
	f.entries = append(f.entries, outEntry{problem: msg})
}

// warning takes the message of a problem the scan recovered from, with
// nothing of the input lost (extract.ErrRecovered).
func (f *fileOut) warning(msg string) {
	if f.direct {
		f.s.warn(msg)
		return
	}
	f.entries = append(f.entries, outEntry{problem: msg, warning: true})
}

// report takes an error of the input.
func (f *fileOut) report(err error) { f.problem(fileMessage(f.name, err)) }

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
	for _, e := range f.entries {
		switch {
		case e.warning:
			s.warn(e.problem)
		case e.problem != "":
			s.fail(e.problem)
		default:
			s.writeLink(f, e.key, e.record)
		}
	}
	if f.opened && s.count && !s.filesWithLinks && !s.quiet && !s.stop {
		switch {
		case s.format == formatJSON:
			s.record(countJSON(f.name, f.n))
		case s.format.tabular():
			s.record(countRow(s.format, f.name, strconv.Itoa(f.n)))
		case s.names:
			s.record(s.paint(colorPath, s.nameField(f.name)) + ":" + strconv.Itoa(f.n))
		default:
			s.record(strconv.Itoa(f.n))
		}
	}
}

// nameField is an input's name as -l and -c print it: escaped for the
// terminal, but as it is with -0, whose NUL ends are there so that
// "xargs -0" gets any name back (grep -lZ, rg -l0).
func (s *scanner) nameField(name string) string {
	if s.null {
		return name
	}
	return escapeText(name, false)
}

// halt ends the run: -q found a link, or the output failed.
func (s *scanner) halt() {
	s.stop = true
	s.quit.Store(true)
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
	one := func(name string, inWalk bool) bool {
		f := s.newFileOut(name, true)
		if name == "-" && !inWalk {
			w.reader(s.streaming(s.e.stdin), f)
		} else {
			w.file(name, inWalk, f)
		}
		s.finish(f)
		return !s.stop
	}
	for _, name := range inputs {
		if s.stop {
			break
		}
		if s.recursive && name != "-" {
			s.walk(name, func(file string) bool { return one(file, true) }, s.report)
		} else {
			one(name, false)
		}
	}
}

// walk visits the files under root that the walk options let through (see
// treeWalker).
func (s *scanner) walk(root string, visit func(string) bool, report func(string, error)) {
	w := &treeWalker{walkOptions: s.walkOptions(), visit: visit, report: report}
	w.walk(root)
}

// scanJob is one input of a parallel scan.
type scanJob struct {
	seq    int // its place in the order of a sequential scan
	out    *fileOut
	inWalk bool
}

// aheadMax bounds the inputs whose output is kept while an input before
// them is still being read.
const aheadMax = 1024

// parallel is the state of a parallel scan: the goroutines that read the
// inputs print them too, each input once those before it are printed,
// under mu. So no goroutine only waits to print, and on a busy machine
// the scan does not wait for one to be woken for each input.
type parallel struct {
	s     *scanner
	mu    sync.Mutex
	next  int              // the seq of the input to print next
	ready map[int]*scanJob // read, waiting for those before them
	slots chan struct{}    // one per input read ahead (aheadMax)
}

// scanParallel scans the inputs with n goroutines, each with its own
// buffers, while this one lists the inputs (walking the trees); the output
// is printed input by input in the order of a sequential scan. Inputs
// whose reads may wait (standard input, a FIFO) need their links printed
// as they come: with one of them, the scan is sequential.
func (s *scanner) scanParallel(inputs []string, n int) {
	for _, name := range inputs {
		if name == "-" || mayWait(name) {
			s.scanSequential(inputs)
			return
		}
	}
	p := &parallel{s: s, ready: make(map[int]*scanJob), slots: make(chan struct{}, aheadMax)}
	jobs := make(chan *scanJob, 4*n)
	var workers sync.WaitGroup
	for range n {
		workers.Add(1)
		go func() {
			defer workers.Done()
			w := s.newInputScanner()
			for j := range jobs {
				if !s.quit.Load() {
					w.file(j.out.name, j.inWalk, j.out)
				}
				p.done(j)
			}
		}()
	}
	p.produce(inputs, jobs)
	close(jobs)
	workers.Wait()
}

// produce sends the inputs to the goroutines that read them, in order; a
// problem met walking a tree is an input of its own, printed in its place.
func (p *parallel) produce(inputs []string, jobs chan<- *scanJob) {
	s, seq := p.s, 0
	send := func(j *scanJob, read bool) bool {
		p.slots <- struct{}{}
		j.seq = seq
		seq++
		if read {
			jobs <- j
		} else {
			p.done(j)
		}
		return !s.quit.Load()
	}
	for _, name := range inputs {
		if !s.recursive {
			if !send(&scanJob{out: s.newFileOut(name, false)}, true) {
				return
			}
			continue
		}
		s.walk(name, func(file string) bool {
			return send(&scanJob{out: s.newFileOut(file, false), inWalk: true}, true)
		}, func(file string, err error) {
			out := s.newFileOut(file, false)
			out.report(err)
			send(&scanJob{out: out}, false)
		})
		if s.quit.Load() {
			return
		}
	}
}

// done takes an input that has been read, and prints it and the inputs
// after it that are ready, if those before it are printed.
func (p *parallel) done(j *scanJob) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ready[j.seq] = j
	for {
		j, ok := p.ready[p.next]
		if !ok {
			return
		}
		delete(p.ready, p.next)
		p.next++
		if !p.s.stop {
			p.s.finish(j.out)
		}
		<-p.slots
	}
}

// mayWait reports whether name is a file whose reads may wait: not a
// regular file or directory (a FIFO, a terminal).
func mayWait(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && !fi.Mode().IsRegular() && !fi.IsDir()
}

func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}
