package cli

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/check"
	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/walk"
	"github.com/urix/urix/uri"
)

const checkExamples = `Examples:
  urix check docs/                    every link of the tree, offline
  urix check --root-dir public --extension .html public/
  urix check --sources src/ public/   the Markdown line of each broken link
  urix check --online README.md       fetch http and https links too
  urix check --json site/ | jq -r 'select(.status=="broken") | .uri'
  urix check --online --write-map moved.txt site/ &&
    urix rewrite --map moved.txt -r -i site/`

const checkStatus = `Exit status: 0 when every link checked is good (a moved link is good), 1
when a link is broken, 2 when an input could not be read (an error wins).`

// checkOptions are the options of "urix check" as the flags set them.
type checkOptions struct {
	typ               choice
	base, defaultBase string

	walkFlags // for DIR arguments, and -j

	rootDir     string
	index       cli.StringSlice
	extensions  cli.StringSlice
	noFragments bool
	online      bool
	offline     bool
	sources     string
	writeMap    string

	asJSON, all, quiet bool
}

// flags returns the flags of the options, bound to o, their values set to
// the defaults; the online checker's follow.
func (o *checkOptions) flags() []cli.Flag {
	o.typ = typeChoice()
	flags := []cli.Flag{
		&cli.StringFlag{Name: "root-dir", Destination: &o.rootDir, DefaultText: "each DIR given, the working directory for a FILE", Usage: "resolve root-relative links (\"/docs/x.md\", a <base href=\"/\">) in `DIR`, as a web server or GitHub serves the tree", Category: "Checks"},
		&cli.StringSliceFlag{Name: "index", Destination: &o.index, Usage: "the `NAME` of the file that stands for a directory, whose fragments a link to the directory is checked against (repeatable; default index.html)", Category: "Checks"},
		&cli.StringSliceFlag{Name: "extension", Destination: &o.extensions, Usage: "try the path with `EXT` added when it names no file (\".html\": /about finds about.html, as static servers do; repeatable; default none)", Category: "Checks"},
		&cli.BoolFlag{Name: "no-fragments", Destination: &o.noFragments, Usage: "check that files exist, not their fragments", Category: "Checks"},
		&cli.BoolFlag{Name: "online", Destination: &o.online, Usage: "also fetch http and https links (off by default)", Category: "Checks"},
		&cli.BoolFlag{Name: "offline", Destination: &o.offline, Usage: "never use the network (the default; cancels --online)", Category: "Checks"},
		&cli.StringFlag{Name: "sources", Destination: &o.sources, Usage: "name, for a broken link of a generated HTML page, the line of the Markdown file under `DIR` that wrote it", Category: "Checks"},
		&cli.StringFlag{Name: "write-map", Destination: &o.writeMap, Usage: "write the moved links to `FILE`, \"OLD NEW\" per line, as \"urix rewrite --map\" reads it", Category: "Output"},

		choiceFlag("type", []string{"t"}, &o.typ, "Inputs", "read every input as `TYPE`: {} (auto looks at the name and the first bytes)"),
		&cli.StringFlag{Name: "base", Aliases: []string{"b"}, Destination: &o.base, Usage: "retrieval `URI` of the inputs (RFC 3986 §5.1.3), instead of each file's file: URI", Category: "Base URI"},
		&cli.StringFlag{Name: "default-base", Destination: &o.defaultBase, Usage: "application default base `URI` (§5.1.4)", Category: "Base URI"},

		&cli.BoolFlag{Name: "json", Destination: &o.asJSON, Usage: "JSON Lines: one object per link reported, urix --json's fields and status, reason, location, near, sources", Category: "Output"},
		&cli.BoolFlag{Name: "all", Destination: &o.all, Usage: "report every link, the good and the unchecked ones too", Category: "Output"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Destination: &o.quiet, Usage: "print nothing, not even the summary (exit status only)", Category: "Output"},
	}
	flags = append(flags, o.walkFlags.flags("in directories", "check")...)
	return append(flags, onlineFlags()...)
}

func (e *env) checkCommand() *cli.Command {
	o := new(checkOptions)
	return &cli.Command{
		Name:      "check",
		Usage:     "report broken links and missing fragments in files and directory trees",
		ArgsUsage: "[FILE|DIR]...",
		Description: "Checks every link urix finds in the inputs (directories walked as with\n" +
			"urix -r: hidden files and what .gitignore excludes skipped), each resolved\n" +
			"against the base in force where it is written (RFC 3986 §5.1: <base href>,\n" +
			"--base, the file's own file: URI).\n\n" +
			"Offline, a file: link must name a file or a directory, and its fragment\n" +
			"an anchor of the file: an HTML id or <a name>; a Markdown heading by\n" +
			"GitHub's rules (lowercase, punctuation dropped, spaces to -, -1, -2 for\n" +
			"repeats) or its raw HTML's ids; an AsciiDoc section id as Asciidoctor\n" +
			"makes it (_ prefix and separator) or an explicit [[id]], [#id],\n" +
			"anchor:id[]; a reST section or target id as docutils makes it; a PDF\n" +
			"named destination or page=N; a line, L10, of any other text file. A\n" +
			"link to a redirect page (meta refresh 0) is moved. Links into EPUB\n" +
			"books and OpenDocument files are looked for in the package. mailto: and\n" +
			"tel: links are checked for syntax only; http and https ones with\n" +
			"--online.\n\n" +
			"Each broken or moved link is reported as\n" +
			"  FILE:LINE:COLUMN: LINK -> URI: REASON [base: BASE (LAYER)]\n" +
			"and a summary goes to standard error.\n\n" + checkExamples + "\n\n" + checkStatus,
		Flags:  o.flags(),
		Action: func(c *cli.Context) error { return e.runCheck(o, c) },
	}
}

// linkChecker is one run of "urix check".
type linkChecker struct {
	e       *env
	o       *checkOptions
	opts    extract.Options
	checks  check.Options
	online  *check.Online // nil offline
	ctx     context.Context
	walk    walk.Options
	out     *bufio.Writer
	json    format.JSON
	sources *sourceIndex

	mu      sync.Mutex
	offline map[string]*check.Offline // by root directory
	fetches map[string]*fetch         // online checks by URI

	counts   [4]int // by check.Status
	files    int
	failed   bool
	moved    map[string]string // --write-map: old -> new
	movedOld []string          // in the order found
}

// fetch is the online check of one URI, shared by its links.
type fetch struct {
	done chan struct{}
	res  check.Result
}

// item is one link checked, or one problem with an input.
type item struct {
	link    extract.Link
	res     check.Result
	fetch   *fetch // the result is the fetch's, when it is done
	problem string
	warning bool
}

// checkJob is one input: its items, ready when done is closed.
type checkJob struct {
	name, root string
	ready      bool // done already: a problem of the walk
	done       chan struct{}
	items      []item // the links to report, or whose fetch is awaited
	counts     [4]int // the links not in items, by check.Status
	opened     bool
}

func (e *env) runCheck(o *checkOptions, c *cli.Context) error {
	lc, err := e.newLinkChecker(o, c)
	if err != nil {
		return withStatus(exitError, err)
	}
	defer lc.close(e.stderr)
	inputs := c.Args().Slice()
	if len(inputs) == 0 {
		inputs = []string{"."}
	}
	jobs := make(chan *checkJob)
	order := make(chan *checkJob, 2*o.threads)
	go func() {
		defer close(jobs)
		defer close(order)
		lc.inputs(inputs, func(j *checkJob) {
			order <- j
			if !j.ready {
				jobs <- j
			}
		})
	}()
	var wg sync.WaitGroup
	for range o.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				lc.input(j)
				close(j.done)
			}
		}()
	}
	for j := range order {
		<-j.done
		lc.report(j)
	}
	wg.Wait()
	return lc.finish()
}

// newLinkChecker checks the options that cli cannot and makes a run of
// them.
func (e *env) newLinkChecker(o *checkOptions, c *cli.Context) (*linkChecker, error) {
	t, err := extract.ParseType(o.typ.value)
	if err != nil {
		return nil, fmt.Errorf("check: --type: %w", err)
	}
	for _, f := range []struct {
		flag, value string
		src         base.Source
	}{{"base", o.base, base.Retrieval}, {"default-base", o.defaultBase, base.Default}} {
		if f.value != "" {
			if _, err := base.Parse(f.value, f.src); err != nil {
				return nil, fmt.Errorf("check: --%s: %w", f.flag, err)
			}
		}
	}
	if err := o.walkFlags.resolve("check"); err != nil {
		return nil, err
	}
	lc := &linkChecker{
		e: e, o: o, ctx: c.Context,
		opts:    extract.Options{Type: t, Base: o.base, Default: o.defaultBase},
		walk:    o.walkOptions(),
		checks:  check.Options{Extensions: o.extensions.Value(), NoFragments: o.noFragments},
		out:     bufio.NewWriterSize(e.stdout, 64<<10),
		offline: map[string]*check.Offline{},
		fetches: map[string]*fetch{},
		moved:   map[string]string{},
	}
	if lc.ctx == nil {
		lc.ctx = context.Background()
	}
	if idx := o.index.Value(); len(idx) > 0 {
		lc.checks.Index = idx
	}
	if pe, ok := errors.AsType[*walk.PatternError](lc.walk.CheckGlobs()); ok {
		return nil, errors.New("check: bad pattern \"" + format.Text(pe.Pattern) + "\"")
	}
	if o.sources != "" {
		if fi, err := os.Stat(o.sources); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("check: --sources %s: not a directory", format.Text(o.sources))
		}
		lc.sources = &sourceIndex{dir: o.sources, walk: lc.walk}
	}
	if o.online && !o.offline {
		lc.online = check.NewOnline(onlineOptions(c))
	}
	return lc, nil
}

// close releases the offline checkers and writes the online cache; a
// cache that cannot be written costs the next run time, not this run's
// result, so it is a warning.
func (lc *linkChecker) close(stderr io.Writer) {
	for _, off := range lc.offline {
		off.Close()
	}
	if lc.online != nil {
		if err := lc.online.Close(); err != nil {
			fmt.Fprintf(stderr, "urix: warning: check: %v\n", err)
		}
	}
}

// inputs calls add with each file to check, in order: a directory's
// files as urix -r walks them, with the directory as their root.
func (lc *linkChecker) inputs(args []string, add func(*checkJob)) {
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil || !fi.IsDir() {
			add(&checkJob{name: arg, root: lc.o.rootDir, done: make(chan struct{})})
			continue
		}
		root := cmp.Or(lc.o.rootDir, arg)
		for name, err := range walk.Files(arg, lc.walk) {
			if err == nil {
				add(&checkJob{name: name, root: root, done: make(chan struct{})})
				continue
			}
			j := &checkJob{name: name, ready: true, done: make(chan struct{})}
			j.items = []item{{problem: fileMessage(name, err)}}
			close(j.done)
			add(j)
		}
	}
}

// offlineFor returns the offline checker of the root directory root
// (the working directory for "").
func (lc *linkChecker) offlineFor(root string) *check.Offline {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	if off, ok := lc.offline[root]; ok {
		return off
	}
	o := lc.checks
	o.RootDir = cmp.Or(root, ".")
	off := check.NewOffline(o)
	lc.offline[root] = off
	return off
}

// input reads the links of one input and checks them.
func (lc *linkChecker) input(j *checkJob) {
	f, err := os.Open(j.name)
	if err != nil {
		j.items = append(j.items, item{problem: fileMessage(j.name, err)})
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		j.items = append(j.items, item{problem: fileMessage(j.name, err)})
		return
	}
	if fi.IsDir() {
		j.items = append(j.items, item{problem: fileMessage(j.name, errors.New("is a directory"))})
		return
	}
	br := checkReaders.Get().(*bufio.Reader)
	br.Reset(f)
	defer func() {
		br.Reset(nil)
		checkReaders.Put(br)
	}()
	if lc.opts.Type == extract.Auto {
		head, _ := br.Peek(binarySniff)
		if isBinary(head) && !extract.Detect(j.name, head).Binary() {
			return // as urix -r: a binary file has no links
		}
	}
	j.opened = true
	off := lc.offlineFor(j.root)
	opts := lc.opts
	opts.Name = j.name
	var r io.Reader = br
	if fi.Mode().IsRegular() {
		r = extract.SizedReader(br, fi.Size()) // a page read in one allocation
	}
	for l, err := range extract.Links(r, opts) {
		if err != nil {
			j.items = append(j.items, item{problem: extractMessage(j.name, err), warning: errors.Is(err, extract.ErrRecovered)})
			continue
		}
		if l.Tag == "base" || sameDocument(l.Ref) {
			continue // a base is no link; "" and "#" are the page itself
		}
		it := item{link: l, res: off.Check(l)}
		if it.res.Status == check.Skipped && lc.online != nil && isWeb(l.URI) {
			it.fetch = lc.fetch(l.URI)
		} else if !lc.keep(it.res.Status) {
			j.counts[it.res.Status]++ // counted, nothing more to say
			continue
		}
		j.items = append(j.items, it)
	}
}

// checkReaders are the buffers the inputs are read through, reused.
var checkReaders = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 64<<10) }}

// sameDocument reports whether ref is an empty reference or a bare "#":
// the document itself, always there.
func sameDocument(ref string) bool {
	ref = strings.TrimSpace(ref)
	return ref == "" || ref == "#"
}

func isWeb(u string) bool {
	s := strings.ToLower(uri.SchemeOf(u))
	return s == "http" || s == "https"
}

// fetch returns the online check of u, started once.
func (lc *linkChecker) fetch(u string) *fetch {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	if f, ok := lc.fetches[u]; ok {
		return f
	}
	f := &fetch{done: make(chan struct{})}
	lc.fetches[u] = f
	// The online checker holds the total and per-host limits: a cap here
	// would let one slow host's links take every slot.
	go func() {
		f.res = lc.online.Check(lc.ctx, u)
		close(f.done)
	}()
	return f
}

// report writes what one input gave.
func (lc *linkChecker) report(j *checkJob) {
	if j.opened {
		lc.files++
	}
	for st, n := range j.counts {
		lc.counts[st] += n
	}
	for _, it := range j.items {
		if it.problem != "" {
			if !lc.o.quiet {
				lc.out.Flush()
				if it.warning {
					lc.e.errorf("warning: %s", it.problem)
				} else {
					lc.e.errorf("%s", it.problem)
				}
			}
			lc.failed = lc.failed || !it.warning
			continue
		}
		if it.fetch != nil {
			<-it.fetch.done
			it.res = it.fetch.res
		}
		lc.counts[it.res.Status]++
		if it.res.Status == check.Moved && it.res.Location != "" {
			lc.addMoved(it.link.URI, it.res.Location)
		}
		if lc.o.quiet || !lc.keep(it.res.Status) {
			continue
		}
		var srcs []string
		if it.res.Status == check.Broken && lc.sources != nil {
			srcs = lc.sources.lookup(it.link)
		}
		rec, err := lc.record(it.link, it.res, srcs)
		if err != nil {
			lc.e.errorf("%v", err)
			lc.failed = true
			continue
		}
		lc.out.WriteString(rec)
		lc.out.WriteByte('\n')
	}
}

// keep reports whether a link of status st is reported (or, moved, put
// in the map).
func (lc *linkChecker) keep(st check.Status) bool {
	return st == check.Broken || st == check.Moved || lc.o.all
}

// addMoved notes that old (its fragment dropped) now is new.
func (lc *linkChecker) addMoved(old, new string) {
	if i := strings.IndexByte(old, '#'); i >= 0 {
		old = old[:i]
	}
	if _, ok := lc.moved[old]; !ok {
		lc.moved[old] = new
		lc.movedOld = append(lc.movedOld, old)
	}
}

// record is the report of one link: a grep-like line, or a JSON object.
func (lc *linkChecker) record(l extract.Link, r check.Result, srcs []string) (string, error) {
	if lc.o.asJSON {
		return lc.jsonRecord(l, r, srcs)
	}
	var b strings.Builder
	b.WriteString(format.Text(l.File))
	if l.Line > 0 {
		b.WriteString(":" + strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Column))
	}
	b.WriteString(": ")
	if l.Part != "" && (l.Message == 0 || l.Line == 0) {
		b.WriteString("in " + format.Text(l.Part) + ": ")
	}
	b.WriteString(format.Text(l.Ref) + " -> " + format.Text(l.URI) + ": ")
	switch {
	case r.Status == check.Moved:
		b.WriteString("moved to " + format.Text(r.Location))
		if r.Reason != "" {
			b.WriteString(" (" + format.Text(r.Reason) + ")")
		}
	case r.Reason != "":
		b.WriteString(format.Text(r.Reason))
	default:
		b.WriteString(r.Status.String())
	}
	if len(r.Near) > 0 {
		b.WriteString(" (nearest: " + format.Text(strings.Join(r.Near, ", ")) + ")")
	}
	if l.Base != "" {
		b.WriteString(" [base: " + format.Text(l.Base) + " (" + l.BaseSource.String() + ")]")
	}
	if len(srcs) > 0 {
		b.WriteString(" (source: " + format.Text(strings.Join(srcs, ", ")) + ")")
	}
	return b.String(), nil
}

// checkFields are the fields a check adds to a link's JSON object.
type checkFields struct {
	Status   check.Status `json:"status"`
	Reason   string       `json:"reason,omitempty"`
	Code     int          `json:"code,omitempty"`
	Location string       `json:"location,omitempty"`
	Near     []string     `json:"near,omitempty"`
	Sources  []string     `json:"sources,omitempty"`
}

// jsonRecord is the link as urix --json writes it, with the check's
// fields added at its end.
func (lc *linkChecker) jsonRecord(l extract.Link, r check.Result, srcs []string) (string, error) {
	b, err := lc.json.Encode(l)
	if err != nil {
		return "", err
	}
	extra, err := json.Marshal(checkFields{Status: r.Status, Reason: r.Reason, Code: r.Code, Location: r.Location, Near: r.Near, Sources: srcs})
	if err != nil {
		return "", err
	}
	return string(b[:len(b)-1]) + "," + string(format.EscapeJSON(extra[1:])), nil
}

// finish writes the map and the summary, and returns the outcome.
func (lc *linkChecker) finish() error {
	if err := lc.out.Flush(); err != nil {
		lc.e.errorf("%v", err)
		lc.failed = true
	}
	if lc.o.writeMap != "" {
		if err := lc.writeMovedMap(); err != nil {
			lc.e.errorf("check: --write-map %s", fileMessage(lc.o.writeMap, err))
			lc.failed = true
		}
	}
	if !lc.o.quiet {
		lc.summary()
	}
	switch {
	case lc.failed:
		return errReported
	case lc.counts[check.Broken] > 0:
		return errBroken
	}
	return nil
}

// summary writes one line on standard error: the links, by status.
func (lc *linkChecker) summary() {
	total := 0
	for _, n := range lc.counts {
		total += n
	}
	msg := fmt.Sprintf("check: %s in %s: %d ok, %d broken, %d moved, %d not checked",
		plural(total, "link"), plural(lc.files, "file"), lc.counts[check.OK], lc.counts[check.Broken], lc.counts[check.Moved], lc.counts[check.Skipped])
	if lc.online == nil && lc.counts[check.Skipped] > 0 {
		msg += " (offline: http and https need --online; mailto: and tel: syntax only)"
	}
	lc.e.errorf("%s", msg)
}

// plural is "1 link", "2 links".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// writeMovedMap writes the moved links, "OLD NEW" per line, the map
// "urix rewrite --map" reads.
func (lc *linkChecker) writeMovedMap() error {
	var b strings.Builder
	b.WriteString("# urix check: links moved permanently, OLD NEW (urix rewrite --map FILE)\n")
	for _, old := range lc.movedOld {
		if strings.ContainsAny(old, " \t\n") || strings.ContainsAny(lc.moved[old], " \t\n") {
			continue
		}
		b.WriteString(old + " " + lc.moved[old] + "\n")
	}
	return os.WriteFile(lc.o.writeMap, []byte(b.String()), 0o666)
}

// sourceIndex finds the Markdown lines that wrote a link (--sources):
// the links of the Markdown files under dir, read at the first lookup.
type sourceIndex struct {
	dir  string
	walk walk.Options
	once sync.Once
	refs map[string][]string // as written -> "file:line:column"
}

// lookup returns where in the sources the link l is written: its
// reference as written, or with its ".html" written ".md" (a generator's
// rewrite of links between pages).
func (s *sourceIndex) lookup(l extract.Link) []string {
	s.once.Do(s.read)
	if at, ok := s.refs[l.Ref]; ok {
		return at
	}
	path, frag, hasFrag := strings.Cut(l.Ref, "#")
	for _, ext := range []string{".html", ".htm", "/index.html", "/"} {
		if p, ok := strings.CutSuffix(path, ext); ok && p != "" {
			md := p + ".md"
			if hasFrag {
				md += "#" + frag
			}
			if at, ok := s.refs[md]; ok {
				return at
			}
		}
	}
	return nil
}

// readFile adds the links of the Markdown file name to the index.
func (s *sourceIndex) readFile(name string) {
	f, err := os.Open(name)
	if err != nil {
		return
	}
	defer f.Close()
	for l, err := range extract.Links(f, extract.Options{Name: name, Type: extract.Markdown, Keep: true}) {
		if err == nil && len(s.refs[l.Ref]) < 8 {
			s.refs[l.Ref] = append(s.refs[l.Ref], name+":"+strconv.Itoa(l.Line)+":"+strconv.Itoa(l.Column))
		}
	}
}

func (s *sourceIndex) read() {
	s.refs = map[string][]string{}
	o := s.walk
	o.Include = []string{"*.md", "*.markdown"}
	for name, err := range walk.Files(s.dir, o) {
		if err == nil {
			s.readFile(name)
		}
	}
	for k, v := range s.refs {
		s.refs[k] = slices.Compact(v)
	}
}
