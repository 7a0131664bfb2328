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
// for args as the scripts pass them: "urix WORDS... [CUR] completeFlag",
// CUR the word being completed, maybe empty. A CUR that starts with "-"
// gets the options of the command that start with it ("--color=a", as zsh
// passes it, the values that follow); after an option that takes one of a
// few words, those (bash passes "--color=a" as "--color", "=", "a"); after
// another option that takes a value, nothing; as the first argument, the
// command names. The scripts add file names. complete reads only the
// command definitions and never parses the words as cli would (cli v2
// panics on an unknown option there), so no partial word can upset it.
func complete(app *cli.App, args []string, w io.Writer) {
	words := args[1 : len(args)-1]
	cur := ""
	if n := len(words); n > 0 {
		words, cur = words[:n-1], words[n-1]
	}
	if n := len(words); n >= 2 && words[n-1] == "=" && strings.HasPrefix(words[n-2], "-") {
		words = words[:n-1]
	}
	flags, first := app.Flags, true
	for i := 0; i < len(words); i++ {
		word := words[i]
		if strings.HasPrefix(word, "-") {
			if takesValue(findFlag(flags, word)) && !strings.Contains(word, "=") {
				i++ // its value is no command name
			}
			continue
		}
		if cmd := app.Command(word); cmd != nil {
			flags = cmd.Flags
		}
		first = false
		break
	}
	var last cli.Flag
	if len(words) > 0 && strings.HasPrefix(words[len(words)-1], "-") {
		last = findFlag(flags, words[len(words)-1])
	}
	var cands []string
	switch name, _, withValue := strings.Cut(cur, "="); {
	case strings.HasPrefix(cur, "-") && withValue:
		for _, c := range choices(findFlag(flags, name)) {
			cands = append(cands, name+"="+c)
		}
	case strings.HasPrefix(cur, "-"):
		for _, f := range flags {
			for _, name := range f.Names() {
				cands = append(cands, dashed(name))
			}
		}
	case takesValue(last):
		cands = choices(last)
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

// findFlag returns the option of flags that word ("--type", "-t") names,
// nil for none.
func findFlag(flags []cli.Flag, word string) cli.Flag {
	name := strings.TrimLeft(word, "-")
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			return f
		}
	}
	return nil
}

// takesValue reports whether the option f is followed by a value.
func takesValue(f cli.Flag) bool {
	v, ok := f.(interface{ TakesValue() bool })
	return ok && v.TakesValue()
}

// choices returns the values offered after the option f, nil when it
// takes no fixed list.
func choices(f cli.Flag) []string {
	if f == nil {
		return nil
	}
	return flagChoices[f.Names()[0]]
}

// dashed is an option's name as typed: "-t", "--type".
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}
