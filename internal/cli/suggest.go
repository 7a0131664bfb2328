package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"

	"github.com/urix/urix/extract/format"
)

// suggestAbove is the Jaro-Winkler similarity from which a word is taken
// for a misspelt command name: "prase" is 0.94 from "parse", "scna" 0.93
// from "scan", while file names score below 0.7 ("page.html" 0.64).
const suggestAbove = 0.85

// suggestCommand returns the command that word, the first argument of
// "urix", most likely misspells, or "" when word names a file (or standard
// input) or is like no command. cli's own suggestion always names one.
func suggestCommand(app *cli.App, word string) string {
	if word == "-" || strings.ContainsRune(word, os.PathSeparator) {
		return ""
	}
	if _, err := os.Lstat(word); err == nil {
		return ""
	}
	best, score := "", suggestAbove
	for _, cmd := range app.Commands {
		if cmd.Hidden {
			continue
		}
		// cli's figures (help.go's jaroWinkler): boost from 0.7, on a
		// prefix of up to 4.
		if s := smetrics.JaroWinkler(word, cmd.Name, 0.7, 4); s >= score {
			best, score = cmd.Name, s
		}
	}
	return best
}

// defaultAction is the action of "urix" alone, the scan of its arguments,
// except that a first argument that is no file but is like a command name
// gets "did you mean" instead of "no such file", unless scan options came
// with it ("urix -r prase" means a directory).
func (e *env) defaultAction(o *scanOptions) cli.ActionFunc {
	scan := e.scanAction(o)
	return func(c *cli.Context) error {
		if first := c.Args().First(); first != "" && c.NumFlags() == 0 {
			if cmd := suggestCommand(c.App, first); cmd != "" {
				return withStatus(exitError, fmt.Errorf("%s: no such file or command; did you mean \"urix %s\"?", format.Text(first), cmd))
			}
		}
		return scan(c)
	}
}

// suggestFlag returns the option, as typed ("--host"), that the unknown
// one err names most likely misspells ("flag provided but not defined:
// -hots", as Go's flag package words it), or "".
func suggestFlag(c *cli.Context, err error) string {
	_, name, ok := strings.Cut(err.Error(), "flag provided but not defined: -")
	if !ok {
		return ""
	}
	name = strings.TrimPrefix(name, "-")
	flags := c.App.Flags
	if c.Command != nil && len(c.Command.Flags) > 0 {
		flags = c.Command.Flags
	}
	best, score := "", suggestAbove
	for _, f := range flags {
		for _, n := range f.Names() {
			if s := smetrics.JaroWinkler(name, n, 0.7, 4); len(n) > 1 && s >= score {
				best, score = dashed(n), s
			}
		}
	}
	return best
}
