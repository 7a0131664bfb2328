package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// TestReadme runs the examples of README.md and checks that they print
// what the README shows, so that its output is always true. An example is
// a "$ urix ..." line in a ```console block, followed by its output
// (stdout and stderr as a terminal shows them); "< FILE" feeds a file to
// standard input and a final "; echo $?" shows the exit status. Other
// commands in those blocks (go run, curl) are shown, not run. With
// -update, the README's outputs are replaced by what urix prints.
func TestReadme(t *testing.T) {
	t.Chdir(repoRoot) // the README's commands name files from there
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(t, bytes.NewReader(readme))
	if len(examples) < 10 {
		t.Fatalf("README.md: found %d examples, want at least 10", len(examples))
	}
	for i := range examples {
		ex := &examples[i]
		t.Run(fmt.Sprintf("line%d", ex.line), func(t *testing.T) {
			args, stdin, echoStatus, err := splitCommand(ex.cmd)
			if err != nil {
				t.Fatalf("README.md:%d: %v", ex.line, err)
			}
			var in io.Reader = strings.NewReader("")
			if stdin != "" {
				b, err := os.ReadFile(stdin)
				if err != nil {
					t.Fatal(err)
				}
				in = bytes.NewReader(b)
			}
			var out bytes.Buffer
			status := run(args, in, &out, &out)
			if echoStatus {
				fmt.Fprintln(&out, status)
			}
			ex.got = out.String()
			if ex.got != ex.want && !*update {
				t.Errorf("README.md:%d: $ %s\ngot:\n%s\nwant:\n%s", ex.line, ex.cmd, ex.got, ex.want)
			}
		})
	}
	if *update {
		updateReadme(t, readme, examples)
	}
}

// updateReadme writes README.md with the output of each example replaced
// by what urix printed (go test -run TestReadme -update): check the diff.
func updateReadme(t *testing.T, readme []byte, examples []readmeExample) {
	lines := strings.SplitAfter(string(readme), "\n")
	var b strings.Builder
	next := 0 // first line (0-based) not yet copied
	for _, ex := range examples {
		b.WriteString(strings.Join(lines[next:ex.line], "")) // up to and including the command
		b.WriteString(ex.got)
		next = ex.line + strings.Count(ex.want, "\n")
	}
	b.WriteString(strings.Join(lines[next:], ""))
	if err := os.WriteFile("README.md", []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
}

type readmeExample struct {
	line           int // 1-based line of the command
	cmd, want, got string
}

func readmeExamples(t *testing.T, r io.Reader) []readmeExample {
	var examples []readmeExample
	var cur *readmeExample
	inConsole := false
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			inConsole = !inConsole && strings.TrimPrefix(line, "```") == "console"
			cur = nil
		case !inConsole:
		case strings.HasPrefix(line, "$ "):
			cur = nil
			if cmd := line[2:]; strings.HasPrefix(cmd, "urix ") {
				examples = append(examples, readmeExample{line: n, cmd: cmd})
				cur = &examples[len(examples)-1]
			}
		case cur != nil:
			cur.want += line + "\n"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return examples
}

// splitCommand splits a shell command line as sh would for the simple
// commands of the README: words, '...' and "..." quoting, backslash
// escapes, an optional "< FILE" and an optional final "; echo $?".
func splitCommand(cmd string) (args []string, stdin string, echoStatus bool, err error) {
	if c, ok := strings.CutSuffix(cmd, "; echo $?"); ok {
		cmd, echoStatus = c, true
	}
	var word strings.Builder
	inWord, redirect := false, false
	flush := func() {
		if !inWord {
			return
		}
		if redirect {
			stdin, redirect = word.String(), false
		} else {
			args = append(args, word.String())
		}
		word.Reset()
		inWord = false
	}
	for i := 0; i < len(cmd); i++ {
		switch c := cmd[i]; c {
		case ' ', '\t':
			flush()
		case '<':
			flush()
			redirect = true
		case '\\':
			i++
			if i == len(cmd) {
				return nil, "", false, fmt.Errorf("trailing backslash in %q", cmd)
			}
			word.WriteByte(cmd[i])
			inWord = true
		case '\'', '"':
			j := strings.IndexByte(cmd[i+1:], c)
			if j < 0 {
				return nil, "", false, fmt.Errorf("unterminated quote in %q", cmd)
			}
			s := cmd[i+1 : i+1+j]
			if c == '"' && strings.ContainsAny(s, "\\$`") {
				return nil, "", false, fmt.Errorf("use single quotes for %q", s)
			}
			word.WriteString(s)
			inWord = true
			i += j + 1
		case '|', '&', ';', '$', '`', '>', '*', '?', '(', ')':
			return nil, "", false, fmt.Errorf("%q: only simple commands can be checked", cmd)
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	flush()
	if redirect {
		return nil, "", false, fmt.Errorf("%q: \"<\" without a file", cmd)
	}
	return args, stdin, echoStatus, nil
}
