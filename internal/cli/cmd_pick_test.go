package cli

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/pick"
)

func TestFillCommand(t *testing.T) {
	for _, tt := range []struct{ cmd, hole, uri, want string }{
		{"firefox {}", "{}", "http://a.example/?q=1&r=2", "firefox 'http://a.example/?q=1&r=2'"},
		{"firefox", "{}", "http://a.example/", "firefox 'http://a.example/'"},
		{"echo {} {}", "{}", "http://a.example/it's", `echo 'http://a.example/it'\''s' 'http://a.example/it'\''s'`},
		{"lynx %s", "%s", "http://a.example/$(id)", "lynx 'http://a.example/$(id)'"},
	} {
		if got := fillCommand(tt.cmd, tt.hole, tt.uri); got != tt.want {
			t.Errorf("fillCommand(%q, %q, %q) = %q, want %q", tt.cmd, tt.hole, tt.uri, got, tt.want)
		}
	}
}

// TestOpenLink: --run wins over $BROWSER, which is used when --run is
// not given (its first entry, the link added at its end), and the link reaches the
// command as one argument, whatever its characters.
func TestOpenLink(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	null := devNull(t)
	link := "http://a.example/?q='x'&y=$(touch " + filepath.Join(dir, "pwned") + ")"
	t.Setenv("BROWSER", `sh -c 'echo "browser $0" >> `+out+`':other-browser`)
	if err := openLink(opener{}, link, null); err != nil {
		t.Fatal(err)
	}
	if err := openLink(opener{run: "printf 'run %s\\n' {} >> " + out}, link, null); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	if want := "browser " + link + "\nrun " + link + "\n"; string(got) != want {
		t.Errorf("opened as %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Errorf("the link ran a command")
	}
}

// devNull opens /dev/null, the terminal of the openers in tests.
func devNull(t *testing.T) *os.File {
	t.Helper()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { null.Close() })
	return null
}

func TestFillBrowser(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"lynx %s", "lynx 'http://a.example/'"},
		{"firefox", "firefox 'http://a.example/'"},
		{"echo 100%% %s", "echo 100% 'http://a.example/'"},
		{"echo %%s", "echo %s 'http://a.example/'"},
	} {
		if got := fillBrowser(tt.cmd, "http://a.example/"); got != tt.want {
			t.Errorf("fillBrowser(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

// TestOpenLinkBrowsers: the entries of $BROWSER are tried in turn until
// one succeeds.
func TestOpenLinkBrowsers(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	null := devNull(t)
	t.Setenv("BROWSER", "false %s:sh -c 'echo \"second $0\" >> "+out+"':sh -c 'echo third >> "+out+"'")
	if err := openLink(opener{}, "http://a.example/", null); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != "second http://a.example/\n" {
		t.Errorf("opened as %q, want by the second browser only", got)
	}
	t.Setenv("BROWSER", "false:exit 7")
	if err := openLink(opener{}, "http://a.example/", null); err == nil || !strings.Contains(err.Error(), "exit status 7") {
		t.Errorf("all browsers failed: error %v, want the last one's", err)
	}
}

// TestOpenLinks: a link that fails to open does not keep the others
// from opening, and the error names it.
func TestOpenLinks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	null := devNull(t)
	picked := []pick.Item{{URI: "http://bad.example/"}, {URI: "http://good.example/"}}
	err := openLinks(opener{run: "case {} in *bad*) exit 3;; esac; echo {} >> " + out}, picked, null)
	if err == nil || !strings.Contains(err.Error(), "open http://bad.example/: exit status 3") {
		t.Errorf("error %v, want one naming http://bad.example/", err)
	}
	if got, _ := os.ReadFile(out); string(got) != "http://good.example/\n" {
		t.Errorf("opened %q, want the good link after the bad one", got)
	}
}

// TestPickViewCorpus draws the list of each message of the tricky-MIME
// and phishing corpora (../shared) as pick does, escaped by format.Text,
// and pages through it: every screen fits 80x24 and holds no control
// character, whatever the messages hold.
func TestPickViewCorpus(t *testing.T) {
	dir := filepath.Join(repoRoot, "..", "shared", "corpora", "email")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no corpus at ../shared/corpora/email")
	}
	var files []string
	filepath.WalkDir(filepath.Join(dir, "tricky"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return nil
	})
	files = append(files, filepath.Join(dir, "nazario-phishing", "phishing0.mbox"))
	var styles pick.Styles // the characters only
	screens := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		b := pick.NewBuilder(true, func(s string) string { return format.Text(s) })
		for l, err := range extract.Links(f, extract.Options{Name: name, TextAround: true, Warnings: true}) {
			if err == nil {
				b.Add(l)
			}
		}
		f.Close()
		m := pick.New(b, false, 80, 24, styles)
		for range len(b.Items())/10 + 1 {
			checkScreen(t, name, m.View().Content)
			m.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
			screens++
		}
	}
	t.Logf("%d files, %d screens", len(files), screens)
}

// checkScreen fails unless the screen v fits 80x24 and has no control
// character but the line ends.
func checkScreen(t *testing.T, name, v string) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) > 24 {
		t.Errorf("%s: %d lines", name, len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("%s: a line of %d cells: %q", name, w, l)
		}
		for _, c := range l {
			if unicode.IsControl(c) || unicode.Is(unicode.Bidi_Control, c) {
				t.Errorf("%s: %U in %q", name, c, l)
				return
			}
		}
	}
}

// TestReadLinksStream: on an input that stays open, each link is handed
// on before more input comes, in a batch not Done; errors are kept; and
// stop returns while the reader still waits for input.
func TestReadLinksStream(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	rd := readLinks(r, extract.Options{Name: "-", Type: extract.Text, TextAround: true}, &pickOptions{})
	next := func(want string) {
		t.Helper()
		select {
		case msg := <-rd.batches:
			if len(msg.Links) != 1 || msg.Links[0].URI != want || msg.Done {
				t.Errorf("batch %+v, want %s alone, not Done", msg, want)
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("no batch with %s while the input waits", want)
		}
	}
	io.WriteString(w, "see http://one.example/ now\n")
	next("http://one.example/")
	io.WriteString(w, "and http://two.example/\n")
	next("http://two.example/")
	stopped := make(chan []string)
	go func() { p, _ := rd.stop(); stopped <- p }()
	select {
	case problems := <-stopped:
		if len(problems) != 0 {
			t.Errorf("problems %q", problems)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("stop waits for the input")
	}
}

// TestReadLinksDone: a short input is one batch, Done; a long one starts
// with a screenful (32), and its last batch is Done.
func TestReadLinksDone(t *testing.T) {
	for _, n := range []int{0, 3, 1000} {
		var in strings.Builder
		for i := range n {
			fmt.Fprintf(&in, "http://a.example/%d\n", i)
		}
		rd := readLinks(strings.NewReader(in.String()), extract.Options{Name: "t.txt"}, &pickOptions{})
		var sizes []int
		total, done := 0, false
		for msg := range rd.batches {
			if done {
				t.Errorf("%d links: a batch after the Done one", n)
			}
			sizes = append(sizes, len(msg.Links))
			total += len(msg.Links)
			done = msg.Done
		}
		rd.stop()
		if total != n || !done || n <= 32 && len(sizes) != 1 || n > 32 && sizes[0] < 32 {
			t.Errorf("%d links: batches of %v, Done %v; want all of them, the first a screenful or all, the last Done", n, sizes, done)
		}
	}
}

// TestReadLinksSplitLine: pick's reader of standard input, through a
// pipe, hands on the link of each line before the next is written, the
// line cut at every byte offset with a pause there (see writeSplit).
func TestReadLinksSplitLine(t *testing.T) {
	for _, kind := range []string{"uri", "email"} {
		t.Run(kind, func(t *testing.T) { readLinksSplit(t, kind) })
	}
}

func readLinksSplit(t *testing.T, kind string) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rd := readLinks(streamInput(r, func() {}), extract.Options{Name: "-", TextAround: true, Emails: kind == "email"}, &pickOptions{})
	var got []string
	waitFor := func(link string) bool {
		for len(got) == 0 || got[len(got)-1] != link {
			select {
			case msg := <-rd.batches:
				for _, l := range msg.Links {
					got = append(got, l.URI)
				}
			case <-time.After(20 * time.Second):
				return false
			}
		}
		return true
	}
	want := writeSplit(t, w, kind, waitFor)
	if !slices.Equal(got, want) {
		t.Errorf("links %q, want %q", got, want)
	}
	rd.stop()
}

// TestPickKeep: the list leaves out a "#name" of a message unless the
// message names the page it holds; a "#name" of a page stays. (Empty
// references and a bare "#" are extract.Options.NoEmptyRefs's.)
func TestPickKeep(t *testing.T) {
	for _, tt := range []struct {
		l          extract.Link
		def, empty bool // kept by default, with --empty-refs
	}{
		{extract.Link{Ref: "#top"}, true, true},
		{extract.Link{Ref: "#", Message: 1}, true, true}, // left out by extract unless --empty-refs
		{extract.Link{Ref: "#top", Message: 2}, false, false},
		{extract.Link{Ref: "#top", Message: 1, BaseSource: base.Encapsulating}, true, true},
		{extract.Link{Ref: "#top", Message: 1, BaseSource: base.Retrieval, BaseNote: extract.NoteSnapshot}, true, true},
		{extract.Link{Ref: "#top", Message: 1, BaseSource: base.Retrieval}, false, false},
		{extract.Link{Ref: "http://a.example/#top", Message: 1}, true, true},
	} {
		if got := (&pickOptions{}).keep(tt.l); got != tt.def {
			t.Errorf("keep(%+v) = %v, want %v", tt.l, got, tt.def)
		}
		if got := (&pickOptions{emptyRefs: true}).keep(tt.l); got != tt.empty {
			t.Errorf("--empty-refs: keep(%+v) = %v, want %v", tt.l, got, tt.empty)
		}
	}
}

// TestReadLinksProblems: pick's exit rule is scan's. A boundary that
// never comes, the body read as text, is a warning (an error with
// --strict); a part skipped, nested too deep, is an error.
func TestReadLinksProblems(t *testing.T) {
	unbounded := "Content-Type: multipart/mixed; boundary=zz\n\nhttp://a.example/\n"
	deep := strings.Repeat("Content-Type: message/rfc822\n\n", 40) + "\nhttp://deep.example/\n"
	for _, tt := range []struct {
		msg     string
		strict  bool
		failed  bool
		warning bool
	}{
		{unbounded, false, false, true},
		{unbounded, true, true, false},
		{deep, false, true, false},
	} {
		rd := readLinks(strings.NewReader(tt.msg), extract.Options{Name: "m.eml", Type: extract.Mail}, &pickOptions{strict: tt.strict})
		for range rd.batches {
		}
		problems, failed := rd.stop()
		if len(problems) != 1 || failed != tt.failed || strings.HasPrefix(problems[0], "warning: ") != tt.warning {
			t.Errorf("strict %v, %.40q: problems %q, failed %v; want one, a warning %v, failed %v", tt.strict, tt.msg, problems, failed, tt.warning, tt.failed)
		}
	}
}

// TestPickHelpKeys: "urix pick --help" lists every key of the picker's
// table, the one the model runs, each with what it does.
func TestPickHelpKeys(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"urix", "pick", "--help"}, strings.NewReader(""), &out, &errs); code != 0 {
		t.Fatalf("urix pick --help: status %d: %s", code, errs.String())
	}
	_, keys, ok := strings.Cut(out.String(), "\nKeys:\n")
	if !ok {
		t.Fatalf("no Keys section:\n%s", out.String())
	}
	keys, _, _ = strings.Cut(keys, "\nOptions:\n")
	for _, k := range pick.Keys() {
		first, _, _ := strings.Cut(k.Does, " ")
		if !strings.Contains(keys, "  "+k.Names+" ") && !strings.Contains(keys, "  "+k.Names+"\n") || !strings.Contains(keys, first) {
			t.Errorf("key %q (%s) not in the help's Keys:\n%s", k.Names, k.Does, keys)
		}
	}
}

// TestPickPage: the message view of each link of the samples holds the
// link's line, marked when it holds the link as written; a part in
// quoted-printable or base64 is shown decoded, a message of an mbox
// alone, a link of a PDF with its context only.
func TestPickPage(t *testing.T) {
	nested := "Subject: x\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nouter\n--b\n" +
		"Content-Type: message/rfc822\n\nSubject: in\nContent-Type: multipart/mixed; boundary=c\n\n--c\nContent-Type: text/plain\n\nnot this\n--c\n" +
		"Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: base64\n\n" +
		base64.StdEncoding.EncodeToString([]byte("caf\xe9\nsee http://in.example/x there\n")) + "\n--c--\n--b--\n"
	for _, tt := range []struct {
		name, input string
		uri         string
		title, line string // the view's, and the link's line in it
		marked      bool
		lines       int // how many lines, 0: not checked
	}{
		{"sample.eml", "", "https://example.com/news/2026/11/relative-links?utm_source=mail&utm_medium=digest",
			"message 1, part 1 (decoded)", "https://example.com/news/2026/11/relative-links?utm_source=mail&utm_medium=digest", true, 8},
		{"sample.eml", "", "https://www.rfc-editor.org/rfc/rfc3986#section-5.2",
			"message 1, part 1 (decoded)", "The spec itself: <URL:https://www.rfc-editor.org/rfc/rfc3986#section-5.2>", true, 8},
		{"sample.eml", "", "https://example.com/unsubscribe?u=4711&l=nov",
			"message 1, header List-Unsubscribe", " <https://example.com/unsubscribe?u=4711&l=nov>", true, 0},
		{"sample.mbox", "", "http://offers.example.net/claim?id=1", "message 2, part 1", "http://offers.example.net/claim?id=1", true, 9},
		{"sample.txt", "", "https://www.rfc-editor.org/errata/rfc3986", "sample.txt, line 13", "   <https://www.rfc-editor.org/errata/rfc3986>.", true, 0},
		{"nested.eml", nested, "http://in.example/x", "message 1, part 2.2 (decoded)", "see http://in.example/x there", true, 2},
		{"sample.pdf", "", "https://www.rfc-editor.org/rfc/rfc3986", "sample.pdf, page 1 <link>", "https://www.rfc-editor.org/rfc/rfc3986", true, 1},
	} {
		path := filepath.Join(repoRoot, "testdata", tt.name)
		if tt.input != "" {
			path = filepath.Join(t.TempDir(), tt.name)
			if err := os.WriteFile(path, []byte(tt.input), 0o666); err != nil {
				t.Fatal(err)
			}
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		kept := &keptInput{file: f}
		var found bool
		for l, err := range extract.Links(io.NewSectionReader(f, 0, 1<<30), extract.Options{Name: tt.name, TextAround: true}) {
			if err != nil || tt.uri != "" && l.URI != tt.uri || found {
				continue
			}
			found = true
			b := pick.NewBuilder(false, format.Text)
			b.Add(l)
			p := kept.page(b.Items()[0], tt.name)
			if !strings.HasPrefix(p.Title, tt.title) || p.At >= len(p.Lines) || tt.line != "" && p.Lines[p.At] != tt.line ||
				(p.Mark != "") != tt.marked || tt.lines > 0 && len(p.Lines) != tt.lines {
				t.Errorf("%s %s: page %q, line %d of %d %q, mark %q;\nwant %q, line %q, marked %v, %d lines",
					tt.name, l.URI, p.Title, p.At, len(p.Lines), p.Lines[min(p.At, len(p.Lines)-1)], p.Mark, tt.title, tt.line, tt.marked, tt.lines)
			}
		}
		if !found {
			t.Errorf("%s: no link %q", tt.name, tt.uri)
		}
	}
}
