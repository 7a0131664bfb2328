package extract

import (
	"bytes"
	"net/textproto"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/delimit"
)

// textField yields the URIs in the text of the header field f, one that
// headerRefs does not read (X-Url, Organization, the description of a
// List-Id, ...), as delimit finds them in text, unless its value is made
// of identifiers, not links (see idFields). A Subject gives a link only
// when the whole of it is one URI. Encoded words (RFC 2047) are decoded
// first; the links found in them are placed at the field's value.
// AnyScheme reaches these fields as it does the text of a body ("s3://",
// whose scheme ends in a digit, which mayHoldScheme does not look for).
func (w *mailWalker) textField(s *source, f field) bool {
	if !s.opts.Abbreviated && !mayHoldScheme(f.value) && !(s.opts.AnyScheme && bytes.Contains(f.value, []byte("://"))) ||
		isIDField(f.raw) {
		return true
	}
	name := textproto.CanonicalMIMEHeaderKey(string(f.raw))
	value, decoded := f.value, false
	if bytes.Contains(value, []byte("=?")) {
		u := string(unfold(value))
		if d := decodeWords(u); d != u {
			value, decoded = []byte(d), true
		}
	}
	for m := range delimit.All(value, delimit.Options{Abbreviated: s.opts.Abbreviated, AnyScheme: s.opts.AnyScheme}) {
		if name == "Subject" && !bytes.Equal(value[m.Start:m.End], bytes.Trim(value, " \t\r\n<>\"'")) {
			continue
		}
		at := f.off
		if !decoded {
			at += int(m.Start)
		}
		p := w.filePos(at)
		l := matchLink(m, ContextHeader)
		l.Offset, l.Line, l.Column, l.Header, l.Text = p.off, p.line, p.col, name, fieldText(name, value, l.Ref)
		if !s.emitAs(l, m.URI, w.yield) {
			return false
		}
	}
	return true
}

// idFields are the header fields whose values are identifiers, traces of
// relays, signatures or addresses, not links, and which no URI is read
// from; fields named "ARC-..." (RFC 8617) too. (The group syntax of the
// address fields, "Undisclosed-Recipients:;", reads as a scheme.)
var idFields = [...]string{
	"Message-ID", "Content-ID", "References", "In-Reply-To", "Resent-Message-ID",
	"Received", "X-Received", "Received-SPF", "Authentication-Results",
	"DKIM-Signature", "X-Google-DKIM-Signature", "DomainKey-Signature",
	"Content-Class", "Thread-Index",
	"From", "Sender", "Reply-To", "To", "Cc", "Bcc", "Return-Path", "Delivered-To",
	"Resent-From", "Resent-Sender", "Resent-To", "Resent-Cc", "Resent-Bcc",
	"Errors-To", "X-Original-To", "Envelope-To", "Mail-Followup-To", "Mail-Reply-To",
	"Disposition-Notification-To",
}

// isIDField reports whether the field name is one of idFields or an
// ARC field, in any case.
func isIDField(name []byte) bool {
	if len(name) > 4 && strings.EqualFold(string(name[:4]), "ARC-") {
		return true
	}
	for _, f := range idFields {
		if isName(f, name) {
			return true
		}
	}
	return false
}

// mayHoldScheme reports whether v may hold a URI with a scheme: a ':' after
// a letter. (Most fields have none, or only the digits of a time.)
func mayHoldScheme(v []byte) bool {
	for i := bytes.IndexByte(v, ':'); i >= 0; {
		if c := v[max(i-1, 0)] | 0x20; i > 0 && 'a' <= c && c <= 'z' {
			return true
		}
		j := bytes.IndexByte(v[i+1:], ':')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

// joinFields returns bytes.Join(bytes.Fields(v), " "), in one copy when v
// is ASCII (bytes.Fields reads the Unicode white space of other text).
func joinFields(v []byte) []byte {
	for _, c := range v {
		if c >= utf8.RuneSelf {
			return bytes.Join(bytes.Fields(v), []byte(" "))
		}
	}
	out := make([]byte, 0, len(v))
	for _, c := range v {
		if !asciiSpace(c) {
			out = append(out, c)
		} else if n := len(out); n > 0 && out[n-1] != ' ' {
			out = append(out, ' ')
		}
	}
	if n := len(out); n > 0 && out[n-1] == ' ' {
		out = out[:n-1]
	}
	return out
}

// asciiSpace reports whether c is white space as bytes.Fields reads it.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// maxFieldText bounds the value in Link.Text of a header link.
const maxFieldText = 200

// fieldText returns the Link.Text of the link ref in the header field
// name of value: "Name: value", unfolded and white space folded, the
// value cut after maxFieldText bytes, or, when ref is further on
// (List-Unsubscribe's second link, after a long mailto: token), cut
// around ref as the context of text is, for the text to show the link.
func fieldText(name string, value []byte, ref string) string {
	// White space folded as in the context of text: a tab of the
	// folding would show as "\t" where the text is escaped for a terminal.
	v := unfold(value)
	if bytes.ContainsAny(v, "\t\r\n") || bytes.Contains(v, []byte("  ")) {
		v = joinFields(v)
	}
	// Only a value longer than maxFieldText can hold ref past it (the
	// search converts ref, an allocation for most links).
	if ref != "" && len(v) > maxFieldText {
		if k := bytes.Index(v, []byte(ref)); k >= 0 && k+len(ref) > maxFieldText {
			return name + ": …" + delimit.LineContext(v, k, k+len(ref), maxFieldText)
		}
	}
	cut := len(v) > maxFieldText
	if cut {
		n := maxFieldText
		for n > 0 && !utf8.RuneStart(v[n]) {
			n--
		}
		v = v[:n]
	}
	var b strings.Builder
	b.Grow(len(name) + 2 + len(v) + 3)
	b.WriteString(name)
	b.WriteString(": ")
	b.Write(v)
	if cut {
		b.WriteString("…")
	}
	return b.String()
}
