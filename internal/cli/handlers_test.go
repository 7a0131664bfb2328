package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHandlers: the first handler whose pattern matches a link opens it,
// without a shell (the link is one argument, whatever its characters),
// before $BROWSER; --run wins over them; a link no pattern matches goes
// to $BROWSER.
func TestHandlers(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	script := filepath.Join(dir, "log")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nfor a; do printf '%s|' \"$a\" >> "+out+"; done; echo >> "+out+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "handlers")
	text := "# video\n" +
		`youtube\.com/watch|youtu\.be/ ` + script + " video --fs {}\n\n" +
		`^mailto: ` + script + " mail\n" +
		`\.(png|jpe?g)$ ` + script + " image {} again={}\n"
	if err := os.WriteFile(rules, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	hs, err := readHandlers(rules, false)
	if err != nil || len(hs) != 3 {
		t.Fatalf("readHandlers: %d handlers, %v", len(hs), err)
	}
	t.Setenv("BROWSER", script+" browser")
	null := devNull(t)
	evil := "https://youtu.be/x?a=$(touch " + filepath.Join(dir, "pwned") + ")&b='c'"
	for _, l := range []string{evil, "mailto:bob@example.org", "http://a.example/i.png", "http://a.example/page"} {
		if err := openLink(opener{handlers: hs}, l, null); err != nil {
			t.Errorf("open %s: %v", l, err)
		}
	}
	if err := openLink(opener{run: script + " run {}", handlers: hs}, "mailto:x@example.org", null); err != nil {
		t.Error(err)
	}
	got, _ := os.ReadFile(out)
	want := "video|--fs|" + evil + "|\n" +
		"mail|mailto:bob@example.org|\n" +
		"image|http://a.example/i.png|again=http://a.example/i.png|\n" +
		"browser|http://a.example/page|\n" +
		"run|mailto:x@example.org|\n"
	if string(got) != want {
		t.Errorf("opened as\n%s\nwant\n%s", got, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Errorf("the link ran a command")
	}
}

// TestReadHandlersErrors: a line without a command or with a bad pattern
// is an error naming its place; a missing file is none when optional.
func TestReadHandlersErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ text, want string }{
		{"# c\nyoutube\n", "handlers:2: want a pattern and a command"},
		{"a(b mpv\n", "handlers:1: error parsing regexp"},
	} {
		path := filepath.Join(dir, "handlers")
		if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readHandlers(path, false); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want %q", tt.text, err, tt.want)
		}
	}
	missing := filepath.Join(dir, "none")
	if hs, err := readHandlers(missing, true); hs != nil || err != nil {
		t.Errorf("optional missing file: %v, %v", hs, err)
	}
	if _, err := readHandlers(missing, false); err == nil {
		t.Errorf("--handlers naming a missing file: no error")
	}
}
