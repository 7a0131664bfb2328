package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/text/encoding/htmlindex"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script/*.txtar with what urix prints")

// repoRoot is the repository's top directory, two up from this package:
// it holds the README and the samples under testdata/ that the README,
// the scripts and the tests read.
const repoRoot = "../.."

// mainPkg is the package of the urix binary, for the tests that build it.
const mainPkg = "github.com/urix/urix"

// runMainEnv makes the test binary run as urix, with its arguments, for
// tests that run it as another user.
const runMainEnv = "URIX_TEST_MAIN"

// TestMain lets the test binary run as "urix" inside the scripts, through
// run, the same entry point main uses.
func TestMain(m *testing.M) {
	switch {
	case os.Getenv(waitSignalEnv) != "":
		os.Exit(waitSignalMain())
	case os.Getenv(runMainEnv) != "":
		os.Exit(reraise(run(append([]string{"urix"}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr)))
	}
	testscript.Main(m, map[string]func(){
		"urix": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script, one per
// behaviour of the command. Each script starts in a directory holding a
// copy of the README's samples (the repository's testdata/) under testdata/, so that the commands read
// as they do in the README.
func TestScripts(t *testing.T) {
	samples, err := filepath.Glob(filepath.Join(repoRoot, "testdata", "sample.*"))
	if err != nil || len(samples) == 0 {
		t.Fatalf("no samples in testdata/: %v", err)
	}
	warcs, err := filepath.Glob(filepath.Join(repoRoot, "testdata", "warc", "*.warc*"))
	if err != nil || len(warcs) == 0 {
		t.Fatalf("no WARC files in testdata/warc/: %v", err)
	}
	samples = append(samples, warcs...)
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			if err := os.MkdirAll(filepath.Join(env.WorkDir, "testdata", "warc"), 0o777); err != nil {
				return err
			}
			for _, s := range samples {
				b, err := os.ReadFile(s)
				if err != nil {
					return err
				}
				rel, err := filepath.Rel(repoRoot, s)
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(env.WorkDir, rel), b, 0o666); err != nil {
					return err
				}
			}
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"status":  statusCmd,
			"binfile": binfileCmd,
			"encode":  encodeCmd,
		},
		Condition: func(cond string) (bool, error) {
			// root reads files whatever their mode, so a chmod 000 file
			// tests nothing there.
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}

// statusCmd is the script command "status N PROG ARGS...": it runs PROG
// like exec and fails unless its exit status is exactly N, so that scripts
// can tell "none found" (1) from "error" (2).
func statusCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: bad exit status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// binfileCmd is the script command "binfile NAME TEXT": it writes TEXT
// after a NUL byte to NAME, a binary file (as grep sees one) that still
// holds a URI, which txtar archives cannot carry.
func binfileCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: binfile NAME TEXT")
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte("\x00\x01"+args[1]+"\n"), 0o666))
}

// encodeCmd is the script command "encode ENCODING FROM TO": it writes the
// UTF-8 file FROM to TO in ENCODING, a WHATWG label (shift_jis, euc-jp,
// windows-1251, utf-16le, ...; "-bom" after utf-16le or utf-16be puts a
// byte order mark first), for the inputs txtar archives cannot carry.
func encodeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: encode ENCODING FROM TO")
	}
	label, bom := strings.CutSuffix(args[0], "-bom")
	enc, err := htmlindex.Get(label)
	if err != nil {
		ts.Fatalf("encode: %v", err)
	}
	text := ts.ReadFile(args[1])
	if bom {
		text = "\ufeff" + text
	}
	b, err := enc.NewEncoder().Bytes([]byte(text))
	if err != nil {
		ts.Fatalf("encode: %s in %s: %v", args[1], args[0], err)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), b, 0o666))
}
