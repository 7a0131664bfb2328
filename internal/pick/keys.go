package pick

import (
	"slices"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// Key is a key of the picker as its help lists it: "urix pick --help"
// and the manual page print Keys, from the table the model runs.
type Key struct {
	Names string // as the help names them: "ctrl-o", "↑ ↓"
	Does  string // what they do; "(message)" first: in the message view
}

// binding is a row of the table: the keys as bubbletea names them, and
// what they do in the list and in the message view (nil: nothing there;
// in the list a printable key then goes to the filter). A key that is a
// printable character acts in the list only while the filter is empty.
type binding struct {
	Key
	keys       []string
	list, page func(m *Model, key string) tea.Cmd
}

// bindings are the picker's keys. In the list they are fzf's: letters
// are for the filter, so moving is on the arrows and control keys; in
// the message view, less's.
var bindings = []binding{
	{Key{"type", "filter the rows: a substring of the link or its context, in any case"}, nil, nil, nil},
	{Key{"Backspace, ctrl-w, ctrl-u", "delete a character, a word, all of the filter"},
		[]string{"backspace", "ctrl+w", "ctrl+u"}, (*Model).editFilter, nil},
	{Key{"↑ ↓, ctrl-p ctrl-n, PgUp PgDn, Home End", "move"},
		[]string{"up", "ctrl+p", "down", "ctrl+n", "pgup", "pgdown", "home", "end"}, (*Model).moveKey, nil},
	{Key{"space, Tab", "mark the row (or unmark it) and move down"}, []string{"space", "tab"},
		func(m *Model, _ string) tea.Cmd { m.toggle(); return nil }, nil},
	{Key{"Enter", "open the marked links, or the one under the cursor, and end"}, []string{"enter"},
		(*Model).pick, (*Model).pick},
	{Key{"ctrl-o", "open them, and stay to open others after them"}, []string{"ctrl+o"},
		(*Model).open, (*Model).open},
	{Key{"ctrl-v, →", "show the message (or page) the link is in, the link highlighted"},
		[]string{"ctrl+v", "right"}, (*Model).showPage, nil},
	{Key{"↑ ↓ j k, PgUp PgDn space b, Home End g G", "(message) scroll"},
		[]string{"up", "k", "ctrl+p", "down", "j", "ctrl+n", "pgup", "b", "pgdown", "space", "home", "g", "end", "G"},
		nil, (*Model).scrollKey},
	{Key{"q, Esc, ←", "(message) back to the list"}, []string{"q", "esc", "left"},
		nil, func(m *Model, _ string) tea.Cmd { m.page = nil; return nil }},
	{Key{"y, ctrl-y", "copy the link to the clipboard with OSC 52 (in the list, y with an empty filter)"},
		[]string{"y", "ctrl+y"}, (*Model).copyKey, (*Model).copyKey},
	{Key{"q, Esc, ctrl-c", "leave without opening anything (q with an empty filter)"},
		[]string{"q", "esc", "ctrl+c"}, quit, nil},
	{Key{"ctrl-c", "(message) leave without opening anything"}, []string{"ctrl+c"}, nil, quit},
}

func quit(*Model, string) tea.Cmd { return tea.Quit }

// Keys returns the picker's keys, in the order its help lists them.
func Keys() []Key {
	keys := make([]Key, len(bindings))
	for i, b := range bindings {
		keys[i] = b.Key
	}
	return keys
}

// key applies the key k; it returns tea.Quit when picking ends.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	name := k.String()
	for _, b := range bindings {
		do := b.list
		if m.page != nil {
			do = b.page
		}
		if do == nil || !slices.Contains(b.keys, name) {
			continue
		}
		if m.page == nil && len(m.filter) > 0 && utf8.RuneCountInString(name) == 1 {
			break // a letter, for the filter once one is typed
		}
		return do(m, name)
	}
	if m.page == nil && k.Text != "" {
		m.setFilter(append(m.filter, printable([]rune(k.Text))...))
	}
	return nil
}
