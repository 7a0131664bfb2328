package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
)

func TestPermuteScanArgs(t *testing.T) {
	app := newApp(&env{})
	tests := []struct{ in, want string }{
		{"urix", "urix"},
		{"urix a.txt", "urix -- a.txt"},
		{"urix a.txt -n", "urix -n -- a.txt"},
		{"urix scan a.txt -Hn b.txt", "urix scan -Hn -- a.txt b.txt"},
		// A value option takes the next argument with it.
		{"urix a.txt --type mail b", "urix --type mail -- a.txt b"},
		{"urix a.txt -t mail", "urix -t mail -- a.txt"},
		{"urix a.txt --type=mail", "urix --type=mail -- a.txt"},
		{"urix a.txt -nt mail b", "urix -nt mail -- a.txt b"},
		{"urix a.txt -tn b", "urix -tn -- a.txt b"},
		{"urix -j1 a -m12", "urix -j 1 -m 12 -- a"},
		{"urix --scheme http,https a -u", "urix --scheme http,https -u -- a"},
		// "-" is standard input, and "--" ends the options.
		{"urix - -c", "urix -c -- -"},
		{"urix -n -- -odd-name a", "urix -n -- -odd-name a"},
		{"urix rewrite page.html --absolute -b http://a/", "urix rewrite --absolute -b http://a/ -- page.html"},
		// Other commands keep their arguments as they are.
		{"urix resolve http://a/ -n", "urix resolve http://a/ -n"},
		{"urix help scan", "urix help scan"},
	}
	for _, tt := range tests {
		got := strings.Join(permuteScanArgs(app, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("permuteScanArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCliStopsAtFirstArgument checks why permuteScanArgs exists: cli
// (app and command alike) takes an option after an input for one more
// input, as Go's flag package does.
func TestCliStopsAtFirstArgument(t *testing.T) {
	for _, args := range [][]string{{"x", "a.txt", "-n"}, {"x", "cmd", "a.txt", "-n"}} {
		var n bool
		var got []string
		flags := func() []cli.Flag { return []cli.Flag{&cli.BoolFlag{Name: "n", Destination: &n}} }
		action := func(c *cli.Context) error { got = c.Args().Slice(); return nil }
		app := &cli.App{
			Name: "x", Flags: flags(), Action: action,
			Commands: []*cli.Command{{Name: "cmd", Flags: flags(), Action: action}},
		}
		if err := app.Run(args); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if n || !slices.Equal(got, []string{"a.txt", "-n"}) {
			t.Errorf("%q: -n set %v, arguments %q; want -n unset, arguments [a.txt -n] (cli permutes: drop permuteScanArgs)", args, n, got)
		}
	}
}

// TestRunStatus checks the mapping of outcomes to exit statuses in run,
// in-process (the scripts check it through the binary).
func TestRunStatus(t *testing.T) {
	tests := []struct {
		args   []string
		stdin  string
		status int
	}{
		{[]string{"equal", "http://a/", "HTTP://a:80/"}, "", exitOK},
		{[]string{"equal", "http://a/", "http://b/"}, "", exitNone},
		{[]string{"equal", "http://a/"}, "", exitError},
		{[]string{"parse", "%zz"}, "", exitNone},
		{[]string{"--no-such-flag"}, "", exitError},
		{[]string{"scan", "--format", "xml", "-"}, "", exitError},
		{[]string{"scan", "--type", "pdf", "-"}, "", exitError},
		{[]string{"scan", "--base", "relative/base", "-"}, "", exitError},
	}
	for _, tt := range tests {
		var out, errs bytes.Buffer
		got := run(append([]string{"urix"}, tt.args...), strings.NewReader(tt.stdin), &out, &errs)
		if got != tt.status {
			t.Errorf("urix %s: status %d, want %d (stderr %q)", strings.Join(tt.args, " "), got, tt.status, errs.String())
		}
		if got == exitError && !slices.Contains(tt.args, "--no-such-flag") && !strings.HasPrefix(errs.String(), "urix: ") {
			t.Errorf("urix %s: stderr %q, want a message starting \"urix: \"", strings.Join(tt.args, " "), errs.String())
		}
	}
}

// TestHelpWidth: the help of urix and of each command fits in 80
// columns, whatever the length of an option's text.
func TestHelpWidth(t *testing.T) {
	names := []string{""}
	for _, c := range newApp(&env{}).Commands {
		names = append(names, c.Name)
	}
	for _, name := range names {
		args := []string{"urix", "--help"}
		if name != "" {
			args = []string{"urix", name, "--help"}
		}
		var out, errs bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errs); code != 0 || out.Len() == 0 {
			t.Fatalf("%q: status %d, stderr %q", args, code, errs.String())
		}
		for i, line := range strings.Split(out.String(), "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth {
				t.Errorf("%q: line %d has %d columns: %q", args, i+1, n, line)
			}
		}
	}
}
