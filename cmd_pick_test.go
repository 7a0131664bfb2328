package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/internal/pick"
)

func TestFillCommand(t *testing.T) {
	for _, tt := range []struct{ cmd, hole, uri, want string }{
		{"firefox {}", "{}", "http://a.example/?q=1&r=2", "firefox 'http://a.example/?q=1&r=2'"},
		{"firefox", "{}", "http://a.example/", "firefox 'http://a.example/'"},
		{"echo {} {}", "{}", "http://a.example/it's", `echo 'http://a.example/it'\''s' 'http://a.example/it'\''s'`},
		{"lynx %s", "%s", "http://a.example/$(id)", "lynx 'http://a.example/$(id)'"},
	} {
		if got := fillCommand(tt.cmd, tt.hole, tt.uri); got != tt.want {
			t.Errorf("fillCommand(%q, %q, %q) = %q, want %q", tt.cmd, tt.hole, tt.uri, got, tt.want)
		}
	}
}

// TestOpenLink: --run wins over $BROWSER, which is used when --run is
// not given (its first entry, the link added at its end), and the link reaches the
// command as one argument, whatever its characters.
func TestOpenLink(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	link := "http://a.example/?q='x'&y=$(touch " + filepath.Join(dir, "pwned") + ")"
	t.Setenv("BROWSER", `sh -c 'echo "browser $0" >> `+out+`':other-browser`)
	if err := openLink("", link, null); err != nil {
		t.Fatal(err)
	}
	if err := openLink("printf 'run %s\\n' {} >> "+out, link, null); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	if want := "browser " + link + "\nrun " + link + "\n"; string(got) != want {
		t.Errorf("opened as %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Errorf("the link ran a command")
	}
}

// TestOpenLinks: a link that fails to open does not keep the others
// from opening, and the error names it.
func TestOpenLinks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	picked := []pick.Item{{URI: "http://bad.example/"}, {URI: "http://good.example/"}}
	err = openLinks("case {} in *bad*) exit 3;; esac; echo {} >> "+out, picked, null)
	if err == nil || !strings.Contains(err.Error(), "open http://bad.example/: exit status 3") {
		t.Errorf("error %v, want one naming http://bad.example/", err)
	}
	if got, _ := os.ReadFile(out); string(got) != "http://good.example/\n" {
		t.Errorf("opened %q, want the good link after the bad one", got)
	}
}
