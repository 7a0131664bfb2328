//go:build unix

package cli

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/urix/urix/internal/testutil"
)

// TestInPlaceSignal sends each of SIGINT, SIGTERM and SIGHUP to rewrite
// -i while it writes its temporary file: the process must end killed by
// the signal, leaving the file as it was and no temporary file.
func TestInPlaceSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		if signal.Ignored(sig) {
			continue // the child would inherit it ignored, as with nohup
		}
		dir := t.TempDir()
		p := writePage(t, dir, "p.html", 0o644)
		cmd := exec.Command(os.Args[0], "rewrite", "-i", "--absolute", "--base", "http://example.org/", p)
		cmd.Env = append(os.Environ(), waitSignalEnv+"=1")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(stderr)
		if line, err := br.ReadString('\n'); line != "ready\n" {
			cmd.Process.Kill()
			t.Fatalf("%v: child said %q, %v; want ready", sig, line, err)
		}
		temps, _ := filepath.Glob(filepath.Join(dir, ".p.html.urix-*"))
		if len(temps) != 1 {
			t.Errorf("%v: temporary files before the signal: %q, want one", sig, temps)
		}
		cmd.Process.Signal(sig)
		rest, _ := io.ReadAll(br)
		cmd.Wait()
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ws.Signaled() || ws.Signal() != sig {
			t.Errorf("%v: child ended with %v, want killed by the signal", sig, cmd.ProcessState)
		}
		if !strings.Contains(string(rest), "urix: rewrite "+p+": interrupted") {
			t.Errorf("%v: stderr %q, want \"interrupted\"", sig, rest)
		}
		testutil.CheckFile(t, p, pageIn)
		testutil.CheckNoTemp(t, dir)
	}
}
