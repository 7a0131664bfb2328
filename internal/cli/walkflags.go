package cli

import (
	"fmt"
	"runtime"

	"github.com/urfave/cli/v2"

	"github.com/urix/urix/internal/walk"
)

// walkFlags are the options of a command that walks directories as
// ripgrep does (internal/walk) and reads several inputs at once: scan's
// -r and check's DIR arguments.
type walkFlags struct {
	include, exclude, excludeDir cli.StringSlice // doublestar globs
	hidden, noIgnore, follow     bool
	unrestricted                 int // -u: --no-ignore; -uu: and --hidden (as rg)
	threads                      int // -j; 0: the number of CPUs
}

// flags returns the flags bound to w; scope says where they apply ("with
// -r") and verb what the command does to a file ("scan").
func (w *walkFlags) flags(scope, verb string) []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "include", Destination: &w.include, Usage: scope + ", " + verb + " only files that match `GLOB` (\"*.{htm,md}\" on the name; with a slash, \"docs/**/*.md\", on the path from the argument; repeatable)", Category: "Inputs"},
		&cli.StringSliceFlag{Name: "exclude", Destination: &w.exclude, Usage: scope + ", skip files that match `GLOB` (as --include; repeatable)", Category: "Inputs"},
		&cli.StringSliceFlag{Name: "exclude-dir", Destination: &w.excludeDir, Usage: scope + ", skip directories that match `GLOB` (\"node_modules\", \"email/spamassassin\"; repeatable)", Category: "Inputs"},
		&cli.BoolFlag{Name: "hidden", Destination: &w.hidden, Usage: scope + ", " + verb + " hidden files and directories too (names that start with a dot)", Category: "Inputs"},
		&cli.BoolFlag{Name: "no-ignore", Destination: &w.noIgnore, Usage: scope + ", " + verb + " what .gitignore, .ignore and .git/info/exclude exclude, and .git", Category: "Inputs"},
		&cli.IntFlag{Name: "threads", Aliases: []string{"j"}, Destination: &w.threads, DefaultText: "the number of CPUs", Usage: "read `N` inputs at once; the output is the same, input by input, as with -j1", Category: "Inputs"},
		&cli.BoolFlag{Name: "unrestricted", Aliases: []string{"u"}, Count: &w.unrestricted, Usage: "as ripgrep: -u is --no-ignore, -uu also --hidden", Category: "Inputs"},
		&cli.BoolFlag{Name: "follow", Aliases: []string{"L"}, Destination: &w.follow, Usage: scope + ", follow symbolic links (a loop is reported)", Category: "Inputs"},
	}
}

// resolve folds -u into --no-ignore and --hidden and -j 0 into the number
// of CPUs; a negative -j is an error of command cmd.
func (w *walkFlags) resolve(cmd string) error {
	w.noIgnore = w.noIgnore || w.unrestricted >= 1
	w.hidden = w.hidden || w.unrestricted >= 2
	if w.threads < 0 {
		return fmt.Errorf("%s: -j %d: want a number of inputs read at once (0: the number of CPUs)", cmd, w.threads)
	}
	if w.threads == 0 {
		w.threads = runtime.NumCPU()
	}
	return nil
}

// walkOptions are the options of the walk, once resolved.
func (w *walkFlags) walkOptions() walk.Options {
	return walk.Options{
		Hidden: w.hidden, NoIgnore: w.noIgnore, Follow: w.follow,
		Include: w.include.Value(), Exclude: w.exclude.Value(), ExcludeDir: w.excludeDir.Value(),
	}
}
