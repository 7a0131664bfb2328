package extract

import "strings"

// foreignElem is an SVG or MathML element open in the page.
type foreignElem struct {
	name int32 // its lower-case name (as the tokenizer reads it), as an index in foreignStack.open
	math bool  // MathML, else SVG
	kind uint8 // one of those below, 0 for any other element
}

// The foreign elements that change how what they hold is read (HTML Living
// Standard §13.2.6, tree construction dispatcher).
const (
	htmlPoint     = 1 + iota // an HTML integration point: start tags and text in it are HTML
	mathTextPoint            // a MathML text integration point: so are start tags but mglyph and malignmark
	annotationXML            // MathML annotation-xml that is not an HTML integration point: <svg> in it is SVG's root
)

// foreignStack holds the SVG and MathML elements open at the tokenizer's
// position, the innermost last: the part of the stack of open elements
// (HTML Living Standard §13.2.4.3) that tells whether a tag is read as
// foreign content (§13.2.6.5) or as HTML. The HTML elements inside an
// integration point are not followed: an end tag is taken to close the
// foreign element it names, if one is open.
type foreignStack struct {
	elems []foreignElem // 8 bytes an element, for pages nested deep
	ids   map[string]int32
	// open counts the open elements of each name (by its index in ids),
	// so that an end tag naming none of them is told in O(1), not by a
	// walk of the stack.
	open  []int32
	steps *int // elements pushed and popped
}

// foreign reports whether a start tag called name is foreign content
// here, read by the rules of §13.2.6.5 instead of those of HTML.
func (fs *foreignStack) foreign(name string) bool {
	if len(fs.elems) == 0 {
		return false
	}
	switch fs.elems[len(fs.elems)-1].kind {
	case htmlPoint:
		return false
	case mathTextPoint:
		return name == "mglyph" || name == "malignmark"
	case annotationXML:
		return name != "svg"
	}
	return true
}

// breaksOut reports whether a start tag in foreign content ends it: those
// of §13.2.6.5 that a page writes as HTML (p, div, b, br, ...).
func breaksOut(name string, attrs []rawAttr) bool {
	switch name {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt",
		"em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li",
		"listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span",
		"strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var":
		return true
	case "font":
		for _, a := range attrs {
			if a.key == "color" || a.key == "face" || a.key == "size" {
				return true
			}
		}
	}
	return false
}

// push opens the element name of start tag raw, in MathML if math, else in
// SVG.
func (fs *foreignStack) push(name string, math bool, attrs []rawAttr, raw []byte) {
	e := foreignElem{math: math}
	switch {
	case !math && (name == "foreignobject" || name == "desc" || name == "title"):
		e.kind = htmlPoint
	case math && (name == "mi" || name == "mo" || name == "mn" || name == "ms" || name == "mtext"):
		e.kind = mathTextPoint
	case math && name == "annotation-xml":
		e.kind = annotationXML
		for _, a := range attrs {
			if a.key == "encoding" {
				if v := decode(raw[a.valStart:a.valEnd], true).s; strings.EqualFold(v, "text/html") || strings.EqualFold(v, "application/xhtml+xml") {
					e.kind = htmlPoint
				}
			}
		}
	}
	*fs.steps++
	id, ok := fs.ids[name]
	if !ok {
		if fs.ids == nil {
			fs.ids = map[string]int32{}
		}
		id = int32(len(fs.open))
		fs.ids[name] = id
		fs.open = append(fs.open, 0)
	}
	e.name = id
	fs.elems = append(fs.elems, e)
	fs.open[id]++
}

// breakOut closes the foreign elements inside the innermost integration
// point, or all of them.
func (fs *foreignStack) breakOut() {
	for n := len(fs.elems); n > 0 && fs.elems[n-1].kind != htmlPoint && fs.elems[n-1].kind != mathTextPoint; n-- {
		fs.pop()
	}
}

// pop closes the innermost open foreign element.
func (fs *foreignStack) pop() {
	*fs.steps++
	e := fs.elems[len(fs.elems)-1]
	fs.elems = fs.elems[:len(fs.elems)-1]
	fs.open[e.name]--
}

// end closes the innermost open foreign element called name and those
// inside it, and reports false if none is open: the end tag is HTML's.
func (fs *foreignStack) end(name string) bool {
	if len(fs.elems) == 0 {
		return false // the common case, told without a map lookup
	}
	id, ok := fs.ids[name]
	if !ok || fs.open[id] == 0 {
		return false
	}
	for {
		e := fs.elems[len(fs.elems)-1]
		fs.pop()
		if e.name == id {
			return true
		}
	}
}
