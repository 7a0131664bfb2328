package cli

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
)

// helpWidth is the width the help is wrapped to: a terminal's 80 columns.
const helpWidth = 80

// cli's help layout puts each option on one line, 244 columns for the
// longest, and its version flag is -v, grep's and rg's invert-match: urix
// prints its help itself, from the same definitions, and takes -V as rg.
func init() {
	cli.HelpPrinter = printHelp
	cli.VersionFlag = nameOnce(&cli.BoolFlag{Name: "version", Aliases: []string{"V"}, Usage: "print the version"})
	cli.HelpFlag = nameOnce(cli.HelpFlag)
}

// printHelp is cli.HelpPrinter: the help of the app or the command data,
// wrapped to helpWidth columns. The template cli passes is not used.
func printHelp(w io.Writer, _ string, data any) {
	var b strings.Builder
	switch d := data.(type) {
	case *cli.App:
		writeLine(&b, d.Name+" - "+d.Usage, "")
		b.WriteString("\nUsage:\n")
		for _, line := range strings.Split(d.UsageText, "\n") {
			b.WriteString("  " + line + "\n")
		}
		writeDescription(&b, d.Description)
		b.WriteString("\nCommands:\n")
		for _, c := range d.VisibleCommands() {
			writeItem(&b, c.Name, c.Usage, 14)
		}
		b.WriteString("\nOptions (those of \"urix scan\" too):\n")
		writeFlags(&b, d.VisibleFlags())
	case *cli.Command:
		writeLine(&b, d.HelpName+" - "+d.Usage, "")
		b.WriteString("\nUsage:\n  " + d.HelpName)
		if len(d.VisibleFlags()) > 0 {
			b.WriteString(" [options]")
		}
		if d.ArgsUsage != "" {
			b.WriteString(" " + d.ArgsUsage)
		}
		b.WriteString("\n")
		writeDescription(&b, d.Description)
		if keys := commandKeys(d); keys != nil {
			b.WriteString("\nKeys:\n")
			for _, k := range keys {
				writeItem(&b, k.Names, k.Does, 26)
			}
		}
		b.WriteString("\nOptions:\n")
		writeFlags(&b, d.VisibleFlags())
	}
	io.WriteString(w, b.String())
}

// writeDescription writes a description, indented, its lines as they
// are but for one too long, which is wrapped.
func writeDescription(b *strings.Builder, text string) {
	if text == "" {
		return
	}
	b.WriteString("\n")
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			b.WriteString("\n")
			continue
		}
		writeLine(b, line, "  ")
	}
}

// writeLine writes line after indent, wrapped to helpWidth columns, the
// lines after the first indented two more than its own indentation.
func writeLine(b *strings.Builder, line, indent string) {
	if len(indent)+len(line) <= helpWidth {
		b.WriteString(indent + line + "\n")
		return
	}
	indent += line[:len(line)-len(strings.TrimLeft(line, " "))]
	next := indent + "  "
	for i, l := range wrapWords(line, helpWidth-len(next)) {
		if i == 0 {
			b.WriteString(indent + l + "\n")
		} else {
			b.WriteString(next + l + "\n")
		}
	}
}

// writeFlags writes the options of flags in their groups (flagGroups).
func writeFlags(b *strings.Builder, flags []cli.Flag) {
	for _, g := range flagGroups(flags) {
		if g.category != "" {
			b.WriteString("\n " + g.category + ":\n")
		}
		for _, f := range g.flags {
			names, usage := flagHelp(f)
			writeItem(b, names, usage, 26)
		}
	}
}

// flagGroup is the options of one category.
type flagGroup struct {
	category string
	flags    []cli.Flag
}

// flagGroups returns flags by category: those without one first (help,
// version), then each category in the order it first comes.
func flagGroups(flags []cli.Flag) []flagGroup {
	groups := []flagGroup{{}}
	index := map[string]int{"": 0}
	for _, f := range flags {
		cat := ""
		if c, ok := f.(cli.CategorizableFlag); ok {
			cat = c.GetCategory()
		}
		i, ok := index[cat]
		if !ok {
			i = len(groups)
			index[cat] = i
			groups = append(groups, flagGroup{category: cat})
		}
		groups[i].flags = append(groups[i].flags, f)
	}
	return groups
}

// writeItem writes name and its text wrapped beside it, in a column that
// starts at col (on the next line when name is too wide for it).
func writeItem(b *strings.Builder, name, text string, col int) {
	line := "  " + name
	width := utf8.RuneCountInString(line) // "→" is one column
	if width > col-2 {
		b.WriteString(line + "\n")
		line, width = "", 0
	}
	line += strings.Repeat(" ", col-width)
	for i, l := range wrapWords(text, helpWidth-col) {
		if i > 0 {
			line = strings.Repeat(" ", col)
		}
		b.WriteString(line + l + "\n")
	}
}

// wrapWords breaks text into lines of at most width bytes, at spaces (a
// word longer than width has a line of its own).
func wrapWords(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) > width:
			lines = append(lines, line)
			line = word
		default:
			line += " " + word
		}
	}
	return append(lines, line)
}

// flagHelp returns an option's names as typed ("-t, --type TYPE", the
// short ones first) and its help, with its default where it has one.
// The placeholder is the word of the help in backquotes (as cli has it),
// VALUE when there is none.
func flagHelp(f cli.Flag) (names, usage string) {
	d, _ := f.(cli.DocGenerationFlag)
	if d != nil {
		usage = d.GetUsage()
	}
	placeholder := ""
	if takesValue(f) {
		placeholder = " VALUE"
		if _, rest, ok := strings.Cut(usage, "`"); ok {
			if word, _, ok := strings.Cut(rest, "`"); ok {
				placeholder = " " + word
			}
		}
	}
	usage = strings.ReplaceAll(usage, "`", "")
	var short, long []string
	for _, n := range f.Names() {
		if len(n) == 1 {
			short = append(short, dashed(n))
		} else {
			long = append(long, dashed(n))
		}
	}
	names = strings.Join(append(short, long...), ", ") + placeholder
	if d != nil && takesValue(f) {
		if def := defaultText(d); def != "" {
			usage += " (default: " + def + ")"
		}
	}
	return names, usage
}

// defaultText is the default of an option that takes a value, as the help
// says it: its DefaultText, else its value when it is not empty.
func defaultText(d cli.DocGenerationFlag) string {
	if t, ok := d.(interface{ GetDefaultText() string }); ok {
		if s := t.GetDefaultText(); s != "" && s != `""` && s != "[]" && s != "0" {
			return s
		}
	}
	return ""
}
