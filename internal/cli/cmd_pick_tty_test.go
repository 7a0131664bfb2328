package cli

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// tmuxScreen runs a command in a detached tmux session of its own server
// (its own socket, so nothing else is touched) on an 80x24 terminal, and
// reads the screen as a person sees it.
type tmuxScreen struct {
	t      *testing.T
	socket string
}

// tmuxServers counts the tmux servers started, for their names.
var tmuxServers int

func newTmuxScreen(t *testing.T, command string) *tmuxScreen {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	// A server of its own for each screen: one being killed cannot take
	// the next one's socket.
	tmuxServers++
	s := &tmuxScreen{t: t, socket: fmt.Sprintf("urix-test-%d-%d", os.Getpid(), tmuxServers)}
	s.tmux("-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", command)
	t.Cleanup(func() { exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	return s
}

func (s *tmuxScreen) tmux(args ...string) string {
	s.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	out, err := cmd.CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (s *tmuxScreen) keys(keys ...string) {
	s.t.Helper()
	s.tmux(append([]string{"send-keys", "-t", "0"}, keys...)...)
}

// waitFor returns the screen once it shows want, or fails after a while:
// long, since a loaded machine can take seconds to start the binary.
func (s *tmuxScreen) waitFor(want string) string {
	s.t.Helper()
	var screen string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		screen = s.tmux("capture-pane", "-p", "-t", "0")
		if strings.Contains(screen, want) {
			return screen
		}
	}
	s.t.Fatalf("the screen never showed %q:\n%s", want, screen)
	return ""
}

// colorSGR matches an escape sequence that sets a color (tmux writes
// "\x1b[39m", the default color, between styled runs).
var colorSGR = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m`)

// pickTerm is a built urix binary and a --run command that writes the
// links it opens to a file, for runs of "urix pick" in tmux.
type pickTerm struct {
	bin, out, run string
}

// opened returns the links opened so far, and forgets them.
func (p pickTerm) opened() string {
	got, _ := os.ReadFile(p.out)
	os.Remove(p.out)
	return string(got)
}

// start types command line cmd into a shell in a new tmux terminal.
func (p pickTerm) start(t *testing.T, cmd string) *tmuxScreen {
	s := newTmuxScreen(t, "sh")
	s.keys("-l", cmd)
	s.keys("Enter")
	return s
}

// TestPickInTerminal runs the urix binary as a mail client does, the
// message on standard input and the list on the terminal, and types on
// it: filter, move, open with --run, mark two and open them, resize,
// copy, quit; and feeds it a hostile message and many links.
func TestPickInTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	p := pickTerm{bin: filepath.Join(dir, "urix"), out: filepath.Join(dir, "opened")}
	p.run = "printf '%s\\n' {} >> " + shellQuote(p.out)
	if out, err := exec.Command("go", "build", "-o", p.bin, mainPkg).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	msg, err := filepath.Abs(filepath.Join(repoRoot, "testdata", "sample.eml"))
	if err != nil {
		t.Fatal(err)
	}
	pickMsg := fmt.Sprintf("%s pick --run %s < %s; echo status $?", shellQuote(p.bin), shellQuote(p.run), shellQuote(msg))
	t.Run("open", func(t *testing.T) { pickOpen(t, p, pickMsg) })
	t.Run("marks", func(t *testing.T) { pickMarks(t, p, pickMsg) })
	t.Run("resize", func(t *testing.T) { pickResize(t, p) })
	t.Run("no input", func(t *testing.T) { pickNoInput(t, p) })
	t.Run("quit", func(t *testing.T) { pickQuit(t, p) })
	t.Run("hostile", func(t *testing.T) { pickHostile(t, p) })
	t.Run("many", func(t *testing.T) { pickMany(t, p) })
	t.Run("flags", func(t *testing.T) { pickFlags(t, p) })
	t.Run("stream", func(t *testing.T) { pickStream(t, p) })
	t.Run("stream empty", func(t *testing.T) { pickStreamEmpty(t, p) })
	t.Run("no links", func(t *testing.T) { pickNoLinks(t, p) })
	t.Run("named FIFO", func(t *testing.T) { pickNamedFIFO(t, p) })
	t.Run("empty refs", func(t *testing.T) { pickEmptyRefs(t, p) })
	t.Run("exit status", func(t *testing.T) { pickExitStatus(t, p) })
	t.Run("handlers", func(t *testing.T) { pickHandlers(t, p) })
	t.Run("open and stay", func(t *testing.T) { pickOpenStay(t, p, pickMsg) })
	t.Run("message view", func(t *testing.T) { pickMessageView(t, p) })
}

// pickMessageView: ctrl-v shows the message the link under the cursor is
// in, of an mbox read from a pipe (kept as read) or named (read again):
// that message only, from its "From " line, the link's line on the
// screen; q goes back to the list, Enter there opens the link.
func pickMessageView(t *testing.T, p pickTerm) {
	mbox := shellQuote(filepath.Join(repoRoot, "testdata", "sample.mbox"))
	for _, input := range []struct{ before, after string }{{"", "< " + mbox}, {"", mbox}, {"cat " + mbox + " | ", ""}} {
		s := p.start(t, fmt.Sprintf("%s%s pick --run %s %s; echo status $?", input.before, shellQuote(p.bin), shellQuote(p.run), input.after))
		s.waitFor("/")
		s.keys("c", "l", "a", "i", "m")
		s.waitFor(">  http://offers.example.net/claim?id=1")
		s.keys("C-v")
		screen := s.waitFor("message 2, part 1")
		for _, want := range []string{"line 8 of", "From mallory@example.net", "http://offers.example.net/claim?id=1"} {
			if !strings.Contains(screen, want) {
				t.Errorf("%s: the view of message 2 lacks %q:\n%s", input, want, screen)
			}
		}
		for _, absent := range []string{"From alice@", "From bob@", "> claim_"} {
			if strings.Contains(screen, absent) {
				t.Errorf("%s: the view of message 2 shows %q:\n%s", input, absent, screen)
			}
		}
		styled := s.tmux("capture-pane", "-p", "-e", "-t", "0")
		if !strings.Contains(styled, "\x1b[7mhttp://offers.example.net/claim?id=1") {
			t.Errorf("%s: the link is not in reverse video:\n%q", input, styled)
		}
		s.keys("q")
		s.waitFor("> claim_")
		s.keys("Enter")
		s.waitFor("status 0")
		if got := p.opened(); got != "http://offers.example.net/claim?id=1\n" {
			t.Errorf("%s: opened %q after the view", input, got)
		}
	}
}

// pickOpenStay: ctrl-o opens the link under the cursor and the list
// stays; another, then q: both opened, one after the other.
func pickOpenStay(t *testing.T, p pickTerm, pickMsg string) {
	s := p.start(t, pickMsg)
	s.waitFor("8/8")
	s.keys("C-o")
	s.waitFor("opened 1")
	s.keys("Down", "C-o")
	screen := s.waitFor("opened 1")
	if !strings.Contains(screen, "8/8") {
		t.Errorf("the list did not stay after ctrl-o:\n%s", screen)
	}
	s.keys("q")
	s.waitFor("status 0")
	if got := p.opened(); got != "https://example.com/news/2026/11/relative-links?utm_source=mail&utm_medium=digest\nhttps://www.rfc-editor.org/rfc/rfc3986#section-5.2\n" {
		t.Errorf("opened %q, want the first two links in turn", got)
	}
}

// pickHandlers: a link a handler's pattern matches is opened with its
// command, run without a shell.
func pickHandlers(t *testing.T, p pickTerm) {
	dir := t.TempDir()
	msg, script, rules := filepath.Join(dir, "news.eml"), filepath.Join(dir, "opener"), filepath.Join(dir, "handlers")
	files := []struct {
		name, text string
		mode       os.FileMode
	}{
		{msg, newsletter, 0o666},
		{script, "#!/bin/sh\nprintf 'handler %s\\n' \"$1\" >> " + shellQuote(p.out) + "\n", 0o755},
		{rules, `^http://news\.example/ ` + script + " {}\n", 0o666},
	}
	for _, f := range files {
		if err := os.WriteFile(f.name, []byte(f.text), f.mode); err != nil {
			t.Fatal(err)
		}
	}
	s := p.start(t, fmt.Sprintf("BROWSER=false %s pick --handlers %s < %s; echo status $?", shellQuote(p.bin), shellQuote(rules), shellQuote(msg)))
	s.waitFor("1/1")
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "handler http://news.example/read\n" {
		t.Errorf("opened %q, want the link through its handler", got)
	}
}

// newsletter is a message whose HTML has an empty background, a bare "#",
// an in-page "#top" and one real link: the first row of the list must be
// the real link (issue 28: it was a blank row, and Enter ran $BROWSER
// with an empty argument).
const newsletter = "Content-Type: text/html\n\n<body background=\"\"><a href=\"#\">top</a> <a name=top href=\"#top\">x</a> <a href=\"http://news.example/read\">read</a></body>\n"

// pickEmptyRefs: empty references, a bare "#" and a message's "#name"
// are not listed; --empty-refs brings back the first two.
func pickEmptyRefs(t *testing.T, p pickTerm) {
	msg := filepath.Join(t.TempDir(), "news.eml")
	if err := os.WriteFile(msg, []byte(newsletter), 0o666); err != nil {
		t.Fatal(err)
	}
	s := p.start(t, fmt.Sprintf("%s pick --run %s < %s; echo status $?", shellQuote(p.bin), shellQuote(p.run), shellQuote(msg)))
	screen := s.waitFor("1/1")
	if !strings.Contains(screen, ">  http://news.example/read") {
		t.Errorf("the list is not the real link alone:\n%s", screen)
	}
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "http://news.example/read\n" {
		t.Errorf("Enter opened %q, want the real link", got)
	}
	s = p.start(t, fmt.Sprintf("%s pick --empty-refs < %s", shellQuote(p.bin), shellQuote(msg)))
	s.waitFor("3/3")
	s.keys("q")
}

// pickExitStatus: pick exits as scan does after a problem in its input:
// 0 after a boundary that never comes (a warning), 2 with --strict.
func pickExitStatus(t *testing.T, p pickTerm) {
	msg := filepath.Join(t.TempDir(), "unbounded.eml")
	body := "Content-Type: multipart/alternative; boundary=zz\n\n<a href=\"http://u.example/\">u</a>\n"
	if err := os.WriteFile(msg, []byte(body), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ flags, status, message string }{
		{"", "status 0", "urix: warning: "},
		{"--strict", "status 2", "urix: -: message 1:"},
	} {
		s := p.start(t, fmt.Sprintf("%s pick %s < %s; echo status $?", shellQuote(p.bin), tt.flags, shellQuote(msg)))
		s.waitFor("1/1")
		s.keys("q")
		screen := s.waitFor(tt.status)
		if !strings.Contains(screen, tt.message) {
			t.Errorf("pick %s: no %q after it:\n%s", tt.flags, tt.message, screen)
		}
	}
}

// pickOpen: the first screen, a filter, moving and Enter.
func pickOpen(t *testing.T, p pickTerm, pickMsg string) {
	s := p.start(t, pickMsg)
	screen := s.waitFor("8/8")
	for _, want := range []string{
		">  https://example.com/news/2026/11/relative-links",
		"part 1  …ow browsers resolve relative links. Read it at https://example.com…",
		"header List-Unsubscribe",
		"type to filter",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("first screen lacks %q:\n%s", want, screen)
		}
	}
	if lines := strings.Split(strings.TrimRight(screen, "\n"), "\n"); len(lines) > 24 {
		t.Errorf("first screen has %d lines, more than the terminal's 24", len(lines))
	}

	// Filter: "unsub" keeps the three unsubscribe links, the header ones last.
	s.keys("u", "n", "s", "u", "b")
	screen = s.waitFor("3/8")
	if !strings.Contains(screen, "> unsub_") || !strings.Contains(screen, ">  https://example.com/unsubscribe?u=4711\n") {
		t.Errorf("after typing \"unsub\":\n%s", screen)
	}
	// Move down twice, to the second header link, and open it.
	s.keys("Down", "C-n")
	s.waitFor(">  https://example.com/unsubscribe?u=4711&l=nov")
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "https://example.com/unsubscribe?u=4711&l=nov\n" {
		t.Errorf("--run got %q, want the link under the cursor", got)
	}
}

// pickMarks: mark two, open both.
func pickMarks(t *testing.T, p pickTerm, pickMsg string) {
	s := p.start(t, pickMsg)
	s.waitFor("8/8")
	s.keys("Space", "Space", "Enter")
	s.waitFor("status 0\n")
	if got := p.opened(); got != "https://example.com/news/2026/11/relative-links?utm_source=mail&utm_medium=digest\nhttps://www.rfc-editor.org/rfc/rfc3986#section-5.2\n" {
		t.Errorf("two marked links opened as %q", got)
	}
}

// pickResize: the list follows a resize; with NO_COLOR it has attributes
// (the cursor's row in reverse video) but no colors; ^Y copies with OSC
// 52, which tmux takes into its buffer.
func pickResize(t *testing.T, p pickTerm) {
	s := p.start(t, "NO_COLOR=1 "+shellQuote(p.bin)+" pick "+shellQuote(filepath.Join(repoRoot, "testdata", "sample.txt"))+"; echo status $?")
	s.tmux("set-option", "-g", "set-clipboard", "on")
	s.waitFor("11/11")
	s.tmux("resize-window", "-t", "0", "-x", "50", "-y", "12")
	s.waitFor("^O open, sta…") // the help line cut to 50 columns
	s.keys("t", "e", "l", "n", "e", "t")
	screen := s.waitFor("> telnet_")
	if !strings.Contains(screen, ">  telnet://192.0.2.16:80/") {
		t.Errorf("at 50x12, filtered to telnet:\n%s", screen)
	}
	checkFits(t, screen, 50, 12)
	styled := s.tmux("capture-pane", "-p", "-e", "-t", "0")
	if !strings.Contains(styled, "\x1b[7m") || colorSGR.MatchString(styled) {
		t.Errorf("with NO_COLOR, want reverse video and no colors:\n%q", styled)
	}
	s.keys("C-y")
	s.waitFor("copied telnet://192.0.2.16:80/")
	if got := s.tmux("show-buffer"); got != "telnet://192.0.2.16:80/" {
		t.Errorf("OSC 52 copied %q into tmux's buffer", got)
	}
	s.keys("Escape")
	s.waitFor("status 0")
}

// checkFits fails unless screen fits in w×h cells.
func checkFits(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) > h {
		t.Errorf("%d lines on a terminal of %d:\n%s", len(lines), h, screen)
	}
	for _, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("a line of %d cells on a terminal of %d: %q", n, w, l)
		}
	}
}

// pickNoInput: without input, standard input is the terminal: an error,
// no list.
func pickNoInput(t *testing.T, p pickTerm) {
	s := p.start(t, shellQuote(p.bin)+" pick; echo status $?")
	if screen := s.waitFor("\nstatus "); !strings.Contains(screen, "urix: pick: standard input is the terminal") || !strings.Contains(screen, "status 2") {
		t.Errorf("urix pick with no input on a terminal:\n%s", screen)
	}
}

// pickQuit: q leaves without opening anything, and the screen before is
// back.
func pickQuit(t *testing.T, p pickTerm) {
	s := p.start(t, "echo before; "+shellQuote(p.bin)+" pick --run "+shellQuote(p.run)+" "+shellQuote(filepath.Join(repoRoot, "testdata", "sample.txt"))+"; echo status $?")
	s.waitFor("/11")
	s.keys("q")
	if screen := s.waitFor("status 0"); !strings.Contains(screen, "before") {
		t.Errorf("the screen before pick is not back:\n%s", screen)
	}
	if got := p.opened(); got != "" {
		t.Errorf("q opened %q", got)
	}
}

// hostileMessage holds escape sequences (clear the screen, set the
// title, colors, a C1 CSI), a bidi override, wide text and a long link,
// in a header name, header values and the body.
const hostileMessage = "From: a@example.org\r\nSubject: test\r\n" +
	"X-\x1b[31mEvil: http://evil-header.example/\r\n" +
	"X-Url: http://xurl.example/\x1b]0;pwned\a\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\n\r\n" +
	"Look \x1b[2J\x1b[41mRED http://ctx.example/a \x1b]0;title\a and \u202etxt.exe http://rtl.example/ שלום עולם\r\n" +
	"日本語の文章です。日本語の文章です。日本語の文章 http://cjk.example/日本 日本語の文章です。日本語の文章です。\r\n" +
	"\u009b31m C1 http://c1.example/\r\n"

// pickHostile: nothing in a message reaches the terminal as a control
// sequence: no colors with NO_COLOR, the title unchanged, every line
// within the screen's width, the header's name shown escaped.
func pickHostile(t *testing.T, p pickTerm) {
	in := filepath.Join(t.TempDir(), "hostile.eml")
	long := "http://long.example/" + strings.Repeat("a", 3000)
	if err := os.WriteFile(in, []byte(hostileMessage+"long "+long+"\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := p.start(t, "NO_COLOR=1 "+shellQuote(p.bin)+" pick --run "+shellQuote(p.run)+" < "+shellQuote(in)+"; echo status $?")
	screen := s.waitFor("7/7")
	checkFits(t, screen, 80, 24)
	s.keys("End")
	screen = s.waitFor(">  http://xurl.example/")
	checkFits(t, screen, 80, 24)
	if !strings.Contains(screen, `header X-\x1b[31mEvil`) {
		t.Errorf("the header name is not shown escaped:\n%s", screen)
	}
	if styled := s.tmux("capture-pane", "-p", "-e", "-t", "0"); colorSGR.MatchString(styled) {
		t.Errorf("with NO_COLOR, the message set a color:\n%q", styled)
	}
	if title := s.tmux("display-message", "-p", "-t", "0", "#{pane_title}"); strings.Contains(title, "pwned") || strings.Contains(title, "title") {
		t.Errorf("the message set the title to %q", title)
	}
	s.keys("l", "o", "n", "g")
	s.waitFor("1/7")
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != long+"\n" {
		t.Errorf("opened %.60q…, want the long link whole", got)
	}
}

// pickMany: 5,000 links are listed, filtered and reached.
func pickMany(t *testing.T, p pickTerm) {
	in := filepath.Join(t.TempDir(), "many.txt")
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "line %d see https://host%d.example/path/%d\n", i, i%50, i)
	}
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s := p.start(t, shellQuote(p.bin)+" pick --run "+shellQuote(p.run)+" < "+shellQuote(in)+"; echo status $?")
	s.waitFor("5000/5000")
	s.keys("4", "9", "9", "9")
	s.waitFor(">  https://host49.example/path/4999")
	s.keys("C-u", "End", "PageUp", "Up", "Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "https://host38.example/path/4988\n" {
		t.Errorf("End, PgUp, Up, Enter opened %q", got)
	}
}

// pickFlags: --no-headers leaves out the header links, --emails adds the
// addresses of the body.
func pickFlags(t *testing.T, p pickTerm) {
	in := filepath.Join(t.TempDir(), "flags.eml")
	msg := "From: a@example.org\nList-Post: <mailto:list@example.org>\n\nWrite to bob@example.org or see http://a.example/\n"
	if err := os.WriteFile(in, []byte(msg), 0o644); err != nil {
		t.Fatal(err)
	}
	s := p.start(t, shellQuote(p.bin)+" pick --no-headers --emails --run "+shellQuote(p.run)+" < "+shellQuote(in)+"; echo status $?")
	screen := s.waitFor("2/2")
	if !strings.Contains(screen, ">  mailto:bob@example.org") || strings.Contains(screen, "list@example.org") {
		t.Errorf("with --no-headers --emails:\n%s", screen)
	}
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "mailto:bob@example.org\n" {
		t.Errorf("opened %q", got)
	}
}

// startFIFO starts urix pick on a FIFO, and returns the terminal and the
// FIFO open for writing, nil when the test failed.
func startFIFO(t *testing.T, p pickTerm) (*tmuxScreen, *os.File) {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if out, err := exec.Command("mkfifo", fifo).CombinedOutput(); err != nil {
		t.Skipf("mkfifo: %v\n%s", err, out)
	}
	s := p.start(t, shellQuote(p.bin)+" pick --run "+shellQuote(p.run)+" < "+shellQuote(fifo)+"; echo status $?")
	opened := make(chan *os.File)
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0) // waits for the shell to open it
		if err != nil {
			t.Error(err)
		}
		opened <- w
	}()
	select {
	case w := <-opened:
		return s, w
	case <-time.After(60 * time.Second):
		t.Fatal("the shell never opened the FIFO")
	}
	return nil, nil
}

// pickStreamEmpty: an input that stays open and has no link yet shows
// the empty list, the prompt and "reading…", so that the user sees pick
// run and can leave with q or Esc, or wait for the links; one that ends
// with none closes the list with "pick: no links".
func pickStreamEmpty(t *testing.T, p pickTerm) {
	for _, quit := range []string{"q", "Escape", ""} {
		s, w := startFIFO(t, p)
		if w == nil {
			return
		}
		if _, err := io.WriteString(w, "starting up, no link yet\n"); err != nil {
			t.Fatal(err)
		}
		screen := s.waitFor("reading… 0/0")
		if !strings.Contains(screen, "> _") || !strings.Contains(screen, "type to filter") {
			t.Errorf("the empty list while reading:\n%s", screen)
		}
		if quit == "" {
			// The input ends with no link: the list closes by itself.
			w.Close()
			if screen := s.waitFor("status 1"); !strings.Contains(screen, "urix: pick: no links") {
				t.Errorf("a stream ending with no link:\n%s", screen)
			}
			continue
		}
		s.keys(quit)
		if screen := s.waitFor("status 0"); strings.Contains(screen, "no links") {
			t.Errorf("%s on the empty list:\n%s", quit, screen)
		}
		w.Close()
	}
	// A link that comes later joins the list.
	s, w := startFIFO(t, p)
	if w == nil {
		return
	}
	defer w.Close()
	io.WriteString(w, "starting up\n")
	s.waitFor("reading… 0/0")
	io.WriteString(w, "see http://later.example/\n")
	s.waitFor("reading… 1/1")
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "http://later.example/\n" {
		t.Errorf("opened %q, want the link that came later", got)
	}
}

// pickNoLinks: an input read to its end without a link says so, with
// no list.
func pickNoLinks(t *testing.T, p pickTerm) {
	in := filepath.Join(t.TempDir(), "none.txt")
	if err := os.WriteFile(in, []byte("no link here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := p.start(t, shellQuote(p.bin)+" pick "+shellQuote(in)+"; echo status $?")
	if screen := s.waitFor("status 1"); !strings.Contains(screen, "urix: pick: no links") || strings.Contains(screen, "type to filter") {
		t.Errorf("urix pick on a file without links:\n%s", screen)
	}
}

// pickStream: an input that stays open (tail -f, a FIFO) with fewer
// links than a screenful has them listed while it is read, each new one
// as it comes, even when its lines look like header fields, and Enter
// ends pick without waiting for the input's end.
func pickStream(t *testing.T, p pickTerm) {
	s, w := startFIFO(t, p)
	if w == nil {
		return
	}
	defer w.Close()
	write := func(line string) {
		t.Helper()
		if _, err := io.WriteString(w, line); err != nil {
			t.Fatal(err)
		}
	}
	// A first line that may start a header: the pause after it says text.
	write("INFO: see http://one.example/\n")
	s.waitFor("reading… 1/1")
	write("INFO: and http://two.example/\n")
	screen := s.waitFor("reading… 2/2")
	if !strings.Contains(screen, ">  http://one.example/") || !strings.Contains(screen, "http://two.example/") {
		t.Errorf("two links read from a FIFO left open:\n%s", screen)
	}
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "http://one.example/\n" {
		t.Errorf("opened %q, want the first link", got)
	}
}

// pickNamedFIFO: a FIFO named on the command line that no program writes
// to yet shows the empty list, which q leaves, instead of a blank
// terminal while opening it waits for a writer; the links of the writer
// that comes join the list.
func pickNamedFIFO(t *testing.T, p pickTerm) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if out, err := exec.Command("mkfifo", fifo).CombinedOutput(); err != nil {
		t.Skipf("mkfifo: %v\n%s", err, out)
	}
	cmd := shellQuote(p.bin) + " pick --run " + shellQuote(p.run) + " " + shellQuote(fifo) + "; echo status $?"
	s := p.start(t, cmd)
	s.waitFor("reading… 0/0")
	s.keys("q")
	s.waitFor("status 0")

	s = p.start(t, cmd)
	s.waitFor("reading… 0/0")
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	io.WriteString(w, "see http://fifo.example/\n")
	s.waitFor("reading… 1/1")
	s.keys("Enter")
	s.waitFor("status 0")
	if got := p.opened(); got != "http://fifo.example/\n" {
		t.Errorf("opened %q, want the FIFO's link", got)
	}
}
