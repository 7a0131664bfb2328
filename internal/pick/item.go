// Package pick is the model of "urix pick": the links of a message as
// rows to filter, move through, mark, copy and open, with what the reader
// should know before opening one (the warnings). It is a bubbletea model
// that tests drive with key messages, without a terminal; the command in
// package main gives it the terminal and opens what was picked.
package pick

import (
	"slices"
	"strconv"
	"strings"

	"github.com/urix/urix/extract"
)

// Item is one row of the list: a link, or all the links with its URI
// when duplicates are folded.
type Item struct {
	URI      string       // the link's URI, as opened and copied
	Show     string       // URI as shown: made safe for the terminal
	Text     string       // the context as shown: the line around the link, the anchor text, the header field
	Mark     string       // the part of Text to highlight (the reference as written), "" when Text lacks it
	Source   string       // where it came from in its message: "header List-Unsubscribe", "part 1", "line 12"
	Warnings []string     // "code: message", the link's (RFC 3986 §7 and others) and the picker's own
	Count    int          // occurrences folded into this row
	Link     extract.Link // the first occurrence: where the message view (Page) shows it
	message  int          // Link.Message
	id       int          // order of creation, which marks and the cursor follow
	key      []byte       // lowercase URI and Texts, for the filter; appended to as links fold
}

// Builder makes the rows of the links as they come: in input order, with
// the links from message headers last (List-Unsubscribe and the like are
// seldom what the reader wants), each URI once when folding.
type Builder struct {
	fold   bool
	escape func(string) string
	body   []Item
	head   []Item
	at     map[string]int  // index in body or head by URI; filled only when folding
	seen   map[string]bool // the contexts in the rows' keys, by URI and lowercase Text
	multi  bool            // a link from a second message: the rows say which
}

// NewBuilder returns a Builder that folds duplicates when fold is set;
// escape makes a string safe to print (control and bidi characters).
func NewBuilder(fold bool, escape func(string) string) *Builder {
	return &Builder{fold: fold, escape: escape, at: make(map[string]int), seen: make(map[string]bool)}
}

// Add adds the row of l, or folds l into the row of its URI.
func (b *Builder) Add(l extract.Link) {
	b.multi = b.multi || l.Message > 1
	isHead := l.Context == extract.ContextHeader && l.Part == ""
	list, k := &b.body, "b"+l.URI
	if isHead {
		list, k = &b.head, "h"+l.URI
	}
	// Warnings name hosts and header names come from the message: both
	// are escaped like the context, so no message writes to the terminal.
	var ws []string
	for _, w := range slices.Concat(l.Warnings, Warnings(l)) {
		ws = append(ws, b.escape(w))
	}
	if i, ok := b.at[k]; ok {
		it := &(*list)[i]
		it.Count++
		for _, w := range ws {
			if !slices.Contains(it.Warnings, w) {
				it.Warnings = append(it.Warnings, w)
			}
		}
		// The filter finds the row by any of its contexts, each kept once:
		// looked up in a set and appended, as a link may come thousands
		// of times (a log, a digest) and each time with a new context.
		t := strings.ToLower(l.Text)
		if seen := k + "\x00" + t; !b.seen[seen] {
			b.seen[seen] = true
			it.key = append(append(it.key, '\n'), t...)
		}
		return
	}
	if b.fold {
		b.at[k] = len(*list)
		b.seen[k+"\x00"+strings.ToLower(l.Text)] = true
	}
	it := newItem(l, ws, b.escape)
	it.id = len(b.body) + len(b.head)
	*list = append(*list, it)
}

// Items returns the rows so far.
func (b *Builder) Items() []Item {
	return slices.Concat(b.body, b.head)
}

// newItem returns the row of l with warnings ws, every string that
// comes from the input made safe to draw by escape.
func newItem(l extract.Link, ws []string, escape func(string) string) Item {
	it := Item{URI: l.URI, Show: escape(l.URI), Warnings: ws, Count: 1, Link: l}
	text := l.Text
	if text == "" && l.Header != "" {
		text = l.Header + ": " + l.Ref
	}
	it.Text = escape(text)
	if l.Ref != "" && strings.Contains(text, l.Ref) {
		it.Mark = escape(l.Ref)
	}
	it.Source, it.message = escape(source(l)), l.Message
	it.key = []byte(strings.ToLower(l.URI + "\n" + text))
	return it
}

// source says where l was found in its message, in a few words.
func source(l extract.Link) string {
	var parts []string
	switch {
	case l.Header != "":
		parts = append(parts, "header "+l.Header)
	case l.Part != "" && l.Message == 0:
		parts = append(parts, l.Part) // a document's: "page 2", "word/document.xml"
	case l.Part != "":
		parts = append(parts, "part "+l.Part)
	}
	if l.Tag != "" {
		parts = append(parts, "<"+strings.TrimSpace(l.Tag+" "+l.Attr)+">")
	}
	if len(parts) == 0 || l.Message == 0 && l.Line > 0 {
		parts = append(parts, "line "+strconv.Itoa(l.Line))
	}
	return strings.Join(parts, " ")
}
