package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWithConfig: where the file's options go, for each command, and
// when they do not.
func TestWithConfig(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "urixrc")
	text := "# c\n\n  -n \n--type\nhtml\n[pick]\n--no-headers\n--handlers\n[x]*.txt\n\n[resolve]\n--non-strict\n[scan]\n-w\n"
	if err := os.WriteFile(cfg, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	app := newApp(&env{})
	for _, tt := range []struct{ args, want string }{
		{"urix a.txt", "urix -n --type html -w a.txt"},
		{"urix", "urix -n --type html -w"},
		{"urix scan -c a.txt", "urix scan -n --type html -w -c a.txt"},
		{"urix --no-config a.txt", "urix --no-config a.txt"},
		{"urix -- --no-config", "urix -n --type html -w -- --no-config"}, // a file named so
		{"urix pick m.eml", "urix pick --no-headers --handlers [x]*.txt m.eml"},
		{"urix pick --no-config m.eml", "urix pick --no-config m.eml"},
		{"urix resolve http://a/ b", "urix resolve --non-strict http://a/ b"},
		{"urix parse http://a/", "urix parse http://a/"}, // no section
		{"urix help", "urix help"},
	} {
		got, err := withConfig(app, strings.Fields(tt.args), cfg, true)
		if err != nil || !slices.Equal(got, strings.Fields(tt.want)) {
			t.Errorf("withConfig(%q) = %q, %v; want %q", tt.args, got, err, tt.want)
		}
	}
	big := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("-n\n", maxConfigSize)), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := withConfig(app, []string{"urix", "a.txt"}, big, true); err == nil {
		t.Errorf("a file of %d bytes: no error", 3*maxConfigSize)
	}
}

// TestConfigErrors: a wrong line is an error that names the file and the
// line, in the section of the command run; a heading that names no
// command, wherever it is.
func TestConfigErrors(t *testing.T) {
	app := newApp(&env{})
	for _, tt := range []struct{ text, args, want string }{
		{"-n\n--colr=never\n", "urix a", "rc:2: --colr: unknown option"},
		{"--color\nnevr\n", "urix a", "rc:2: --color nevr: want auto, always or never"},
		{"--color=nevr\n", "urix a", "rc:1: want auto, always or never"},
		{"-nq\n-x\n", "urix a", "rc:2: -x: unknown option"},
		{"-tmial\n", "urix a", "rc:1: "},
		{"notes.txt\n", "urix a", `rc:1: "notes.txt" is not an option`},
		{"--\n", "urix a", `rc:1: "--" is not an option`},
		{"--scheme\n", "urix a", "rc:1: --scheme: its value is missing"},
		{"[pick]\n--run\n", "urix pick", "rc:2: --run: its value is missing"},
		{"[pick]\n--abbreviated\n", "urix pick", "rc:2: --abbreviated: unknown option"},
		{"[pikc]\n--run\nx\n", "urix a", "rc:1: [pikc] names no command of urix"},
		{"[man]\n", "urix a", "rc:1: urix man takes no options"},
	} {
		cfg := filepath.Join(t.TempDir(), "rc")
		if err := os.WriteFile(cfg, []byte(tt.text), 0o666); err != nil {
			t.Fatal(err)
		}
		_, err := withConfig(app, strings.Fields(tt.args), cfg, true)
		if err == nil || !strings.Contains(err.Error(), cfg+strings.TrimPrefix(tt.want, "rc")) {
			t.Errorf("%q, %s: error %v, want %q", tt.text, tt.args, err, tt.want)
		}
	}
	// A wrong line in another command's section is that command's
	// problem: a scan runs.
	cfg := filepath.Join(t.TempDir(), "rc")
	if err := os.WriteFile(cfg, []byte("-n\n[pick]\n--colr\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if got, err := withConfig(app, []string{"urix", "a"}, cfg, true); err != nil || !slices.Equal(got, []string{"urix", "-n", "a"}) {
		t.Errorf("a wrong line under [pick], urix a: %q, %v", got, err)
	}
}
