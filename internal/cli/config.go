package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/urix/urix/extract/format"
)

// configEnv names the file of default options, as RIPGREP_CONFIG_PATH
// does for rg; unset or empty, the file is $XDG_CONFIG_HOME/urix/config
// (or ~/.config/urix/config) when there is one.
const configEnv = "URIX_CONFIG_PATH"

// maxConfigSize bounds the file of options: options, not data.
const maxConfigSize = 64 << 10

// noConfigFlag is --no-config, which every command that takes options
// has, in the help's category: the file's options are left out.
func noConfigFlag(category string) *cli.BoolFlag {
	return &cli.BoolFlag{Name: "no-config", Destination: new(bool), Category: category,
		Usage: "ignore the default options of the file $" + configEnv + " names (else ~/.config/urix/config)"}
}

// userConfig returns the file name of urix's configuration directory,
// $XDG_CONFIG_HOME/urix, else ~/.config/urix; "" without a home.
func userConfig(name string) string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if !filepath.IsAbs(dir) { // the XDG spec: a relative path is to be ignored
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "urix", name)
}

// configPath returns the file of default options: the one configEnv
// names (named), else the default one. (/dev/null, or --no-config, is
// none.)
func configPath() (path string, named bool) {
	if p := os.Getenv(configEnv); p != "" {
		return p, true
	}
	return userConfig("config"), false
}

// withConfig returns args with the options the file at path gives the
// command args run put right after its name, before the user's: a value
// given on the command line wins, a list option adds to the file's. The
// file holds one argument a line (an option, "--color=never", or the
// value of the option on the line before), white space around it trimmed,
// empty lines and lines that start with "#" left out, as ripgrep reads
// its file; those before any heading are for a scan ("urix FILE...",
// "urix scan"), those under "[pick]" for "urix pick", and so on. A default
// file (not named) that cannot be opened is as if absent: no home, a home
// of another user (sudo). --no-config among the user's options, or "help",
// leaves args as they are.
func withConfig(app *cli.App, args []string, path string, named bool) ([]string, error) {
	if path == "" || len(args) < 1 {
		return args, nil
	}
	section, at := "", 1
	if len(args) > 1 {
		if args[1] == "help" {
			return args, nil
		}
		if cmd := app.Command(args[1]); cmd != nil {
			at = 2
			if cmd.Name != "scan" {
				section = cmd.Name
			}
		}
	}
	if user := args[at:]; slices.Contains(user[:max(0, slices.Index(user, "--"))], "--no-config") ||
		!slices.Contains(user, "--") && slices.Contains(user, "--no-config") {
		return args, nil
	}
	lines, err := readConfig(path)
	if err != nil {
		if !named && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.ENOTDIR)) {
			return args, nil
		}
		if named {
			return nil, fmt.Errorf("%s: %w", configEnv, err)
		}
		return nil, err
	}
	opts, err := configOptions(app, format.Text(path), lines, section)
	if err != nil {
		return nil, err
	}
	return slices.Concat(args[:at], opts, args[at:]), nil
}

// configLine is a line of the file that holds an argument or a heading.
type configLine struct {
	n    int // 1-based
	text string
}

// readConfig reads the lines of the file at path that hold something.
func readConfig(path string) ([]configLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := &io.LimitedReader{R: f, N: maxConfigSize + 1}
	var lines []configLine
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, configLine{n, line})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", format.Text(path), err)
	}
	if r.N == 0 {
		return nil, fmt.Errorf("%s: %w", format.Text(path), errConfigSize)
	}
	return lines, nil
}

var errConfigSize = errors.New("larger than 64 KiB: not a file of options")

// configOptions returns the arguments of the file's section for the
// command section ("" for scan), each checked against the command's
// options; an error names the file and line of the first wrong one, or
// of a heading that names no command, wherever it is.
func configOptions(app *cli.App, name string, lines []configLine, section string) ([]string, error) {
	var (
		opts    []string
		cur     = ""        // the section of the lines read
		flags   = app.Flags // its command's options
		pending cli.Flag    // the option whose value the next line is
		from    configLine  // that option's line
		errs    []error
	)
	wrong := func(l configLine, format string, args ...any) {
		if cur == section || strings.HasPrefix(l.text, "[") {
			errs = append(errs, fmt.Errorf("%s:%d: %s", name, l.n, fmt.Sprintf(format, args...)))
		}
	}
	for _, l := range lines {
		switch {
		case pending != nil:
			if err := checkValue(pending, l.text); err != nil {
				wrong(l, "%s %s: %v", from.text, l.text, err)
			}
			pending = nil
		case isHeading(l.text):
			cur = strings.ToLower(l.text[1 : len(l.text)-1])
			if cur == "scan" {
				cur = ""
			}
			cmd := app.Command(cur)
			switch {
			case cur == "":
				flags = app.Flags
			case cmd == nil:
				wrong(l, "%s names no command of urix", l.text)
				flags = nil
			case len(cmd.Flags) == 0:
				wrong(l, "urix %s takes no options", cmd.Name)
				flags = nil
			default:
				flags = cmd.Flags
			}
			continue
		default:
			f, err := checkOption(flags, l.text)
			if err != nil {
				wrong(l, "%v", err)
			}
			pending, from = f, l
		}
		if cur == section {
			opts = append(opts, l.text)
		}
	}
	if pending != nil {
		wrong(from, "%s: its value is missing (on the next line)", from.text)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return opts, nil
}

// isHeading reports whether line is a section's heading, "[pick]": a
// word in brackets (a value, a glob "[ab]*.txt", follows its option).
func isHeading(line string) bool {
	return len(line) > 2 && line[0] == '[' && line[len(line)-1] == ']' &&
		strings.Trim(line[1:len(line)-1], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") == ""
}

// checkOption checks that the argument arg is one or more options of
// flags, and returns the one whose value the next line must be, if any.
func checkOption(flags []cli.Flag, arg string) (cli.Flag, error) {
	if len(arg) < 2 || arg[0] != '-' || arg == "--" {
		return nil, fmt.Errorf("%q is not an option: the file holds one a line, or the value of the option on the line before", arg)
	}
	if name, value, eq := strings.Cut(arg, "="); strings.HasPrefix(arg, "--") {
		f := findFlag(flags, name)
		switch {
		case f == nil:
			return nil, fmt.Errorf("%s: unknown option", name)
		case eq && takesValue(f):
			return nil, checkValue(f, value)
		case takesValue(f):
			return f, nil
		}
		return nil, nil
	}
	for i := 1; i < len(arg); i++ { // "-n", "-nw", "-j2", "-tmail"
		f := findFlag(flags, "-"+arg[i:i+1])
		switch {
		case f == nil:
			return nil, fmt.Errorf("-%c: unknown option", arg[i])
		case takesValue(f) && i < len(arg)-1:
			return nil, checkValue(f, arg[i+1:])
		case takesValue(f):
			return f, nil
		}
	}
	return nil, nil
}

// checkValue checks a value of the option f, where the option says which
// values it takes (--type, --color, --format).
func checkValue(f cli.Flag, value string) error {
	if g, ok := plain(f).(*cli.GenericFlag); ok {
		if c, ok := g.Value.(*choice); ok {
			check := *c
			return check.Set(value)
		}
	}
	return nil
}
