package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sync/atomic"

	"github.com/urfave/cli/v2"
	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/walk"
)

const scanExamples = `Examples:
  urix testdata/sample.txt              one URI per line
  urix -Hn testdata/sample.eml          file:line:column:uri, like grep -Hn
  urix --json testdata/sample.mbox      one JSON object per link (see README)
  urix --base https://example.org/docs/ testdata/sample.html
  urix -r --unique --scheme http,https ~/Mail   every distinct web link
  urix -rl --scheme ftp docs/           the files that hold an ftp: link
  curl -s https://example.org/ |
    urix --type html --base https://example.org/ -
  urix -q notes.txt && echo "has links"`

const scanStatus = `Exit status: 0 when a link was found, 1 when none, 2 when something could
not be read (an error wins, except with -q, where a link found gives 0
whatever errors came before). A malformation urix recovered from with every
byte read (a MIME boundary that never comes, the body read as text) is a
warning on standard error, not an error, unless --strict.`

// scanDescription is what "urix scan --help" and the manual page say of
// scan, before the examples.
const scanDescription = "Prints every URI found in the inputs, resolved against the base in\n" +
	"force where it appears (RFC 3986 §5.1): an HTML <base href>, a MIME\n" +
	"Content-Base or Content-Location, --base, the URI a saved page records\n" +
	"(a \"saved from url\" or SingleFile comment, MHTML's\n" +
	"Snapshot-Content-Location), the file's own file: URI,\n" +
	"then --default-base. With no input, or \"-\", standard input is read\n" +
	"(with -r and no input, the working directory).\n" +
	"Options may follow the inputs, as with grep; \"--\" ends them.\n\n" +
	"Control characters, invalid UTF-8 and bidi controls are printed\n" +
	"escaped (\\x1b, \\u202e; in JSON \\u001b); JSON gives a name that is\n" +
	"not UTF-8 exactly in \"file_bytes\" (base64). A TSV field that starts\n" +
	"with = + - @ or ' gets a ' in front, so that a spreadsheet takes it for\n" +
	"text, not a formula: drop one leading ' to read the value."

// scanArgsUsage is what "urix scan", and "urix", take as arguments.
const scanArgsUsage = "[FILE|DIR|-]..."

// scanOptions are the options of "urix scan", which are also the options
// of "urix" itself, as the flags set them.
type scanOptions struct {
	typ               choice // --type
	base, defaultBase string
	canonical         bool            // --canonical
	lazyAttrs         cli.StringSlice // --lazy-attr
	warcRecords       cli.StringSlice // WARC record types read

	recursive bool
	walkFlags // -r's, and -j

	asJSON         bool
	formatArg      choice // --format
	withFilename   bool
	noFilename     bool
	lineNumber     bool
	noLineNumber   bool // -N, as rg: cancels -n
	count          bool
	filesWithLinks bool
	null           bool
	lineBuffered   bool
	quiet          bool
	noMessages     bool
	strict         bool // --strict: a recovered malformation is an error
	noProgress     bool
	colorArg       choice // --color
	warnings       bool

	unique       bool
	maxCount     int
	hosts        cli.StringSlice // --host
	match        string
	excludeMatch string
	noSchemes    cli.StringSlice // --exclude-scheme
	schemes      cli.StringSlice
	onlyValid    bool
	absoluteOnly bool
	noHeaders    bool
	emptyRefs    bool // --empty-refs

	keep, normalize, abbreviated bool
	anyScheme, iri               bool

	context bool // --context: Link.Text, printed under each URI
	emails  bool // --emails: bare addresses as mailto: URIs
	code    bool // --code: URIs in Markdown code too
	uses    bool // --uses: each use of a URL by a name too
}

// flags returns the flags of the options, bound to o, their values set to
// the defaults.
func (o *scanOptions) flags() []cli.Flag {
	o.typ, o.formatArg, o.colorArg = typeChoice(), formatChoice(), colorChoice()
	flags := []cli.Flag{
		choiceFlag("type", []string{"t"}, &o.typ, "Inputs", "read every input as `TYPE`: {} (auto looks at the name and the first bytes; docx, xlsx, pptx are ooxml, odt, ods, odp odf)"),
		&cli.BoolFlag{Name: "code", Destination: &o.code, Usage: "also find URIs in the code spans and code blocks of Markdown", Category: "Inputs"},
		&cli.BoolFlag{Name: "uses", Destination: &o.uses, Usage: "also report each use of a URL by a name (Markdown [text][label], AsciiDoc {name}), not only where the URL is written", Category: "Inputs"},
		&cli.StringSliceFlag{Name: "warc-records", Destination: &o.warcRecords, Usage: "in WARC input, read the records of these `TYPES` (comma-separated: response, resource, revisit, request, metadata, warcinfo, wat: the WAT JSON of metadata records; default response,resource,wat)", Category: "Inputs"},
		&cli.StringFlag{Name: "base", Aliases: []string{"b"}, Destination: &o.base, Usage: "retrieval `URI` of the inputs (RFC 3986 §5.1.3), instead of each file's file: URI", Category: "Base URI"},
		&cli.StringFlag{Name: "default-base", Destination: &o.defaultBase, Usage: "application default base `URI` (§5.1.4), used when no other layer gives one", Category: "Base URI"},
		&cli.BoolFlag{Name: "canonical", Destination: &o.canonical, Usage: "take a page's <link rel=canonical> as its retrieval URI when it records no other", Category: "Base URI"},
		&cli.StringSliceFlag{Name: "lazy-attr", Destination: &o.lazyAttrs, Usage: "also read HTML attribute `NAME` as a lazy-load URL, like data-src (repeatable)", Category: "Inputs"},

		&cli.BoolFlag{Name: "recursive", Aliases: []string{"r"}, Destination: &o.recursive, Usage: "scan directories recursively, as ripgrep: skipping hidden files, what .gitignore and .ignore exclude, and binary files but PDF, Office, OpenDocument and EPUB documents", Category: "Inputs"},
	}
	flags = append(flags, o.walkFlags.flags("with -r", "scan")...)
	flags = append(flags, noConfigFlag("Inputs"))
	return append(flags, []cli.Flag{
		&cli.BoolFlag{Name: "json", Destination: &o.asJSON, Usage: "JSON Lines: one object per link (same as --format json)", Category: "Output"},
		choiceFlag("format", nil, &o.formatArg, "Output", "output `FORMAT`: {}"),
		&cli.BoolFlag{Name: "with-filename", Aliases: []string{"H"}, Destination: &o.withFilename, Usage: "print the input name before each link (default with several inputs or -r)", Category: "Output"},
		&cli.BoolFlag{Name: "no-filename", Destination: &o.noFilename, Usage: "never print the input name", Category: "Output"},
		&cli.BoolFlag{Name: "line-number", Aliases: []string{"n"}, Destination: &o.lineNumber, Usage: "print line:column before each link (in mail, of the raw or encoded line in the file)", Category: "Output"},
		&cli.BoolFlag{Name: "no-line-number", Aliases: []string{"N"}, Destination: &o.noLineNumber, Usage: "print no line:column (cancels -n)", Category: "Output"},
		&cli.BoolFlag{Name: "count", Aliases: []string{"c"}, Destination: &o.count, Usage: "print only the number of links of each input", Category: "Output"},
		&cli.BoolFlag{Name: "files-with-links", Aliases: []string{"l"}, Destination: &o.filesWithLinks, Usage: "print only the names of the inputs that hold a link", Category: "Output"},
		&cli.BoolFlag{Name: "null", Aliases: []string{"0"}, Destination: &o.null, Usage: "end each record with NUL instead of newline", Category: "Output"},
		&cli.BoolFlag{Name: "line-buffered", Destination: &o.lineBuffered, Usage: "write each link at once, even when standard output is no terminal (a pipe to a program that waits for them)", Category: "Output"},
		&cli.BoolFlag{Name: "no-messages", Aliases: []string{"s"}, Destination: &o.noMessages, Usage: "print no message about inputs that cannot be read or have errors (the exit status still tells)", Category: "Output"},
		&cli.BoolFlag{Name: "strict", Destination: &o.strict, Usage: "take a malformation urix recovered from with every byte read (a MIME boundary that never comes, the body read as text) for an error, status 2, not a warning", Category: "Output"},
		&cli.BoolFlag{Name: "no-progress", Destination: &o.noProgress, Usage: "never show the progress line on standard error", Category: "Output"},
		choiceFlag("color", []string{"colour"}, &o.colorArg, "Output", "colour names, lines and URIs, as ripgrep does, `WHEN`: {}; auto: on a terminal, unless NO_COLOR is set"),
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Destination: &o.quiet, Usage: "print nothing; stop at the first link (exit status only)", Category: "Output"},
		&cli.BoolFlag{Name: "context", Destination: &o.context, Usage: "print the text around each link under it, as urlscan shows it (in JSON: \"text\")", Category: "Output"},
		&cli.BoolFlag{Name: "warnings", Aliases: []string{"w"}, Destination: &o.warnings, Usage: "show the security warnings of each URI (RFC 3986 §7)", Category: "Output"},

		&cli.BoolFlag{Name: "unique", Destination: &o.unique, Usage: "print each URI once (exactly as printed: add --normalize to merge equivalent ones)", Category: "Filters"},
		&cli.IntFlag{Name: "max-count", Aliases: []string{"m"}, Destination: &o.maxCount, Usage: "print at most `NUM` links of each input (default 0: no limit)", Category: "Filters"},
		&cli.StringSliceFlag{Name: "scheme", Destination: &o.schemes, Usage: "keep only URIs with these `SCHEMES` (comma-separated, case-insensitive)", Category: "Filters"},
		&cli.StringSliceFlag{Name: "exclude-scheme", Destination: &o.noSchemes, Usage: "drop URIs with these `SCHEMES` (comma-separated, case-insensitive)", Category: "Filters"},
		&cli.StringSliceFlag{Name: "host", Destination: &o.hosts, Usage: "keep only URIs whose host is one of `HOSTS` or below it (comma-separated; IDNs in either form)", Category: "Filters"},
		&cli.StringFlag{Name: "match", Destination: &o.match, Usage: "keep only URIs that `REGEX` matches (Go syntax, unanchored)", Category: "Filters"},
		&cli.StringFlag{Name: "exclude-match", Destination: &o.excludeMatch, Usage: "drop URIs that `REGEX` matches", Category: "Filters"},
		&cli.BoolFlag{Name: "only-valid", Destination: &o.onlyValid, Usage: "drop URIs that break their scheme's rules (RFC 1738)", Category: "Filters"},
		&cli.BoolFlag{Name: "absolute-only", Destination: &o.absoluteOnly, Usage: "keep only references written as absolute URIs, not relative ones however resolved", Category: "Filters"},
		&cli.BoolFlag{Name: "empty-refs", Destination: &o.emptyRefs, Usage: "also print empty references and bare \"#\" (href=\"\", href=\"#\"), which name no link, only the document they are in", Category: "Filters"},
		&cli.BoolFlag{Name: "no-headers", Destination: &o.noHeaders, Usage: "leave out the links in mail header fields (List-Unsubscribe, X-Url, ...)", Category: "Filters"},

		&cli.BoolFlag{Name: "keep", Aliases: []string{"k"}, Destination: &o.keep, Usage: "print references as written instead of resolving them", Category: "Form of the URIs"},
		&cli.BoolFlag{Name: "normalize", Destination: &o.normalize, Usage: "print URIs in normal form (RFC 3986 §6.2.2, §6.2.3)", Category: "Form of the URIs"},
		&cli.BoolFlag{Name: "emails", Destination: &o.emails, Usage: "also find bare e-mail addresses in text (bob@example.org), as mailto: URIs", Category: "Form of the URIs"},
		&cli.BoolFlag{Name: "abbreviated", Destination: &o.abbreviated, Usage: "also find scheme-less www. and ftp. hosts in text, adding the scheme", Category: "Form of the URIs"},
		&cli.BoolFlag{Name: "any-scheme", Destination: &o.anyScheme, Usage: "also find scheme://... URIs in text whose scheme IANA never registered (git+ssh://, s3://)", Category: "Form of the URIs"},
		&cli.BoolFlag{Name: "iri", Destination: &o.iri, Usage: "print URIs as IRIs for reading (RFC 3987 §3.2: non-ASCII characters and U-label hosts shown where safe); JSON carries uri and ref", Category: "Form of the URIs"},
	}...)
}

// scanAction is the action of "urix scan" and of "urix", with its
// options bound to o by o.flags.
func (e *env) scanAction(o *scanOptions) cli.ActionFunc {
	return func(c *cli.Context) error { return e.runScan(o, c.Args().Slice()) }
}

func (e *env) scanCommand() *cli.Command {
	o := new(scanOptions)
	return &cli.Command{
		Name:        "scan",
		Usage:       "find the links in text, HTML, e-mail, mbox and WARC inputs (the default command)",
		ArgsUsage:   scanArgsUsage,
		Description: scanDescription + "\n\n" + scanExamples + "\n\n" + scanStatus,
		Flags:       o.flags(),
		Action:      e.scanAction(o),
	}
}

// scanner is one run of "urix scan".
type scanner struct {
	e           *env
	scanOptions                 // resolved: threads the CPUs for 0, lineBuffered on a terminal, -u
	format      outFormat       // --format, json with --json
	opts        extract.Options // all but Name, set for each input
	names       bool            // print input names
	colored     bool            // --color
	eol         byte

	// The output, written by one goroutine.
	out      *bufio.Writer
	seen     map[string]struct{} // --unique
	found    bool
	failed   bool
	stop     bool          // -q found a link, or stdout failed
	quit     atomic.Bool   // stop, for the goroutines that read inputs
	quitCh   chan struct{} // closed when quit is set
	progress *progress
}

// newScanner checks the options that cli cannot and makes a scanner of
// them.
func (e *env) newScanner(o *scanOptions) (*scanner, error) {
	s := &scanner{e: e, scanOptions: *o, eol: '\n', quitCh: make(chan struct{})}
	s.format = outFormat(slices.Index(formatNames, o.formatArg.value))
	if s.asJSON {
		s.format = formatJSON
	}
	switch o.colorArg.value {
	case "auto":
		s.colored = isTerminal(e.stdout) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	case "always":
		s.colored = true
	}
	if err := s.walkFlags.resolve("scan"); err != nil {
		return nil, err
	}
	s.lineNumber = s.lineNumber && !s.noLineNumber
	if pe, ok := errors.AsType[*walk.PatternError](o.walkOptions().CheckGlobs()); ok {
		return nil, errors.New("scan: bad pattern \"" + format.Text(pe.Pattern) + "\"")
	}
	opts, err := o.extractOptions()
	if err != nil {
		return nil, err
	}
	s.opts = opts
	// The file: URI of a relative name is made from the working
	// directory, asked for once, not with two system calls a file.
	if wd, err := os.Getwd(); err == nil {
		s.opts.WorkDir = wd
	}
	if s.null {
		s.eol = 0
	}
	if s.unique {
		s.seen = make(map[string]struct{})
	}
	if s.maxCount < 0 {
		return nil, fmt.Errorf("scan: -m %d: want a number of links (0: no limit)", s.maxCount)
	}
	return s, nil
}

// runScan is "urix scan" with options o on the inputs.
func (e *env) runScan(o *scanOptions, inputs []string) error {
	s, err := e.newScanner(o)
	if err != nil {
		return withStatus(exitError, err)
	}
	switch {
	case len(inputs) > 0:
	case s.recursive:
		inputs = []string{""} // as grep -r and rg: the working directory, its files named "a.txt"
	default:
		inputs = []string{"-"}
		if isTerminal(e.stdin) {
			e.errorf("reading standard input (end it with Ctrl-D; \"urix --help\" for help)")
		}
	}
	s.names = !s.noFilename && (s.withFilename || len(inputs) > 1 || s.recursive)
	s.out = bufio.NewWriterSize(e.stdout, 64<<10)
	// As grep, show each link at once on a terminal.
	s.lineBuffered = s.lineBuffered || isTerminal(e.stdout)
	if !s.quiet && !s.noProgress {
		s.progress = e.newProgress()
	}
	return s.run(inputs)
}

// run scans the inputs and returns the outcome: status 2 after an error
// (reported already), 1 when no link was found.
func (s *scanner) run(inputs []string) error {
	header := s.newLinkFormatter().header()
	if s.count {
		header = ""
		if s.format.tabular() {
			header = countRow(s.format, "file", "count")
		}
	}
	if header != "" && !s.filesWithLinks && !s.quiet {
		s.record(header)
	}
	if s.threads > 1 && (s.recursive || len(inputs) > 1) {
		s.scanParallel(inputs, s.threads)
	} else {
		s.scanSequential(inputs)
	}
	s.progress.close()
	if err := s.out.Flush(); err != nil && !s.failed {
		s.e.errorf("%v", err)
		s.failed = true
	}
	switch {
	case s.quiet && s.found:
		return nil // as grep -q: a link found, whatever came before
	case s.failed:
		return errReported
	case !s.found:
		return errNone
	}
	return nil
}

// record writes one output record and its terminator.
func (s *scanner) record(r string) {
	s.out.WriteString(r)
	s.endRecord()
}

// endRecord writes the terminator of the record written.
func (s *scanner) endRecord() {
	s.check(s.out.WriteByte(s.eol))
	if s.lineBuffered {
		s.check(s.out.Flush())
	}
}

// check stops the run when output fails (a closed pipe, a full disk).
func (s *scanner) check(err error) {
	if err != nil && !s.stop {
		s.halt()
		s.failed = true
		s.progress.above(func() { s.e.errorf("%v", err) })
	}
}

// extractOptions maps the flags to extract.Options; the per-input fields
// (Name) are set by scanReader.
func (o *scanOptions) extractOptions() (extract.Options, error) {
	t, err := extract.ParseType(o.typ.value)
	if err != nil {
		return extract.Options{}, fmt.Errorf("scan: --type: %w", err)
	}
	opts := extract.Options{
		Type:        t,
		Keep:        o.keep,
		Normalize:   o.normalize,
		Absolute:    o.absoluteOnly,
		OnlyValid:   o.onlyValid,
		NoEmptyRefs: !o.emptyRefs,
		Abbreviated: o.abbreviated,
		Code:        o.code,
		Uses:        o.uses,
		AnyScheme:   o.anyScheme,
		Warnings:    o.warnings,
		TextAround:  o.context && !(o.count || o.filesWithLinks || o.quiet),
		NoText:      o.count || o.filesWithLinks || o.quiet, // they print no link
		NoPositions: o.count || o.filesWithLinks || o.quiet,
		Emails:      o.emails,
		NoHeaders:   o.noHeaders,
		Base:        o.base,
		Default:     o.defaultBase,
		Canonical:   o.canonical,
		LazyAttrs:   o.lazyAttrs.Value(),
	}
	opts.WARCRecords = splitList(o.warcRecords.Value())
	// --scheme http,https and --scheme http --scheme https alike.
	opts.Schemes = splitList(o.schemes.Value())
	opts.ExcludeSchemes = splitList(o.noSchemes.Value())
	opts.Hosts = splitList(o.hosts.Value())
	for _, re := range []struct {
		flag, expr string
		dst        **regexp.Regexp
	}{{"match", o.match, &opts.Match}, {"exclude-match", o.excludeMatch, &opts.ExcludeMatch}} {
		if re.expr == "" {
			continue
		}
		if *re.dst, err = regexp.Compile(re.expr); err != nil {
			return opts, fmt.Errorf("scan: --%s: %w", re.flag, err)
		}
	}
	for _, f := range []struct {
		flag, value string
		src         base.Source
	}{{"base", o.base, base.Retrieval}, {"default-base", o.defaultBase, base.Default}} {
		if f.value == "" {
			continue
		}
		// The check extract makes, early: absolute, and an IRI is taken.
		if _, err := base.Parse(f.value, f.src); err != nil {
			return opts, fmt.Errorf("scan: --%s: %w", f.flag, err)
		}
	}
	if err := opts.Validate(); err != nil {
		return opts, fmt.Errorf("scan: --host: %w", err) // what is left to check
	}
	return opts, nil
}
