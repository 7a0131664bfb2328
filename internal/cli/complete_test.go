package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/extract"
)

// TestCompleteEveryPrefix runs the completion entry point, as the scripts
// do, on every prefix of every option of every command (and of the
// default one), and checks that it never fails and offers the option.
func TestCompleteEveryPrefix(t *testing.T) {
	app := newApp(&env{})
	contexts := [][]string{{}} // the default command
	for _, cmd := range app.Commands {
		contexts = append(contexts, []string{cmd.Name})
	}
	for _, ctx := range contexts {
		flags := app.Flags
		if len(ctx) > 0 {
			flags = app.Command(ctx[0]).Flags
		}
		for _, f := range flags {
			for _, name := range f.Names() {
				opt := dashed(name)
				for i := 1; i <= len(opt); i++ {
					args := slices.Concat([]string{"urix"}, ctx, []string{opt[:i], completeFlag})
					var out, errOut bytes.Buffer
					if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 || errOut.Len() > 0 {
						t.Fatalf("%q: status %d, stderr %q", args, code, errOut.String())
					}
					if !slices.Contains(completedWords(out.String()), opt) {
						t.Errorf("%q: %q not offered in %q", args, opt, out.String())
					}
				}
			}
		}
	}
}

func TestComplete(t *testing.T) {
	var all []string // every command, as other helpers add some
	for _, c := range newApp(&env{}).Commands {
		all = append(all, c.Name)
	}
	tests := []struct {
		args string // before completeFlag; "_" is an empty word
		want []string
	}{
		{"urix", all},
		{"urix _", all},
		{"urix re", []string{"resolve", "relative", "rewrite"}},
		{"urix --sc", []string{"--scheme"}},
		{"urix -n --ty", []string{"--type"}},
		{"urix --type _", extract.TypeNames()},
		{"urix -t h", []string{"html"}},
		{"urix scan --type m", []string{"mail", "mbox", "markdown"}},
		{"urix pick -t e", []string{"epub"}},
		{"urix rewrite --type _", []string{"auto", "html"}},
		{"urix --format _", formatNames},
		{"urix resolve --no", []string{"--non-strict", "--no-config"}},
		// A command name only as the first word: after an input or an
		// option, file names (the script adds them), as scan takes them.
		{"urix a.txt _", []string{":files"}},
		{"urix --bogus _", []string{":files"}},
		{"urix -j 2 pa", []string{":files"}},
		{"urix no", []string{"normalize"}},
		{"urix zz", []string{":files"}},
		{"urix -- pa", []string{":files"}},
		{"urix scan _", []string{":files"}},
		{"urix pick _", []string{":files"}},
		{"urix pick a.eml _", nil}, // one input at most
		{"urix resolve http://a/ _", nil},
		{"urix completion _", shellNames},
		{"urix completion bash _", nil},
		// bash splits "--color=al" at the "=", zsh and fish do not.
		{"urix --color = al", []string{"always"}},
		{"urix --color = _", []string{"auto", "always", "never"}},
		{"urix --color =", []string{"auto", "always", "never"}},
		{"urix --color=al", []string{"--color=always"}},
		// After an option that takes a value, its values or nothing; file
		// names for a FILE or DIR.
		{"urix -j _", nil},
		{"urix --include _", nil},
		{"urix rewrite --map _", []string{":files"}},
		{"urix rewrite --mirror-scheme _", []string{"https", "http"}},
		{"urix -nt _", extract.TypeNames()},
		{"urix -V", []string{"-V"}},
	}
	for _, tt := range tests {
		args := strings.Fields(strings.ReplaceAll(tt.args, "_", " _ "))
		for i, a := range args {
			if a == "_" {
				args[i] = ""
			}
		}
		args = append(args, completeFlag)
		var out bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &out); code != 0 {
			t.Errorf("%q: status %d", args, code)
		}
		got := completedWords(out.String())
		if !slices.Equal(got, tt.want) {
			t.Errorf("complete %q = %q, want %q", tt.args, got, tt.want)
		}
	}
}

// completedWords returns the words of complete's answer, without their
// descriptions ("word TAB description").
func completedWords(out string) []string {
	var words []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if word, _, _ := strings.Cut(line, "\t"); word != "" {
			words = append(words, word)
		}
	}
	return words
}

// TestCompleteDescriptions: options and commands come with their help
// from the table that makes --help, in one line of at most descWidth
// bytes and a "…"; choice values and file positions come alone.
func TestCompleteDescriptions(t *testing.T) {
	for _, tt := range []struct{ args, want string }{
		{"urix --cou", "--count\tprint only the number of links of each input\n"},
		{"urix pick --all", "--all\tlist every occurrence of a link, not each URI once\n"},
		{"urix pick --ty", "--type\tread the input as TYPE: auto, text, html, mail, mbox,…\n"},
		{"urix resol", "resolve\tresolve references against a base URI\n"},
		{"urix --color=al", "--color=always\n"},
		{"urix --type htm", "html\n"},
		{"urix completion fi", "fish\n"},
		{"urix -V", "-V\tprint the version\n"},
	} {
		var out bytes.Buffer
		if code := run(append(strings.Fields(tt.args), completeFlag), strings.NewReader(""), &out, &out); code != 0 || out.String() != tt.want {
			t.Errorf("complete %q = %q (status %d), want %q", tt.args, out.String(), code, tt.want)
		}
	}
	var out bytes.Buffer
	run([]string{"urix", "-", completeFlag}, strings.NewReader(""), &out, &out)
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		word, desc, _ := strings.Cut(line, "\t")
		if desc == "" || len(desc) > descWidth+len("…") || strings.ContainsAny(desc, "\t\n`") {
			t.Errorf("option %s: description %q", word, desc)
		}
	}
}
