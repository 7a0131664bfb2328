package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/urix/urix/extract"
)

// choice is the value of an option that takes one of a few words (--type,
// --format, --color): its words are written once, where the option is
// defined, and drive its validation, its help, the man page and the
// completion of all three shells.
type choice struct {
	words []string           // offered, in the order the help lists them
	value string             // as given, or the default
	parse func(string) error // checks a value; nil: it must be one of words
}

// Set checks and takes s (flag.Value).
func (c *choice) Set(s string) error {
	switch {
	case c.parse != nil:
		if err := c.parse(s); err != nil {
			return err
		}
	case !slices.Contains(c.words, s):
		return fmt.Errorf("want %s", orList(c.words))
	}
	c.value = s
	return nil
}

// String returns the value (flag.Value).
func (c *choice) String() string { return c.value }

// choiceFlag is the option name, with its aliases, that takes one of the
// words of c, its default c.value; "{}" in usage stands for the words.
func choiceFlag(name string, aliases []string, c *choice, category, usage string) *cli.GenericFlag {
	return &cli.GenericFlag{Name: name, Aliases: aliases, Value: c, DefaultText: c.value, Category: category,
		Usage: strings.Replace(usage, "{}", orList(c.words), 1)}
}

// choices returns the words offered after the option f, nil when it takes
// no fixed list.
func choices(f cli.Flag) []string {
	if g, ok := plain(f).(*cli.GenericFlag); ok {
		if c, ok := g.Value.(*choice); ok {
			return c.words
		}
	}
	return nil
}

// orList is the words as a sentence lists them: "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// typeChoice is --type: the input types of extract, and the other names
// extract.ParseType takes ("eml", "md", "docx", ...).
func typeChoice() choice {
	return choice{words: extract.TypeNames(), value: "auto", parse: func(s string) error {
		_, err := extract.ParseType(s)
		return err
	}}
}

// colorChoice is --color.
func colorChoice() choice { return choice{words: []string{"auto", "always", "never"}, value: "auto"} }
