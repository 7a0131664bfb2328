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

// outEntry is a link (its key for --unique, and its record) or a problem.
type outEntry struct{ key, record, problem string }

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
		s.record(s.paint(colorPath, escapeText(f.name, false)))
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
		if e.problem != "" {
			s.fail(e.problem)
		} else {
			s.writeLink(f, e.key, e.record)
		}
	}
	if f.opened && s.count && !s.filesWithLinks && !s.quiet && !s.stop {
		switch {
		case s.format == "json":
			s.record(countJSON(f.name, f.n))
		case s.names:
			s.record(s.paint(colorPath, escapeText(f.name, false)) + ":" + strconv.Itoa(f.n))
		default:
			s.record(strconv.Itoa(f.n))
		}
	}
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
	out    *fileOut
	inWalk bool
	stream bool          // read by the writer itself, in order: it may wait
	done   chan struct{} // closed when out is complete
}

// scanParallel scans the inputs with n goroutines, each with its own
// buffers, while this one prints their output input by input in the
// order of a sequential scan. Inputs whose reads may wait (standard
// input, a FIFO named on the command line) are read here, in their turn,
// so that their links are printed as they come.
func (s *scanner) scanParallel(inputs []string, n int) {
	order := make(chan *scanJob, 4*n) // bounds the output kept ahead
	jobs := make(chan *scanJob, n)
	go s.produce(inputs, order, jobs)
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
				close(j.done)
			}
		}()
	}
	here := s.newInputScanner()
	for j := range order {
		if s.stop {
			continue // let the producer end
		}
		if j.stream {
			j.out.direct = true
			if j.out.name == "-" {
				here.reader(s.streaming(s.e.stdin), j.out)
			} else {
				here.file(j.out.name, false, j.out)
			}
		} else if j.done != nil {
			<-j.done
		}
		s.finish(j.out)
	}
	workers.Wait()
}

// produce sends the inputs in order to the writer (order) and those the
// workers read to them (jobs), then closes both.
func (s *scanner) produce(inputs []string, order, jobs chan<- *scanJob) {
	defer close(jobs)
	defer close(order)
	send := func(j *scanJob) bool {
		order <- j
		if j.done != nil {
			jobs <- j
		}
		return !s.quit.Load()
	}
	for _, name := range inputs {
		switch {
		case name == "-" || !s.recursive && !isRegular(name):
			// Read in turn by the writer; errors are reported there too.
			if !send(&scanJob{out: s.newFileOut(name, false), stream: true}) {
				return
			}
		case s.recursive:
			s.walk(name, func(file string) bool {
				return send(&scanJob{out: s.newFileOut(file, false), inWalk: true, done: make(chan struct{})})
			}, func(file string, err error) {
				out := s.newFileOut(file, false)
				out.report(err)
				send(&scanJob{out: out})
			})
		default:
			if !send(&scanJob{out: s.newFileOut(name, false), done: make(chan struct{})}) {
				return
			}
		}
		if s.quit.Load() {
			return
		}
	}
}

func isRegular(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}
