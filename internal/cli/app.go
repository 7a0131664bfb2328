// Package cli is the urix command: it finds URIs in plain text, e-mail,
// mbox, HTML, documents and web archives, resolves them against the right
// base (RFC 3986 §5.1, §5.2) and prints them; its uri subcommands parse,
// resolve, normalize, compare and relativize by hand. The root package main
// only calls Main.
package cli

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"
)

// env is what a command may touch of the outside world: the app is built
// from it, so tests run the whole command in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// Exit statuses, as grep has them: an error wins over "none found".
const (
	exitOK    = 0 // something found, equivalent, valid
	exitNone  = 1 // nothing found, not equivalent, invalid, a link broken
	exitError = 2 // usage or I/O error
)

// statusError ends a command with a given exit status. A nil err means the
// command has already told the user what went wrong (or there is nothing
// to say, as for "none found"); otherwise run prints it.
type statusError struct {
	code int
	err  error
}

func (e *statusError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *statusError) Unwrap() error { return e.err }

// withStatus makes err (which may be nil) end the command with code.
func withStatus(code int, err error) error { return &statusError{code: code, err: err} }

// errBroken ends "urix check" with status 1 (exitNone) after it has
// reported the broken links.
var errBroken = withStatus(exitNone, nil)

// errNone ends a command quietly with status 1: nothing found, not equal.
var errNone = withStatus(exitNone, nil)

// errReported ends a command quietly with status 2 after it has reported
// its errors on stderr itself (and gone on with the other inputs).
var errReported = withStatus(exitError, nil)

// errorf reports a problem on stderr, prefixed with the program name.
func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "urix: "+format+"\n", args...)
}

// Main runs urix with args (args[0] is the program name) and returns its
// exit status for os.Exit. When an interrupt ended the run, it first kills
// the process with that signal again (reraise), so that the shell sees it
// killed as cat would be.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return reraise(run(args, stdin, stdout, stderr))
}

// run builds the app, runs it with args (args[0] is the program name) and
// maps the outcome to an exit status, in this one place.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	app := newApp(e)
	if n := len(args); n > 1 && args[n-1] == completeFlag {
		complete(app, args, e.stdout)
		return exitOK
	}
	path, named := configPath()
	args, err := withConfig(app, args, path, named)
	if err == nil {
		args = permuteScanArgs(app, args)
		setup(app)
		err = app.Run(args)
	}
	if err == nil {
		return exitOK
	}
	var se *statusError
	if errors.As(err, &se) {
		if se.err != nil {
			e.errorf("%v", se.err)
		}
		return se.code
	}
	e.errorf("%v", err)
	return exitError
}

// setup runs app.Setup with the options' categories hidden from cli: it
// files every option of the app and of each command under its category
// keyed by the option's help line, made with a regexp replace for each
// name, for a help template urix does not use (printHelp and the manual
// group options themselves, by GetCategory). That was a fifth of the
// instructions of "urix --version".
func setup(app *cli.App) {
	type hidden struct {
		field    *string
		category string
	}
	var hid []hidden
	hide := func(flags []cli.Flag) {
		for _, f := range flags {
			if p := categoryField(f); p != nil && *p != "" {
				hid = append(hid, hidden{p, *p})
				*p = ""
			}
		}
	}
	hide(app.Flags)
	for _, c := range app.Commands {
		hide(c.Flags)
	}
	app.Setup()
	for _, h := range hid {
		*h.field = h.category
	}
}

// categoryField returns the address of f's category, or nil for a kind of
// option urix does not use.
func categoryField(f cli.Flag) *string {
	switch f := plain(f).(type) {
	case *cli.BoolFlag:
		return &f.Category
	case *cli.StringFlag:
		return &f.Category
	case *cli.StringSliceFlag:
		return &f.Category
	case *cli.IntFlag:
		return &f.Category
	case *cli.GenericFlag:
		return &f.Category
	}
	return nil
}

// version is set at link time (-ldflags "-X github.com/urix/urix/internal/cli.version=v1.2.3"); when it
// is empty the module version from the build information is used.
var version = ""

func buildVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// newApp builds the urix command line on e.
func newApp(e *env) *cli.App {
	app := &cli.App{
		Name:    "urix",
		Usage:   "find, resolve and check URIs in text, e-mail, mbox and HTML (RFC 3986)",
		Version: buildVersion(),
		Description: "urix finds every URI in its input as RFC 3986 Appendix C delimits it,\n" +
			"establishes the base each one is relative to (RFC 3986 §5.1: <base href>,\n" +
			"Content-Base/Content-Location, the file or --base, --default-base) and\n" +
			"resolves it exactly as §5.2 says.\n\n" +
			"\"urix FILE...\" is short for \"urix scan FILE...\"; see \"urix scan --help\".\n\n" +
			scanExamples + "\n" +
			"  urix parse 'http://[fe80::1%25en0]:8080/a?q'  components as JSON\n" +
			"  urix resolve 'http://a/b/c/d;p?q' ../g        http://a/b/g\n" +
			"  urix equal HTTP://a.example:80/ http://a.example/ && echo same\n\n" +
			scanStatus,
		UsageText:              "urix [scan options] " + scanArgsUsage + "\nurix COMMAND [options] [arguments...]",
		Writer:                 e.stdout,
		ErrWriter:              e.stderr,
		Reader:                 e.stdin,
		EnableBashCompletion:   true,
		UseShortOptionHandling: true,
		// Globs have commas ("*.{htm,md}"); --scheme splits its own.
		DisableSliceFlagSeparator: true,
		HideHelpCommand:           true,
		// run maps errors to exit statuses; cli must not call os.Exit.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError:   usageError,
	}
	app.Commands = []*cli.Command{
		e.scanCommand(),
		e.parseCommand(),
		e.resolveCommand(),
		e.normalizeCommand(),
		e.relativeCommand(),
		e.equalCommand(),
		e.rewriteCommand(),
		e.checkCommand(),
		e.pickCommand(),
		e.completionCommand(),
		e.manCommand(),
	}
	for _, c := range app.Commands {
		if len(c.Flags) > 0 && c.Name != "scan" { // scan's are urix's, --no-config among them
			c.Flags = append(c.Flags, noConfigFlag(""))
		}
		c.OnUsageError = usageError
		c.HideHelpCommand = true
		c.Flags = namesOnce(quietSwitches(c.Flags))
	}
	// "urix FILE..." is "urix scan FILE...".
	o := new(scanOptions)
	app.Flags = namesOnce(quietSwitches(o.flags()))
	app.Action = e.defaultAction(o)
	return app
}

// usageError turns cli's usage errors (an unknown option, a bad value)
// into status 2 with a pointer to the help, instead of cli's full help
// text on stdout.
func usageError(c *cli.Context, err error, _ bool) error {
	if f := suggestFlag(c, err); f != "" {
		return withStatus(exitError, fmt.Errorf("%w; did you mean %s? (see %q)", err, f, helpCommand(c)))
	}
	return withStatus(exitError, fmt.Errorf("%w (see %q)", err, helpCommand(c)))
}

// quietSwitches drops cli's "(default: false)" from the help of boolean
// options: noise on every switch.
func quietSwitches(flags []cli.Flag) []cli.Flag {
	for _, f := range flags {
		if b, ok := plain(f).(*cli.BoolFlag); ok {
			b.DisableDefaultText = true
		}
	}
	return flags
}

// permuteScanArgs moves the options of a command that reads files (scan,
// the default, rewrite and check) that follow its inputs in front of them, as
// GNU grep allows ("urix notes.txt -n"): urfave/cli v2, like Go's flag
// package, stops at the first argument that is not an option and has no
// setting to go on (TestCliStopsAtFirstArgument). The inputs follow a
// "--", so that they are never taken for options. Other commands'
// arguments are left alone: theirs are URIs, and may look like options.
func permuteScanArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	start, flags := 1, app.Flags
	if cmd := app.Command(args[1]); cmd != nil || args[1] == "help" {
		if cmd == nil || (cmd.Name != "scan" && cmd.Name != "rewrite" && cmd.Name != "check") {
			return args
		}
		start, flags = 2, cmd.Flags
	}
	valued := make(map[string]bool) // options that take the next argument
	for _, f := range flags {
		if _, isBool := plain(f).(*cli.BoolFlag); !isBool {
			for _, n := range f.Names() {
				valued[n] = true
			}
		}
	}
	rest := args[start:]
	var opts, inputs []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			inputs = append(inputs, rest[i+1:]...)
			i = len(rest)
		case len(a) > 2 && a[0] == '-' && valued[a[1:2]] && isDigits(a[2:]):
			opts = append(opts, a[:2], a[2:]) // "-j1", "-m5": cli takes "1" for an option
		case len(a) > 1 && a[0] == '-':
			opts = append(opts, a)
			name := strings.TrimLeft(a, "-")
			if !strings.HasPrefix(a, "--") && len(name) > 1 {
				name = name[len(name)-1:] // "-nt mail": the last of combined short options takes the value
			}
			if valued[name] && !strings.Contains(a, "=") && i+1 < len(rest) {
				i++
				opts = append(opts, rest[i])
			}
		default:
			inputs = append(inputs, a)
		}
	}
	out := append([]string{}, args[:start]...)
	out = append(out, opts...)
	if len(inputs) > 0 {
		out = append(out, "--")
		out = append(out, inputs...)
	}
	return out
}

func isDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// helpCommand is the command line that shows the help of the command c
// runs, for messages.
func helpCommand(c *cli.Context) string {
	if c.Command != nil && c.Command.Name != "" && c.Command.Name != c.App.Name {
		return "urix " + c.Command.Name + " --help"
	}
	return "urix --help"
}
