package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// completeFlag is the last word of the command line the completion
// scripts run: "urix WORDS... CUR --generate-bash-completion".
const completeFlag = "--generate-bash-completion"

// completeFiles is the last line of complete's answer when file names
// belong in the position too: the script adds them, as only the shell
// knows how to list and quote them.
const completeFiles = ":files"

// complete writes the candidates for the word being completed, one a line,
// for args as the scripts pass them: "urix WORDS... CUR completeFlag",
// CUR the word being completed, maybe empty. Everything it offers comes
// from the command definitions, the table that also drives the help and
// the man page:
//
//   - after an option that takes one of a few words (a choice: --type,
//     --format, --color), those words; "--color=a" (zsh and fish pass it
//     whole; bash as "--color", "=", "a") gets the words that follow;
//     after an option whose value is a `FILE` or `DIR`, file names; after
//     another option that takes a value, nothing;
//   - a CUR that starts with "-", the options of the command;
//   - as the first word, the command names, or file names when none
//     starts with CUR ("urix notes.txt" is "urix scan notes.txt");
//   - then the arguments of the command: file names where its usage says
//     FILE or DIR, the shell names for "urix completion".
//
// It never parses the words as cli would (cli v2 panics on an unknown
// option there), so no partial word can upset it.
func complete(app *cli.App, args []string, w io.Writer) {
	words := args[1 : len(args)-1]
	cur := ""
	if n := len(words); n > 0 {
		words, cur = words[:n-1], words[n-1]
	}
	// bash: "--color=" is "--color" "=" with "=" the word being
	// completed, "--color=a" "--color" "=" "a"; bash replaces what
	// follows the "=", so the words alone are offered.
	if n := len(words); cur == "=" && n > 0 && isOption(words[n-1]) {
		cur = ""
	} else if n >= 2 && words[n-1] == "=" && isOption(words[n-2]) {
		words = words[:n-1]
	}
	p := readPosition(app, words)
	var cands []candidate
	files := false
	switch name, _, withValue := strings.Cut(cur, "="); {
	case p.value != nil:
		cands, files = words2(choices(p.value)), takesFile(p.value)
	case p.dashes || !strings.HasPrefix(cur, "-"):
		cands, files = p.arguments(app, cur)
	case withValue:
		for _, c := range choices(findFlag(p.flags, name)) {
			cands = append(cands, candidate{word: name + "=" + c})
		}
	default:
		cands = optionNames(app, p)
	}
	for _, c := range cands {
		if !strings.HasPrefix(c.word, cur) {
			continue
		}
		if c.desc != "" {
			fmt.Fprintf(w, "%s\t%s\n", c.word, c.desc)
		} else {
			fmt.Fprintln(w, c.word)
		}
	}
	if files {
		fmt.Fprintln(w, completeFiles)
	}
}

// position is where the word being completed stands on the command line.
type position struct {
	cmd    *cli.Command // nil: urix itself (scan)
	flags  []cli.Flag   // the options of cmd
	args   int          // arguments before the word
	dashes bool         // after "--": no more options
	first  bool         // no word before: a command name, or urix's first input
	value  cli.Flag     // the option whose value the word is, or nil
}

// readPosition reads the words before the one being completed.
func readPosition(app *cli.App, words []string) position {
	p := position{flags: app.Flags, first: len(words) == 0}
	for i := 0; i < len(words); i++ {
		word := words[i]
		switch {
		case p.dashes:
			p.args++
		case word == "--":
			p.dashes = true
		case isOption(word):
			f := findFlag(p.flags, word)
			if takesValue(f) && !strings.Contains(word, "=") {
				if i == len(words)-1 {
					p.value = f
				}
				i++ // its value is no argument
			}
		case i == 0 && app.Command(word) != nil:
			p.cmd = app.Command(word)
			p.flags = p.cmd.Flags
		default:
			p.args++
		}
	}
	return p
}

// candidate is a word offered, with what it is: zsh and fish show the
// description beside the word, bash shows the word alone.
type candidate struct{ word, desc string }

// words2 returns words as candidates without a description.
func words2(words []string) []candidate {
	cands := make([]candidate, len(words))
	for i, w := range words {
		cands[i].word = w
	}
	return cands
}

// describe returns the help of an option or a command shortened for a
// completion menu: its first clause, the placeholder quotes removed, at
// most descWidth bytes cut at a word.
func describe(usage string) string {
	usage = strings.ReplaceAll(usage, "`", "")
	if i := strings.IndexAny(usage, ";("); i > 0 {
		usage = strings.TrimRight(usage[:i], " ,:")
	}
	if len(usage) > descWidth {
		cut := strings.LastIndexByte(usage[:descWidth], ' ')
		usage = usage[:max(cut, 1)] + "…"
	}
	return strings.Join(strings.Fields(usage), " ") // no tab nor line break: the scripts read lines of "word TAB text"
}

// descWidth is the longest description offered: the menu beside the words
// of a terminal of 80 columns or more.
const descWidth = 60

// arguments returns the candidates for an argument at p starting with cur,
// and whether file names belong there too.
func (p position) arguments(app *cli.App, cur string) ([]candidate, bool) {
	if p.first {
		var names []candidate
		for _, cmd := range app.VisibleCommands() {
			if strings.HasPrefix(cmd.Name, cur) {
				names = append(names, candidate{cmd.Name, describe(cmd.Usage)})
			}
		}
		return names, len(names) == 0
	}
	usage := scanArgsUsage
	if p.cmd != nil {
		usage = p.cmd.ArgsUsage
	}
	if p.args > 0 && !strings.HasSuffix(usage, "...") {
		return nil, false // one argument, given
	}
	if p.cmd != nil && p.cmd.Name == "completion" {
		return words2(shellNames), false
	}
	return nil, strings.Contains(usage, "FILE") || strings.Contains(usage, "DIR")
}

// optionNames returns the options of the command at p as typed, each
// with its help.
func optionNames(app *cli.App, p position) []candidate {
	flags := []cli.Flag{cli.HelpFlag}
	if p.cmd == nil {
		flags = append(flags, cli.VersionFlag)
	}
	var names []candidate
	for _, f := range append(flags, p.flags...) {
		_, usage := flagHelp(f)
		for _, name := range f.Names() {
			names = append(names, candidate{dashed(name), describe(usage)})
		}
	}
	return names
}

// isOption reports whether word is an option ("-n", "--type", "-nt",
// "--type=html"), not "-", standard input.
func isOption(word string) bool { return len(word) > 1 && word[0] == '-' }

// findFlag returns the option of flags that word ("--type", "-t",
// "--type=html"; of combined short options "-nt", the last) names, nil
// for none.
func findFlag(flags []cli.Flag, word string) cli.Flag {
	name, _, _ := strings.Cut(word, "=")
	if !strings.HasPrefix(name, "--") && len(name) > 2 {
		name = name[len(name)-1:]
	}
	name = strings.TrimLeft(name, "-")
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

// takesFile reports whether the value of the option f is a file or a
// directory, as its help names it: "`FILE`", "`DIR`".
func takesFile(f cli.Flag) bool {
	u, ok := f.(cli.DocGenerationFlag)
	if !ok {
		return false
	}
	usage := u.GetUsage()
	return strings.Contains(usage, "`FILE`") || strings.Contains(usage, "`DIR`")
}

// dashed is an option's name as typed: "-t", "--type".
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}
