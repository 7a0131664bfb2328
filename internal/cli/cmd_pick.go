package cli

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/pick"
)

const pickDescription = `Lists the links of a message, or of any input urix scans, to open one
or several in the browser: made for a mail client that pipes the message
it shows ("<pipe-message> urix pick" in mutt; see the README). The list is
drawn on the terminal (/dev/tty), so the input can come on standard input.
An input slow to give its first link (tail -f) has the list shown empty,
"reading…", until links come; one that ends with none says "pick: no
links" (status 1).

Each row is a link with where it came from (a header, a MIME part, a
message of an mbox) and its context (the line around it, the link
underlined); links from message headers come last, and a URI that comes
several times is shown once (--all shows every one); --no-headers leaves
out the header links, --emails adds the bare addresses of the text.
Control and bidi characters of the message are shown escaped (\x1b).
A link too long for its row has its end shown above the help line.

A row that deserves caution is marked "!" with its warnings' codes, and
the warnings of the row under the cursor are spelt out above the help
line (on a terminal of 10 lines or more): the text of a link shows
another site than it goes to (text-host), a host that mixes scripts
(homograph), a userinfo that looks like a host (userinfo-host) and the
other security warnings of RFC 3986 §7 (see "urix scan -w").

The keys (listed below) are fzf's in the list: typing filters it, so q and
y act only while the filter is empty. ctrl-v or → shows the message (of an
mbox, the message; of other input, the page or text) the link under the
cursor is in, scrolled to it and the link highlighted, as urlscan shows
its context; q, Esc or ← go back to the list.

A link is opened with --run CMD ("{}" in it is the link, quoted for the
shell; without "{}" the link is added at the end), else with the first
handler whose pattern matches it, from --handlers FILE or
~/.config/urix/handlers ($XDG_CONFIG_HOME/urix/handlers): one
"REGEX COMMAND ARG..." a line, the command run without a shell, "{}" the
link (added at the end without one), such as
  youtube\.com/watch|youtu\.be/   mpv {}
  \.(png|jpe?g|gif)$              feh {}
  ^mailto:                       neomutt {}
else with $BROWSER
(a ":"-separated list tried in turn until one succeeds; "%s" as "{}",
"%%" a "%"), else with xdg-open (open on macOS). NO_COLOR leaves out the
colors.

Exit status: 0 when the list was shown, 1 when the input has no link, 2
when something could not be read or a link could not be opened; a
malformation recovered from with every byte read is a warning, unless
--strict (as "urix scan").

Examples:
  urix pick message.eml                     the links of a saved message
  urix pick --run 'mpv {}' < message.eml    open the links picked with mpv
  tail -f build.log | urix pick             links as they come
In mutt or neomutt (~/.muttrc; the README has a macro that also skips
"Press any key to continue"):
  macro index,pager \cb "<pipe-message> urix pick<Enter>" "open a link"`

type pickOptions struct {
	typ                                       choice
	run, handlers                             string
	all, noHeaders, emails, emptyRefs, strict bool
}

// keep reports whether the link l has a row in the list: not a "#name"
// of a message, which points into the message, not to a page to open,
// unless the message names the page it holds (a <base href>,
// Content-Location, MHTML's Snapshot-Content-Location). (Empty references
// and a bare "#" are left out by extract.Options.NoEmptyRefs unless
// --empty-refs.)
func (o *pickOptions) keep(l extract.Link) bool {
	if name, ok := strings.CutPrefix(l.Ref, "#"); l.Message == 0 || !ok || name == "" {
		return true
	}
	return l.BaseSource == base.Embedded || l.BaseSource == base.Encapsulating || l.BaseNote != ""
}

// commandKeys returns the keys of the command c, for its help and the
// manual page: those of pick's list, nil for the others.
func commandKeys(c *cli.Command) []pick.Key {
	if c.Name == "pick" {
		return pick.Keys()
	}
	return nil
}

// pickCommand is "urix pick" and its flags.
func (e *env) pickCommand() *cli.Command {
	o := &pickOptions{typ: typeChoice()}
	return &cli.Command{
		Name:        "pick",
		Usage:       "choose links of a message in a list on the terminal and open them",
		ArgsUsage:   "[FILE|-]",
		Description: pickDescription,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "run", Destination: &o.run, Usage: "open links with the shell command `CMD`, \"{}\" standing for the link"},
			&cli.StringFlag{Name: "handlers", Destination: &o.handlers, DefaultText: "$XDG_CONFIG_HOME/urix/handlers, ~/.config/urix/handlers", Usage: "open the links a pattern matches with its own command, as `FILE` says: one \"REGEX COMMAND ARG...\" a line, run without a shell, \"{}\" the link"},
			&cli.BoolFlag{Name: "all", Destination: &o.all, Usage: "list every occurrence of a link, not each URI once"},
			&cli.BoolFlag{Name: "no-headers", Destination: &o.noHeaders, Usage: "leave out the links in mail header fields (List-Unsubscribe, X-Url, ...)"},
			&cli.BoolFlag{Name: "emails", Destination: &o.emails, Usage: "also list bare e-mail addresses in text (bob@example.org), as mailto: URIs"},
			&cli.BoolFlag{Name: "empty-refs", Destination: &o.emptyRefs, Usage: "also list empty references and bare \"#\" (href=\"\", href=\"#\")"},
			&cli.BoolFlag{Name: "strict", Destination: &o.strict, Usage: "take a malformation urix recovered from with every byte read for an error, status 2, as scan --strict"},
			choiceFlag("type", []string{"t"}, &o.typ, "", "read the input as `TYPE`: {}"),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return withStatus(exitError, errors.New("pick: one input at most"))
			}
			return e.runPick(o, c.Args().First())
		},
	}
}

// runPick is "urix pick": the links of the input in the list, then the
// picked ones opened. The list is drawn as soon as the first links are
// known, or empty, "reading…", when none came within emptyDelay, and the
// others join it as they are read. An input that ends with no link says
// "pick: no links", the list closed.
func (e *env) runPick(o *pickOptions, name string) (status error) {
	typ, _ := extract.ParseType(o.typ.value) // --type checked it
	op := opener{run: o.run}
	if o.run == "" {
		path, optional := o.handlers, o.handlers == ""
		if optional {
			path = defaultHandlers()
		}
		if path != "" {
			var err error
			if op.handlers, err = readHandlers(path, optional); err != nil {
				return withStatus(exitError, err)
			}
		}
	}
	if name == "" {
		name = "-"
	}
	r, err := e.pickInput(name)
	if err != nil {
		return withStatus(exitError, err)
	}
	defer r.Close()
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return withStatus(exitError, fmt.Errorf("pick: needs a terminal: %w", err))
	}
	defer tty.Close()

	// Standard input itself, not r, its NopCloser: streamInput tells a
	// regular file from a pipe, whose pauses (tail -f) decide the type
	// of an input whose first line looks like a header field.
	src := io.Reader(r)
	if name == "-" {
		src = e.stdin
	}
	// The message view reads a regular file again; any other input is
	// kept as it is read.
	kept := &keptInput{file: asRegular(src)}
	in := src
	if kept.file == nil {
		in = streamInput(io.TeeReader(src, kept), func() {})
	}
	rd := readLinks(in, extract.Options{Name: name, Type: typ, TextAround: true, Warnings: true,
		NoHeaders: o.noHeaders, Emails: o.emails, NoEmptyRefs: !o.emptyRefs}, o)
	defer func() {
		problems, failed := rd.stop()
		for _, p := range problems {
			e.errorf("%s", p)
		}
		if failed && (status == nil || status == errNone) {
			status = errReported // as scan: an error wins
		}
	}()
	first := rd.first()
	if first.Done && len(first.Links) == 0 {
		e.errorf("pick: no links")
		return errNone
	}
	b := pick.NewBuilder(!o.all, func(s string) string { return format.Text(s) })
	for _, l := range first.Links {
		b.Add(l)
	}
	w, h, err := term.GetSize(int(tty.Fd()))
	if err != nil {
		w, h = 80, 24
	}
	// Without color (NO_COLOR) the styles keep bold, underline and
	// reverse; bubbletea's color profile of the tty downsamples the colors.
	m := pick.New(b, !first.Done, w, h, pick.NewStyles(os.Getenv("NO_COLOR") == ""))
	m.Page = func(it pick.Item) pick.Page { return kept.page(it, name) }
	m.Copy = func(uri string) error {
		_, err := io.WriteString(tty, "\x1b]52;c;"+base64.StdEncoding.EncodeToString([]byte(uri))+"\a")
		return err
	}
	m.Open = func(items []pick.Item) tea.Cmd {
		return tea.Exec(&openExec{op: op, items: items, tty: tty}, func(err error) tea.Msg {
			return pick.OpenedMsg{N: len(items), Err: err}
		})
	}
	p := tea.NewProgram(m, tea.WithInput(tty), tea.WithOutput(tty))
	go func() {
		for msg := range rd.batches {
			p.Send(msg)
		}
	}()
	if _, err := p.Run(); err != nil {
		return withStatus(exitError, fmt.Errorf("pick: %w", err))
	}
	if m.Empty() {
		e.errorf("pick: no links")
		return errNone
	}
	if err := openLinks(op, m.Picked, tty); err != nil {
		return withStatus(exitError, err)
	}
	return nil
}

// openLinks opens each of the picked links, also those after one that
// fails: the user asked for every one of them. The error names each
// link that did not open.
func openLinks(op opener, picked []pick.Item, tty *os.File) error {
	var errs []error
	for _, it := range picked {
		if err := openLink(op, it.URI, tty); err != nil {
			errs = append(errs, fmt.Errorf("pick: open %s: %w", format.Text(it.URI), err))
		}
	}
	return errors.Join(errs...)
}

// openExec opens items while the list waits (ctrl-o): a tea.ExecCommand,
// run with the terminal given back, as a text browser needs it. The
// openers use the terminal itself, not the streams tea sets.
type openExec struct {
	op    opener
	items []pick.Item
	tty   *os.File
}

func (o *openExec) Run() error          { return openLinks(o.op, o.items, o.tty) }
func (o *openExec) SetStdin(io.Reader)  {}
func (o *openExec) SetStdout(io.Writer) {}
func (o *openExec) SetStderr(io.Writer) {}

// pickInput opens the input of pick: the file name, or standard input
// for "-", which must not be the terminal, the list's.
func (e *env) pickInput(name string) (io.ReadCloser, error) {
	if name == "-" {
		if isTerminal(e.stdin) {
			return nil, errors.New("pick: standard input is the terminal: pipe a message to it or name a file (see \"urix pick --help\")")
		}
		return io.NopCloser(e.stdin), nil
	}
	if fi, err := os.Stat(name); err == nil && fi.Mode()&os.ModeNamedPipe != 0 {
		return &fifoInput{name: name}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("pick: %s", fileMessage(name, err))
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		// Said now: read, it would end the list with no links and an
		// error after it.
		f.Close()
		return nil, fmt.Errorf("pick: %s: is a directory", format.Text(name))
	}
	return f, nil
}

// fifoInput is a FIFO named as pick's input, opened at its first Read:
// opening a FIFO waits for a program to open it for writing, which the
// reader's goroutine can do while the list is shown, empty, and the user
// can leave it.
type fifoInput struct {
	name string

	mu     sync.Mutex
	f      *os.File
	closed bool
}

func (fi *fifoInput) Read(b []byte) (int, error) {
	fi.mu.Lock()
	f := fi.f
	fi.mu.Unlock()
	if f == nil {
		var err error
		if f, err = os.Open(fi.name); err != nil { // waits for a writer, unlocked: Close must not
			return 0, err
		}
		fi.mu.Lock()
		fi.f = f
		closed := fi.closed
		fi.mu.Unlock()
		if closed {
			f.Close()
			return 0, os.ErrClosed
		}
	}
	return f.Read(b)
}

// Close closes the FIFO if it is open; one still opening is closed once
// it is.
func (fi *fifoInput) Close() error {
	fi.mu.Lock()
	defer fi.mu.Unlock()
	fi.closed = true
	if fi.f != nil {
		return fi.f.Close()
	}
	return nil
}

// linkReader reads the links of an input in the background and hands
// them on in batches: the first as soon as a screenful is known, the
// input has ended, or batchDelay after the first link; then, every
// batchDelay, the links that came; the last batch Done. The delay runs
// on a timer, not on the next link: an input that never ends (tail -f,
// a FIFO) may send it hours later.
type linkReader struct {
	batches chan pick.LinksMsg
	quit    chan struct{}

	mu       sync.Mutex
	problems []string // the errors and warnings met, as messages
	failed   bool     // one of them is an error
}

// batchDelay is how long a link found waits for others before it is
// shown: short to the eye, long enough that a big input is not drawn
// again for each link.
const batchDelay = 50 * time.Millisecond

// readLinks starts reading the links of r that o keeps in the
// background; stop ends it.
func readLinks(r io.Reader, opts extract.Options, o *pickOptions) *linkReader {
	rd := &linkReader{batches: make(chan pick.LinksMsg), quit: make(chan struct{})}
	found := make(chan extract.Link)
	go rd.read(r, opts, o, found)
	go rd.batch(found)
	return rd
}

// read sends the links of r on found, and closes it at the end of r.
// It may be blocked reading r when the user is done: nothing waits for
// it then.
func (rd *linkReader) read(r io.Reader, opts extract.Options, o *pickOptions, found chan<- extract.Link) {
	defer close(found)
	for l, err := range extract.Links(r, opts) {
		if err != nil {
			msg := extractMessage(opts.Name, err)
			warning := !o.strict && errors.Is(err, extract.ErrRecovered)
			if warning {
				msg = "warning: " + msg
			}
			rd.mu.Lock()
			rd.problems = append(rd.problems, msg)
			rd.failed = rd.failed || !warning
			rd.mu.Unlock()
			continue
		}
		if !o.keep(l) {
			continue
		}
		select {
		case found <- l:
		case <-rd.quit:
			return
		}
	}
}

// batch gathers the links of found into the batches.
func (rd *linkReader) batch(found <-chan extract.Link) {
	defer close(rd.batches)
	var (
		links []extract.Link
		due   <-chan time.Time // when links must be shown; nil while there are none
		first = true
	)
	send := func(done bool) bool {
		select {
		case rd.batches <- pick.LinksMsg{Links: links, Done: done}:
			links, due, first = nil, nil, false
			return true
		case <-rd.quit:
			return false
		}
	}
	for {
		select {
		case l, ok := <-found:
			if !ok {
				send(true)
				return
			}
			links = append(links, l)
			if due == nil {
				due = time.After(batchDelay)
			}
			if first && len(links) >= 32 && !send(false) {
				return
			}
		case <-due:
			if !send(false) {
				return
			}
		case <-rd.quit:
			return
		}
	}
}

// emptyDelay is how long pick waits for the first links, or the end of
// the input, before it shows the list empty, "reading…": an input that
// is slow to give a link (tail -f of a quiet log) must not leave the
// user before a blank terminal, not knowing whether pick runs or how to
// leave it. Short, so that the list comes at once; long enough that an
// input read in one go is not first drawn empty, nor one without links
// drawn at all.
const emptyDelay = 250 * time.Millisecond

// first returns the first batch, or, when none came within emptyDelay,
// an empty one, not Done: the list is shown empty while reading.
func (rd *linkReader) first() pick.LinksMsg {
	select {
	case msg := <-rd.batches:
		return msg
	case <-time.After(emptyDelay):
		return pick.LinksMsg{}
	}
}

// stop ends the reading, if it is still going on, and returns the
// problems met so far (all of them once the last batch is out) and
// whether one of them is an error, not a warning.
func (rd *linkReader) stop() ([]string, bool) {
	close(rd.quit)
	rd.mu.Lock()
	defer rd.mu.Unlock()
	return slices.Clone(rd.problems), rd.failed
}

// opener is how pick opens a link: --run, else the first handler whose
// pattern matches it, else $BROWSER or the system's opener.
type opener struct {
	run      string
	handlers []handler
}

// handler returns the first handler whose pattern matches uri, nil for
// none.
func (op opener) handler(uri string) *handler {
	for i := range op.handlers {
		if op.handlers[i].pattern.MatchString(uri) {
			return &op.handlers[i]
		}
	}
	return nil
}

// openLink opens uri with the --run command, $BROWSER or the system's
// opener, on the terminal tty (a text browser needs one; standard input
// is the message). $BROWSER is a ":"-separated list tried in turn until
// one command succeeds, as its convention has it (so
// BROWSER=firefox:lynx works on a desktop and over ssh alike).
func openLink(op opener, uri string, tty *os.File) error {
	var cmds []*exec.Cmd
	switch browsers := os.Getenv("BROWSER"); {
	case op.run != "":
		cmds = append(cmds, exec.Command("/bin/sh", "-c", fillCommand(op.run, "{}", uri)))
	case op.handler(uri) != nil:
		cmds = append(cmds, op.handler(uri).command(uri))
	case browsers != "":
		for _, b := range strings.Split(browsers, ":") {
			if b != "" {
				cmds = append(cmds, exec.Command("/bin/sh", "-c", fillBrowser(b, uri)))
			}
		}
	case runtime.GOOS == "darwin":
		cmds = append(cmds, exec.Command("open", uri))
	default:
		cmds = append(cmds, exec.Command("xdg-open", uri))
	}
	var err error
	for _, cmd := range cmds {
		cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, os.Stderr
		if err = cmd.Run(); err == nil {
			return nil
		}
	}
	return err
}

// fillBrowser is fillCommand for an entry of $BROWSER, where "%s" is the
// link and "%%" a "%".
func fillBrowser(cmd, uri string) string {
	parts := strings.Split(cmd, "%%")
	hole := false
	for i, p := range parts {
		if strings.Contains(p, "%s") {
			parts[i], hole = strings.ReplaceAll(p, "%s", shellQuote(uri)), true
		}
	}
	out := strings.Join(parts, "%")
	if !hole {
		out += " " + shellQuote(uri)
	}
	return out
}

// fillCommand puts uri, quoted for the shell, in place of each hole in
// the command line cmd, or at its end when it has none.
func fillCommand(cmd, hole, uri string) string {
	if strings.Contains(cmd, hole) {
		return strings.ReplaceAll(cmd, hole, shellQuote(uri))
	}
	return cmd + " " + shellQuote(uri)
}

// shellQuote quotes s as one word for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
