package cli

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// allFlags returns the options of app and of each of its commands, cli's
// help and version options among them, after setup as run has it.
func allFlags(t *testing.T) (*cli.App, []cli.Flag) {
	t.Helper()
	app := newApp(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard})
	setup(app)
	flags := slices.Clone(app.Flags)
	for _, c := range app.Commands {
		flags = append(flags, c.Flags...)
	}
	return app, append(flags, cli.HelpFlag, cli.VersionFlag)
}

// TestFlagNamesCached checks that every option of urix has its names made
// once (see flagnames.go), that they are the names cli makes of the
// option's Name and Aliases, and that asking them allocates nothing.
func TestFlagNamesCached(t *testing.T) {
	_, flags := allFlags(t)
	for _, f := range flags {
		p := plain(f)
		name := strings.Join(p.Names(), ",")
		if p == f {
			t.Errorf("%s: a %T, whose Names runs a regexp replace for each name: add its type to nameOnce", name, f)
			continue
		}
		for _, n := range f.Names() {
			if strings.ContainsAny(n, ", ") || n == "" {
				t.Errorf("option name %q: empty or holds a comma or space, which cli strips", n)
			}
		}
		if got, want := f.Names(), p.Names(); !slices.Equal(got, want) || cap(got) != len(got) {
			t.Errorf("%s: names %q (cap %d), cli's %q", name, got, cap(got), want)
		}
		if n := testing.AllocsPerRun(10, func() { f.Names() }); n != 0 {
			t.Errorf("%s: Names allocates %v times", name, n)
		}
	}
}

// TestFlagLookupLinear checks the cost of what cli does before it runs a
// command (runFlagActions): IsSet of every name of every option, none set.
// Each IsSet of an option not set walks the names of all the options;
// with cli's own Names that was a regexp replace and two allocations for
// each, 3,135 replaces a run, quadratic in the number of options.
func TestFlagLookupLinear(t *testing.T) {
	app, _ := allFlags(t)
	set := flag.NewFlagSet("urix", flag.ContinueOnError)
	var names []string
	for _, f := range app.Flags {
		if err := f.Apply(set); err != nil {
			t.Fatal(err)
		}
		names = append(names, f.Names()...)
	}
	ctx := cli.NewContext(app, set, nil)
	allocs := testing.AllocsPerRun(5, func() {
		for _, n := range names {
			if ctx.IsSet(n) {
				t.Fatalf("%s set", n)
			}
		}
	})
	t.Logf("%d names, %v allocations", len(names), allocs)
	if per := allocs / float64(len(names)); per > 2 {
		t.Errorf("IsSet of each of %d names: %.1f allocations each, want at most 2", len(names), per)
	}
}
