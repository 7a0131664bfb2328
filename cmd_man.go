package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// manCommand prints the manual page, made from the command definitions
// (cli's ToMan, through go-md2man), so that it never disagrees with
// --help.
func (e *env) manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page (roff)",
		Description: "Examples:\n" +
			"  urix man | man -l -                              read it now\n" +
			"  urix man > ~/.local/share/man/man1/urix.1        then: man urix",
		Action: func(c *cli.Context) error {
			markdownText(c.App)
			page, err := c.App.ToManWithSection(1)
			if err != nil {
				return fmt.Errorf("man: %w", err)
			}
			_, err = fmt.Fprint(e.stdout, page)
			return err
		},
	}
}

// mdEscaper escapes what Markdown, which ToMan's text goes through, would
// take for markup: "<base href>" is text, "docs/**/*.md" no emphasis.
// cli's backquotes around an option's placeholder ("`GLOB`") go.
var mdEscaper = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `_`, `\_`, `<`, `\<`, `>`, `\>`, `[`, `\[`, `]`, `\]`, "`", "")

// markdownText escapes the help texts of app (its own, its commands' and
// their options') for ToMan; the app is not used for anything else after.
func markdownText(app *cli.App) {
	app.Usage, app.Description = mdEscaper.Replace(app.Usage), mdEscaper.Replace(app.Description)
	app.UsageText = mdEscaper.Replace(app.UsageText)
	flags := app.Flags
	for _, c := range app.Commands {
		c.Usage, c.Description = mdEscaper.Replace(c.Usage), mdEscaper.Replace(c.Description)
		c.ArgsUsage = mdEscaper.Replace(c.ArgsUsage)
		flags = append(flags, c.Flags...)
	}
	for _, f := range flags {
		switch f := f.(type) {
		case *cli.BoolFlag:
			f.Usage = mdEscaper.Replace(f.Usage)
		case *cli.StringFlag:
			f.Usage = mdEscaper.Replace(f.Usage)
		case *cli.StringSliceFlag:
			f.Usage = mdEscaper.Replace(f.Usage)
		case *cli.IntFlag:
			f.Usage = mdEscaper.Replace(f.Usage)
		}
	}
}
