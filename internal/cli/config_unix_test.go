//go:build unix

package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestConfigUnreadable runs urix as nobody, the way "sudo -u nobody urix"
// keeps another user's HOME: a home it may not read is as if it had no
// file of options (the scan runs, without them); a file named in
// URIX_CONFIG_PATH that it may not read is an error. It needs root, to
// make the files and run urix as nobody.
func TestConfigUnreadable(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	const nobody = 65534
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := copyTestBinary(t, dir)
	home := filepath.Join(dir, "home")
	files := map[string]string{
		filepath.Join(home, ".config", "urix", "config"): "-n\n",
		filepath.Join(dir, "closed"):                     "-n\n",
		filepath.Join(dir, "a.txt"):                      "see http://a.example/\n",
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, closed := range []string{home, filepath.Join(dir, "closed")} {
		if err := os.Chmod(closed, 0o700); err != nil { // root's alone
			t.Fatal(err)
		}
	}
	urix := func(env ...string) (string, error) {
		cmd := exec.Command(bin, "a.txt")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), append(env, runMainEnv+"=1", "HOME="+home, "XDG_CONFIG_HOME=")...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := urix("URIX_CONFIG_PATH=")
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Skipf("cannot run the test binary as nobody here: %v", err)
	}
	if err != nil || out != "http://a.example/\n" {
		t.Errorf("as nobody, a home it cannot read: %v\n%s\nwant the link without -n", err, out)
	}
	out, err = urix("URIX_CONFIG_PATH=" + filepath.Join(dir, "closed"))
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(out, "URIX_CONFIG_PATH: open "+filepath.Join(dir, "closed")+": permission denied") {
		t.Errorf("as nobody, URIX_CONFIG_PATH naming a file it cannot read: %v\n%s\nwant status 2 and the file named", err, out)
	}
}
