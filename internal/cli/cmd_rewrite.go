package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/inplace"
	"github.com/urix/urix/internal/mirror"
	"github.com/urix/urix/uri"
)

const rewriteExamples = `Examples:
  urix rewrite --absolute --base https://example.org/a/ page.html
  urix rewrite --absolute --drop-base -i saved/*.html
  urix rewrite --relative-to file:///mirror/example.org/a/page.html --base https://example.org/a/page.html page.html
  urix rewrite --map moved.txt -i site/*.html
  urix rewrite -r -i --mirror mirror/          (after: cd mirror && wget -m URL)
  curl -s https://example.org/ | urix rewrite --absolute --base https://example.org/ -

A map file has one "OLD NEW" pair of absolute URIs per line ('#' starts a
comment); links match OLD after normalization (RFC 3986 §6.2.2, §6.2.3),
and a link with a fragment matches OLD without it and keeps its fragment.`

// rewriteOptions are the options of "urix rewrite" as the flags set them.
type rewriteOptions struct {
	absolute, dropBase, normalize bool
	relativeTo, mapFile           *string // nil when not given

	inPlace, noFollow, force bool

	mirror       *string // --mirror DIR, nil when not given
	mirrorScheme choice
	recursive    bool

	typ               choice
	base, defaultBase string
	canonical         bool
}

// flags returns the flags of the options, bound to o, their values set to
// the defaults.
func (o *rewriteOptions) flags() []cli.Flag {
	o.mirrorScheme = choice{words: []string{"https", "http"}, value: "https"}
	o.typ = choice{words: []string{"auto", "html"}, value: "auto", parse: func(s string) error {
		if t, err := extract.ParseType(s); err != nil || t != extract.Auto && t != extract.HTML {
			return errors.New("rewrite reads HTML only: want auto or html")
		}
		return nil
	}}
	return []cli.Flag{
		&cli.BoolFlag{Name: "absolute", Aliases: []string{"A"}, Destination: &o.absolute, Usage: "make every reference absolute against the page's base"},
		&cli.BoolFlag{Name: "drop-base", Destination: &o.dropBase, Usage: "remove the <base href> when no reference left needs it (implied by --relative-to)"},
		&cli.StringFlag{Name: "relative-to", Aliases: []string{"R"}, Action: setString(&o.relativeTo), Usage: "make references relative to `URI`, the page's new location, where possible"},
		&cli.StringFlag{Name: "map", Aliases: []string{"m"}, Action: setString(&o.mapFile), Usage: "replace the URIs listed in `FILE` (\"OLD NEW\" per line)"},
		&cli.BoolFlag{Name: "normalize", Aliases: []string{"N"}, Destination: &o.normalize, Usage: "put each reference in normal form (RFC 3986 §6.2.2, §6.2.3)"},
		&cli.StringFlag{Name: "mirror", Action: setString(&o.mirror), Usage: "as wget -k on the wget mirror in `DIR`: links to files saved there become relative paths, the others absolute"},
		choiceFlag("mirror-scheme", nil, &o.mirrorScheme, "", "with --mirror, the `SCHEME` the pages were fetched with: {}"),
		&cli.BoolFlag{Name: "recursive", Aliases: []string{"r"}, Destination: &o.recursive, Usage: "rewrite every HTML page under the directories given (with -i; --mirror DIR alone: DIR)"},
		&cli.BoolFlag{Name: "in-place", Aliases: []string{"i"}, Destination: &o.inPlace, Usage: "rewrite the files in place"},
		&cli.BoolFlag{Name: "no-follow", Destination: &o.noFollow, Usage: "with -i, refuse a symbolic link instead of rewriting the file it points to"},
		&cli.BoolFlag{Name: "force", Destination: &o.force, Usage: "with -i, rewrite read-only files too"},
		choiceFlag("type", []string{"t"}, &o.typ, "", "input `TYPE`: {} (auto refuses what does not look like HTML)"),
		&cli.StringFlag{Name: "base", Aliases: []string{"b"}, Destination: &o.base, Usage: "retrieval `URI` of the pages (RFC 3986 §5.1.3), instead of each file's file: URI"},
		&cli.StringFlag{Name: "default-base", Destination: &o.defaultBase, Usage: "application default base `URI` (§5.1.4)"},
		&cli.BoolFlag{Name: "canonical", Destination: &o.canonical, Usage: "take a page's <link rel=canonical> as its retrieval URI when it records no other"},
	}
}

// setString is the action of a string flag that sets *p when the flag is
// given, even to "", which a Destination cannot tell from no flag.
func setString(p **string) func(*cli.Context, string) error {
	return func(_ *cli.Context, v string) error {
		*p = &v
		return nil
	}
}

func (e *env) rewriteCommand() *cli.Command {
	o := new(rewriteOptions)
	return &cli.Command{
		Name:      "rewrite",
		Usage:     "rewrite the links of HTML pages, changing no other byte",
		ArgsUsage: "[FILE|-]...",
		Description: "Copies each HTML page with the URLs of its attributes (href, src,\n" +
			"srcset candidates, action, cite, data, poster, background, meta refresh)\n" +
			"and of its CSS (url(), @import) rewritten, and every other byte as it\n" +
			"was. Same-document references (\"#top\", \"\") and javascript: and data:\n" +
			"URIs are never touched. A page's <base href> is respected (RFC 3986\n" +
			"§5.1); the page's own URI is its file: URI or --base.\n\n" +
			"The output goes to standard output; with -i each file gets its\n" +
			"rewritten content and stays the file it was: a symbolic link is\n" +
			"followed (--no-follow refuses it), hard links, owner, group, mode and\n" +
			"extended attributes are kept, a read-only file is refused (--force\n" +
			"rewrites it). The new content is written to a temporary file\n" +
			"\".NAME.urix-*\" beside the file and renamed over it, or, to keep hard\n" +
			"links or attributes a rename would lose, copied through the file after\n" +
			"a backup copy; on an error or on SIGINT, SIGTERM or SIGHUP the file is\n" +
			"left as it was and the temporary file removed. File names are printed\n" +
			"escaped, as scan prints them.\n\n" +
			"--mirror DIR does what wget -k does on a mirror laid out as wget saves\n" +
			"one (HOST[:PORT]/PATH, index.html for a directory, the query after '?'\n" +
			"in the file name): a link to a file saved under DIR becomes the\n" +
			"shortest relative path to it, every other link absolute. -r rewrites\n" +
			"every HTML file under the directories given (DIR when none is) and\n" +
			"needs -i; it ends with a summary of the files and links changed.\n\n" +
			"A page saved by a browser is read against the URI it records (its\n" +
			"\"saved from url\" or SingleFile comment) when no --base is given.\n\n" + rewriteExamples,
		Flags:  o.flags(),
		Action: func(c *cli.Context) error { return e.runRewrite(o, c.Args().Slice()) },
	}
}

// rewriter is one run of "urix rewrite".
type rewriter struct {
	e          *env
	absolute   bool
	normalize  bool
	dropBase   bool
	relativeTo *uri.URI
	mapping    map[string]string // normalized old URI -> new
	forceHTML  bool              // --type html: no detection
	opts       extract.Options

	mirror    *mirror.Mirror // --mirror
	recursive bool           // -r
	stats     rewriteStats   // what -r sums up

	noFollow, force bool           // -i: refuse symbolic links; write read-only files
	signals         chan os.Signal // -i: interruptSignals, while files are written
	caught          os.Signal      // the first of them that came
}

// newRewriter checks the options that cli cannot and makes a rewriter of
// them.
func (e *env) newRewriter(o *rewriteOptions) (*rewriter, error) {
	rw := &rewriter{
		e:         e,
		absolute:  o.absolute,
		noFollow:  o.noFollow,
		force:     o.force,
		normalize: o.normalize,
		dropBase:  o.dropBase || o.relativeTo != nil,
		opts:      extract.Options{Type: extract.HTML, Base: o.base, Default: o.defaultBase, Canonical: o.canonical},
	}
	if t, _ := extract.ParseType(o.typ.value); t == extract.HTML { // --type checked it
		rw.forceHTML = true
	}
	if o.relativeTo != nil {
		u, err := uri.Parse(*o.relativeTo)
		if err != nil || !u.IsAbs() {
			return nil, fmt.Errorf("rewrite: --relative-to %q is not an absolute URI", *o.relativeTo)
		}
		rw.relativeTo = &u
	}
	if o.mapFile != nil {
		m, err := readMap(*o.mapFile)
		if err != nil {
			return nil, err
		}
		rw.mapping = m
	}
	if o.mirror != nil {
		m, err := mirror.New(*o.mirror, o.mirrorScheme.value)
		switch {
		case errors.Is(err, mirror.ErrNotDir):
			return nil, fmt.Errorf("rewrite: --mirror %s: not a directory", format.Text(*o.mirror))
		case errors.Is(err, mirror.ErrScheme):
			return nil, fmt.Errorf("rewrite: --mirror-scheme %q: want http or https", o.mirrorScheme.value)
		case err != nil:
			return nil, err
		}
		rw.mirror, rw.dropBase = m, true
	}
	rw.recursive = o.recursive
	if !rw.absolute && !rw.normalize && rw.relativeTo == nil && rw.mapping == nil && !rw.dropBase {
		return nil, errors.New("rewrite: nothing to do: give --absolute, --relative-to, --map, --normalize, --drop-base or --mirror")
	}
	return rw, nil
}

// runRewrite is "urix rewrite" with options o on the inputs.
func (e *env) runRewrite(o *rewriteOptions, inputs []string) error {
	rw, err := e.newRewriter(o)
	if err != nil {
		return withStatus(exitError, err)
	}
	if len(inputs) == 0 && o.recursive && o.mirror != nil {
		inputs = []string{*o.mirror}
	}
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	if o.recursive {
		if !o.inPlace {
			return withStatus(exitError, errors.New("rewrite: -r rewrites files in place: give -i"))
		}
		if inputs, err = rw.tree(inputs); err != nil {
			return withStatus(exitError, err)
		}
	}
	if !o.inPlace && len(inputs) > 1 {
		return withStatus(exitError, errors.New("rewrite: several pages need -i (standard output takes one)"))
	}
	if o.inPlace {
		// Caught, so that a temporary file is removed before the end;
		// but a signal ignored (nohup) stays ignored.
		rw.signals = make(chan os.Signal, 1)
		for _, sig := range interruptSignals {
			if !signal.Ignored(sig) {
				signal.Notify(rw.signals, sig)
			}
		}
		defer signal.Stop(rw.signals)
	}
	return rw.all(inputs, o.inPlace)
}

// all rewrites each input in turn; a failure is reported and the next
// input rewritten, but a signal ends the run with its status.
func (rw *rewriter) all(args []string, inPlace bool) error {
	failed := false
	for _, name := range args {
		var err error
		switch {
		case name == "-" && inPlace:
			err = errors.New("-i needs files, not standard input")
		case name == "-":
			err = rw.toStdout(rw.e.stdin, "")
		case inPlace:
			err = rw.inPlace(name)
		default:
			err = rw.file(name)
		}
		if err != nil {
			rw.e.errorf("rewrite %s", fileMessage(displayName(name), err))
			failed = true
		}
		// A signal during a file's last step (the rename) is seen here.
		if rw.interrupted() != nil {
			return withStatus(signalStatus(rw.caught), nil)
		}
	}
	rw.stats.report(rw)
	if failed {
		return errReported
	}
	return nil
}

// inPlace rewrites the page in the file name in place (see
// inplace.Replace), and stops on one of interruptSignals.
func (rw *rewriter) inPlace(name string) error {
	o := inplace.Options{NoFollow: rw.noFollow, Force: rw.force, Interrupted: rw.interrupted}
	err := inplace.Replace(name, o, func(w io.Writer, r io.Reader) error { return rw.page(w, r, name) })
	switch {
	case errors.Is(err, inplace.ErrSymlink):
		return errors.New("is a symbolic link (--no-follow: not rewritten)")
	case errors.Is(err, inplace.ErrReadOnly):
		return errors.New("read-only file (--force rewrites it)")
	}
	return err
}

// interrupted returns an error once one of interruptSignals has come
// during "rewrite -i" (it keeps returning it after).
func (rw *rewriter) interrupted() error {
	if rw.caught == nil {
		select {
		case rw.caught = <-rw.signals:
		default:
			return nil
		}
	}
	return &interruptError{rw.caught}
}

// interruptError stops "rewrite -i" on a signal.
type interruptError struct{ sig os.Signal }

func (e *interruptError) Error() string {
	return fmt.Sprintf("interrupted (%v): the file is as it was", e.sig)
}

func displayName(name string) string {
	if name == "-" {
		return "(standard input)"
	}
	return name
}

// file rewrites the page in the file name to standard output.
func (rw *rewriter) file(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return rw.toStdout(f, name)
}

// toStdout rewrites the page read from r (named name, "" for standard
// input) to standard output. extract.Rewrite reads and checks the whole
// page before it writes a byte, so a page that cannot be read, is too
// large or is not HTML writes nothing; what follows streams, since the
// output can be several times the page (a page of ping lists).
func (rw *rewriter) toStdout(r io.Reader, name string) error {
	bw := bufio.NewWriterSize(rw.e.stdout, 64<<10)
	err := rw.page(bw, r, name)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// page rewrites the page read from r (named name, "" for standard input)
// to w, after checking that it is HTML.
func (rw *rewriter) page(w io.Writer, r io.Reader, name string) (err error) {
	defer recoverInput(&err)
	if testHookInput != nil {
		r = testHookInput(name, r)
	}
	br := bufio.NewReaderSize(r, 4096)
	head, err := br.Peek(4096)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return err
	}
	if t := extract.Detect(name, head); t != extract.HTML && !rw.forceHTML {
		return fmt.Errorf("not an HTML page (it reads as %s); rewrite only rewrites HTML (--type html forces it)", t)
	}
	opts := rw.opts
	opts.Name = name
	if name == "" {
		opts.Name = "-"
	}
	if rw.mirror != nil && opts.Base == "" {
		if opts.Base, err = rw.mirror.PageURI(opts.Name); errors.Is(err, mirror.ErrOutside) {
			return errors.New("not inside the --mirror directory: its URI is not known")
		} else if err != nil {
			return err
		}
	}
	changed := 0
	defer func() { rw.stats.add(changed, err) }()
	needBase := 0
	return extract.Rewrite(w, br, opts, func(l extract.Link) (string, bool) {
		if l.Tag == "base" && l.Attr == "href" && l.Context == extract.ContextHTML {
			if rw.dropBase && needBase == 0 {
				changed++
				return "", true
			}
			if rw.dropBase {
				rw.e.errorf("rewrite %s: <base href> kept: %d relative references still need it", format.Text(displayName(opts.Name)), needBase)
			}
		}
		v, ok := rw.newValue(l)
		if rw.mirror != nil {
			v, ok = rw.mirror.Value(opts.Name, l)
		}
		if !ok && !isAbsRef(l.Ref) {
			needBase++ // left relative, against the base
		}
		if ok && v != l.Ref {
			changed++
			return v, true
		}
		return v, false
	})
}

// newValue returns the new value of a link (which may be the value as
// written), and false when the link has to stay as it is.
func (rw *rewriter) newValue(l extract.Link) (string, bool) {
	target, mapped := rw.lookup(l.URI)
	var v string
	switch {
	case rw.relativeTo != nil:
		t, err := uri.Parse(target)
		if err != nil || !t.IsAbs() {
			return "", false
		}
		if rw.normalize {
			t = t.Normalize()
		}
		r, err := uri.Relative(*rw.relativeTo, t)
		if err != nil {
			return "", false
		}
		v = r.String()
	case rw.absolute || mapped:
		v = target
		if rw.normalize {
			t, err := uri.Parse(target)
			if err != nil {
				return "", false
			}
			v = t.Normalize().String()
		}
		if !isAbsRef(v) {
			return "", false // unresolved: no base
		}
		if mapped && !rw.absolute && !isAbsRef(l.Ref) {
			v = relativeTo(l, v) // a link written relative stays so
		}
	case rw.normalize:
		b, _ := base.Parse(l.Base, l.BaseSource)
		u, _, err := b.ParseAttr(l.Ref)
		if err != nil {
			return "", false
		}
		v = u.Normalize().String()
	default:
		return "", false
	}
	return v, true
}

// relativeTo returns target as a reference relative to the base of the
// link l, when it has the base's scheme and authority; else target.
func relativeTo(l extract.Link, target string) string {
	b, err1 := uri.Parse(l.Base)
	t, err2 := uri.Parse(target)
	if err1 != nil || err2 != nil || !strings.EqualFold(b.Scheme, t.Scheme) || !strings.EqualFold(b.Authority(), t.Authority()) {
		return target
	}
	r, err := uri.Relative(b, t)
	if err != nil {
		return target
	}
	return r.String()
}

// lookup returns the new URI the map gives u, matched after normalization,
// with u's fragment carried over when only u without it is listed.
func (rw *rewriter) lookup(u string) (string, bool) {
	if rw.mapping == nil {
		return u, false
	}
	p, err := uri.Parse(u)
	if err != nil {
		return u, false
	}
	if v, ok := rw.mapping[p.Normalize().String()]; ok {
		return v, true
	}
	if p.HasFragment {
		frag := p.Fragment
		p.Fragment, p.HasFragment = "", false
		if v, ok := rw.mapping[p.Normalize().String()]; ok {
			if !strings.Contains(v, "#") {
				v += "#" + frag
			}
			return v, true
		}
	}
	return u, false
}

// isAbsRef reports whether an attribute value is an absolute URI, one
// that needs no base.
func isAbsRef(s string) bool {
	u, _, err := base.Base{}.ParseAttr(s)
	return err == nil && u.IsAbs()
}

// readMap reads a map file: "OLD NEW" pairs of absolute URIs, one per
// line, blank lines and '#' comments ignored.
func readMap(name string) (map[string]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("rewrite: --map %s", fileMessage(name, err))
	}
	defer f.Close()
	m := map[string]string{}
	name = format.Text(name) // for messages
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			return nil, fmt.Errorf("rewrite: --map %s:%d: want two URIs, OLD and NEW, found %d fields", name, n, len(fields))
		}
		old, err := uri.Parse(fields[0])
		if err != nil || !old.IsAbs() {
			return nil, fmt.Errorf("rewrite: --map %s:%d: %q is not an absolute URI", name, n, fields[0])
		}
		if nu, err := uri.Parse(fields[1]); err != nil || !nu.IsAbs() {
			return nil, fmt.Errorf("rewrite: --map %s:%d: %q is not an absolute URI", name, n, fields[1])
		}
		m[old.Normalize().String()] = fields[1]
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("rewrite: --map %s: %w", name, err)
	}
	return m, nil
}
