package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// completeFlag is the last word of the command line the completion
// scripts run: "urix WORDS... [CUR] --generate-bash-completion".
const completeFlag = "--generate-bash-completion"

// flagChoices are the values offered after an option that takes one of a
// few words.
var flagChoices = map[string][]string{
	"type":   {"auto", "text", "html", "mail", "mbox"},
	"format": {"plain", "json", "tsv", "csv"},
	"color":  {"auto", "always", "never"},
}

// complete writes the candidates for the word being completed, one a line,
// for args as the scripts pass them: "urix WORDS... CUR completeFlag",
// CUR the word being completed, maybe empty. A CUR that starts with "-"
// gets the options of the command that start with it; after an option
// that takes one of a few words, those; as the first argument, the
// command names. The scripts add file names. complete reads only the
// command definitions and never parses the words as cli would (cli v2
// panics on an unknown option there), so no partial word can upset it.
func complete(app *cli.App, args []string, w io.Writer) {
	words := args[1 : len(args)-1]
	cur := ""
	if n := len(words); n > 0 {
		words, cur = words[:n-1], words[n-1]
	}
	flags, first := app.Flags, true
	for _, word := range words {
		if strings.HasPrefix(word, "-") {
			continue
		}
		if cmd := app.Command(word); cmd != nil {
			flags = cmd.Flags
		}
		first = false
		break
	}
	var cands []string
	switch {
	case strings.HasPrefix(cur, "-"):
		for _, f := range flags {
			for _, name := range f.Names() {
				cands = append(cands, dashed(name))
			}
		}
	case len(words) > 0 && choices(flags, words[len(words)-1]) != nil:
		cands = choices(flags, words[len(words)-1])
	case first:
		for _, cmd := range app.Commands {
			if !cmd.Hidden {
				cands = append(cands, cmd.Name)
			}
		}
	}
	for _, c := range cands {
		if strings.HasPrefix(c, cur) {
			fmt.Fprintln(w, c)
		}
	}
}

// choices returns the values offered after the option word ("--type",
// "-t") among flags, nil when it takes no fixed list.
func choices(flags []cli.Flag, word string) []string {
	name := strings.TrimLeft(word, "-")
	for _, f := range flags {
		if names := f.Names(); slices.Contains(names, name) {
			return flagChoices[names[0]]
		}
	}
	return nil
}

// dashed is an option's name as typed: "-t", "--type".
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}
