package pdfobj

import (
	"bytes"
	"strconv"
)

// maxDepth is how deep arrays and dictionaries may nest: deeper is an
// error, not a stack that grows with the file.
const maxDepth = 100

// parser reads objects from b, the file or an object stream's data.
type parser struct {
	b    []byte
	pos  int
	base int64 // file offset of b[0]; -1 for decoded data
}

func (p *parser) errf(msg string) error {
	off := int64(-1)
	if p.base >= 0 {
		off = p.base + int64(p.pos)
	}
	return &SyntaxError{Offset: off, Msg: msg}
}

// isWhite reports whether c is white space (§7.2.3, Table 1).
func isWhite(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

// isDelim reports whether c is a delimiter (§7.2.3, Table 2).
func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

// skip passes white space and comments.
func (p *parser) skip() {
	for p.pos < len(p.b) {
		c := p.b[p.pos]
		if c == '%' {
			for p.pos < len(p.b) && p.b[p.pos] != '\n' && p.b[p.pos] != '\r' {
				p.pos++
			}
			continue
		}
		if !isWhite(c) {
			return
		}
		p.pos++
	}
}

// regular returns the run of regular characters at pos: a number or a
// keyword.
func (p *parser) regular() []byte {
	start := p.pos
	for p.pos < len(p.b) && !isWhite(p.b[p.pos]) && !isDelim(p.b[p.pos]) {
		p.pos++
	}
	return p.b[start:p.pos]
}

// keyword reports whether the next token is the keyword kw, and passes
// it if it is.
func (p *parser) keyword(kw string) bool {
	p.skip()
	save := p.pos
	if string(p.regular()) == kw {
		return true
	}
	p.pos = save
	return false
}

// object reads the object at pos.
func (p *parser) object(depth int) (Object, error) {
	if depth > maxDepth {
		return nil, p.errf("arrays and dictionaries nest too deep")
	}
	p.skip()
	if p.pos >= len(p.b) {
		return nil, p.errf("unexpected end of data")
	}
	switch c := p.b[p.pos]; {
	case c == '/':
		p.pos++
		return Name(unescapeName(p.regular())), nil
	case c == '(':
		end := literalEnd(p.b, p.pos)
		s := unescapeLiteral(p.b[p.pos+1 : end-1])
		p.pos = min(end, len(p.b))
		return String(s), nil
	case c == '<' && p.pos+1 < len(p.b) && p.b[p.pos+1] == '<':
		p.pos += 2
		return p.dict(depth)
	case c == '<':
		end := bytes.IndexByte(p.b[p.pos:], '>')
		if end < 0 {
			return nil, p.errf("unterminated hex string")
		}
		s, ok := unhex(p.b[p.pos+1 : p.pos+end])
		if !ok {
			return nil, p.errf("bad hex string")
		}
		p.pos += end + 1
		return String(s), nil
	case c == '[':
		p.pos++
		return p.array(depth)
	case isDelim(c):
		return nil, p.errf("unexpected " + strconv.QuoteRune(rune(c)))
	}
	start := p.pos
	tok := p.regular()
	switch string(tok) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	}
	if c := tok[0]; c != '+' && c != '-' && c != '.' && (c < '0' || c > '9') {
		p.pos = start
		return nil, p.errf("unexpected keyword " + strconv.Quote(string(tok[:min(len(tok), 20)])))
	}
	if n, err := strconv.ParseInt(string(tok), 10, 64); err == nil {
		if r, ok := p.ref(n, tok); ok {
			return r, nil
		}
		return n, nil
	}
	// Malformed numbers (1.2.3, --4) are read as 0, as readers do.
	f, _ := strconv.ParseFloat(string(tok), 64)
	return f, nil
}

// ref reads " G R" after the integer n, if it is there.
func (p *parser) ref(n int64, tok []byte) (Ref, bool) {
	if tok[0] == '+' || tok[0] == '-' || n > 1<<31 {
		return Ref{}, false
	}
	save := p.pos
	p.skip()
	g, err := strconv.ParseUint(string(p.regular()), 10, 16)
	if err == nil && p.keyword("R") {
		return Ref{int(n), int(g)}, true
	}
	p.pos = save
	return Ref{}, false
}

func (p *parser) array(depth int) (Array, error) {
	var a Array
	for {
		p.skip()
		if p.pos < len(p.b) && p.b[p.pos] == ']' {
			p.pos++
			return a, nil
		}
		o, err := p.object(depth + 1)
		if err != nil {
			return nil, err
		}
		a = append(a, o)
	}
}

func (p *parser) dict(depth int) (Dict, error) {
	d := Dict{}
	for {
		p.skip()
		if p.pos+1 < len(p.b) && p.b[p.pos] == '>' && p.b[p.pos+1] == '>' {
			p.pos += 2
			return d, nil
		}
		k, err := p.object(depth + 1)
		if err != nil {
			return nil, err
		}
		key, ok := k.(Name)
		if !ok {
			return nil, p.errf("dictionary key is not a name")
		}
		v, err := p.object(depth + 1)
		if err != nil {
			return nil, err
		}
		if v != nil { // a null value is no entry (§7.3.7)
			d[key] = v
		}
	}
}

// unescapeName decodes the #xx escapes of a name (§7.3.5).
func unescapeName(b []byte) string {
	if bytes.IndexByte(b, '#') < 0 {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '#' && i+2 < len(b) {
			if v, ok := unhex(b[i+1 : i+3]); ok {
				out = append(out, v...)
				i += 2
				continue
			}
		}
		out = append(out, b[i])
	}
	return string(out)
}

// literalEnd returns the offset after the literal string at b[i] (b[i]
// is '('): parentheses nest and a backslash quotes the byte after it
// (§7.3.4.2). An unclosed string runs to the end of b.
func literalEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(b) + 1 // as if closed after the end
}

// unescapeLiteral decodes the escapes of the body of a literal string
// (§7.3.4.2, Table 3); an end of line in it is a line feed.
func unescapeLiteral(b []byte) []byte {
	if bytes.IndexAny(b, "\\\r") < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '\r':
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
			out = append(out, '\n')
			continue
		case c != '\\' || i+1 >= len(b):
			out = append(out, c)
			continue
		}
		i++
		switch c = b[i]; c {
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case '\r': // a continued line
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
		case '\n':
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(c - '0')
			for k := 0; k < 2 && i+1 < len(b) && b[i+1] >= '0' && b[i+1] <= '7'; k++ {
				i++
				v = v*8 + int(b[i]-'0')
			}
			out = append(out, byte(v))
		default: // \\, \(, \) and any other byte stand for themselves
			out = append(out, c)
		}
	}
	return out
}

// unhex decodes a hex string's body (§7.3.4.3): white space is ignored
// and a last odd digit is followed by 0.
func unhex(b []byte) ([]byte, bool) {
	out := make([]byte, 0, len(b)/2)
	var v byte
	odd := false
	for _, c := range b {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		case isWhite(c):
			continue
		default:
			return nil, false
		}
		if odd {
			out = append(out, v<<4|d)
		} else {
			v = d
		}
		odd = !odd
	}
	if odd {
		out = append(out, v<<4)
	}
	return out, true
}

// Unquote returns the bytes of a string token of a content stream,
// (...) or <...>, and false if tok is neither.
func Unquote(tok []byte) ([]byte, bool) {
	switch {
	case len(tok) >= 2 && tok[0] == '(':
		end := literalEnd(tok, 0)
		return unescapeLiteral(tok[1 : end-1]), true
	case len(tok) >= 2 && tok[0] == '<' && tok[len(tok)-1] == '>':
		return unhex(tok[1 : len(tok)-1])
	}
	return nil, false
}
