package pick

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Page is the text a link was found in, as the message view shows it:
// the message of a mail or an mbox, the page or the text of any other
// input, or only the link's context when the input's text was not kept.
type Page struct {
	Title string   // what it is: "message 3", "page.html"
	Lines []string // its lines, made safe to draw
	At    int      // index in Lines of the line that holds the link
	Mark  string   // the link as written in Lines[At]; "" when the line does not hold it whole (an encoded part)
}

// pageView is the message view: the page's lines wrapped to the
// screen's width, and the first row shown.
type pageView struct {
	Page
	width int      // rows are wrapped to it
	rows  []string // the lines, wrapped, the link highlighted
	at    int      // first row of the link's line
	top   int
}

// showPage shows the message view of the row under the cursor.
func (m *Model) showPage(string) tea.Cmd {
	it, ok := m.current()
	if !ok || m.Page == nil {
		return nil
	}
	m.page = &pageView{Page: m.Page(it), width: -1}
	m.wrapPage()
	return nil
}

// pageRows is how many rows of the page fit: all but the title line and
// the help line.
func (m *Model) pageRows() int { return max(1, m.height-2) }

// wrapPage wraps the page to the screen's width when it changed, and
// puts the link's line a third of the way down the screen.
func (m *Model) wrapPage() {
	p := m.page
	w := max(m.width, 1)
	if p.width == w {
		return
	}
	p.width, p.rows = w, p.rows[:0]
	for i, line := range p.Lines {
		if i == p.At {
			// The row where the link starts, in a line that wraps.
			p.at = len(p.rows)
			if k := strings.Index(line, p.Mark); p.Mark != "" && k >= 0 {
				p.at += ansi.StringWidth(line[:k]) / w
			}
			line = m.highlight(line, p.Mark)
		}
		p.rows = append(p.rows, strings.Split(ansi.Hardwrap(line, w, true), "\n")...)
	}
	p.top = p.at - m.pageRows()/3
	m.scrollPage(0)
}

// highlight returns line with mark in it drawn as the cursor's row is,
// or the whole line so when mark is not in it.
func (m *Model) highlight(line, mark string) string {
	if k := strings.Index(line, mark); mark != "" && k >= 0 {
		return line[:k] + m.styles.Cursor.Render(mark) + line[k+len(mark):]
	}
	return m.styles.Cursor.Render(line)
}

// scrollKey scrolls the page as key says.
func (m *Model) scrollKey(key string) tea.Cmd {
	m.scrollPage(step(key, m.pageRows(), len(m.page.rows)))
	return nil
}

// scrollPage scrolls the page d rows, within its rows.
func (m *Model) scrollPage(d int) {
	p := m.page
	p.top = max(0, min(p.top+d, len(p.rows)-m.pageRows()))
}

// pageScreen draws the message view: a title line with where the link
// is, the rows, the help line.
func (m *Model) pageScreen() string {
	m.wrapPage()
	p, w := m.page, max(m.width, 1)
	where := "line " + strconv.Itoa(p.At+1) + " of " + strconv.Itoa(len(p.Lines))
	title := m.styles.Prompt.Render(ansi.Truncate(p.Title, max(4, w-len(where)-1), "…"))
	lines := []string{title + strings.Repeat(" ", max(1, w-ansi.StringWidth(title)-len(where))) + where}
	end := min(len(p.rows), p.top+m.pageRows())
	lines = append(lines, p.rows[p.top:end]...)
	for len(lines) < m.height-1 {
		lines = append(lines, "")
	}
	if m.height >= 3 {
		last := pageHelp
		if m.status != "" {
			last = m.status
		}
		lines = append(lines, m.styles.Dim.Render(ansi.Truncate(last, w, "…")))
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "")
	}
	return strings.Join(lines[:min(len(lines), max(m.height, 1))], "\n")
}

const pageHelp = "↑↓ PgUp PgDn scroll  enter open  ^O open, stay  y copy  q back"
