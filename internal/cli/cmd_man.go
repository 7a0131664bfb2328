package cli

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
)

// manCommand prints the manual page, made from the command definitions,
// the table --help and completion read too, so that it never disagrees
// with them.
func (e *env) manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page (roff)",
		Description: "Examples:\n" +
			"  urix man | man -l -                    read it now\n" +
			"  d=$(dirname \"$(command -v urix)\")/../share/man/man1\n" +
			"  mkdir -p \"$d\" && urix man > \"$d/urix.1\"   then: man urix\n" +
			"(man-db looks for pages in DIR/share/man for each DIR/bin on PATH.)",
		Action: func(c *cli.Context) error {
			_, err := fmt.Fprint(e.stdout, manPage(c.App))
			return err
		},
	}
}

// manEnvironment is the ENVIRONMENT section: the variables urix reads.
var manEnvironment = []struct{ name, text string }{
	{"BROWSER", `the commands "urix pick" opens a link with, a ":"-separated list tried in turn until one succeeds ("%s" the link, "%%" a "%"; without "%s" the link is added at the end); without it, xdg-open (open on macOS)`},
	{"NO_COLOR", "when set and not empty, --color=auto colours nothing, and pick draws its list without colours"},
	{"TERM", `"dumb" turns --color=auto off`},
	{configEnv, `the file of default options, else ~/.config/urix/config ($XDG_CONFIG_HOME/urix/config) when there is one: its options are put before those of the command line, as ripgrep reads RIPGREP_CONFIG_PATH; one argument a line ("--color=never", or "--scheme" and "https" on two lines), lines that start with "#" and empty ones left out; the lines before any heading are a scan's, those under "[pick]" are "urix pick"'s, under "[rewrite]" "urix rewrite"'s, and so on; a line the command does not take is an error naming the file and the line; --no-config, or /dev/null here, leaves it out`},
}

// manPage is the manual page of app in roff (man(7)): the options of urix
// (scan's) once, then each command with its own, the environment and the
// exit status.
func manPage(app *cli.App) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH URIX 1 \"\" \"urix %s\" \"User Commands\"\n", roff(app.Version))
	fmt.Fprintf(&b, ".SH NAME\nurix \\- %s\n", roff(app.Usage))
	b.WriteString(".SH SYNOPSIS\n.nf\n")
	for _, line := range strings.Split(app.UsageText, "\n") {
		b.WriteString(roff(line) + "\n")
	}
	b.WriteString(".fi\n.SH DESCRIPTION\n")
	manText(&b, strings.TrimSuffix(app.Description, scanStatus))
	b.WriteString(".SH OPTIONS\nThe options of \\fBurix\\fR, which are those of \\fBurix scan\\fR.\n")
	manFlags(&b, app.Flags)
	b.WriteString(".SH COMMANDS\n")
	for _, c := range app.VisibleCommands() {
		fmt.Fprintf(&b, ".SS \"urix %s %s\"\n", c.Name, roff(c.ArgsUsage))
		b.WriteString(roff(c.Usage) + ".\n")
		if c.Name == "scan" {
			b.WriteString(".PP\nIts options are those of \\fBurix\\fR above.\n")
			manText(&b, scanDescription)
			continue
		}
		manText(&b, c.Description)
		if keys := commandKeys(c); keys != nil {
			b.WriteString(".PP\nKeys:\n")
			for _, k := range keys {
				fmt.Fprintf(&b, ".TP\n\\fB%s\\fR\n%s\n", roff(k.Names), roff(k.Does))
			}
		}
		manFlags(&b, slices.DeleteFunc(slices.Clone(c.Flags), func(f cli.Flag) bool { return f == cli.HelpFlag }))
	}
	b.WriteString(".SH ENVIRONMENT\n")
	for _, v := range manEnvironment {
		fmt.Fprintf(&b, ".TP\n.B %s\n%s\n", v.name, roff(v.text))
	}
	b.WriteString(".SH \"EXIT STATUS\"\n")
	manText(&b, strings.TrimPrefix(scanStatus, "Exit status: "))
	b.WriteString(".SH \"SEE ALSO\"\ngrep(1), rg(1), urlscan(1), and the README of urix.\n")
	return b.String()
}

// manText writes a description: its paragraphs (blank-line separated) as
// filled text, the lines indented in it (examples) as they are.
func manText(b *strings.Builder, text string) {
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		b.WriteString(".PP\n")
		literal := false
		for _, line := range strings.Split(para, "\n") {
			indented := strings.HasPrefix(line, "  ")
			if indented != literal {
				literal = indented
				if literal {
					b.WriteString(".nf\n.RS 2\n")
				} else {
					b.WriteString(".RE\n.fi\n")
				}
			}
			if literal {
				line = strings.TrimPrefix(line, "  ")
			}
			b.WriteString(roff(line) + "\n")
		}
		if literal {
			b.WriteString(".RE\n.fi\n")
		}
	}
}

// manFlags writes the options of flags, each category under its name.
func manFlags(b *strings.Builder, flags []cli.Flag) {
	for _, g := range flagGroups(flags) {
		if g.category != "" {
			fmt.Fprintf(b, ".SS \"%s\"\n", roff(g.category))
		}
		for _, f := range g.flags {
			names, usage := flagHelp(f)
			fmt.Fprintf(b, ".TP\n\\fB%s\\fR\n%s\n", roff(names), roff(usage))
		}
	}
}

// roffEscaper escapes text for roff: a backslash is \e, a minus \- (so
// that options stay ASCII when copied).
var roffEscaper = strings.NewReplacer(`\`, `\e`, "-", `\-`)

// roff is text escaped for a line of roff (a dot or quote that would
// start a request at its start gets \& before it); a character outside ASCII is
// named by its code point (\[u00A7]), which groff reads whatever the
// encoding it assumes.
func roff(text string) string {
	text = roffEscaper.Replace(text)
	if strings.ContainsFunc(text, func(r rune) bool { return r >= utf8.RuneSelf }) {
		var b strings.Builder
		for _, r := range text {
			if r < utf8.RuneSelf {
				b.WriteRune(r)
			} else {
				fmt.Fprintf(&b, `\[u%04X]`, r)
			}
		}
		text = b.String()
	}
	if strings.HasPrefix(text, ".") || strings.HasPrefix(text, "'") {
		text = `\&` + text
	}
	return text
}
