package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// maxOwnInitBytes bounds what the inits of urix's own packages allocate
// together: a run that reads no Markdown, AsciiDoc, reST or legacy-encoded
// document pays for none of their tables (about 17 KB today, 315 KB when
// extract/check compiled its fragment regexps and charset built its
// character sets at start-up).
const maxOwnInitBytes = 32 << 10

// unwantedInits are packages of dependencies whose inits a run that reads
// no Markdown would pay for, replaced for that: goldmark's extension
// package compiles its autolink regexps at init (264 KB; urix parses with
// the fork internal/mdext), and the goldmark package brings its HTML
// renderer (33 KB with it).
var unwantedInits = []string{
	"github.com/yuin/goldmark/extension",
	"github.com/yuin/goldmark/renderer/html",
	"github.com/yuin/goldmark",
}

// TestInitAllocations builds urix, runs "urix --version" with
// GODEBUG=inittrace=1 and bounds the bytes the inits of its packages
// allocate: byte counts, not times, so that the test does not depend on
// the machine. (The test binary would not do: this package's test
// variables are set in its init.)
func TestInitAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "urix")
	if out, err := exec.Command("go", "build", "-o", bin, mainPkg).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("urix --version: %v\n%s", err, stderr.Bytes())
	}
	inits, err := parseInitTrace(stderr.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(inits) == 0 {
		t.Fatalf("no init trace in\n%s", stderr.Bytes())
	}
	own := 0
	var lines []string
	for _, in := range inits {
		if slices.Contains(unwantedInits, in.pkg) {
			t.Errorf("urix imports %s (its init allocates %d bytes)", in.pkg, in.bytes)
		}
		if in.pkg == mainPkg || strings.HasPrefix(in.pkg, mainPkg+"/") {
			own += in.bytes
			lines = append(lines, fmt.Sprintf("%s: %d bytes", in.pkg, in.bytes))
		}
	}
	if own > maxOwnInitBytes {
		t.Errorf("the inits of urix's packages allocate %d bytes, more than %d:\n%s",
			own, maxOwnInitBytes, strings.Join(lines, "\n"))
	}
}

// initRecord is one line of GODEBUG=inittrace=1's output.
type initRecord struct {
	pkg          string
	bytes, count int
}

// parseInitTrace reads the lines the runtime writes for inittrace:
// "init PKG @T ms, C ms clock, B bytes, N allocs".
func parseInitTrace(out []byte) ([]initRecord, error) {
	var recs []initRecord
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "init ") {
			continue
		}
		var r initRecord
		var at, clock float64
		if _, err := fmt.Sscanf(line, "init %s @%g ms, %g ms clock, %d bytes, %d allocs",
			&r.pkg, &at, &clock, &r.bytes, &r.count); err != nil {
			return nil, fmt.Errorf("init trace line %q: %v", line, err)
		}
		recs = append(recs, r)
	}
	return recs, sc.Err()
}

// TestSetupMakesNoHelpLine checks that a run that prints no help makes no
// option's help line: cli's setup would make one for every option of
// every command that has a category (a fifth of "urix --version"), and
// that the categories are back for the help, which groups by them.
func TestSetupMakesNoHelpLine(t *testing.T) {
	made := 0
	stringer := cli.FlagStringer
	cli.FlagStringer = func(f cli.Flag) string {
		made++
		return stringer(f)
	}
	defer func() { cli.FlagStringer = stringer }()
	var out, errs bytes.Buffer
	if code := run([]string{"urix", "--version"}, strings.NewReader(""), &out, &errs); code != exitOK {
		t.Fatalf("urix --version: status %d, %s", code, errs.Bytes())
	}
	if made != 0 {
		t.Errorf("urix --version made %d help lines, want none", made)
	}
	out.Reset()
	if code := run([]string{"urix", "check", "--help"}, strings.NewReader(""), &out, &errs); code != exitOK {
		t.Fatalf("urix check --help: status %d, %s", code, errs.Bytes())
	}
	for _, cat := range []string{"\n Checks:\n", "\n Output:\n", "\n Base URI:\n"} {
		if !strings.Contains(out.String(), cat) {
			t.Errorf("urix check --help has no %q:\n%s", cat, out.Bytes())
		}
	}
}
