package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestManPage checks that "urix man" prints a section 1 page that lists
// every option and command, and, where groff or man is installed, that it
// formats without a warning.
func TestManPage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"urix", "man"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("urix man: status %d, %s", code, errOut.String())
	}
	page := out.String()
	if !strings.Contains(page, ".TH urix 1") {
		t.Errorf("no .TH urix 1 in %.200q", page)
	}
	app := newApp(&env{})
	for _, f := range app.Flags {
		if name := f.Names()[0]; !strings.Contains(page, "--"+name) {
			t.Errorf("option --%s not in the page", name)
		}
	}
	for _, c := range app.Commands {
		if !strings.Contains(page, "\n.SH "+c.Name+"\n") {
			t.Errorf("command %s not in the page", c.Name)
		}
	}
	// Markdown would have eaten these; roff has "\&" before a dot.
	for _, text := range []string{`"docs/**/*\&.md"`, "<base href>", "with -r, scan only files that match GLOB ("} {
		if !strings.Contains(page, text) {
			t.Errorf("%q lost in the page", text)
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
		if err != nil || !strings.Contains(string(text), "urix(1)") || !strings.Contains(string(text), "--no-ignore") {
			t.Errorf("man -l: %v\n%.300s", err, text)
		}
	}
}
