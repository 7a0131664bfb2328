// Package xmlscan reads XML as a stream of start tags, end tags and
// text, for readers that look at a few elements and attributes of large
// documents (the parts of Office and OpenDocument files).
//
// It checks what encoding/xml checks in strict mode where that shapes
// the tokens: tags nest and match, attributes are quoted, entity and
// character references are the predefined ones or numeric, comments,
// CDATA sections, processing instructions and declarations end, the XML
// declaration names UTF-8. It does not check that names and text are
// made of the characters XML allows: a document encoding/xml accepts
// gives the same tokens, names and namespaces; some it rejects are read.
//
// A Scanner reads its input through a buffer of bounded size: text,
// comments and CDATA sections of any length are read in pieces, and a
// tag longer than MaxTag is an error. It examines each byte of the input
// a bounded number of times: time is linear in the input.
package xmlscan

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind is the kind of a token.
type Kind uint8

// The kinds of token.
const (
	EOF   Kind = iota // the end of the input, or an error (see Err)
	Start             // a start tag, or an empty-element tag
	End               // an end tag, or the end of an empty-element tag
	Text              // character data, or a piece of it
)

// Limits of the Scanner.
const (
	// MaxTag is the most bytes of a tag (a start tag with its
	// attributes, an end tag, an XML declaration).
	MaxTag = 4 << 20
	// MaxDepth is the most elements open at once.
	MaxDepth = 10000
)

const (
	bufSize = 32 << 10
	maxRef  = 64 // the most bytes of an entity or character reference
	xmlURL  = "http://www.w3.org/XML/1998/namespace"
)

// SyntaxError is a malformation of the XML, at Offset bytes into the
// input, on line Line.
type SyntaxError struct {
	Offset int64
	Line   int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return "XML syntax error on line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

// errTooLong is the cause of a tag longer than MaxTag.
var errTooLong = errors.New("tag longer than " + strconv.Itoa(MaxTag>>20) + " MiB")

// span is buf[i:j].
type span struct{ i, j int }

// attr is an attribute of the current start tag.
type attr struct {
	name  span
	colon int  // the colon's index in name, -1 if it has no prefix
	val   span // the value between the quotes
	plain bool // the value holds no reference and no CR
}

// elem is an open element.
type elem struct {
	name  int // its qualified name is names[name:next's name]
	colon int // the colon's offset in it, -1 if none
	ns    int // len(ns) before its bindings
}

// binding binds a prefix ("" for the default) to a namespace.
type binding struct{ prefix, uri string }

// Scanner reads the tokens of an XML document.
type Scanner struct {
	r     io.Reader
	buf   []byte
	pos   int   // buf[pos:end] is not read yet
	end   int   //
	base  int64 // the input offset of buf[0]
	lines int   // the newlines before buf[0]
	rerr  error // the reader's error, io.EOF at its end
	err   error

	kind      Kind
	attrs     []attr
	selfClose bool // the current Start has an End of its own to come
	text      span
	plain     bool // the text holds no reference and no CR
	cdata     bool // a CDATA section's text is being read
	inCDATA   bool // the current Text is a CDATA section's
	scratch   []byte

	stack []elem
	names []byte
	ns    []binding
	cache [2]struct {
		prefix, uri string
		gen         int
	}
	gen int

	// Work counts the bytes examined again, when a tag is read anew
	// after a read or kept in the buffer: tests of linear time.
	Work int64
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	s := &Scanner{}
	s.Reset(r)
	return s
}

// Reset makes s read r from its start, keeping its buffers.
func (s *Scanner) Reset(r io.Reader) {
	if len(s.buf) != bufSize { // a long tag's larger buffer is not kept
		s.buf = make([]byte, bufSize)
	}
	*s = Scanner{r: r, buf: s.buf, attrs: s.attrs[:0], scratch: s.scratch[:0],
		stack: s.stack[:0], names: s.names[:0], ns: s.ns[:0], gen: s.gen + 1}
}

// Err returns the error that ended the tokens, nil at the end of a
// well-formed input: a *SyntaxError, or the reader's error.
func (s *Scanner) Err() error { return s.err }

// Offset returns the input offset of the next byte to read.
func (s *Scanner) Offset() int64 { return s.base + int64(s.pos) }

// Next reads the next token and returns its kind: EOF at the end of the
// input or at an error.
func (s *Scanner) Next() Kind {
	if s.err != nil {
		return EOF
	}
	if s.kind == End {
		top := s.stack[len(s.stack)-1]
		s.stack, s.names = s.stack[:len(s.stack)-1], s.names[:top.name]
		if len(s.ns) != top.ns {
			s.ns, s.gen = s.ns[:top.ns], s.gen+1
		}
	}
	s.scratch = s.scratch[:0]
	if s.selfClose {
		s.selfClose, s.kind = false, End
		return End
	}
	s.kind = s.next()
	return s.kind
}

// next reads the next token.
func (s *Scanner) next() Kind {
	for {
		if s.pos == s.end && !s.more() {
			if s.err == nil && s.rerr == io.EOF && (len(s.stack) > 0 || s.cdata) {
				s.fail(s.end, "unexpected EOF")
			}
			return EOF
		}
		if s.cdata {
			return s.cdataText()
		}
		s.inCDATA = false
		if s.buf[s.pos] != '<' {
			return s.charData()
		}
		k, ok := s.markup()
		if !ok {
			return EOF
		}
		if k != EOF {
			return k
		}
	}
}

// more reads more input into the buffer, moving what is not read to its
// start, and growing it when that is all of it. It returns false at the
// end of the input, or on an error (set as s.err but at io.EOF).
func (s *Scanner) more() bool {
	if s.rerr != nil {
		if s.rerr != io.EOF && s.err == nil {
			s.err = s.rerr
		}
		return false
	}
	if s.pos > 0 {
		s.lines += bytes.Count(s.buf[:s.pos], []byte{'\n'})
		s.base += int64(s.pos)
		s.end = copy(s.buf, s.buf[s.pos:s.end])
		s.Work += int64(s.end)
		s.pos = 0
	}
	if s.end == len(s.buf) {
		if len(s.buf) >= MaxTag {
			s.err = s.syntaxError(s.pos, errTooLong.Error())
			return false
		}
		b := make([]byte, 2*len(s.buf))
		copy(b, s.buf[:s.end])
		s.buf = b
	}
	for i := 0; i < 100; i++ {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			s.rerr = err
			return n > 0 || s.more()
		}
		if n > 0 {
			return true
		}
	}
	s.rerr = io.ErrNoProgress
	return s.more()
}

// syntaxError returns a SyntaxError at buf[at].
func (s *Scanner) syntaxError(at int, msg string) error {
	return &SyntaxError{Offset: s.base + int64(at), Line: 1 + s.lines + bytes.Count(s.buf[:at], []byte{'\n'}), Msg: msg}
}

// fail sets the error msg at buf[at].
func (s *Scanner) fail(at int, msg string) {
	if s.err == nil {
		s.err = s.syntaxError(at, msg)
	}
}

// need makes sure buf[pos:] holds n bytes, reading more; false at the
// end of the input (then an unexpected EOF) or an error.
func (s *Scanner) need(n int) bool {
	for s.end-s.pos < n {
		if !s.more() {
			s.fail(s.end, "unexpected EOF")
			return false
		}
	}
	return true
}

// markup reads what starts at the '<' at buf[pos]: a tag (its kind), or a
// comment, processing instruction or declaration (EOF, and true). It
// returns false on an error.
func (s *Scanner) markup() (Kind, bool) {
	if !s.need(2) {
		return EOF, false
	}
	switch s.buf[s.pos+1] {
	case '/':
		return s.tag(s.endTag)
	case '?':
		return EOF, s.procInst()
	case '!':
		return s.bang()
	}
	return s.tag(s.startTag)
}

// status is what a tag's parse found.
type status uint8

const (
	done  status = iota
	short        // the tag goes on past the buffer
	bad          // an error, set
)

// tag reads a tag with parse, reading more input while it is cut short.
func (s *Scanner) tag(parse func() (Kind, status)) (Kind, bool) {
	for {
		start := s.pos
		k, st := parse()
		switch st {
		case done:
			return k, true
		case bad:
			return EOF, false
		}
		s.Work += int64(s.end - start)
		s.pos = start
		if !s.fill() {
			s.fail(s.end, "unexpected EOF")
			return EOF, false
		}
	}
}

// fill is more, reading until the buffer is full: a tag cut short is
// parsed again once the buffer holds more of it than the last time, not
// after each read, however short.
func (s *Scanner) fill() bool {
	if !s.more() {
		return false
	}
	for s.end < len(s.buf) && s.rerr == nil {
		s.more()
	}
	return true
}

// Classes of bytes, looked up in class: a table lookup a byte costs less
// than the comparisons in the loops over names and values.
const (
	space  = 1 << iota // XML white space
	delim              // ends a name: white space, "/>=<" and quotes
	valueX             // to look at in an attribute value: '&', '<', CR
)

var class = func() (t [256]uint8) {
	for _, c := range []byte(" \n\t\r") {
		t[c] |= space | delim
	}
	for _, c := range []byte(`/>=<"'`) {
		t[c] |= delim
	}
	for _, c := range []byte("&<\r") {
		t[c] |= valueX
	}
	return t
}()

// isSpace reports whether c is XML white space.
func isSpace(c byte) bool { return class[c]&space != 0 }

// isDelim reports whether c ends a name.
func isDelim(c byte) bool { return class[c]&delim != 0 }

// isNameByte reports whether c may be in a name, as encoding/xml reads
// a processing instruction's target: ASCII letters, digits, "_:.-", and
// any byte of a multi-byte character.
func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '_' || c == ':' || c == '.' || c == '-' || c >= utf8.RuneSelf
}

// name returns the end of the name at buf[i], and the index of its
// colon (-1 if it has no prefix, as encoding/xml reads a name: one colon
// between a prefix and a local name, neither empty); j == i if there is
// none, and ok false if it has more than one colon.
func (s *Scanner) name(i int) (j, colon int, ok bool) {
	colon = -1
	colons := 0
	for j = i; j < s.end && !isDelim(s.buf[j]); j++ {
		if s.buf[j] == ':' {
			colons++
			colon = j
		}
	}
	if colons > 1 {
		return j, -1, false
	}
	if colon == i || colon == j-1 {
		colon = -1
	}
	return j, colon, true
}

// skipSpace returns the index of the first byte at or after i that is
// not white space.
func (s *Scanner) skipSpace(i int) int {
	for i < s.end && isSpace(s.buf[i]) {
		i++
	}
	return i
}

// startTag parses the start tag at buf[pos].
func (s *Scanner) startTag() (Kind, status) {
	i := s.pos + 1
	j, colon, ok := s.name(i)
	switch {
	case j == s.end:
		return EOF, short
	case !ok || j == i:
		s.fail(j, "expected element name after <")
		return EOF, bad
	}
	name := span{i, j}
	s.attrs = s.attrs[:0]
	for i = j; ; {
		i = s.skipSpace(i)
		if i >= s.end || s.buf[i] == '/' && i+1 >= s.end {
			return EOF, short
		}
		if s.buf[i] == '>' || s.buf[i] == '/' {
			if s.buf[i] == '/' && s.buf[i+1] != '>' {
				s.fail(i+1, "expected /> in element")
				return EOF, bad
			}
			s.selfClose = s.buf[i] == '/'
			s.pos = i + 1
			if s.selfClose {
				s.pos++
			}
			return s.open(name, colon)
		}
		var st status
		if i, st = s.attr(i); st != done {
			return EOF, st
		}
	}
}

// attr parses the attribute at buf[i] and returns the index past it.
func (s *Scanner) attr(i int) (int, status) {
	j, colon, ok := s.name(i)
	if j == i || !ok {
		if j == s.end {
			return 0, short
		}
		s.fail(j, "expected attribute name in element")
		return 0, bad
	}
	a := attr{name: span{i, j}, colon: colon}
	j = s.skipSpace(j)
	if j+1 >= s.end {
		return 0, short
	}
	if s.buf[j] != '=' {
		s.fail(j, "attribute name without = in element")
		return 0, bad
	}
	j = s.skipSpace(j + 1)
	if j >= s.end {
		return 0, short
	}
	q := s.buf[j]
	if q != '"' && q != '\'' {
		s.fail(j, "unquoted or missing attribute value in element")
		return 0, bad
	}
	k := bytes.IndexByte(s.buf[j+1:s.end], q)
	if k < 0 {
		return 0, short
	}
	a.val = span{j + 1, j + 1 + k}
	a.plain = true
	for _, c := range s.buf[a.val.i:a.val.j] {
		if class[c]&valueX != 0 {
			a.plain = false
			break
		}
	}
	if !a.plain {
		if lt := bytes.IndexByte(s.buf[a.val.i:a.val.j], '<'); lt >= 0 {
			s.fail(a.val.i+lt, "unescaped < inside quoted string")
			return 0, bad
		}
		var st status
		if a.plain, st = s.refs(a.val, true); st != done {
			return 0, st
		}
	}
	s.attrs = append(s.attrs, a)
	return a.val.j + 1, done
}

// open pushes the element named buf[name] and the namespaces its
// attributes bind.
func (s *Scanner) open(name span, colon int) (Kind, status) {
	if len(s.stack) == MaxDepth {
		s.fail(name.i, "elements nested deeper than "+strconv.Itoa(MaxDepth))
		return EOF, bad
	}
	e := elem{name: len(s.names), colon: -1, ns: len(s.ns)}
	if colon >= 0 {
		e.colon = colon - name.i
	}
	s.names = append(s.names, s.buf[name.i:name.j]...)
	s.stack = append(s.stack, e)
	for i := range s.attrs {
		a := &s.attrs[i]
		n := s.buf[a.name.i:a.name.j]
		switch {
		case string(n) == "xmlns":
			s.ns = append(s.ns, binding{"", string(s.AttrValue(i))})
		case a.colon >= 0 && string(n[:a.colon-a.name.i]) == "xmlns":
			s.ns = append(s.ns, binding{string(n[a.colon-a.name.i+1:]), string(s.AttrValue(i))})
		default:
			continue
		}
		s.gen++
	}
	return Start, done
}

// endTag parses the end tag at buf[pos].
func (s *Scanner) endTag() (Kind, status) {
	i := s.pos + 2
	j, _, ok := s.name(i)
	if j == s.end {
		return EOF, short
	}
	if !ok || j == i {
		s.fail(j, "expected element name after </")
		return EOF, bad
	}
	k := s.skipSpace(j)
	if k == s.end {
		return EOF, short
	}
	if s.buf[k] != '>' {
		s.fail(k, "invalid characters between </"+string(s.buf[i:j])+" and >")
		return EOF, bad
	}
	s.pos = k + 1
	name := s.buf[i:j]
	if len(s.stack) == 0 {
		s.fail(s.pos, "unexpected end element </"+string(name)+">")
		return EOF, bad
	}
	top := s.stack[len(s.stack)-1]
	if open := s.names[top.name:]; !bytes.Equal(open, name) {
		s.fail(s.pos, "element <"+string(local(open))+"> closed by </"+string(local(name))+">")
		return EOF, bad
	}
	return End, done
}

// local returns the local part of the qualified name q.
func local(q []byte) []byte {
	if i := bytes.IndexByte(q, ':'); i > 0 && i < len(q)-1 {
		return q[i+1:]
	}
	return q
}

// refs checks the references of buf[sp] (text, or an attribute value if
// attr) and reports whether it holds none and no CR.
func (s *Scanner) refs(sp span, attr bool) (plain bool, st status) {
	b := s.buf[sp.i:sp.j]
	plain = bytes.IndexByte(b, '\r') < 0
	for off := 0; ; {
		k := bytes.IndexByte(b[off:], '&')
		if k < 0 {
			return plain, done
		}
		off += k
		semi := bytes.IndexByte(b[off+1:min(len(b), off+maxRef)], ';')
		if semi < 0 {
			if !attr && off+maxRef > len(b) && sp.j == s.end && s.rerr == nil {
				return false, short
			}
			s.fail(sp.i+off, "invalid character entity "+string(b[off:min(len(b), off+maxRef)])+" (no semicolon)")
			return false, bad
		}
		if _, ok := refValue(b[off+1 : off+1+semi]); !ok {
			s.fail(sp.i+off, "invalid character entity "+string(b[off:off+2+semi]))
			return false, bad
		}
		plain = false
		off += 2 + semi
	}
}

// refValue returns the text of the reference &ref; and whether it is one
// of XML's: a predefined entity or a character reference.
func refValue(ref []byte) (string, bool) {
	switch string(ref) {
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "amp":
		return "&", true
	case "apos":
		return "'", true
	case "quot":
		return `"`, true
	}
	if len(ref) < 2 || ref[0] != '#' {
		return "", false
	}
	digits, base := ref[1:], 10
	if digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 || digits[0] == '+' || digits[0] == '-' || bytes.IndexByte(digits, '_') >= 0 {
		return "", false
	}
	n, err := strconv.ParseUint(string(digits), base, 64)
	if err != nil || n > utf8.MaxRune || n == 0 {
		return "", false
	}
	return string(rune(n)), true
}

// charData reads the text at buf[pos], up to a '<' or, when the buffer
// holds no '<', up to its end but a reference or CR LF cut at it.
func (s *Scanner) charData() Kind {
	for {
		i := bytes.IndexByte(s.buf[s.pos:s.end], '<')
		if i < 0 && s.rerr == nil && (s.pos > 0 || s.end < len(s.buf)) {
			s.more() // a longer piece, or up to its '<'
			continue
		}
		j := s.end
		if i >= 0 {
			j = s.pos + i
		} else if s.rerr == nil && s.buf[j-1] == '\r' {
			j-- // a CR LF read as one
		}
		plain, st := s.refs(span{s.pos, j}, false)
		if st == short { // a reference cut at the end of the buffer
			j = s.pos + bytes.LastIndexByte(s.buf[s.pos:j], '&')
		}
		if st == bad || j == s.pos && !s.more() && s.err != nil {
			return EOF
		}
		if j > s.pos {
			s.text, s.plain = span{s.pos, j}, plain && st == done
			s.pos = j
			return Text
		}
	}
}

// cdataText reads the text of a CDATA section at buf[pos], up to its
// end ("]]>") or the end of the buffer but the bytes that may start it
// or a CR LF.
func (s *Scanner) cdataText() Kind {
	s.inCDATA = true
	for {
		b := s.buf[s.pos:s.end]
		if i := bytes.Index(b, []byte("]]>")); i >= 0 {
			s.text, s.plain = span{s.pos, s.pos + i}, bytes.IndexByte(b[:i], '\r') < 0
			s.pos += i + 3
			s.cdata = false
			return Text
		}
		n := len(b) - 2
		if n > 0 && b[n-1] == '\r' {
			n--
		}
		if n > 0 {
			s.text, s.plain = span{s.pos, s.pos + n}, bytes.IndexByte(b[:n], '\r') < 0
			s.pos += n
			return Text
		}
		if !s.need(len(b) + 1) {
			return EOF
		}
	}
}

// bang reads what starts with "<!": a comment, a CDATA section (its
// start: the text is read by cdataText), or a declaration.
func (s *Scanner) bang() (Kind, bool) {
	if !s.need(3) {
		return EOF, false
	}
	switch s.buf[s.pos+2] {
	case '-':
		if !s.need(4) {
			return EOF, false
		}
		if s.buf[s.pos+3] != '-' {
			s.fail(s.pos+3, "invalid sequence <!- not part of <!--")
			return EOF, false
		}
		s.pos += 4
		return EOF, s.comment()
	case '[':
		if !s.need(9) {
			return EOF, false
		}
		if string(s.buf[s.pos+3:s.pos+9]) != "CDATA[" {
			s.fail(s.pos+3, "invalid <![ sequence")
			return EOF, false
		}
		s.pos += 9
		s.cdata = true
		if s.pos == s.end && !s.more() {
			s.fail(s.end, "unexpected EOF")
			return EOF, false
		}
		return s.cdataText(), s.err == nil
	}
	s.pos += 3 // as encoding/xml reads it: the byte after "<!" is its first, whatever it is
	return EOF, s.directive()
}

// comment skips a comment's text and its end "-->"; "--" may not be in
// it.
func (s *Scanner) comment() bool {
	for {
		if i := bytes.Index(s.buf[s.pos:s.end], []byte("--")); i >= 0 {
			s.pos += i
			if !s.need(3) {
				return false
			}
			if s.buf[s.pos+2] != '>' {
				s.fail(s.pos+2, `invalid sequence "--" not allowed in comments`)
				return false
			}
			s.pos += 3
			return true
		}
		if s.end > s.pos && s.buf[s.end-1] == '-' {
			s.pos = s.end - 1
		} else {
			s.pos = s.end
		}
		if !s.need(s.end - s.pos + 1) {
			return false
		}
	}
}

// procInst skips a processing instruction, checking an XML declaration's
// version and encoding as encoding/xml does.
func (s *Scanner) procInst() bool {
	s.pos += 2
	start := s.pos
	j := start
	for {
		for j < s.end && isNameByte(s.buf[j]) {
			j++
		}
		if j < s.end || j-start > maxRef {
			break
		}
		s.pos = start - 2 // the target is read again after the read
		if !s.need(j - s.pos + 1) {
			return false
		}
		s.pos, j = start, start+(j-start)
	}
	if j == start {
		s.fail(j, "expected target name after <?")
		return false
	}
	target := string(s.buf[start:j])
	s.pos = s.skipSpace(j)
	if target == "xml" {
		return s.xmlDecl(start - 2)
	}
	for {
		if i := bytes.Index(s.buf[s.pos:s.end], []byte("?>")); i >= 0 {
			s.pos += i + 2
			return true
		}
		if s.end > s.pos && s.buf[s.end-1] == '?' {
			s.pos = s.end - 1
		} else {
			s.pos = s.end
		}
		if !s.need(s.end - s.pos + 1) {
			return false
		}
	}
}

// xmlDecl checks the XML declaration whose content is at buf[pos].
func (s *Scanner) xmlDecl(start int) bool {
	i := bytes.Index(s.buf[s.pos:s.end], []byte("?>"))
	for i < 0 {
		if s.end-start >= MaxTag {
			s.fail(start, errTooLong.Error())
			return false
		}
		s.Work += int64(s.end - start)
		off := s.pos - start
		s.pos = start
		if !s.fill() {
			s.fail(s.end, "unexpected EOF")
			return false
		}
		s.pos = start + off
		i = bytes.Index(s.buf[s.pos:s.end], []byte("?>"))
	}
	content := string(s.buf[s.pos : s.pos+i])
	s.pos += i + 2
	if v := declParam("version", content); v != "" && v != "1.0" {
		s.fail(s.pos, fmt.Sprintf("xml: unsupported version %q; only version 1.0 is supported", v))
		return false
	}
	if e := declParam("encoding", content); e != "" && !strings.EqualFold(e, "utf-8") {
		s.fail(s.pos, fmt.Sprintf("xml: encoding %q declared but Decoder.CharsetReader is nil", e))
		return false
	}
	return true
}

// declParam returns the value of the parameter of the XML declaration
// content, found as encoding/xml's procInst finds it: param, '=' and a
// quote.
func declParam(param, content string) string {
	param += "="
	for i := 0; i < len(content); {
		sub := content[i:]
		k := strings.Index(sub, param)
		if k < 0 || k+len(param) >= len(sub) {
			return ""
		}
		i += k + len(param) + 1
		if q := sub[k+len(param)]; q == '\'' || q == '"' {
			if j := strings.IndexByte(content[i:], q); j >= 0 {
				return content[i : i+j]
			}
			return ""
		}
	}
	return ""
}

// directive skips a declaration (<!DOCTYPE ...>): up to the '>' that
// closes it, outside quotes, comments and the '<' ... '>' inside it.
func (s *Scanner) directive() bool {
	depth := 0
	var quote byte
	for {
		for ; s.pos < s.end; s.pos++ {
			c := s.buf[s.pos]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == '<':
				for s.end-s.pos < 4 && s.more() {
				}
				if s.err != nil {
					return false
				}
				if s.end-s.pos >= 4 && string(s.buf[s.pos:s.pos+4]) == "<!--" {
					s.pos += 4
					if !s.comment() {
						return false
					}
					s.pos--
					continue
				}
				depth++
			case c == '>':
				if depth == 0 {
					s.pos++
					return true
				}
				depth--
			}
		}
		if !s.need(1) {
			return false
		}
	}
}
