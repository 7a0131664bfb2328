package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// readmeMacros returns the mutt macros of the README's "Picking a link
// from mail": the lines of its code blocks, and its inline code, that
// start with "macro ".
func readmeMacros(t *testing.T) []string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## Picking a link from mail\n")
	section, _, _ = strings.Cut(section, "\n## ")
	var macros []string
	for _, m := range regexp.MustCompile("(?m)^(macro .*)$|`(macro [^`]*)`").FindAllStringSubmatch(section, -1) {
		macros = append(macros, m[1]+m[2])
	}
	if len(macros) < 2 {
		t.Fatalf("the README has %d mutt macros, want the long and the short: %q", len(macros), macros)
	}
	return macros
}

// TestPickInMutt runs urix pick as the README says, from neomutt (and
// mutt, when installed) in tmux: a maildir with one message, a muttrc
// with the README's macro, ctrl-b pressed in the index and in the pager,
// the list read on the screen, a link chosen, opened by a handler of
// ~/.config/urix/handlers that writes it to a file; with pipe_decode and
// wait_key set, as many users have them, which the long macro restores.
func TestPickInMutt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary, starts mutt under tmux")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	macros := readmeMacros(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "urix"), mainPkg).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, mutt := range []string{"neomutt", "mutt"} {
		if _, err := exec.LookPath(mutt); err != nil {
			t.Logf("%s is not installed", mutt)
			continue
		}
		for i, macro := range macros {
			t.Run(mutt+"/"+[]string{"long", "short"}[min(i, 1)], func(t *testing.T) {
				muttPick(t, mutt, bin, macro, i == 0)
			})
		}
	}
}

// muttPick: one mutt, one macro.
func muttPick(t *testing.T, mutt, bin, macro string, restores bool) {
	home := t.TempDir()
	opened := filepath.Join(home, "opened")
	maildir := filepath.Join(home, "Mail", "inbox")
	for _, d := range []string{"cur", "new", "tmp"} {
		if err := os.MkdirAll(filepath.Join(maildir, d), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	msg, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "sample.eml"))
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(home, "open-link")
	// The long macro pipes the message as stored whatever pipe_decode
	// says, and restores it; the short one needs it unset, mutt's default.
	settings := "set wait_key=yes\n"
	if restores {
		settings += "set pipe_decode=yes\n"
	}
	files := []struct {
		name, text string
		mode       os.FileMode
	}{
		{filepath.Join(maildir, "cur", "1.host:2,S"), string(msg), 0o666},
		{script, "#!/bin/sh\nprintf '%s\\n' \"$1\" >> " + shellQuote(opened) + "\n", 0o755},
		{filepath.Join(home, ".config", "urix", "handlers"), "^https?:// " + script + " {}\n", 0o666},
		{filepath.Join(home, "muttrc"), "set folder=" + filepath.Join(home, "Mail") + "\nset spoolfile=+inbox\nset mbox_type=Maildir\n" +
			settings + "set header_cache=\"\"\n" + macro + "\n", 0o666},
	}
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.name, []byte(f.text), f.mode); err != nil {
			t.Fatal(err)
		}
	}
	s := newTmuxScreen(t, "env -u XDG_CONFIG_HOME -u BROWSER HOME="+shellQuote(home)+" PATH="+shellQuote(bin)+":\"$PATH\" "+
		mutt+" -n -F "+shellQuote(filepath.Join(home, "muttrc")))
	s.waitFor("November digest")

	// From the index: the list of the message's links, one chosen.
	s.keys("C-b")
	screen := s.waitFor("8/8")
	if !strings.Contains(screen, "part 1") || !strings.Contains(screen, "header List-Unsubscribe") {
		// pipe_decode would have stripped the MIME parts and the headers.
		t.Errorf("the list lacks the message's parts and headers:\n%s", screen)
	}
	s.keys("-l", "rfc")
	s.waitFor("> rfc_")
	s.keys("Enter")
	back := func() {
		t.Helper()
		if !restores {
			s.waitFor("Press any key")
			s.keys("Enter")
		}
		s.waitFor("November digest")
	}
	back()
	// From the pager: the message shown, its link opened.
	s.keys("Enter")
	s.waitFor("Example News")
	s.keys("C-b")
	s.waitFor("8/8")
	s.keys("-l", "unsubscribe?u=4711&l")
	s.waitFor("2/8") // the mailto: of the same header field, then the link
	s.keys("Down", "Enter")
	if !restores {
		s.waitFor("Press any key")
		s.keys("Enter")
	}
	s.waitFor("Example News")
	got, _ := os.ReadFile(opened)
	if want := "https://www.rfc-editor.org/rfc/rfc3986#section-5.2\nhttps://example.com/unsubscribe?u=4711&l=nov\n"; string(got) != want {
		t.Errorf("opened %q, want %q", got, want)
	}
	if restores {
		// The settings the macro changed are back.
		for _, v := range []string{"wait_key", "pipe_decode"} {
			s.keys(":")
			s.keys("-l", "set ?"+v)
			s.keys("Enter")
			// neomutt says wait_key="yes", mutt "wait_key is set"; not
			// the command line typed, which names it too.
			var screen string
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
				if screen = s.tmux("capture-pane", "-p", "-t", "0"); strings.Contains(screen, v+"=") || strings.Contains(screen, v+" is ") {
					break
				}
			}
			if !strings.Contains(screen, v+`="yes"`) && !strings.Contains(screen, v+" is set") {
				t.Errorf("%s is not set back:\n%s", v, screen)
			}
		}
	}
}
