package extract

import (
	"bytes"
	"net/textproto"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/internal/ascii"
)

// textField yields the URIs in the text of the header field f, one that
// headerRefs does not read (X-Url, Organization, the description of a
// List-Id, ...), as delimit finds them in text; the fields whose values
// are identifiers, not links (see idFields), and those that may hold no
// URI do not come here (see scanHeader). A Subject gives a link only
// when the whole of it is one URI. Encoded words (RFC 2047) are decoded
// first; the links found in them are placed at the field's value. The
// delimit options are those of bodies (Options.AnyScheme, Abbreviated,
// AngleRelative reach header links too).
func (w *mailWalker) textField(s *source, f field) bool {
	opts := s.delimitOptions()
	name := "" // made for the first link: most values that may hold one hold none
	value, decoded := f.value, false
	if bytes.Contains(value, []byte("=?")) {
		u := string(unfold(value))
		if d := charset.DecodeWords(u); d != u {
			value, decoded = []byte(d), true
		}
	}
	for m := range delimit.All(value, opts) {
		if name == "" {
			name = textproto.CanonicalMIMEHeaderKey(string(f.raw))
		}
		if name == "Subject" && !bytes.Equal(value[m.Start:m.End], bytes.Trim(value, " \t\r\n<>\"'")) {
			continue
		}
		at := f.off
		if !decoded {
			at += int(m.Start)
		}
		l := matchLink(m, ContextHeader)
		l.Header = name
		if !s.opts.NoText { // stamp empties it
			l.Text = fieldText(name, value, l.Ref)
		}
		if !w.noPositions {
			p := w.filePos(at)
			l.Offset, l.Line, l.Column = p.off, p.line, p.col
		}
		if s.complete(&l, m.URI) && !w.yield(l, nil) {
			return false
		}
	}
	return true
}

// messageIDFields are the header fields whose values are identifiers in
// the form of an addr-spec (RFC 5322 §3.6.4, RFC 2045 §7, RFC 5321 §4.4):
// neither a link nor an e-mail address is read from them (see idFields,
// and identifierFields for the addresses in text).
var messageIDFields = [...]string{"Message-ID", "Content-ID", "References", "In-Reply-To", "Resent-Message-ID", "Received"}

// idFields are the header fields whose values are identifiers, traces of
// relays, signatures or addresses, not links, and which no URI is read
// from; fields named "ARC-..." (RFC 8617) too (see lookupField). (The group syntax of the
// address fields, "Undisclosed-Recipients:;", reads as a scheme.) It is
// messageIDFields and more: the addresses of From, To, ... are what
// Options.Emails reports, not identifiers, so identifierFields, made from
// messageIDFields, leaves them out.
var idFields = append(messageIDFields[:len(messageIDFields):len(messageIDFields)],
	"X-Received", "Received-SPF", "Authentication-Results",
	"DKIM-Signature", "X-Google-DKIM-Signature", "DomainKey-Signature",
	"Content-Class", "Thread-Index",
	"From", "Sender", "Reply-To", "To", "Cc", "Bcc", "Return-Path", "Delivered-To",
	"Resent-From", "Resent-Sender", "Resent-To", "Resent-Cc", "Resent-Bcc",
	"Errors-To", "X-Original-To", "Envelope-To", "Mail-Followup-To", "Mail-Reply-To",
	"Disposition-Notification-To",
)

// fieldMayHoldURI reports whether the field value v may hold a URI that
// delimit finds with opts: any value may hold an abbreviated one
// ("www.example.com"); one with a "<" a relative reference inside <...>;
// else it needs a scheme (see mayHoldScheme), or with AnyScheme a "://"
// ("s3://", whose scheme ends in a digit, which mayHoldScheme does not
// look for). RFC 2047 encoded words ("=?utf-8?b?...?=") may hide any of
// these until textField decodes them.
func fieldMayHoldURI(v []byte, opts delimit.Options) bool {
	return opts.Abbreviated || opts.Relative && bytes.IndexByte(v, '<') >= 0 || mayHoldScheme(v) ||
		opts.AnyScheme && bytes.Contains(v, []byte("://")) || bytes.Contains(v, []byte("=?"))
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

// foldedValue returns the value of a header field as Link.Text shows it:
// unfolded (see unfold), and, when that leaves tabs, line breaks or runs
// of spaces, with its white space folded (joinFields), as in the context
// of text: a tab of the folding would show as "\t" where the text is
// escaped for a terminal. An ASCII value, nearly all, is read in one
// pass, into buf when it changes.
func foldedValue(buf, value []byte) []byte {
	if ascii.Prefix(value) < len(value) {
		v := unfold(value)
		if bytes.ContainsAny(v, "\t\r\n") || bytes.Contains(v, []byte("  ")) {
			v = joinFields(v)
		}
		return v
	}
	v := bytes.TrimSpace(value)
	if bytes.IndexByte(v, '\n') < 0 {
		if bytes.IndexByte(v, '\t') < 0 && bytes.IndexByte(v, '\r') < 0 && !bytes.Contains(v, []byte("  ")) {
			return v
		}
		return appendJoined(buf, v)
	}
	if foldsPlainly(v) {
		return appendJoined(buf, v)
	}
	// Unfolded: the line breaks left out.
	out, fold, prev := buf, false, byte(0)
	for _, c := range v {
		if c == '\r' || c == '\n' {
			continue
		}
		fold = fold || c == '\t' || c == ' ' && prev == ' '
		out, prev = append(out, c), c
	}
	if !fold {
		return out
	}
	return appendJoined(out[:len(buf)], out[len(buf):])
}

// foldsPlainly reports whether the ASCII value v is folded as a header
// writes it: each LF followed by a space or a tab, each CR by LF, and no
// \v or \f. Its line breaks are then white space next to white space,
// which appendJoined folds as foldedValue does once they are left out.
// (A few scans of v with IndexByte cost less than the unfolding copy.)
func foldsPlainly(v []byte) bool {
	if bytes.IndexByte(v, '\v') >= 0 || bytes.IndexByte(v, '\f') >= 0 {
		return false
	}
	for i := bytes.IndexByte(v, '\n'); i >= 0; {
		if i+1 == len(v) || v[i+1] != ' ' && v[i+1] != '\t' {
			return false
		}
		j := bytes.IndexByte(v[i+1:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	for i := bytes.IndexByte(v, '\r'); i >= 0; {
		if i+1 == len(v) || v[i+1] != '\n' {
			return false
		}
		j := bytes.IndexByte(v[i+1:], '\r')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return true
}

// appendJoined appends joinFields(v) to dst, v ASCII, which may be
// dst[len(dst):] itself: it writes no further than it has read.
func appendJoined(dst, v []byte) []byte {
	for _, c := range v {
		if !asciiSpace(c) {
			dst = append(dst, c)
		} else if n := len(dst); n > 0 && dst[n-1] != ' ' {
			dst = append(dst, ' ')
		}
	}
	if n := len(dst); n > 0 && dst[n-1] == ' ' {
		dst = dst[:n-1]
	}
	return dst
}

// joinFields returns bytes.Join(bytes.Fields(v), " "), in one copy when v
// is ASCII (bytes.Fields reads the Unicode white space of other text).
func joinFields(v []byte) []byte {
	for _, c := range v {
		if c >= utf8.RuneSelf {
			return bytes.Join(bytes.Fields(v), []byte(" "))
		}
	}
	return appendJoined(make([]byte, 0, len(v)), v)
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
	var buf [512]byte
	v := foldedValue(buf[:0], value)
	if s, ok, _, _ := refText(name, v, ref, 0); ok {
		return s
	}
	return valueText(name, v)
}

// refText returns fieldText's text around ref, if the value folded v is
// longer than maxFieldText and holds ref past it; ok false otherwise. The
// search starts at from and looks at most maxRefGap bytes past ref's
// length: a field's links come in order, so its caller starts each search
// at next, past the ref found before, and a field of n links costs time
// linear in its length, not n times it. searched is what it looked at.
func refText(name string, v []byte, ref string, from int) (text string, ok bool, next, searched int) {
	// Only a value longer than maxFieldText can hold ref past it (the
	// search converts ref, an allocation for most links).
	if ref == "" || len(v) <= maxFieldText || from >= len(v) {
		return "", false, from, 0
	}
	w := v[from:min(len(v), from+len(ref)+maxRefGap)]
	k := bytes.Index(w, []byte(ref))
	if k < 0 {
		return "", false, from, len(w)
	}
	k += from
	next = k + len(ref)
	if next > maxFieldText {
		return name + ": …" + delimit.LineContext(v, k, next, maxFieldText), true, next, next - from
	}
	return "", false, next, next - from
}

// maxRefGap bounds how far past the link before refText looks for a link
// in a header field's value.
const maxRefGap = 1024

// valueText returns fieldText's text of the value folded v, cut after
// maxFieldText bytes: the same for all the links of a field but those
// refText finds further on.
func valueText(name string, v []byte) string {
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
