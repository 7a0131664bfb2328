package pick

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Styles are the looks of the parts of the screen.
type Styles struct {
	Cursor, Link, Mark, Dim, Warn, Prompt lipgloss.Style
}

// NewStyles returns the styles: with color, or, without (the user set
// NO_COLOR), with bold, underline and reverse video only; the program's
// color profile downsamples the colors to what the terminal has. The
// screen says everything in characters too (">" for the cursor, "*" for
// a mark, "!" for a warning), so it reads the same with no style at all.
func NewStyles(color bool) Styles {
	s := Styles{
		Cursor: lipgloss.NewStyle().Reverse(true),
		Link:   lipgloss.NewStyle(),
		Mark:   lipgloss.NewStyle().Underline(true),
		Dim:    lipgloss.NewStyle(),
		Warn:   lipgloss.NewStyle().Bold(true),
		Prompt: lipgloss.NewStyle().Bold(true),
	}
	if color {
		s.Link = s.Link.Foreground(lipgloss.Color("4"))
		s.Mark = s.Mark.Foreground(lipgloss.Color("4"))
		s.Dim = s.Dim.Foreground(lipgloss.Color("8"))
		s.Warn = s.Warn.Foreground(lipgloss.Color("1"))
	}
	return s
}

const help = "type to filter  ↑↓ move  enter open  ^O open, stay  space mark  ^V view  q quit"

// chrome returns how many lines go around the list: the prompt, two
// lines for the warnings of the row under the cursor, the help line. On
// a small terminal the warnings go first, then the help: the prompt,
// which shows the filter typed, and one row stay.
func (m *Model) chrome() int {
	switch {
	case m.height >= 10:
		return 4
	case m.height >= 5:
		return 2
	}
	return 1
}

// rows is how many items fit on the screen, two lines each.
func (m *Model) rows() int { return max(1, (m.height-m.chrome())/2) }

// View draws the screen: the prompt with the filter and the count, the
// rows (the link, then where it came from and its context, the link
// underlined in it), the warnings of the row under the cursor, and the
// help line or the last message, on the alternate screen.
func (m *Model) View() tea.View {
	var v tea.View
	if m.page != nil {
		v = tea.NewView(m.pageScreen())
	} else {
		v = tea.NewView(m.screen())
	}
	v.AltScreen = true
	return v
}

// screen draws the lines of View.
func (m *Model) screen() string {
	w := max(m.width, 1)
	count := strconv.Itoa(len(m.shown)) + "/" + strconv.Itoa(len(m.items))
	if m.loading {
		count = "reading… " + count
	}
	prompt := "> " + string(m.filter) + "_"
	pad := max(1, w-ansi.StringWidth(prompt)-len(count))
	lines := []string{ansi.Truncate(m.styles.Prompt.Render(ansi.Truncate(prompt, max(4, w-len(count)-1), "…"))+strings.Repeat(" ", pad)+count, w, "")}
	for j := m.top; j < len(m.shown) && j < m.top+m.rows(); j++ {
		lines = append(lines, m.row(j, w)...)
	}
	chrome := m.chrome()
	for len(lines) < m.height-chrome+1 {
		lines = append(lines, "")
	}
	if chrome == 4 {
		lines = append(lines, m.notes(w)...)
	}
	if chrome >= 2 {
		last := help
		if m.status != "" {
			last = m.status
		}
		lines = append(lines, m.styles.Dim.Render(ansi.Truncate(last, w, "…")))
	}
	return strings.Join(lines[:min(len(lines), max(m.height, 1))], "\n")
}

// notes draws the two lines above the help: the warnings of the row
// under the cursor, or, when it has none and its URI is cut on its row,
// the end of the URI, so that the whole of it can be read before it is
// opened (a long link's end is where a phishing path hides).
func (m *Model) notes(w int) []string {
	it, ok := m.current()
	if !ok {
		return []string{"", ""}
	}
	if len(it.Warnings) == 0 && ansi.StringWidth(it.Show) > w-3 {
		show := it.Show
		if n := ansi.StringWidth(show); n > 2*w {
			show = "…" + ansi.TruncateLeft(show, n-(2*w-1), "")
		}
		parts := strings.Split(ansi.Hardwrap(show, w, true), "\n")
		for i, p := range parts {
			parts[i] = m.styles.Dim.Render(p)
		}
		return append(parts, "")[:2]
	}
	out := []string{"", ""}
	for i := range min(2, len(it.Warnings)) {
		out[i] = m.styles.Warn.Render(ansi.Truncate("! "+it.Warnings[i], w, "…"))
	}
	return out
}

// row draws the j-th shown item, two lines.
func (m *Model) row(j, w int) []string {
	i := m.shown[j]
	it := m.items[i]
	lead := "  "
	if j == m.cursor {
		lead = "> "
	}
	if m.marked[it.id] {
		lead = lead[:1] + "*"
	}
	var tail string
	if len(it.Warnings) > 0 {
		tail = " !" + codes(it.Warnings)
	}
	if it.Count > 1 {
		tail += " ×" + strconv.Itoa(it.Count)
	}
	// The link first: the codes get a third of the line at most, and the
	// warnings are spelt out below for the row under the cursor.
	tail = ansi.Truncate(tail, max(8, w/3), "…")
	uri := ansi.Truncate(it.Show, max(10, w-3-ansi.StringWidth(tail)), "…")
	link := m.styles.Link.Render(uri)
	if j == m.cursor {
		link = m.styles.Cursor.Render(uri)
	}
	line1 := lead + " " + link + m.styles.Warn.Render(tail)
	src := it.Source + "  "
	if m.b.multi && it.message > 0 {
		src = "msg " + strconv.Itoa(it.message) + " " + src
	}
	ctx := m.context(it, max(10, w-4-ansi.StringWidth(src)))
	line2 := "    " + m.styles.Dim.Render(src) + ctx
	return []string{ansi.Truncate(line1, w, ""), ansi.Truncate(line2, w, "")}
}

// context draws it.Text in at most w cells, the part around the link
// when it is longer, the link underlined.
func (m *Model) context(it Item, w int) string {
	text := []rune(it.Text)
	before, mark, after := text, []rune(nil), []rune(nil)
	if it.Mark != "" {
		if k := strings.Index(it.Text, it.Mark); k >= 0 {
			before = []rune(it.Text[:k])
			mark = []rune(it.Mark)
			after = []rune(it.Text[k+len(it.Mark):])
		}
	}
	if show := min(len(mark), 20, w/2); len(text) > w && len(before)+show > w {
		// The words before the link, as many as leave the start of the
		// link on screen.
		cut := len(before) - (w - show - 1)
		before = append([]rune("…"), before[cut:]...)
	}
	out := string(before)
	if mark != nil {
		out += m.styles.Mark.Render(string(mark)) + string(after)
	}
	return ansi.Truncate(out, w, "…")
}

// codes returns the codes of warnings, "code: message" each, joined with
// commas.
func codes(ws []string) string {
	cs := make([]string, len(ws))
	for i, w := range ws {
		cs[i], _, _ = strings.Cut(w, ":")
	}
	return strings.Join(cs, ",")
}
