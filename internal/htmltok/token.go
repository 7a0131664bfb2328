// Copyright 2010 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package htmltok is the HTML tokenizer of golang.org/x/net/html (token.go
// of x/net v0.62.0), forked to read a page held whole in memory and to
// report where each part of a tag stands in it: the tag name and every
// attribute's name and value as byte spans of the input, with the value's
// quote, so that a caller reads a tag's attributes from the one pass that
// finds its boundaries and can rewrite a value in place. Its token
// boundaries, token types and states are x/net/html's, by construction
// (the state machine is copied unchanged but for the reading of bytes) and
// by test (FuzzTokens compares the two on arbitrary input).
//
// Unlike x/net/html it never copies the input, never modifies it, and
// allocates nothing per token or attribute: decoding character references
// and lowering names is left to the caller, who knows which it needs.
//
// What differs from x/net/html v0.62.0's token.go, for whoever brings it
// up to a later version: readByte reads the page in memory (no io.Reader,
// no buffer to refill or move, so spans are offsets in the input);
// skipToLT and the read of a quoted value jump with bytes.IndexByte, and
// skipWhiteSpace and the reads of names and unquoted values loop on the
// buffer with a table of bytes (stops), where the original loops on
// readByte; Next reads the '<' skipToLT stops at and the byte after it on
// the buffer; readTagAttrKey is readTagAttr, which reads a quoted value
// right after "=" itself; readTag tells duplicate attributes
// without allocating (seen, nameTable) and keeps those SetFilter accepts;
// rawTagIn sets rawTag without allocating; Token, Text, TagAttr,
// Buffered, SetMaxBuf and NewTokenizerFragment are left out, with the
// fields only they read. The functions of the state machine (readScript,
// readComment, readRawOrRCDATA, readMarkupDeclaration, Next, ...) are
// otherwise the original's, line for line, LICENSE is x/net's.
package htmltok

import (
	"bytes"
	"hash/maphash"
	"io"

	"golang.org/x/net/html"
)

// TokenType is x/net/html's: the two tokenizers return the same ones.
type TokenType = html.TokenType

// The token types.
const (
	ErrorToken          = html.ErrorToken
	TextToken           = html.TextToken
	StartTagToken       = html.StartTagToken
	EndTagToken         = html.EndTagToken
	SelfClosingTagToken = html.SelfClosingTagToken
	CommentToken        = html.CommentToken
	DoctypeToken        = html.DoctypeToken
)

// span is a range of bytes in a Tokenizer's buffer. The start is inclusive,
// the end is exclusive.
type span struct {
	start, end int
}

// Span is a range [Start, End) of bytes of the input.
type Span struct {
	Start, End int32
}

// Attr is an attribute of a start tag, as spans of the input: the name as
// written (not lowered, NUL not replaced), the value inside its quotes
// (character references not decoded).
type Attr struct {
	Key, Val Span
	// End is where the attribute ends: after the closing quote, at the
	// end of an unquoted value, else where the tokenizer stopped reading
	// it (after the white space after a name without "=", after a '/').
	End      int32
	Quote    byte // '"', '\'', or 0 for an unquoted or missing value
	HasValue bool // "=" is written
	// Rule is what the filter (see SetFilter) returned for the name, 1
	// without a filter.
	Rule int32
}

// A Tokenizer returns a stream of HTML tokens of a page held in memory.
type Tokenizer struct {
	// tt is the TokenType of the current token.
	tt TokenType
	// err is io.EOF once the input is read to its end. It is possible
	// for tt != Error && err != nil to hold: this means that Next returned a
	// valid token but the subsequent Next call will return an error token.
	// err is never reset. Once it becomes non-nil, it stays non-nil.
	err error
	// buf[raw.start:raw.end] holds the raw bytes of the current token.
	// buf[raw.end:] is the input that will yield future tokens.
	raw span
	buf []byte
	// buf[data.start:data.end] holds the raw bytes of the current token's data:
	// a text token's text, a tag token's tag name, etc.
	data span
	// pendingAttr is the attribute key and value currently being tokenized.
	// When complete, it is pushed onto attr, unless its name is empty or
	// that of an attribute before it (HTML Living Standard §13.2.5.33:
	// the first of duplicate attributes is kept).
	pendingAttr  [2]span
	pendingQuote byte
	pendingEq    bool
	// attr holds the attributes of the current tag that keep accepts,
	// nAttr counts them all and lastValEnd is where the value of the
	// last one ends.
	attr       []Attr
	keep       func(name []byte) int
	nAttr      int
	lastValEnd int
	// The names of the current tag's attributes, to tell a duplicate in
	// constant time however many a tag has: the first linearNames
	// compared one by one, then all of them by the hash of their lowered
	// name (names, once hashed is set), the name with it; extra holds
	// the names whose hash is another's.
	first   [linearNames]span
	sigs    uint64 // the nameSig of each, or'ed
	names   nameTable
	extra   []span
	hashed  bool
	seed    maphash.Seed
	lowered []byte // scratch space for hash
	// rawTag is the "script" in "</script>" that closes the next token. If
	// non-empty, the subsequent call to Next will return a raw or RCDATA text
	// token: one that treats "<p>" as text instead of an element.
	// rawTag's contents are lower-cased.
	rawTag string
	// allowCDATA is whether CDATA sections are allowed in the current context.
	allowCDATA bool
}

// New returns a Tokenizer of the page buf, shorter than 2 GiB. The input
// is assumed to be UTF-8 encoded. buf is never modified.
func New(buf []byte) *Tokenizer {
	z := &Tokenizer{seed: maphash.MakeSeed()}
	z.Reset(buf)
	return z
}

// Reset makes z a tokenizer of buf, keeping the memory it holds.
func (z *Tokenizer) Reset(buf []byte) {
	*z = Tokenizer{buf: buf, attr: z.attr[:0], keep: z.keep, names: z.names, extra: z.extra[:0], seed: z.seed, lowered: z.lowered}
	z.names.reset()
}

// SetFilter makes the tokenizer keep, of the attributes of a tag, those
// whose name (as written) keep gives a number other than 0, the Rule of
// the Attr: Attrs returns them alone, and a tag of very many attributes
// costs memory for those alone. A nil keep accepts every attribute, with
// Rule 1.
func (z *Tokenizer) SetFilter(keep func(name []byte) int) {
	z.keep = keep
}

// AllowCDATA sets whether or not the tokenizer recognizes <![CDATA[foo]]> as
// the text "foo", as x/net/html's does (see there): the caller is to
// allow it in foreign content only.
func (z *Tokenizer) AllowCDATA(allowCDATA bool) {
	z.allowCDATA = allowCDATA
}

// NextIsNotRawText instructs the tokenizer that the next token should not be
// considered as 'raw text', as x/net/html's does (see there): for a title,
// style or script element in foreign content, a noscript read as markup.
func (z *Tokenizer) NextIsNotRawText() {
	z.rawTag = ""
}

// Err returns the error associated with the most recent ErrorToken token:
// io.EOF, the end of the input.
func (z *Tokenizer) Err() error {
	if z.tt != ErrorToken {
		return nil
	}
	return z.err
}

// readByte returns the next byte from the input, or sets z.err to io.EOF
// at its end. z.buf[z.raw.start:z.raw.end] holds all the bytes read so
// far for the current token: with the whole input in z.buf, unlike
// x/net/html's, it never refills or moves it.
// Pre-condition: z.err == nil.
func (z *Tokenizer) readByte() byte {
	if z.raw.end >= len(z.buf) {
		z.err = io.EOF
		return 0
	}
	x := z.buf[z.raw.end]
	z.raw.end++
	return x
}

// skipWhiteSpace skips past any white space.
func (z *Tokenizer) skipWhiteSpace() {
	if z.err != nil {
		return
	}
	// The loop of readByte up to a byte that is not white space, on the
	// buffer.
	buf, i := z.buf, z.raw.end
	for i < len(buf) && stops[buf[i]]&space != 0 {
		i++
	}
	z.raw.end = i
	if i == len(buf) {
		z.err = io.EOF
	}
}

// stops classifies the bytes that end a name or a value in a tag.
var stops = func() (t [256]uint8) {
	for _, c := range []byte(" \n\r\t\f") {
		t[c] |= space
	}
	t['/'] |= slash
	t['>'] |= gt
	t['='] |= eq
	return t
}()

// The classes of stops: white space, '/', '>' and '='.
const (
	space = 1 << iota
	slash
	gt
	eq
)

// readRawOrRCDATA reads until the next "</foo>", where "foo" is z.rawTag and
// is typically something like "script" or "textarea".
func (z *Tokenizer) readRawOrRCDATA() {
	if z.rawTag == "script" {
		z.readScript()
		z.rawTag = ""
		return
	}
loop:
	for {
		z.skipToLT()
		c := z.readByte()
		if z.err != nil {
			break loop
		}
		if c != '<' {
			continue loop
		}
		c = z.readByte()
		if z.err != nil {
			break loop
		}
		if c != '/' {
			z.raw.end--
			continue loop
		}
		if z.readRawEndTag() || z.err != nil {
			break loop
		}
	}
	z.data.end = z.raw.end
	z.rawTag = ""
}

// readRawEndTag attempts to read a tag like "</foo>", where "foo" is z.rawTag.
// If it succeeds, it backs up the input position to reconsume the tag and
// returns true. Otherwise it returns false. The opening "</" has already been
// consumed.
func (z *Tokenizer) readRawEndTag() bool {
	for i := 0; i < len(z.rawTag); i++ {
		c := z.readByte()
		if z.err != nil {
			return false
		}
		if c != z.rawTag[i] && c != z.rawTag[i]-('a'-'A') {
			z.raw.end--
			return false
		}
	}
	c := z.readByte()
	if z.err != nil {
		return false
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		// The 3 is 2 for the leading "</" plus 1 for the trailing character c.
		z.raw.end -= 3 + len(z.rawTag)
		return true
	}
	z.raw.end--
	return false
}

// readScript reads until the next </script> tag, following the byzantine
// rules for escaping/hiding the closing tag.
func (z *Tokenizer) readScript() {
	defer func() {
		z.data.end = z.raw.end
	}()
	var c byte

scriptData:
	z.skipToLT()
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '<' {
		goto scriptDataLessThanSign
	}
	goto scriptData

scriptDataLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '/':
		goto scriptDataEndTagOpen
	case '!':
		goto scriptDataEscapeStart
	}
	z.raw.end--
	goto scriptData

scriptDataEndTagOpen:
	if z.readRawEndTag() || z.err != nil {
		return
	}
	goto scriptData

scriptDataEscapeStart:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '-' {
		goto scriptDataEscapeStartDash
	}
	z.raw.end--
	goto scriptData

scriptDataEscapeStartDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '-' {
		goto scriptDataEscapedDashDash
	}
	z.raw.end--
	goto scriptData

scriptDataEscaped:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDashDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataEscaped

scriptDataEscapedLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		goto scriptDataEscapedEndTagOpen
	}
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		goto scriptDataDoubleEscapeStart
	}
	z.raw.end--
	goto scriptData

scriptDataEscapedEndTagOpen:
	if z.readRawEndTag() || z.err != nil {
		return
	}
	goto scriptDataEscaped

scriptDataDoubleEscapeStart:
	z.raw.end--
	for i := 0; i < len("script"); i++ {
		c = z.readByte()
		if z.err != nil {
			return
		}
		if c != "script"[i] && c != "SCRIPT"[i] {
			z.raw.end--
			goto scriptDataEscaped
		}
	}
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		goto scriptDataDoubleEscaped
	}
	z.raw.end--
	goto scriptDataEscaped

scriptDataDoubleEscaped:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDashDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		goto scriptDataDoubleEscapeEnd
	}
	z.raw.end--
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapeEnd:
	if z.readRawEndTag() {
		z.raw.end += len("</script>")
		goto scriptDataEscaped
	}
	if z.err != nil {
		return
	}
	goto scriptDataDoubleEscaped
}

// readComment reads the next comment token starting with "<!--". The opening
// "<!--" has already been consumed.
func (z *Tokenizer) readComment() {
	// When modifying this function, consider manually increasing the
	// maxSuffixLen constant in func TestComments, from 6 to e.g. 9 or more.
	// That increase should only be temporary, not committed, as it
	// exponentially affects the test running time.

	z.data.start = z.raw.end
	defer func() {
		if z.data.end < z.data.start {
			// It's a comment with no data, like <!-->.
			z.data.end = z.data.start
		}
	}()

	var dashCount int
	beginning := true
	for {
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.calculateAbruptCommentDataEnd()
			return
		}
		switch c {
		case '-':
			dashCount++
			continue
		case '>':
			if dashCount >= 2 || beginning {
				z.data.end = z.raw.end - len("-->")
				return
			}
		case '!':
			if dashCount >= 2 {
				c = z.readByte()
				if z.err != nil {
					z.data.end = z.calculateAbruptCommentDataEnd()
					return
				} else if c == '>' {
					z.data.end = z.raw.end - len("--!>")
					return
				} else if c == '-' {
					dashCount = 1
					beginning = false
					continue
				}
			}
		}
		dashCount = 0
		beginning = false
		// With no dash before, no byte but a dash changes the state:
		// the loop of readByte up to the next, at once.
		if i := bytes.IndexByte(z.buf[z.raw.end:], '-'); i >= 0 {
			z.raw.end += i
		} else {
			z.raw.end = len(z.buf)
		}
	}
}

func (z *Tokenizer) calculateAbruptCommentDataEnd() int {
	raw := z.Raw()
	const prefixLen = len("<!--")
	if len(raw) >= prefixLen {
		raw = raw[prefixLen:]
		if hasSuffix(raw, "--!") {
			return z.raw.end - 3
		} else if hasSuffix(raw, "--") {
			return z.raw.end - 2
		} else if hasSuffix(raw, "-") {
			return z.raw.end - 1
		}
	}
	return z.raw.end
}

func hasSuffix(b []byte, suffix string) bool {
	if len(b) < len(suffix) {
		return false
	}
	b = b[len(b)-len(suffix):]
	for i := range b {
		if b[i] != suffix[i] {
			return false
		}
	}
	return true
}

// readUntilCloseAngle reads until the next ">".
func (z *Tokenizer) readUntilCloseAngle() {
	z.data.start = z.raw.end
	for {
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.raw.end
			return
		}
		if c == '>' {
			z.data.end = z.raw.end - len(">")
			return
		}
	}
}

// readMarkupDeclaration reads the next token starting with "<!". It might be
// a "<!--comment-->", a "<!DOCTYPE foo>", a "<![CDATA[section]]>" or
// "<!a bogus comment". The opening "<!" has already been consumed.
func (z *Tokenizer) readMarkupDeclaration() TokenType {
	z.data.start = z.raw.end
	var c [2]byte
	for i := 0; i < 2; i++ {
		c[i] = z.readByte()
		if z.err != nil {
			// bogus comment
			z.data.end = z.raw.end
			if i == 1 && c[0] == '>' {
				z.data.end--
			}
			return CommentToken
		}
	}
	if c[0] == '-' && c[1] == '-' {
		z.readComment()
		return CommentToken
	}
	z.raw.end -= 2
	if z.readDoctype() {
		return DoctypeToken
	}
	if z.allowCDATA && z.readCDATA() {
		return TextToken
	}
	// It's a bogus comment.
	z.readUntilCloseAngle()
	return CommentToken
}

// readDoctype attempts to read a doctype declaration and returns true if
// successful. The opening "<!" has already been consumed.
func (z *Tokenizer) readDoctype() bool {
	const s = "DOCTYPE"
	for i := 0; i < len(s); i++ {
		c := z.readByte()
		if z.err != nil {
			if z.err == io.EOF {
				// Back up to read the fragment of "DOCTYPE" again, reset
				// z.err to signal EOF on the next call
				z.raw.end = z.data.start
				z.err = nil
				return false
			}
			z.data.end = z.raw.end
			return false
		}
		if c != s[i] && c != s[i]+('a'-'A') {
			// Back up to read the fragment of "DOCTYPE" again.
			z.raw.end = z.data.start
			return false
		}
	}
	if z.skipWhiteSpace(); z.err != nil {
		z.data.start = z.raw.end
		z.data.end = z.raw.end
		return true
	}
	z.readUntilCloseAngle()
	return true
}

// readCDATA attempts to read a CDATA section and returns true if
// successful. The opening "<!" has already been consumed.
func (z *Tokenizer) readCDATA() bool {
	const s = "[CDATA["
	for i := 0; i < len(s); i++ {
		c := z.readByte()
		if z.err != nil {
			if z.err == io.EOF {
				// Back up to read the fragment of "[CDATA[" again, reset
				// z.err to signal EOF on the next call
				z.raw.end = z.data.start
				z.err = nil
				return false
			}
			z.data.end = z.raw.end
			return false
		}
		if c != s[i] {
			// Back up to read the fragment of "[CDATA[" again.
			z.raw.end = z.data.start
			return false
		}
	}
	z.data.start = z.raw.end
	brackets := 0
	for {
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.raw.end
			return true
		}
		switch c {
		case ']':
			brackets++
		case '>':
			if brackets >= 2 {
				z.data.end = z.raw.end - len("]]>")
				return true
			}
			brackets = 0
		default:
			brackets = 0
		}
	}
}

// startTagIn returns whether the start tag in z.buf[z.data.start:z.data.end]
// case-insensitively matches any element of ss.

func (z *Tokenizer) Next() TokenType {
	z.raw.start = z.raw.end
	z.data.start = z.raw.end
	z.data.end = z.raw.end
	if z.err != nil {
		z.tt = ErrorToken
		return z.tt
	}
	if z.rawTag != "" {
		if z.rawTag == "plaintext" {
			// Read everything up to EOF.
			for z.err == nil {
				z.readByte()
			}
			z.data.end = z.raw.end
		} else {
			z.readRawOrRCDATA()
		}
		if z.data.end > z.data.start {
			z.tt = TextToken
			return z.tt
		}
	}

loop:
	for {
		z.skipToLT()
		// Two readByte of the '<' skipToLT stopped at and the byte after
		// it, on the buffer.
		if z.raw.end+1 >= len(z.buf) {
			z.raw.end, z.err = len(z.buf), io.EOF
			break loop
		}

		// Check if the '<' we have just read is part of a tag, comment
		// or doctype. If not, it's part of the accumulated text token.
		c := z.buf[z.raw.end+1]
		z.raw.end += 2
		var tokenType TokenType
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			tokenType = StartTagToken
		case c == '/':
			tokenType = EndTagToken
		case c == '!' || c == '?':
			// We use CommentToken to mean any of "<!--actual comments-->",
			// "<!DOCTYPE declarations>" and "<?xml processing instructions?>".
			tokenType = CommentToken
		default:
			// Reconsume the current character.
			z.raw.end--
			continue
		}

		// We have a non-text token, but we might have accumulated some text
		// before that. If so, we return the text first, and return the non-
		// text token on the subsequent call to Next.
		if x := z.raw.end - len("<a"); z.raw.start < x {
			z.raw.end = x
			z.data.end = x
			z.tt = TextToken
			return z.tt
		}
		switch tokenType {
		case StartTagToken:
			z.tt = z.readStartTag()
			return z.tt
		case EndTagToken:
			c = z.readByte()
			if z.err != nil {
				break loop
			}
			if c == '>' {
				// "</>" does not generate a token at all. Generate an empty comment
				// to allow passthrough clients to pick up the data using Raw.
				// Reset the tokenizer state and start again.
				z.tt = CommentToken
				return z.tt
			}
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
				z.readTag(false)
				if z.err != nil {
					z.tt = ErrorToken
				} else {
					z.tt = EndTagToken
				}
				return z.tt
			}
			z.raw.end--
			z.readUntilCloseAngle()
			z.tt = CommentToken
			return z.tt
		case CommentToken:
			if c == '!' {
				z.tt = z.readMarkupDeclaration()
				return z.tt
			}
			z.raw.end--
			z.readUntilCloseAngle()
			z.tt = CommentToken
			return z.tt
		}
	}
	if z.raw.start < z.raw.end {
		z.data.end = z.raw.end
		z.tt = TextToken
		return z.tt
	}
	z.tt = ErrorToken
	return z.tt
}

// Raw returns the unmodified text of the current token. Calling Next, Token,
// Text, TagName or TagAttr may change the contents of the returned slice.
//
// The token stream's raw bytes partition the byte stream (up until an
// ErrorToken). There are no overlaps or gaps between two consecutive token's
// raw bytes. One implication is that the byte offset of the current token is
// the sum of the lengths of all previous tokens' raw bytes.

// skipToLT moves the reader to the next '<', or to the end of the input:
// what a loop of readByte that goes on until a '<' does, at the speed of
// bytes.IndexByte.
func (z *Tokenizer) skipToLT() {
	if z.raw.end < len(z.buf) && z.buf[z.raw.end] == '<' {
		return // the next tag right after this one: no call (inlined)
	}
	z.indexLT()
}

// indexLT is skipToLT past its first byte.
func (z *Tokenizer) indexLT() {
	if i := bytes.IndexByte(z.buf[z.raw.end:], '<'); i >= 0 {
		z.raw.end += i
	} else {
		z.raw.end = len(z.buf)
	}
}

// rawTagIn returns the element of ss that the start tag in
// z.buf[z.data.start:z.data.end] case-insensitively matches, or "".
func (z *Tokenizer) rawTagIn(ss ...string) string {
loop:
	for _, s := range ss {
		if z.data.end-z.data.start != len(s) {
			continue loop
		}
		for i := 0; i < len(s); i++ {
			c := z.buf[z.data.start+i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != s[i] {
				continue loop
			}
		}
		return s
	}
	return ""
}

// readStartTag reads the next start tag token. The opening "<a" has already
// been consumed, where 'a' means anything in [A-Za-z].
func (z *Tokenizer) readStartTag() TokenType {
	z.readTag(true)
	if z.err != nil {
		return ErrorToken
	}
	// Several tags flag the tokenizer's next token as raw. (rawTag is ""
	// here: Next reads a tag with no raw text to come. Names of other
	// lengths than these, p, td, img, span, call no rawTagIn.)
	c := z.buf[z.data.start]
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	switch n := z.data.end - z.data.start; {
	case c == 'i' && n == len("iframe"):
		z.rawTag = z.rawTagIn("iframe")
	case c == 'n' && (n == len("noembed") || n == len("noscript")):
		z.rawTag = z.rawTagIn("noembed", "noframes", "noscript")
	case c == 'p' && n == len("plaintext"):
		z.rawTag = z.rawTagIn("plaintext")
	case c == 's' && (n == len("script") || n == len("style")):
		z.rawTag = z.rawTagIn("script", "style")
	case c == 't' && (n == len("textarea") || n == len("title")):
		z.rawTag = z.rawTagIn("textarea", "title")
	case c == 'x' && n == len("xmp"):
		z.rawTag = z.rawTagIn("xmp")
	}
	// Look for a self-closing token (e.g. <br/>).
	//
	// Originally, we did this by just checking that the last character of the
	// tag (ignoring the closing bracket) was a solidus (/) character, but this
	// is not always accurate.
	//
	// We need to be careful that we don't misinterpret a non-self-closing tag
	// as self-closing, as can happen if the tag contains unquoted attribute
	// values (i.e. <p a=/>).
	//
	// To avoid this, we check that the last non-bracket character of the tag
	// (z.raw.end-2) isn't the same character as the last non-quote character of
	// the last attribute of the tag (z.pendingAttr[1].end-1), if the tag has
	// attributes.
	if z.err == nil && z.buf[z.raw.end-2] == '/' && (z.nAttr == 0 || z.raw.end-2 != z.lastValEnd-1) {
		return SelfClosingTagToken
	}
	return StartTagToken
}

// readTag reads the next tag token and its attributes. If saveAttr, those
// attributes are saved in z.attr, otherwise z.attr is set to an empty slice.
// The opening "<a" or "</a" has already been consumed, where 'a' means anything
// in [A-Za-z].
func (z *Tokenizer) readTag(saveAttr bool) {
	z.attr, z.nAttr, z.sigs = z.attr[:0], 0, 0
	if z.hashed {
		z.names.reset()
		z.extra, z.hashed = z.extra[:0], false
	}
	// Read the tag name and attribute key/value pairs.
	z.readTagName()
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	for {
		// What readByte returns here: skipWhiteSpace left a byte.
		if z.buf[z.raw.end] == '>' {
			z.raw.end++
			break
		}
		z.readTagAttr()
		// Save pendingAttr if saveAttr and that attribute has a non-empty key, and the key hasn't been seen before.
		if k := z.pendingAttr[0]; saveAttr && k.start != k.end {
			if sig := z.nameSig(k); z.sigs&sig == 0 || !z.seen(k) {
				z.sigs |= sig
				z.save()
			}
		}
		if z.skipWhiteSpace(); z.err != nil {
			break
		}
	}
}

// save counts pendingAttr among the tag's attributes, and appends it to
// attr if keep accepts it.
func (z *Tokenizer) save() {
	k, v := z.pendingAttr[0], z.pendingAttr[1]
	z.nAttr++
	z.lastValEnd = v.end
	if z.nAttr <= linearNames {
		z.first[z.nAttr-1] = k
	} else {
		z.hashNames()
		z.addName(k)
	}
	rule := 1
	if z.keep != nil {
		if rule = z.keep(z.buf[k.start:k.end]); rule == 0 {
			return
		}
	}
	end := z.raw.end
	if z.pendingEq && z.pendingQuote == 0 && v.start < v.end {
		end = v.end // not the white space that ended it
	}
	z.attr = append(z.attr, Attr{
		Key:   Span{int32(k.start), int32(k.end)},
		Val:   Span{int32(v.start), int32(v.end)},
		End:   int32(end),
		Quote: z.pendingQuote, HasValue: z.pendingEq, Rule: int32(rule),
	})
}

// nameSig returns a bit of the length and the first letter, in any
// ASCII case, of the attribute name k, not empty: a name whose bit is not
// among the tag's sigs is not a duplicate, which tells most of them
// without a compare.
func (z *Tokenizer) nameSig(k span) uint64 {
	return 1 << ((uint(k.end-k.start)*5 + uint(z.buf[k.start]|0x20)) & 63)
}

// linearNames is how many attributes of a tag are compared one by one
// with a new one to tell a duplicate; beyond, their names are hashed.
const linearNames = 8

// seen reports whether an attribute before the one named k, of the
// current tag, has the same name in any ASCII case.
func (z *Tokenizer) seen(k span) bool {
	if z.nAttr <= linearNames {
		for _, f := range z.first[:z.nAttr] {
			if z.sameName(f, k) {
				return true
			}
		}
		return false
	}
	z.hashNames()
	f, ok := z.names.get(z.hash(k))
	if !ok {
		return false
	}
	if z.sameName(f, k) {
		return true
	}
	for _, f := range z.extra {
		if z.sameName(f, k) {
			return true
		}
	}
	return false
}

// hashNames puts the first linearNames names in names, once a tag has
// more.
func (z *Tokenizer) hashNames() {
	if z.hashed {
		return
	}
	z.hashed = true
	for _, f := range z.first {
		z.addName(f)
	}
}

// addName adds the name k to names, or to extra if another has its hash.
func (z *Tokenizer) addName(k span) {
	if !z.names.add(z.hash(k), k) {
		z.extra = append(z.extra, k)
	}
}

// nameTable is a set of names by their hashes, open addressing with
// linear probing: unlike a map, it keeps its memory when reset, for the
// next tag of many attributes.
type nameTable struct {
	slots []nameSlot // a power of 2 of them, at most half full
	n     int
}

type nameSlot struct {
	h    uint64
	name Span // End 0: an empty slot (no name ends at 0: a tag starts with '<')
}

// get returns the name of hash h, if one is there.
func (t *nameTable) get(h uint64) (span, bool) {
	if len(t.slots) == 0 {
		return span{}, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; t.slots[i].name.End != 0; i = (i + 1) & mask {
		if t.slots[i].h == h {
			return span{int(t.slots[i].name.Start), int(t.slots[i].name.End)}, true
		}
	}
	return span{}, false
}

// add adds name k of hash h, and reports false if a name of hash h is
// there already.
func (t *nameTable) add(h uint64, k span) bool {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]nameSlot, max(64, 2*len(old)))
		t.n = 0
		for _, s := range old {
			if s.name.End != 0 {
				t.add(s.h, span{int(s.name.Start), int(s.name.End)})
			}
		}
	}
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for ; t.slots[i].name.End != 0; i = (i + 1) & mask {
		if t.slots[i].h == h {
			return false
		}
	}
	t.slots[i] = nameSlot{h, Span{int32(k.start), int32(k.end)}}
	t.n++
	return true
}

// reset empties t.
func (t *nameTable) reset() {
	if t.n > 0 {
		clear(t.slots)
		t.n = 0
	}
}

// hash returns the hash of name k, lowered.
func (z *Tokenizer) hash(k span) uint64 {
	z.lowered = append(z.lowered[:0], z.buf[k.start:k.end]...)
	lower(z.lowered)
	return nameHash(z.seed, z.lowered)
}

// nameHash is the hash of attribute names; tests make it collide.
var nameHash = maphash.Bytes

// sameName reports whether the names a and b are the same in any ASCII
// case.
func (z *Tokenizer) sameName(a, b span) bool {
	if a.end-a.start != b.end-b.start {
		return false
	}
	x, y := z.buf[a.start:a.end], z.buf[b.start:b.end]
	for j, c := range x {
		d := y[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'A' <= d && d <= 'Z' {
			d += 'a' - 'A'
		}
		if c != d {
			return false
		}
	}
	return true
}

func lower(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

// readTagName sets z.data to the "div" in "<div k=v>". The reader (z.raw.end)
// is positioned such that the first byte of the tag name (the "d" in "<div")
// has already been consumed.
func (z *Tokenizer) readTagName() {
	z.data.start = z.raw.end - 1
	// The loop of readByte up to the end of the name, on the buffer.
	for i := z.raw.end; i < len(z.buf); i++ {
		if k := stops[z.buf[i]]; k&(space|slash|gt) != 0 {
			z.raw.end, z.data.end = i, i
			if k == space {
				z.raw.end++
			}
			return
		}
	}
	z.raw.end, z.err = len(z.buf), io.EOF
	z.data.end = z.raw.end
}

// readTagAttr sets z.pendingAttr[0] to the "k" in "<div k=v>", then reads
// the value (readTagAttrVal), at once for the common one, quoted right
// after "=".
// Precondition: z.err == nil.
func (z *Tokenizer) readTagAttr() {
	buf, i := z.buf, z.raw.end
	start := i
	if i < len(buf) && buf[i] == '=' {
		// WHATWG 13.2.5.32, if we see an equals sign before the attribute name
		// begins, we treat it as a character in the attribute name and continue.
		i++
	}
	// The loop of readByte up to the end of the name, on the buffer.
	for i < len(buf) && stops[buf[i]] == 0 {
		i++
	}
	// WHATWG 13.2.5.33 Attribute name state
	// We need to reconsume the char in the after attribute name state to support the / character
	z.pendingAttr[0] = span{start, i}
	z.raw.end = i
	if i == len(buf) {
		z.err = io.EOF
	}
	if i+1 >= len(buf) || buf[i] != '=' || buf[i+1] != '"' && buf[i+1] != '\'' {
		z.readTagAttrVal()
		return
	}
	// What readTagAttrVal comes to there.
	q := buf[i+1]
	z.pendingEq, z.pendingQuote = true, q
	i += 2
	j := bytes.IndexByte(buf[i:], q)
	if j < 0 {
		z.raw.end, z.err = len(buf), io.EOF
		z.pendingAttr[1] = span{i, len(buf)}
		return
	}
	z.pendingAttr[1] = span{i, i + j}
	z.raw.end = i + j + 1
}

// readTagAttrVal sets z.pendingAttr[1] to the "v" in "<div k=v>", and
// pendingEq and pendingQuote to whether "=" and which quote is written.
func (z *Tokenizer) readTagAttrVal() {
	z.pendingAttr[1].start = z.raw.end
	z.pendingAttr[1].end = z.raw.end
	z.pendingEq, z.pendingQuote = false, 0
	if i := z.raw.end; z.err == nil && i < len(z.buf) && z.buf[i] == '=' {
		// The common case, "=" right after the name: what the
		// white space skipped and the byte read and unread below come
		// to.
		z.raw.end++
		z.readTagAttrValAfterEq()
		return
	}
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	c := z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		// WHATWG 13.2.5.34 After attribute name state
		// U+002F SOLIDUS (/) - Switch to the self-closing start tag state.
		return
	}
	if c != '=' {
		z.raw.end--
		return
	}
	z.readTagAttrValAfterEq()
}

// readTagAttrValAfterEq is readTagAttrVal after the "=".
func (z *Tokenizer) readTagAttrValAfterEq() {
	z.pendingEq = true
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	quote := z.readByte()
	if z.err != nil {
		return
	}
	switch quote {
	case '>':
		z.raw.end--
		return

	case '\'', '"':
		z.pendingQuote = quote
		z.pendingAttr[1].start = z.raw.end
		// The loop of readByte up to the closing quote, at once.
		i := bytes.IndexByte(z.buf[z.raw.end:], quote)
		if i < 0 {
			z.raw.end = len(z.buf)
			z.err = io.EOF
			z.pendingAttr[1].end = z.raw.end
			return
		}
		z.raw.end += i + 1
		z.pendingAttr[1].end = z.raw.end - 1
		return

	default:
		z.pendingAttr[1].start = z.raw.end - 1
		// The loop of readByte up to the end of the value, on the buffer.
		for i := z.raw.end; i < len(z.buf); i++ {
			if k := stops[z.buf[i]]; k&(space|gt) != 0 {
				z.raw.end, z.pendingAttr[1].end = i, i
				if k == space {
					z.raw.end++
				}
				return
			}
		}
		z.raw.end, z.err = len(z.buf), io.EOF
		z.pendingAttr[1].end = z.raw.end
	}
}

// Raw returns the unmodified text of the current token: a slice of the
// input.
//
// The token stream's raw bytes partition the byte stream (up until an
// ErrorToken). There are no overlaps or gaps between two consecutive token's
// raw bytes.
func (z *Tokenizer) Raw() []byte {
	return z.buf[z.raw.start:z.raw.end]
}

// Offset returns the offset of the current token in the input.
func (z *Tokenizer) Offset() int {
	return z.raw.start
}

// TagName returns the name of a tag token as written (the `IMG` out of
// `<IMG SRC="foo">`): not lowered, NUL not replaced, unlike x/net/html's.
// It is a slice of the input.
func (z *Tokenizer) TagName() []byte {
	switch z.tt {
	case StartTagToken, EndTagToken, SelfClosingTagToken:
		return z.buf[z.data.start:z.data.end]
	}
	return nil
}

// Attrs returns the attributes of a start tag token, the first of
// duplicates alone (as x/net/html's TagAttr returns them), in the order
// they are written: those the filter accepts (see SetFilter). The slice
// is reused by the next call to Next.
func (z *Tokenizer) Attrs() []Attr {
	switch z.tt {
	case StartTagToken, SelfClosingTagToken:
		return z.attr
	}
	return nil
}

// NumAttrs returns how many attributes Attrs would return without a
// filter.
func (z *Tokenizer) NumAttrs() int {
	switch z.tt {
	case StartTagToken, SelfClosingTagToken:
		return z.nAttr
	}
	return 0
}

// RawTag returns the lower-case name of the element whose contents the
// next token is, as raw text or RCDATA (script, style, textarea, title,
// ...), or "".
func (z *Tokenizer) RawTag() string {
	return z.rawTag
}
