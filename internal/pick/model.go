package pick

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"github.com/urix/urix/extract"
)

// Model is the picker's state: the rows, the filter typed so far, the
// cursor and the marks, and the message view when it is shown. Its keys
// are in the table bindings (Keys).
type Model struct {
	b       *Builder
	items   []Item
	loading bool  // more links are coming (LinksMsg)
	shown   []int // indexes of the items the filter keeps
	filter  []rune
	cursor  int          // index into shown
	top     int          // first of shown on the screen
	marked  map[int]bool // by Item.id

	width, height int
	status        string
	styles        Styles

	// Copy puts a URI on the clipboard; its error is shown.
	Copy func(string) error
	// Open opens items while the list stays (ctrl-o); its command ends
	// with an OpenedMsg. Nil: ctrl-o does nothing.
	Open func([]Item) tea.Cmd
	// Page returns the text an item was found in, for the message view
	// (ctrl-v); nil: the view is not offered.
	Page func(Item) Page
	page *pageView // the message view shown, nil for the list

	// Picked are the items chosen with Enter, nil when the user quit.
	Picked []Item
}

// New returns a model of the rows of b for a terminal of width×height
// cells. loading says that more links will come in LinksMsg messages.
func New(b *Builder, loading bool, width, height int, styles Styles) *Model {
	m := &Model{b: b, items: b.Items(), loading: loading, marked: make(map[int]bool),
		width: width, height: height, styles: styles}
	m.refilter()
	return m
}

// OpenedMsg ends the opening of N items (Model.Open); Err is why some
// did not open.
type OpenedMsg struct {
	N   int
	Err error
}

// LinksMsg brings more links to a model, the last ones with Done.
type LinksMsg struct {
	Links []extract.Link
	Done  bool
}

// Init is tea.Model's: nothing to do before the first key.
func (m *Model) Init() tea.Cmd { return nil }

// Update handles a key or a resize.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case LinksMsg:
		for _, l := range msg.Links {
			m.b.Add(l)
		}
		m.loading = !msg.Done
		m.update(m.b.Items(), m.filter)
		if m.Empty() {
			return m, tea.Quit // nothing to pick: the caller says so
		}
	case OpenedMsg:
		m.status = fmt.Sprintf("opened %d", msg.N)
		if msg.Err != nil {
			m.status = "open: " + msg.Err.Error()
		}
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.scroll()
	case tea.KeyPressMsg:
		m.status = ""
		return m, m.key(msg)
	case tea.PasteMsg:
		m.status = ""
		m.setFilter(append(m.filter, printable([]rune(msg.Content))...))
	}
	return m, nil
}

// editFilter applies a key that edits the filter: backspace deletes a
// character, ctrl-w a word, ctrl-u all of it.
func (m *Model) editFilter(key string) tea.Cmd {
	switch n := len(m.filter); key {
	case "backspace":
		if n > 0 {
			m.setFilter(m.filter[:n-1])
		}
	case "ctrl+w":
		m.setFilter(m.filter[:wordStart(m.filter)])
	default:
		m.setFilter(nil)
	}
	return nil
}

// moveKey moves the cursor as key says: a row, a screen, to an end.
func (m *Model) moveKey(key string) tea.Cmd {
	m.move(step(key, m.rows(), len(m.shown)))
	return nil
}

// step is how far key moves in a list of n rows, a screen of rows rows.
func step(key string, rows, n int) int {
	switch key {
	case "up", "k", "ctrl+p":
		return -1
	case "down", "j", "ctrl+n":
		return 1
	case "pgup", "b":
		return -rows
	case "pgdown", "space":
		return rows
	case "home", "g":
		return -n
	}
	return n
}

// copyKey copies the link under the cursor.
func (m *Model) copyKey(string) tea.Cmd {
	m.copy()
	return nil
}

// wordStart returns where the last word of f starts, the white space
// after it included: what ctrl-w deletes, as in fzf and a shell.
func wordStart(f []rune) int {
	i := len(f)
	for i > 0 && unicode.IsSpace(f[i-1]) {
		i--
	}
	for i > 0 && !unicode.IsSpace(f[i-1]) {
		i--
	}
	return i
}

// printable returns rs without control characters: a paste may hold
// them (and bidi controls, which reorder what follows), and the filter
// is drawn on the screen.
func printable(rs []rune) []rune {
	return slices.DeleteFunc(slices.Clone(rs), func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) })
}

// pick ends with the marked items, or the one under the cursor.
func (m *Model) pick(string) tea.Cmd {
	m.Picked = m.chosen()
	if len(m.Picked) == 0 {
		return nil // nothing to open: the filter keeps no row
	}
	return tea.Quit
}

// open opens the marked items, or the one under the cursor, with Open,
// and unmarks them; the list stays.
func (m *Model) open(string) tea.Cmd {
	items := m.chosen()
	if len(items) == 0 || m.Open == nil {
		return nil
	}
	clear(m.marked)
	m.status = "opening…"
	return m.Open(items)
}

// chosen returns the marked items, or the one under the cursor when none
// is marked; none when the filter keeps no row.
func (m *Model) chosen() []Item {
	var items []Item
	for _, it := range m.items {
		if m.marked[it.id] {
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		if it, ok := m.current(); ok {
			items = []Item{it}
		}
	}
	return items
}

// current returns the item under the cursor, false when the filter
// keeps none.
func (m *Model) current() (Item, bool) {
	if m.cursor >= len(m.shown) {
		return Item{}, false
	}
	return m.items[m.shown[m.cursor]], true
}

// move moves the cursor d rows, within the rows shown.
func (m *Model) move(d int) {
	m.cursor = max(0, min(len(m.shown)-1, m.cursor+d))
	m.scroll()
}

// toggle marks or unmarks the row under the cursor and moves down, so
// that marking several in a row is one key each.
func (m *Model) toggle() {
	if m.cursor < len(m.shown) {
		id := m.items[m.shown[m.cursor]].id
		m.marked[id] = !m.marked[id]
		m.move(1)
	}
}

// copy copies the URI under the cursor with Copy, and says so on the
// last line.
func (m *Model) copy() {
	it, ok := m.current()
	if !ok || m.Copy == nil {
		return
	}
	if err := m.Copy(it.URI); err != nil {
		m.status = "copy: " + err.Error()
		return
	}
	m.status = "copied " + it.Show
}

// setFilter keeps the rows that match f.
func (m *Model) setFilter(f []rune) { m.update(m.items, f) }

// update sets the rows and the filter, the cursor on the same item when
// it stays, else on the first row.
func (m *Model) update(items []Item, f []rune) {
	prev := -1
	if it, ok := m.current(); ok {
		prev = it.id
	}
	m.items, m.filter = items, f
	m.refilter()
	m.cursor = 0
	for j, i := range m.shown {
		if m.items[i].id == prev {
			m.cursor = j
		}
	}
	m.scroll()
}

// refilter sets the rows shown: those whose key holds the filter.
func (m *Model) refilter() {
	m.shown = m.shown[:0]
	f := []byte(strings.ToLower(string(m.filter)))
	for i, it := range m.items {
		if len(f) == 0 || bytes.Contains(it.key, f) {
			m.shown = append(m.shown, i)
		}
	}
}

// scroll keeps the cursor's row on the screen.
func (m *Model) scroll() {
	n := m.rows()
	if m.cursor < m.top {
		m.top = m.cursor
	}
	if m.cursor >= m.top+n {
		m.top = m.cursor - n + 1
	}
	m.top = max(0, min(m.top, len(m.shown)-n))
}

// Empty reports whether the input ended with no link: the model, shown
// while reading, quits by itself then.
func (m *Model) Empty() bool { return !m.loading && len(m.items) == 0 }

// Filter returns the filter typed so far.
func (m *Model) Filter() string { return string(m.filter) }

// Cursor returns the item under the cursor, and false when no row is shown.
func (m *Model) Cursor() (Item, bool) { return m.current() }

// Shown returns the URIs of the rows the filter keeps, in order.
func (m *Model) Shown() []string {
	out := make([]string, len(m.shown))
	for j, i := range m.shown {
		out[j] = m.items[i].URI
	}
	return out
}

// Marked returns the URIs of the marked rows, in order.
func (m *Model) Marked() []string {
	var out []string
	for _, it := range m.items {
		if m.marked[it.id] {
			out = append(out, it.URI)
		}
	}
	return out
}
