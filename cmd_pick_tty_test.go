package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// tmuxScreen runs a command in a detached tmux session of its own server
// (its own socket, so nothing else is touched) on an 80x24 terminal, and
// reads the screen as a person sees it.
type tmuxScreen struct {
	t      *testing.T
	socket string
}

func newTmuxScreen(t *testing.T, command string) *tmuxScreen {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	s := &tmuxScreen{t: t, socket: fmt.Sprintf("urix-test-%d", os.Getpid())}
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

// TestPickInTerminal runs the urix binary as a mail client does, the
// message on standard input and the list on the terminal, and types on
// it: filter, move, open with --run, mark two and open them, quit.
func TestPickInTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "urix")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	msg, err := filepath.Abs("testdata/sample.eml")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "opened")
	quote := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	run := "printf '%s\\n' {} >> " + quote(out)
	pickCmd := fmt.Sprintf("%s pick --run %s < %s; echo status $?", quote(bin), quote(run), quote(msg))

	s := newTmuxScreen(t, "sh")
	s.keys("-l", pickCmd)
	s.keys("Enter")
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
	got, err := os.ReadFile(out)
	if err != nil || string(got) != "https://example.com/unsubscribe?u=4711&l=nov\n" {
		t.Errorf("--run got %q (%v), want the link under the cursor", got, err)
	}

	// Again: mark two, open both; then a run that quits with q.
	os.Remove(out)
	s.keys("clear", "Enter")
	s.keys("-l", pickCmd)
	s.keys("Enter")
	s.waitFor("8/8")
	s.keys("Space", "Space", "Enter")
	s.waitFor("status 0\n")
	if got, _ := os.ReadFile(out); string(got) != "https://example.com/news/2026/11/relative-links?utm_source=mail&utm_medium=digest\nhttps://www.rfc-editor.org/rfc/rfc3986#section-5.2\n" {
		t.Errorf("two marked links opened as %q", got)
	}

	// The list follows a resize; with NO_COLOR it has attributes (the
	// cursor's row in reverse video) but no colors; y copies with OSC 52,
	// which tmux takes into its buffer.
	s.keys("clear", "Enter")
	s.tmux("set-option", "-g", "set-clipboard", "on")
	s.keys("-l", "NO_COLOR=1 "+quote(bin)+" pick testdata/sample.txt; echo status $?")
	s.keys("Enter")
	s.waitFor("11/11")
	s.tmux("resize-window", "-t", "0", "-x", "50", "-y", "12")
	s.waitFor("enter op…")
	s.keys("t", "e", "l", "n", "e", "t")
	screen = s.waitFor("> telnet_")
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) > 12 || !strings.Contains(screen, ">  telnet://192.0.2.16:80/") {
		t.Errorf("at 50x12, filtered to telnet:\n%s", screen)
	}
	for _, l := range lines {
		if len([]rune(l)) > 50 {
			t.Errorf("at 50x12, a line of %d cells: %q", len([]rune(l)), l)
		}
	}
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
	s.tmux("resize-window", "-t", "0", "-x", "80", "-y", "24")

	// Without input, standard input is the terminal: an error, no list.
	s.keys("clear", "Enter")
	// A marker of its own: "status" of the command before may still be
	// on the screen until the shell has run clear.
	s.keys("-l", quote(bin)+" pick; echo tty-status $?")
	s.keys("Enter")
	if screen = s.waitFor("\ntty-status "); !strings.Contains(screen, "urix: pick: standard input is the terminal") || !strings.Contains(screen, "tty-status 2") {
		t.Errorf("urix pick with no input on a terminal:\n%s", screen)
	}

	// q leaves without opening anything, and the screen before is back.
	os.Remove(out)
	s.keys("clear", "Enter")
	s.keys("-l", "echo before; "+quote(bin)+" pick --run "+quote(run)+" testdata/sample.txt; echo q-status $?")
	s.keys("Enter")
	s.waitFor("/11")
	s.keys("q")
	screen = s.waitFor("q-status 0")
	if !strings.Contains(screen, "before") {
		t.Errorf("the screen before pick is not back:\n%s", screen)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("q opened a link")
	}
}
