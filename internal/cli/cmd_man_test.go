package cli

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/urix/urix/internal/pick"
)

// TestManPage checks that "urix man" prints a section 1 page with every
// option once (scan's are urix's: once), every command, pick's keys, the
// environment and the exit status, and, where groff or man is installed,
// that it formats without a warning and shows no escape as text.
func TestManPage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"urix", "man"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("urix man: status %d, %s", code, errOut.String())
	}
	page := out.String()
	if !strings.HasPrefix(page, ".TH URIX 1 ") {
		t.Errorf("no .TH URIX 1 at the start of %.200q", page)
	}
	app := newApp(&env{})
	options := between(page, ".SH OPTIONS\n", ".SH COMMANDS\n")
	scan := between(page, "\n.SS \"urix scan ", "\n.SS \"urix parse ")
	for _, f := range app.Flags {
		names, _ := flagHelp(f)
		item := ".TP\n\\fB" + roff(names) + "\\fR\n"
		if n, m := strings.Count(options, item), strings.Count(scan, item); n != 1 || m != 0 {
			t.Errorf("option %s: %d times under OPTIONS, %d under scan; want 1 and 0", names, n, m)
		}
	}
	pickPart := between(page, "\n.SS \"urix pick ", "\n.SS \"urix completion ")
	for _, k := range pick.Keys() {
		if item := ".TP\n\\fB" + roff(k.Names) + "\\fR\n" + roff(k.Does) + "\n"; !strings.Contains(pickPart, item) {
			t.Errorf("pick's key %q not in its part of the page", k.Names)
		}
	}
	for _, c := range app.Commands {
		if !strings.Contains(page, "\n.SS \"urix "+c.Name+" ") {
			t.Errorf("command %s not in the page", c.Name)
		}
	}
	for _, text := range []string{
		`"docs/**/*.md"`, "<base href>", "RFC 3986 \\[u00A7]5.1", "with \\-r, scan only files that match GLOB (",
		".PP\nKeys:\n", ".SH ENVIRONMENT\n.TP\n.B BROWSER\n", ".B NO_COLOR\n", ".SH \"EXIT STATUS\"\n",
		"colour names, lines and URIs, as ripgrep does, WHEN: auto, always or never; auto: on a terminal, unless NO_COLOR is set (default: auto)",
		"macro index,pager \\ecb",
	} {
		if !strings.Contains(page, text) {
			t.Errorf("%q not in the page", text)
		}
	}
	if groff, err := exec.LookPath("groff"); err == nil {
		cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
		cmd.Stdin = strings.NewReader(page)
		if msg, err := cmd.CombinedOutput(); err != nil || len(msg) > 0 {
			t.Errorf("groff: %v\n%s", err, msg)
		}
	}
	if man, err := exec.LookPath("man"); err == nil {
		cmd := exec.Command(man, "-l", "-")
		cmd.Stdin = strings.NewReader(page)
		cmd.Env = append(cmd.Environ(), "MANPAGER=cat", "PAGER=cat", "MANWIDTH=80")
		text, err := cmd.Output()
		if err != nil || !strings.Contains(string(text), "URIX(1)") || !strings.Contains(string(text), "--no-ignore") {
			t.Errorf("man -l: %v\n%.300s", err, text)
		}
		for _, bad := range []string{`\[`, `\-`, `\&`, `\e`} {
			if strings.Contains(string(text), bad) {
				t.Errorf("man -l shows %q as text", bad)
			}
		}
		if !strings.Contains(string(text), `macro index,pager \cb "<pipe-message> urix pick<Enter>"`) {
			t.Errorf("man -l: the mutt macro is not shown as written")
		}
	}
}

// between is the text of s from the first before to the after that
// follows it, "" when either is missing.
func between(s, before, after string) string {
	_, rest, ok := strings.Cut(s, before)
	if !ok {
		return ""
	}
	text, _, ok := strings.Cut(rest, after)
	if !ok {
		return ""
	}
	return text
}
