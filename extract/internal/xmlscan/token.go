package xmlscan

import "bytes"

// Local returns the local name of the element of the current Start or
// End token (its name without its prefix). It is valid until Next.
func (s *Scanner) Local() []byte {
	e := s.stack[len(s.stack)-1]
	return s.names[e.name+e.colon+1:]
}

// Space returns the namespace of the element of the current Start or End
// token, as encoding/xml's Name.Space: the namespace its prefix is bound
// to, its prefix if that is bound to none, the default namespace if it
// has no prefix.
func (s *Scanner) Space() string {
	e := s.stack[len(s.stack)-1]
	if e.colon < 0 {
		if string(s.names[e.name:]) == "xmlns" {
			return ""
		}
		return s.resolve(nil)
	}
	return s.resolve(s.names[e.name : e.name+e.colon])
}

// resolve returns the namespace of the prefix p ("" for none, an
// element's).
func (s *Scanner) resolve(p []byte) string {
	switch string(p) {
	case "xmlns":
		return "xmlns"
	case "xml":
		return xmlURL
	}
	for i := range s.cache {
		if c := &s.cache[i]; c.gen == s.gen && c.prefix == string(p) {
			return c.uri
		}
	}
	uri, found := "", false
	for i := len(s.ns) - 1; i >= 0; i-- {
		if s.ns[i].prefix == string(p) {
			uri, found = s.ns[i].uri, true
			break
		}
	}
	if !found {
		uri = string(p)
	}
	s.cache[1] = s.cache[0]
	s.cache[0].prefix, s.cache[0].uri, s.cache[0].gen = string(p), uri, s.gen
	return uri
}

// Attrs returns the number of attributes of the current Start token.
func (s *Scanner) Attrs() int {
	if s.kind != Start {
		return 0
	}
	return len(s.attrs)
}

// AttrLocal returns the local name of the attribute i of the current
// Start token.
func (s *Scanner) AttrLocal(i int) []byte {
	a := s.attrs[i]
	if a.colon < 0 {
		return s.buf[a.name.i:a.name.j]
	}
	return s.buf[a.colon+1 : a.name.j]
}

// AttrSpace returns the namespace of the attribute i of the current
// Start token, as encoding/xml's Name.Space: "" if it has no prefix.
func (s *Scanner) AttrSpace(i int) string {
	a := s.attrs[i]
	if a.colon < 0 {
		return ""
	}
	return s.resolve(s.buf[a.name.i:a.colon])
}

// AttrValue returns the value of the attribute i of the current Start
// token, its references replaced and its line ends made LF. It is valid
// until Next.
func (s *Scanner) AttrValue(i int) []byte {
	a := s.attrs[i]
	return s.decode(a.val, a.plain, true)
}

// Attr returns the value of the attribute space:local of the current
// Start token (AttrValue), and whether it has one.
func (s *Scanner) Attr(space, local string) ([]byte, bool) {
	for i := range s.Attrs() {
		if string(s.AttrLocal(i)) == local && s.AttrSpace(i) == space {
			return s.AttrValue(i), true
		}
	}
	return nil, false
}

// Text returns the text of the current Text token, its references
// replaced and its line ends made LF. It is valid until Next.
func (s *Scanner) Text() []byte {
	if s.kind != Text {
		return nil
	}
	return s.decode(s.text, s.plain, !s.inCDATA)
}

// decode returns buf[sp] with its references replaced (if refs) and CR
// LF and CR made LF; itself if plain.
func (s *Scanner) decode(sp span, plain, refs bool) []byte {
	b := s.buf[sp.i:sp.j]
	if plain {
		return b
	}
	start := len(s.scratch)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\r')
		if refs {
			i = bytes.IndexAny(b, "&\r")
		}
		if i < 0 {
			s.scratch = append(s.scratch, b...)
			break
		}
		s.scratch = append(s.scratch, b[:i]...)
		if b[i] == '\r' {
			s.scratch = append(s.scratch, '\n')
			b = b[i+1:]
			if len(b) > 0 && b[0] == '\n' {
				b = b[1:]
			}
			continue
		}
		semi := bytes.IndexByte(b[i:], ';') // checked when read
		v, _ := refValue(b[i+1 : i+semi])
		s.scratch = append(s.scratch, v...)
		b = b[i+semi+1:]
	}
	return s.scratch[start:len(s.scratch):len(s.scratch)]
}
