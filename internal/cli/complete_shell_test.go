package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// shellCase is a command line typed in a shell, TAB pressed, and what the
// screen must show then, and must not.
type shellCase struct {
	name   string
	typed  string
	want   []string
	absent []string
	desc   string // shown beside the words by zsh and fish, not by bash
}

// shellCases are what bash, zsh and fish users see alike: the words of
// each position, nothing else (file names only where a file is expected).
var shellCases = []shellCase{
	{"command", "urix pa", []string{"urix parse"}, []string{"panic.go"}, ""},
	{"commands", "urix ", []string{"normalize", "completion", "rewrite"}, []string{"notes.txt"}, ""},
	{"type", "urix --type ", []string{"markdown", "asciidoc", "warc", "mbox"}, []string{"notes.txt"}, ""},
	{"type prefix", "urix -t ma", []string{"mail", "markdown"}, []string{"notes.txt", "mbox"}, ""},
	{"format", "urix --format j", []string{"urix --format json"}, nil, ""},
	{"color", "urix --color=", []string{"always", "never"}, []string{"notes.txt"}, ""},
	{"shells", "urix completion ", []string{"bash", "zsh", "fish"}, []string{"notes.txt"}, ""},
	{"option", "urix --no-li", []string{"urix --no-line-number"}, nil, ""},
	{"file", "urix -n no", []string{"urix -n notes.txt"}, []string{"normalize"}, ""},
	{"pick file", "urix pick pag", []string{"urix pick page.html"}, nil, ""},
	{"map file", "urix rewrite --map no", []string{"urix rewrite --map notes.txt"}, nil, ""},
	{"no files for a URI", "urix resolve ", nil, []string{"notes.txt", "page.html"}, ""},
	{"options described", "urix --co", []string{"--count", "--context"}, nil, "print only the number of links of each input"},
	{"pick's options described", "urix pick --em", []string{"--emails", "--empty-refs"}, nil, "also list empty references and bare"},
	{"commands described", "urix re", []string{"resolve", "relative"}, nil, "resolve references against a base URI"},
}

// shells start a shell without its user's configuration (zsh without
// compinit, which the script must cope with) and load the script as the
// README says.
var shellSetups = []struct {
	name, cmd, load string
}{
	{"bash", "bash --norc --noprofile", "PS1='$ '; bind 'set show-all-if-ambiguous on'; bind 'set bell-style none'; source <(urix completion bash)"},
	{"zsh", "zsh -f", "PS1='$ '; setopt nobeep; source <(urix completion zsh)"},
	{"zsh after compinit", "zsh -f", "autoload -Uz compinit && compinit -i; PS1='$ '; setopt nobeep; source <(urix completion zsh)"},
	{"fish", "fish --no-config", "function fish_prompt; echo '$ '; end; set -g fish_greeting; urix completion fish | source"},
}

// TestCompletionShells types each of shellCases in real bash, zsh and fish
// under tmux, presses TAB and reads the screen (capture-pane). The urix
// they run is the test binary, which testscript.Main put on $PATH.
func TestCompletionShells(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: starts shells under tmux")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	if _, err := exec.LookPath("urix"); err != nil {
		t.Skip("urix is not on $PATH")
	}
	dir := t.TempDir()
	for _, f := range []string{"notes.txt", "page.html", "panic.go"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("http://a.example/\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, sh := range shellSetups {
		t.Run(sh.name, func(t *testing.T) {
			t.Parallel()
			if _, err := exec.LookPath(strings.Fields(sh.cmd)[0]); err != nil {
				t.Skipf("no %s", sh.name)
			}
			tm := newTmux(t, dir, sh.cmd)
			tm.keys("-l", sh.load+"; clear")
			tm.keys("Enter")
			for _, c := range shellCases {
				tm.waitScreen(func(s string) bool { return strings.TrimSpace(s) == "$" })
				tm.keys("-l", c.typed)
				tm.keys("Tab")
				if sh.name == "bash" && len(c.want) == 0 {
					tm.keys("Tab") // a second TAB lists, if there is anything to list
				}
				screen := tm.waitScreen(func(s string) bool {
					for _, w := range c.want {
						if !strings.Contains(s, w) {
							return false
						}
					}
					return true
				})
				if len(c.want) == 0 {
					time.Sleep(500 * time.Millisecond) // what would come, came
					screen = tm.screen()
				}
				for _, w := range c.want {
					if !strings.Contains(screen, w) {
						t.Errorf("%s: %q TAB: no %q on the screen:\n%s", c.name, c.typed, w, screen)
					}
				}
				for _, a := range c.absent {
					if strings.Contains(screen, a) {
						t.Errorf("%s: %q TAB: %q on the screen:\n%s", c.name, c.typed, a, screen)
					}
				}
				if c.desc != "" && strings.Contains(screen, c.desc) != (sh.name != "bash") {
					t.Errorf("%s: %q TAB: description %q shown %v:\n%s", c.name, c.typed, c.desc, sh.name != "bash", screen)
				}
				tm.keys("Escape") // fish: close the pager
				tm.keys("C-e")
				tm.keys("C-u") // empty the line
				tm.keys("-l", "clear")
				tm.keys("Enter")
			}
		})
	}
}

// tmux is a shell in a tmux server of its own.
type tmux struct {
	t    *testing.T
	sock string
}

// newTmux starts cmd in dir in a new tmux server, 120x40, with HOME a
// directory of its own; the server is killed at the end of the test.
func newTmux(t *testing.T, dir, cmd string) *tmux {
	home := t.TempDir()
	tm := &tmux{t: t, sock: filepath.Join(home, "tmux.sock")}
	c := exec.Command("tmux", "-S", tm.sock, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40", "-c", dir, cmd)
	c.Env = append(os.Environ(), "HOME="+home, "TERM=xterm", "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home)
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "-S", tm.sock, "kill-server").Run() })
	return tm
}

// keys sends keys to the shell (tmux send-keys ARGS).
func (tm *tmux) keys(args ...string) {
	args = append([]string{"-S", tm.sock, "send-keys", "-t", "0"}, args...)
	if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
		tm.t.Fatalf("tmux send-keys: %v: %s", err, out)
	}
}

// screen returns what the pane shows.
func (tm *tmux) screen() string {
	out, err := exec.Command("tmux", "-S", tm.sock, "capture-pane", "-p", "-t", "0").Output()
	if err != nil {
		tm.t.Fatalf("tmux capture-pane: %v", err)
	}
	return string(out)
}

// waitScreen returns the screen once ok says it is what is awaited, or
// after 20 s (the machine is shared) as it is then.
func (tm *tmux) waitScreen(ok func(string) bool) string {
	var s string
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if s = tm.screen(); ok(s) {
			return s
		}
	}
	return s + fmt.Sprintf("\n(waited 20 s)")
}
