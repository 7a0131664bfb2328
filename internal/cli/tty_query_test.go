package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoTerminalQuery runs the urix binary with standard output on a
// terminal that never answers (script(1)'s pseudo-terminal): it must not
// query the terminal (OSC 11, the background color, or a cursor position
// report), as bubbletea v1's init did in every run, waiting 5 s for an
// answer where none came and leaving late answers on the screen.
func TestNoTerminalQuery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script (util-linux) is not installed")
	}
	bin := filepath.Join(t.TempDir(), "urix")
	if out, err := exec.Command("go", "build", "-o", bin, mainPkg).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(script, "-qc", shellQuote(bin)+" "+filepath.Join(repoRoot, "testdata", "sample.txt"), "/dev/null")
	cmd.Env = append(cmd.Environ(), "TERM=xterm-256color")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("script -qc 'urix testdata/sample.txt': %v\n%q", err, out)
	}
	for _, query := range []string{"\x1b]11;?", "\x1b[6n"} {
		if strings.Contains(string(out), query) {
			t.Errorf("urix testdata/sample.txt on a terminal writes the query %q:\n%q", query, out)
		}
	}
	if !strings.Contains(string(out), "http") {
		t.Errorf("urix testdata/sample.txt on a terminal wrote no link:\n%q", out)
	}
}
