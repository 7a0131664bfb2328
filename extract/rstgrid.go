package extract

import "bytes"

// rstGrid is a grid table being read ("Grid Tables" of the
// reStructuredText Markup Specification): its cells' text is gathered
// column by column, the text of a cell that goes on over several lines
// put together without the borders between them, and read as a body of
// its own when the border under it closes it. pandoc wraps long cells,
// links among them, over the lines of a row, and breaks a word longer
// than the cell (see isWordChunk).
type rstGrid struct {
	indent int
	bounds []int          // the columns of the "+" of the top border, from the indentation
	cells  map[int]pieces // the text of the open cells, by the column of their left border
}

// isGridBorder reports whether text, a line without its indentation, is
// a border of a grid table: "+", then runs of "-" or "=" each ended by a
// "+".
func isGridBorder(text []byte) bool {
	if len(text) < 3 || text[0] != '+' || text[len(text)-1] != '+' {
		return false
	}
	for _, c := range text {
		if c != '+' && c != '-' && c != '=' {
			return false
		}
	}
	return true
}

// startGrid starts a grid table whose top border is text, indented by
// indent.
func (s *rstScan) startGrid(text []byte, indent int) {
	g := &rstGrid{indent: indent, cells: map[int]pieces{}}
	for i, c := range text[indent:] {
		if c == '+' {
			g.bounds = append(g.bounds, i)
		}
	}
	s.grid = g
}

// gridLine reads a line of the grid table, raw at off with its
// indentation and line feed, and reports whether it is one; the cells a
// border closes are read.
func (s *rstScan) gridLine(raw []byte, off int) (isGrid, ok bool) {
	g := s.grid
	text := bytes.TrimRight(raw, " \t\r\n")
	if len(text) <= g.indent || text[g.indent] != '+' && text[g.indent] != '|' {
		return false, s.endGrid()
	}
	row := text[g.indent:]
	at := off + g.indent
	if row[0] == '+' {
		// A border closes the cells whose columns it rules.
		for k := 0; k+1 < len(g.bounds) && g.bounds[k+1] < len(row); k++ {
			s.steps++
			if a := g.bounds[k]; row[a+1] == '-' || row[a+1] == '=' {
				if !s.gridCell(a) {
					return true, false
				}
			}
		}
		return true, true
	}
	// A text line: the cells are between the "|" on the column bounds
	// (a cell that spans columns has none on the bounds it covers).
	left := 0
	// Bounds past the row's end are not looked at: the steps of a
	// line are at most its length.
	for _, b := range g.bounds[1:] {
		if s.steps++; b >= len(row) {
			break
		}
		if row[b] != '|' {
			continue
		}
		p := g.cells[left]
		if c := row[left+1 : b]; isWordChunk(c) && goesOnURL(p.buf, c) {
			// The part of a word too long for the cell, wrapped
			// by pandoc: it goes on from the line before.
			p.trimSpace()
			p.add(c[1:len(c)-1], at+left+2)
		} else {
			p.add(c, at+left+1)
		}
		p.add([]byte{'\n'}, at+b)
		g.cells[left] = p
		left = b
	}
	return true, true
}

// gridCell reads the cell whose left border is at column a, if it holds
// text, as a paragraph.
func (s *rstScan) gridCell(a int) bool {
	p, ok := s.grid.cells[a]
	if !ok {
		return true
	}
	delete(s.grid.cells, a)
	s.para.addFrom(&p, 0, len(p.buf))
	return s.paragraph()
}

// endGrid ends the grid table, reading the cells left open (a table
// without its bottom border).
func (s *rstScan) endGrid() bool {
	g := s.grid
	s.grid = nil
	for _, a := range g.bounds {
		if _, ok := g.cells[a]; ok {
			s.grid = g
			ok := s.gridCell(a)
			s.grid = nil
			if !ok {
				return false
			}
		}
	}
	return true
}

// isWordChunk reports whether c, the text of a cell on one line with its
// padding, is one word that fills the cell: pandoc breaks a word longer
// than its cell (a URL) into chunks, each one after the first filling a
// line, where rst2html would read them as words apart.
func isWordChunk(c []byte) bool {
	return len(c) > 2 && c[0] == ' ' && c[len(c)-1] == ' ' && bytes.IndexByte(c[1:len(c)-1], ' ') < 0
}

// goesOnURL reports whether the chunk c of a word goes on from a URI or
// an e-mail address that the text b ends with: its last word holds a
// ':', a '/' or a '@', or c starts with "://" ("https" then "://...").
func goesOnURL(b, c []byte) bool {
	b = bytes.TrimRight(b, " \t\r\n")
	b = b[max(0, len(b)-maxChunkLookBack):] // a word of many chunks is not read again and again
	w := b[bytes.LastIndexAny(b, " \t\n")+1:]
	return len(w) > 0 && (bytes.ContainsAny(w, ":/@") || bytes.HasPrefix(c[1:], []byte("://")))
}

// maxChunkLookBack is how far back goesOnURL looks for the start of the
// word a chunk goes on.
const maxChunkLookBack = 512

// trimSpace removes the white space at the end of p.
func (p *pieces) trimSpace() {
	p.buf = bytes.TrimRight(p.buf, " \t\r\n")
	for len(p.at) > 0 && p.at[len(p.at)-1].out >= len(p.buf) {
		p.at = p.at[:len(p.at)-1]
	}
}
