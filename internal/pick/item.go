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
	URI      string   // the link's URI, as opened and copied
	Show     string   // URI as shown: made safe for the terminal
	Text     string   // the context as shown: the line around the link, the anchor text, the header field
	Mark     string   // the part of Text to highlight (the reference as written), "" when Text lacks it
	Source   string   // where it came from: "header List-Unsubscribe", "part 1", "msg 2 part 1", "line 12"
	Warnings []string // "code: message", the link's (RFC 3986 §7 and others) and the picker's own
	Count    int      // occurrences folded into this row
	header   bool
	key      string // lowercase URI and Text, for the filter
}

// Items makes the rows of the links: in input order, with the links from
// message headers last (List-Unsubscribe and the like are seldom what the
// reader wants), each URI once when fold is set. escape makes a string
// safe to print (control and bidi characters).
func Items(links []extract.Link, fold bool, escape func(string) string) []Item {
	var body, head []Item
	var byURI map[string]int
	if fold {
		byURI = make(map[string]int)
	}
	multi := false
	for _, l := range links {
		multi = multi || l.Message > 1
	}
	for _, l := range links {
		isHead := l.Context == extract.ContextHeader && l.Part == ""
		list := &body
		if isHead {
			list = &head
		}
		ws := append(append([]string(nil), l.Warnings...), Warnings(l)...)
		if fold {
			k := "b"
			if isHead {
				k = "h"
			}
			if i, ok := byURI[k+l.URI]; ok {
				it := &(*list)[i]
				it.Count++
				if t := strings.ToLower(l.Text); !strings.Contains(it.key, t) {
					it.key += "\n" + t // the filter finds it by any of its contexts
				}
				for _, w := range ws {
					if !slices.Contains(it.Warnings, w) {
						it.Warnings = append(it.Warnings, w)
					}
				}
				continue
			}
			byURI[k+l.URI] = len(*list)
		}
		*list = append(*list, newItem(l, ws, multi, escape))
	}
	return append(body, head...)
}

func newItem(l extract.Link, ws []string, multi bool, escape func(string) string) Item {
	it := Item{URI: l.URI, Show: escape(l.URI), Warnings: ws, Count: 1,
		header: l.Context == extract.ContextHeader && l.Part == ""}
	text := l.Text
	if text == "" && l.Header != "" {
		text = l.Header + ": " + l.Ref
	}
	it.Text = escape(text)
	if l.Ref != "" && strings.Contains(text, l.Ref) {
		it.Mark = escape(l.Ref)
	}
	it.Source = source(l, multi)
	it.key = strings.ToLower(l.URI + "\n" + text)
	return it
}

// source says where l was found, in a few words.
func source(l extract.Link, multi bool) string {
	var parts []string
	if multi && l.Message > 0 {
		parts = append(parts, "msg "+strconv.Itoa(l.Message))
	}
	switch {
	case l.Header != "":
		parts = append(parts, "header "+l.Header)
	case l.Part != "":
		parts = append(parts, "part "+l.Part)
	}
	if l.Tag != "" {
		parts = append(parts, "<"+l.Tag+" "+l.Attr+">")
	}
	if len(parts) == 0 || l.Message == 0 {
		parts = append(parts, "line "+strconv.Itoa(l.Line))
	}
	return strings.Join(parts, " ")
}
