// Package extract finds every link in plain text, HTML, e-mail and mbox
// input, with its position, the text as written, the base URI in force there
// (RFC 3986 §5.1) and the resolved URI (§5.2).
package extract

import (
	"io"

	"github.com/urix/urix/base"
)

// Link is one reference found in the input.
type Link struct {
	URI          string      `json:"uri"`                    // resolved against Base, or Ref when not resolved
	Ref          string      `json:"ref"`                    // as written, delimiters and line breaks removed
	File         string      `json:"file"`                   // the source name given in Options
	Line         int         `json:"line"`                   // 1-based line of Offset
	Column       int         `json:"column"`                 // 1-based byte column of Offset
	Offset       int64       `json:"offset"`                 // byte offset of the reference (in the decoded MIME part for mail)
	Style        string      `json:"style"`                  // angle, angle-url, quoted, bare, abbreviated, html
	Context      string      `json:"context"`                // text, html, html-text, css, header, ...
	Tag          string      `json:"tag,omitempty"`          // HTML element
	Attr         string      `json:"attr,omitempty"`         // HTML attribute
	Message      int         `json:"message,omitempty"`      // 1-based message index in mail and mbox input
	Part         string      `json:"part,omitempty"`         // MIME part: "1", "2.1"; empty for the message headers
	Header       string      `json:"header,omitempty"`       // mail header field the link came from
	Base         string      `json:"base,omitempty"`         // the base URI used
	BaseSource   base.Source `json:"base_source,omitempty"`  // embedded, encapsulating, retrieval, default
	Alternatives []string    `json:"alternatives,omitempty"` // other readings (hyphen at a line break)
	Warnings     []string    `json:"warnings,omitempty"`     // base problems, URI security warnings, ...
}

// Error is a problem with one part of the input (a malformed message in an
// mbox, an undecodable MIME part, an invalid <base href>, ...). Links yields
// it with a zero Link and goes on scanning unless the error is a read error.
type Error struct {
	File    string
	Message int    // 1-based message index, 0 outside mail
	Part    string // MIME part, empty for the message itself
	Offset  int64  // byte offset in the input where the problem starts, -1 if unknown
	Err     error
}

// source is what a content scanner knows about where its bytes come from.
type source struct {
	opts    *Options
	name    string    // Link.File
	base    base.Base // the base in force around the content: encapsulating, retrieval or default
	message int       // Link.Message
	part    string    // Link.Part
}

// A content scanner reads one kind of content from r and yields each link
// with Ref, Offset, Line, Column, Style, Context, Tag/Attr or Header, the
// base in force at the link (Base, BaseSource) and Alternatives set; it
// hands every link to src.emit, which fills in the rest (File, Message,
// Part, URI, Warnings) and applies the Options. A scanner returns false
// when yield did, and then stops.
type contentScanner func(r io.Reader, src *source, yield func(Link, error) bool) bool

// Options control Links. The zero value scans with type detection, resolves
// every reference, and keeps every link.
type Options struct{}
