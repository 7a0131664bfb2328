package pick

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/urix/urix/extract"
)

// plainStyles draw nothing but the characters.
func plainStyles() Styles {
	return Styles{}
}

func testLinks() []extract.Link {
	links := []extract.Link{
		{URI: "mailto:list@example.org", Ref: "mailto:list@example.org", Context: extract.ContextHeader, Header: "List-Post", Message: 1},
		{URI: "https://a.example/one", Ref: "https://a.example/one", Text: "first see https://a.example/one", Context: extract.ContextText, Part: "1", Message: 1},
		{URI: "https://b.example/two", Ref: "https://b.example/two", Text: "then https://b.example/two", Context: extract.ContextText, Part: "1", Message: 1},
		{URI: "https://a.example/one", Ref: "https://a.example/one", Text: "again https://a.example/one", Context: extract.ContextText, Part: "1", Message: 1},
		{URI: "https://c.example/three", Ref: "https://c.example/three", Text: "Quarterly report", Context: extract.ContextText, Part: "2", Message: 1},
	}
	return links
}

// newBuilder returns a folding Builder of links, which escapes nothing.
func newBuilder(links []extract.Link, fold bool) *Builder {
	b := NewBuilder(fold, func(s string) string { return s })
	for _, l := range links {
		b.Add(l)
	}
	return b
}

// keys makes the key messages of a script: a name in brackets is a
// special key ("<down>", "<enter>"), any other character is typed.
func keys(script string) []tea.Msg {
	special := map[string]rune{
		"up": tea.KeyUp, "down": tea.KeyDown, "ctrl-n": 'n', "ctrl-p": 'p',
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd,
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "ctrl-c": 'c', "space": tea.KeySpace,
		"tab": tea.KeyTab, "bs": tea.KeyBackspace, "ctrl-u": 'u', "ctrl-y": 'y', "ctrl-w": 'w',
		"ctrl-o": 'o', "ctrl-v": 'v', "right": tea.KeyRight, "left": tea.KeyLeft,
	}
	var out []tea.Msg
	for script != "" {
		if script[0] == '<' {
			name, rest, _ := strings.Cut(script[1:], ">")
			k := tea.KeyPressMsg{Code: special[name]}
			if strings.HasPrefix(name, "ctrl-") {
				k.Mod = tea.ModCtrl
			}
			out = append(out, k)
			script = rest
			continue
		}
		r := []rune(script)[0]
		if r == ' ' {
			// The space key marks: a space in the filter is pasted.
			out = append(out, tea.PasteMsg{Content: " "})
		} else {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
		script = script[len(string(r)):]
	}
	return out
}

func TestModelKeys(t *testing.T) {
	tests := []struct {
		keys   string
		filter string
		shown  int
		cursor string // URI under the cursor, "" for none
		marked []string
		picked []string
		quit   bool
		copied string
	}{
		{keys: "", shown: 4, cursor: "https://a.example/one"},
		{keys: "<down>", shown: 4, cursor: "https://b.example/two"},
		{keys: "<ctrl-n><ctrl-n><ctrl-p>", shown: 4, cursor: "https://b.example/two"},
		{keys: "<up><up>", shown: 4, cursor: "https://a.example/one"},
		{keys: "<end>", shown: 4, cursor: "mailto:list@example.org"},
		{keys: "<pgdown><pgdown><home>", shown: 4, cursor: "https://a.example/one"},
		{keys: "<down><enter>", shown: 4, cursor: "https://b.example/two", picked: []string{"https://b.example/two"}, quit: true},
		// Letters filter, over the URI and the context, in any case.
		{keys: "two", filter: "two", shown: 1, cursor: "https://b.example/two"},
		{keys: "REPORT", filter: "REPORT", shown: 1, cursor: "https://c.example/three"},
		{keys: "again", filter: "again", shown: 1, cursor: "https://a.example/one"},
		{keys: "zzz", filter: "zzz", shown: 0},
		{keys: "zzz<enter>", filter: "zzz", shown: 0},
		{keys: "tw<bs><bs>", shown: 4, cursor: "https://b.example/two"},
		{keys: "two<ctrl-u>", shown: 4, cursor: "https://b.example/two"},
		// ctrl-w deletes the word before the cursor, as in fzf and a shell.
		{keys: "then two<ctrl-w>", filter: "then ", shown: 1, cursor: "https://b.example/two"},
		{keys: "then two  <ctrl-w><ctrl-w>", shown: 4, cursor: "https://b.example/two"},
		{keys: "example<down><down>", filter: "example", shown: 4, cursor: "https://c.example/three"},
		// The cursor stays on its item when the filter keeps it.
		{keys: "<down>.example", filter: ".example", shown: 3, cursor: "https://b.example/two"},
		// q and y are keys only while the filter is empty.
		{keys: "q", shown: 4, cursor: "https://a.example/one", quit: true},
		{keys: "<esc>", shown: 4, cursor: "https://a.example/one", quit: true},
		{keys: "<ctrl-c>", shown: 4, cursor: "https://a.example/one", quit: true},
		{keys: "tq", filter: "tq", shown: 0},
		{keys: "y", shown: 4, cursor: "https://a.example/one", copied: "https://a.example/one"},
		{keys: "by", filter: "by", shown: 0},
		{keys: "two<ctrl-y>", filter: "two", shown: 1, cursor: "https://b.example/two", copied: "https://b.example/two"},
		// Marks: space and tab toggle and move down; Enter picks the marked.
		{keys: "<space><space>", shown: 4, cursor: "https://c.example/three", marked: []string{"https://a.example/one", "https://b.example/two"}},
		{keys: "<space><up><tab>", shown: 4, cursor: "https://b.example/two"},
		{keys: "<down><space><space><enter>", shown: 4, cursor: "mailto:list@example.org",
			marked: []string{"https://b.example/two", "https://c.example/three"},
			picked: []string{"https://b.example/two", "https://c.example/three"}, quit: true},
	}
	for _, tt := range tests {
		m := New(newBuilder(testLinks(), true), false, 80, 24, plainStyles())
		var copied string
		m.Copy = func(s string) error { copied = s; return nil }
		quit := false
		for _, k := range keys(tt.keys) {
			if quit {
				t.Fatalf("keys %q: a key after the end", tt.keys)
			}
			_, cmd := m.Update(k)
			if cmd != nil {
				_, quit = cmd().(tea.QuitMsg)
			}
		}
		cur := ""
		if it, ok := m.Cursor(); ok {
			cur = it.URI
		}
		var picked []string
		for _, it := range m.Picked {
			picked = append(picked, it.URI)
		}
		if m.Filter() != tt.filter || len(m.Shown()) != tt.shown || cur != tt.cursor || quit != tt.quit ||
			!slices.Equal(m.Marked(), tt.marked) || !slices.Equal(picked, tt.picked) || copied != tt.copied {
			t.Errorf("keys %q: filter %q, %d shown, cursor %q, marked %q, picked %q, quit %v, copied %q;\n"+
				"want filter %q, %d shown, cursor %q, marked %q, picked %q, quit %v, copied %q",
				tt.keys, m.Filter(), len(m.Shown()), cur, m.Marked(), picked, quit, copied,
				tt.filter, tt.shown, tt.cursor, tt.marked, tt.picked, tt.quit, tt.copied)
		}
	}
}

func TestItemsOrder(t *testing.T) {
	items := newBuilder(testLinks(), true).Items()
	var got []string
	for _, it := range items {
		got = append(got, it.URI)
	}
	want := []string{"https://a.example/one", "https://b.example/two", "https://c.example/three", "mailto:list@example.org"}
	if !slices.Equal(got, want) {
		t.Errorf("Items order = %q, want %q (input order, headers last, folded)", got, want)
	}
	if items[0].Count != 2 || items[0].Source != "part 1" || items[0].Mark != "https://a.example/one" {
		t.Errorf("folded item = %+v, want Count 2, Source part 1, Mark its URI", items[0])
	}
	if items[3].Text != "List-Post: mailto:list@example.org" || items[3].Source != "header List-Post" {
		t.Errorf("header item = %+v", items[3])
	}
}

func TestView(t *testing.T) {
	// The screen fits the terminal, however small: the prompt with the
	// filter stays on top, the warnings and the help line go first.
	for _, size := range [][2]int{{80, 24}, {40, 10}, {40, 5}, {30, 8}, {120, 50}, {20, 4}, {12, 3}} {
		m := New(newBuilder(testLinks(), true), false, size[0], size[1], plainStyles())
		m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
		m.Update(tea.KeyPressMsg{Code: 'b', Text: "b"})
		v := m.View().Content
		lines := strings.Split(v, "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines:\n%s", size[0], size[1], len(lines), v)
		}
		for _, l := range lines {
			if w := lipgloss.Width(l); w > size[0] {
				t.Errorf("%dx%d: line %q is %d wide", size[0], size[1], l, w)
			}
		}
		if !strings.HasPrefix(v, "> b_") || !strings.Contains(v, ">  https://") {
			t.Errorf("%dx%d: no prompt on top or no cursor row:\n%s", size[0], size[1], v)
		}
	}
	// A resize redraws at the new size; the cursor's row stays on screen.
	m := New(newBuilder(testLinks(), true), false, 80, 24, plainStyles())
	m.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 8})
	if v := m.View().Content; !strings.Contains(v, "mailto:list@example.org") || strings.Count(v, "\n") > 7 {
		t.Errorf("after a resize to 60x8:\n%s", v)
	}
}

// TestViewLongURI: the end of a URI cut on its row is shown above the
// help line, unless the row has warnings to show there.
func TestViewLongURI(t *testing.T) {
	long := "https://a.example/" + strings.Repeat("x", 300) + "/the-end"
	links := []extract.Link{
		{URI: long, Ref: long, Part: "1", Message: 1},
		{URI: "https://b.example/", Ref: "https://b.example/", Part: "1", Message: 1},
		{URI: long + "?w", Ref: long + "?w", Part: "1", Message: 1, Warnings: []string{"odd: a warning"}},
	}
	m := New(newBuilder(links, true), false, 80, 24, plainStyles())
	lines := strings.Split(m.View().Content, "\n")
	if note := lines[len(lines)-2]; !strings.HasSuffix(note, "/the-end") {
		t.Errorf("the line above the help is %q, want the end of the URI", note)
	}
	if note := lines[len(lines)-3]; !strings.HasPrefix(note, "…xxx") {
		t.Errorf("the line before is %q, want the URI's middle after an ellipsis", note)
	}
	for _, l := range lines {
		if w := lipgloss.Width(l); w > 80 {
			t.Errorf("line %q is %d wide", l, w)
		}
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if v := m.View().Content; strings.Contains(v, "/the-end") {
		t.Errorf("a short URI's row still shows the end of another:\n%s", v)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if v := m.View().Content; !strings.Contains(v, "! odd: a warning") || strings.Contains(v, "/the-end") {
		t.Errorf("a row with warnings shows them, not the URI's end:\n%s", v)
	}
}

func TestViewWarnings(t *testing.T) {
	links := []extract.Link{{URI: "http://evil.example/", Ref: "http://evil.example/", Style: extract.StyleHTML,
		Context: extract.ContextHTML, Tag: "a", Attr: "href", Text: "https://www.bank.example/login", Part: "2", Message: 1}}
	m := New(newBuilder(links, true), false, 80, 24, plainStyles())
	v := m.View().Content
	for _, want := range []string{"http://evil.example/ !text-host", "! text-host: the text shows www.bank.example, the link goes to evil.example"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

// TestModelStreaming: links that come while the list is shown join it,
// body links before the header ones, and the cursor and the marks stay
// on their rows.
func TestModelStreaming(t *testing.T) {
	links := testLinks()
	m := New(NewBuilder(true, func(s string) string { return s }), true, 80, 24, plainStyles())
	m.Update(LinksMsg{Links: links[:2]}) // the header link and a body link
	if got := m.Shown(); !slices.Equal(got, []string{"https://a.example/one", "mailto:list@example.org"}) {
		t.Fatalf("after 2 links: %q", got)
	}
	if v := m.View().Content; !strings.Contains(v, "reading… 2/2") {
		t.Errorf("while reading, the prompt line says:\n%s", v)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	m.Update(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}) // marks the header link
	m.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	m.Update(LinksMsg{Links: links[2:], Done: true})
	want := []string{"https://a.example/one", "https://b.example/two", "https://c.example/three", "mailto:list@example.org"}
	if got := m.Shown(); !slices.Equal(got, want) {
		t.Errorf("after all links: %q, want %q", got, want)
	}
	if it, _ := m.Cursor(); it.URI != "mailto:list@example.org" {
		t.Errorf("the cursor moved to %q", it.URI)
	}
	if got := m.Marked(); !slices.Equal(got, []string{"mailto:list@example.org"}) {
		t.Errorf("marked %q", got)
	}
	if v := m.View().Content; strings.Contains(v, "reading") || !strings.Contains(v, "4/4") {
		t.Errorf("done, the prompt line says:\n%s", v)
	}
}

// TestModelStreamingEmpty: a model shown before any link came draws the
// prompt, "reading…" and the help, takes q, Esc, Enter and typing
// without a row, and quits by itself, Empty, when the input ends with
// none; a link that comes is listed.
func TestModelStreamingEmpty(t *testing.T) {
	newEmpty := func() *Model {
		return New(NewBuilder(true, func(s string) string { return s }), true, 80, 24, plainStyles())
	}
	m := newEmpty()
	v := m.View().Content
	for _, want := range []string{"> _", "reading… 0/0", "type to filter"} {
		if !strings.Contains(v, want) {
			t.Errorf("before any link, the screen lacks %q:\n%s", want, v)
		}
	}
	for _, k := range keys("x<bs><enter><down><space>y") {
		if _, cmd := m.Update(k); cmd != nil {
			t.Errorf("key %v on an empty list: a command, want none", k)
		}
	}
	if m.Empty() {
		t.Error("Empty while reading")
	}
	for _, k := range []string{"q", "<esc>"} {
		if _, cmd := newEmpty().Update(keys(k)[0]); cmd == nil {
			t.Errorf("%s on an empty list does not quit", k)
		}
	}
	if _, cmd := m.Update(LinksMsg{Done: true}); cmd == nil || !m.Empty() {
		t.Errorf("input ended with no link: quit %v, Empty %v", cmd != nil, m.Empty())
	}
	m = newEmpty()
	if _, cmd := m.Update(LinksMsg{Links: testLinks()[1:2], Done: true}); cmd != nil || m.Empty() {
		t.Errorf("a link came: quit %v, Empty %v", cmd != nil, m.Empty())
	}
	if v := m.View().Content; !strings.Contains(v, "https://a.example/one") || !strings.Contains(v, "1/1") {
		t.Errorf("a link came, the screen:\n%s", v)
	}
}

func TestItemsAll(t *testing.T) {
	if n := len(newBuilder(testLinks(), false).Items()); n != 5 {
		t.Errorf("without folding, %d rows, want 5", n)
	}
}

// escapeControls writes control characters as \xNN: a stand-in for the
// command's escape.
func escapeControls(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 || r >= 0x7f && r < 0xa0 {
			fmt.Fprintf(&b, `\x%02x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestViewHostile: nothing a message holds reaches the screen as a
// control character, so a hostile message cannot clear the screen, set
// the title or move the cursor: not in the context, the header name, the
// warnings, nor in a filter pasted with them.
func TestViewHostile(t *testing.T) {
	evil := "\x1b[2J\x1b]0;pwned\a\u009b31m\r"
	links := []extract.Link{
		{URI: "http://a.example/", Ref: "http://a.example/", Text: "see " + evil + " http://a.example/", Part: "1" + evil, Message: 1},
		{URI: "http://b.example/", Ref: "http://b.example/", Context: extract.ContextHeader, Header: "X-" + evil + "Evil", Message: 1,
			Warnings: []string{"odd: " + evil}},
		{URI: "http://c.example/", Ref: "http://c.example/", Style: extract.StyleHTML, Tag: "a", Attr: "data-" + evil, Part: "2", Message: 1},
	}
	b := NewBuilder(true, escapeControls)
	for _, l := range links {
		b.Add(l)
	}
	m := New(b, false, 80, 24, plainStyles())
	for _, keys := range [][]tea.Msg{
		nil,
		{tea.KeyPressMsg{Code: tea.KeyEnd}},
		{tea.KeyPressMsg{Code: tea.KeyDown}, tea.PasteMsg{Content: "x\u202e" + evil}},
	} {
		for _, k := range keys {
			m.Update(k)
		}
		v := m.View().Content
		for _, r := range v {
			if r != '\n' && (r < 0x20 || r >= 0x7f && r < 0xa0 || unicode.Is(unicode.Bidi_Control, r)) {
				t.Errorf("after %v, the screen holds %U:\n%s", keys, r, v)
				break
			}
		}
	}
}

// TestBuilderFoldLinear: folding n occurrences of a link, each with a
// context of its own (a log, a digest), costs memory in proportion to n,
// not n²: 8 times the links take about 8 times the bytes, not 64 times.
func TestBuilderFoldLinear(t *testing.T) {
	alloc := func(n int) uint64 {
		b := NewBuilder(true, func(s string) string { return s })
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range n {
			b.Add(extract.Link{URI: "http://a.example/", Ref: "http://a.example/", Part: "1", Message: 1,
				Text: fmt.Sprintf("%08d fetching http://a.example/ failed in run %d", i, i*7919)})
		}
		runtime.ReadMemStats(&after)
		if it := b.Items(); len(it) != 1 || it[0].Count != n {
			t.Fatalf("%d occurrences folded into %d rows", n, len(it))
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := alloc(500), alloc(4000)
	if ratio := float64(large) / float64(small); ratio > 20 {
		t.Errorf("8 times the occurrences allocate %.0f times the bytes (%d, %d)", ratio, small, large)
	}
	// The filter still finds a row by any of its contexts.
	b := NewBuilder(true, func(s string) string { return s })
	for _, text := range []string{"first http://a.example/", "Second http://a.example/", "first http://a.example/"} {
		b.Add(extract.Link{URI: "http://a.example/", Ref: "http://a.example/", Text: text, Part: "1", Message: 1})
	}
	m := New(b, false, 80, 24, plainStyles())
	for _, k := range keys("second") {
		m.Update(k)
	}
	if got := m.Shown(); len(got) != 1 {
		t.Errorf("filter \"second\" shows %q, want the folded row", got)
	}
}

// TestModelOpenStay: ctrl-o opens the marked rows, or the one under the
// cursor, with Open and the list stays, marks cleared, to open others;
// the end of the opening is said on the last line.
func TestModelOpenStay(t *testing.T) {
	m := New(newBuilder(testLinks(), true), false, 80, 24, plainStyles())
	var opened [][]string
	m.Open = func(items []Item) tea.Cmd {
		var uris []string
		for _, it := range items {
			uris = append(uris, it.URI)
		}
		opened = append(opened, uris)
		return func() tea.Msg { return OpenedMsg{N: len(items)} }
	}
	for _, msg := range keys("<ctrl-o><down><space><space><ctrl-o>") {
		_, cmd := m.Update(msg)
		if cmd == nil {
			continue
		}
		done := cmd()
		if _, ok := done.(OpenedMsg); !ok {
			t.Fatalf("ctrl-o ended with %T, want OpenedMsg (the list stays)", done)
		}
		m.Update(done)
	}
	want := [][]string{{"https://a.example/one"}, {"https://b.example/two", "https://c.example/three"}}
	if fmt.Sprint(opened) != fmt.Sprint(want) {
		t.Errorf("opened %q, want %q", opened, want)
	}
	if len(m.Picked) != 0 || !strings.Contains(m.View().Content, "opened 2") {
		t.Errorf("after ctrl-o: picked %v, last line %q", m.Picked, m.View().Content)
	}
	if got := m.chosen(); len(got) != 1 {
		t.Errorf("marks left after ctrl-o: %v", got)
	}
}

// TestPageView: ctrl-v or → shows the page of the row under the cursor,
// the link's line a third down the screen and the link in reverse video;
// the keys scroll it, Enter opens the link, q, Esc and ← go back to the
// list as it was, and q quits only from the list.
func TestPageView(t *testing.T) {
	var lines []string
	for i := range 100 {
		lines = append(lines, fmt.Sprintf("line %d", i+1))
	}
	lines[59] = "see https://b.example/two here"
	page := func(it Item) Page {
		return Page{Title: "message 1, " + it.Source, Lines: lines, At: 59, Mark: it.URI}
	}
	styles := Styles{Cursor: lipgloss.NewStyle().SetString("").Reverse(true)}
	for _, tt := range []struct {
		keys   string
		top    string // the first line of the page shown, "" for the list
		quit   bool
		picked string
		filter string
	}{
		{keys: "<down><ctrl-v>", top: "line 53"},
		{keys: "<down><right>", top: "line 53"},
		{keys: "<down><ctrl-v><down><down>", top: "line 55"},
		{keys: "<down><ctrl-v>jjk", top: "line 54"},
		{keys: "<down><ctrl-v><pgdown>", top: "line 75"},
		{keys: "<down><ctrl-v><space><space><space>", top: "line 79"}, // the last screen
		{keys: "<down><ctrl-v>G", top: "line 79"},
		{keys: "<down><ctrl-v><home>", top: "line 1"},
		{keys: "<down><ctrl-v>gb", top: "line 1"},
		{keys: "<down><ctrl-v>q", top: ""},
		{keys: "<down><ctrl-v><esc>", top: ""},
		{keys: "<down><ctrl-v><left>", top: ""},
		{keys: "<down><ctrl-v>qq", top: "", quit: true},
		{keys: "<down><ctrl-v><enter>", top: "line 53", quit: true, picked: "https://b.example/two"},
		{keys: "<down><ctrl-v><ctrl-c>", top: "line 53", quit: true},
		// Letters go to the filter in the list: q is a letter once one is typed.
		{keys: "two<ctrl-v>q", top: "", filter: "two"},
		{keys: "zzz<ctrl-v>", top: "", filter: "zzz"}, // no row: no page
	} {
		m := New(newBuilder(testLinks(), true), false, 80, 24, styles)
		m.Page = page
		quit := false
		for _, k := range keys(tt.keys) {
			if _, cmd := m.Update(k); cmd != nil {
				_, quit = cmd().(tea.QuitMsg)
			}
		}
		v := m.View().Content
		first := strings.SplitN(v, "\n", 3)
		top := ""
		if strings.HasPrefix(first[0], "message 1, part 1") {
			top = first[1]
			if strings.Contains(v, "see ") && !strings.Contains(v, "see \x1b[7mhttps://b.example/two\x1b[m here") {
				t.Errorf("keys %q: the link is not in reverse video:\n%q", tt.keys, v)
			}
			if !strings.HasSuffix(first[0], "line 60 of 100") {
				t.Errorf("keys %q: title %q", tt.keys, first[0])
			}
		}
		picked := ""
		if len(m.Picked) > 0 {
			picked = m.Picked[0].URI
		}
		if top != tt.top || quit != tt.quit || picked != tt.picked || m.Filter() != tt.filter {
			t.Errorf("keys %q: top %q, quit %v, picked %q, filter %q; want %q, %v, %q, %q:\n%s",
				tt.keys, top, quit, picked, m.Filter(), tt.top, tt.quit, tt.picked, tt.filter, v)
		}
	}
}

// TestPageWrap: a long line is wrapped to the screen, a resize wraps it
// again, and the screen never overflows; a line without the link as
// written (an encoded part) is highlighted whole.
func TestPageWrap(t *testing.T) {
	long := strings.Repeat("word ", 60) + "https://a.example/one end"
	m := New(newBuilder(testLinks(), true), false, 40, 10, Styles{Cursor: lipgloss.NewStyle().Reverse(true)})
	m.Page = func(Item) Page {
		return Page{Title: "t", Lines: []string{"a", long, "b"}, At: 1, Mark: "https://a.example/one"}
	}
	m.Update(keys("<ctrl-v>")[0])
	for _, size := range [][2]int{{40, 10}, {25, 6}, {80, 3}, {10, 2}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		v := m.View().Content
		checkScreen(t, v, size[0], size[1])
		if size[1] >= 6 && !strings.Contains(ansi.Strip(v), "https://a.example/") {
			t.Errorf("%dx%d: the link's start is not on the screen:\n%s", size[0], size[1], v)
		}
	}
	m.Page = func(Item) Page { return Page{Title: "t", Lines: []string{"aHR0cHM6Ly9h"}, Mark: ""} }
	m.Update(keys("q<ctrl-v>")[0])
	m.Update(keys("<ctrl-v>")[0])
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	if v := m.View().Content; !strings.Contains(v, "\x1b[7maHR0cHM6Ly9h\x1b[m") {
		t.Errorf("a line without the link is not highlighted whole:\n%q", v)
	}
}

// checkScreen fails unless the screen v fits in w×h cells.
func checkScreen(t *testing.T, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) > h {
		t.Errorf("%dx%d: %d lines:\n%s", w, h, len(lines), v)
	}
	for _, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("%dx%d: line %q is %d wide", w, h, l, n)
		}
	}
}

// TestKeysTable: each key of the table does what its row says in the
// list or the message view, not something a row before it took.
func TestKeysTable(t *testing.T) {
	for i, b := range bindings {
		for _, k := range b.keys {
			for _, page := range []bool{false, true} {
				do := b.list
				if page {
					do = b.page
				}
				if do == nil {
					continue
				}
				for _, prev := range bindings[:i] {
					if p := prev.list; page {
						p = prev.page
						if p != nil && slices.Contains(prev.keys, k) {
							t.Errorf("key %q in the message view: row %q shadows row %q", k, prev.Names, b.Names)
						}
					} else if p != nil && slices.Contains(prev.keys, k) {
						t.Errorf("key %q in the list: row %q shadows row %q", k, prev.Names, b.Names)
					}
				}
			}
		}
	}
	if n := len(Keys()); n != len(bindings) || Keys()[0].Names != "type" {
		t.Errorf("Keys() = %d rows, want the table's %d", n, len(bindings))
	}
}
