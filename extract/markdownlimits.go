package extract

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
)

// The limits under which goldmark reads Markdown in linear time, with
// memory a bounded multiple of the input. Past them goldmark takes time
// or memory quadratic in the input, and real documents stay far below
// them:
//
//   - each line costs goldmark a step and 24 bytes per open container
//     (block quotes and list items, CommonMark 0.31 §5), and a line
//     opening them one after the other costs the square of their
//     number: deeper containers are not opened (their markers are read
//     as text), and a run of blank lines, which keeps every list open at
//     a cost of one byte a line, is cut once its lines times the lists
//     it may keep open pass markdownBlankCost: a line of one "\" at the
//     margin, in place of one of them, closes them all;
//   - each emphasis or strikethrough closer (§6.2) looks back at every
//     delimiter before it in its block: past markdownMaxDelims in a
//     block the rest are read as text;
//   - a table (GFM §4.10) is filled out to its number of columns in
//     every row: one whose cells would outnumber the bytes of its
//     paragraph (plus markdownTableSlack) is read as a paragraph;
//   - a link destination (§6.3) left open is read again from each link
//     opener after it, each "]" copies the text back to the "[" it
//     closes (up to 999 bytes), and link reference definitions one
//     after the other (§4.7) take time quadratic in their number: a
//     paragraph past markdownMaxParens, markdownMaxOpen or
//     markdownMaxDefs is read as text (see markdownRegions).
const (
	markdownMaxDepth   = 10   // block quotes and list items, one in the other
	markdownBlankCost  = 16   // blank lines in a row times the lists they keep open
	markdownMaxDelims  = 128  // emphasis and strikethrough delimiters in a block
	markdownTableSlack = 4096 // table cells beyond one a byte
	markdownMaxParens  = 1000 // parentheses open in one paragraph
	markdownMaxOpen    = 32   // brackets open in one paragraph
	markdownMaxDefs    = 5000 // lines that start with "[" in one paragraph
)

// ErrMarkdownTooDeep is wrapped by the error for a paragraph of a
// Markdown file that goldmark cannot read in linear time: it is read as
// text, its bare URIs found.
var ErrMarkdownTooDeep = errors.New("markdown nested too deep (more than 1000 open parentheses, 32 open brackets, or 5000 lines that start with a bracket, in a paragraph): read as text")

// mdRegion is a paragraph of a Markdown file read as text: its bytes,
// and its first line.
type mdRegion struct{ start, end, line int }

// markdownRegions returns the paragraphs (runs of lines that are not
// blank) of buf, whose line feeds nl holds, that pass markdownMaxParens
// or markdownMaxDefs: the parentheses and brackets not escaped and left
// open, and the lines that start with "[".
func markdownRegions(buf []byte, nl lineIndex) []mdRegion {
	var regions []mdRegion
	var open [2]int // parentheses, brackets
	defs, line, start, startLine := 0, 1, 0, 1
	for off := 0; off < len(buf); line++ {
		end := nl.end(line-1, len(buf))
		l := buf[off:end]
		if isBlankLine(l) {
			open, defs, start, startLine = [2]int{}, 0, end+1, line+1
		} else {
			if t := bytes.TrimLeft(l, " "); len(l)-len(t) <= 3 && len(t) > 0 && t[0] == '[' {
				defs++
			}
			if open = markdownOpen(l, open); open[0] < 0 || defs > markdownMaxDefs {
				for end < len(buf) && !isBlankLine(buf[end+1:nl.end(line, len(buf))]) {
					end, line = nl.end(line, len(buf)), line+1
				}
				regions = append(regions, mdRegion{start, min(end+1, len(buf)), startLine})
				open, defs, start, startLine = [2]int{}, 0, end+1, line+1
			}
		}
		off = end + 1
	}
	return regions
}

// isBlankLine reports whether l holds only white space.
func isBlankLine(l []byte) bool {
	for _, c := range l {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// markdownOpen returns the counts of open parentheses and brackets after
// line, open of them before it; -1 as the first once they pass
// markdownMaxParens or markdownMaxOpen.
func markdownOpen(line []byte, open [2]int) [2]int {
	for i := 0; i < len(line); i++ {
		if i+8 <= len(line) && !mdBrackets(word(line, i)) {
			i += 7 // most words of a line: one test for 8 bytes
			continue
		}
		if !mdBracket[line[i]] {
			continue // most bytes: one load and a branch, where the switch takes a few
		}
		switch line[i] {
		case '\\':
			i++
		case '(':
			if open[0]++; open[0] > markdownMaxParens {
				return [2]int{-1, 0}
			}
		case '[':
			if open[1]++; open[1] > markdownMaxOpen {
				return [2]int{-1, 0}
			}
		case ')':
			open[0] = max(open[0]-1, 0)
		case ']':
			open[1] = max(open[1]-1, 0)
		}
	}
	return open
}

// mdBracket tells the bytes markdownOpen counts or skips after.
var mdBracket = [256]bool{'\\': true, '(': true, ')': true, '[': true, ']': true}

// mdBrackets reports whether one of the 8 bytes of w is one of mdBracket's
// ('(' and ')' differ in the low bit only).
func mdBrackets(w uint64) bool {
	return (zeroes((w|ones)^ones*')')|zeroes(w^ones*'[')|zeroes(w^ones*'\\')|zeroes(w^ones*']'))&highs != 0
}

// markdownSource returns what goldmark is given to read of buf, whose
// line feeds nl holds: buf itself, or a copy of the same length and the
// same lines with the regions blanked and the runs of blank lines that
// would keep lists open too long cut. The copy is made only if needed.
func markdownSource(buf []byte, nl lineIndex, regions []mdRegion) []byte {
	out := buf
	own := func() {
		if &out[0] == &buf[0] {
			out = bytes.Clone(buf)
		}
	}
	for _, r := range regions {
		own()
		for i := r.start; i < r.end; i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	depth, run := 0, 0
	for off, i := 0, 0; off < len(out); i++ {
		end := nl.end(i, len(out)) // buf's lines: a line feed cut is behind off
		l := out[off:end]
		switch {
		case !isBlankLine(l) && run > 0:
			depth, run = markdownDepth(l), 0
		case !isBlankLine(l):
			depth = max(depth, markdownDepth(l)) // maybe a lazy continuation line
		case depth > 0 && run+1 > markdownBlankCost/depth && (len(l) > 0 || end+1 < len(out) && out[end+1] == '\n'):
			own()
			out[off] = '\\' // an empty line is merged with the next, empty one
			depth, run = 0, 0
		default:
			run++
		}
		off = end + 1
	}
	return out
}

// markdownDepth returns at most how many lists and block quotes a line
// that is not blank can be in after it, markdownMaxDepth at most: every
// list item its indentation leaves room for (two columns each), and
// those its markers open.
func markdownDepth(line []byte) int {
	col, i := 0, 0
	for ; i < len(line) && (line[i] == ' ' || line[i] == '\t'); i++ {
		if col++; line[i] == '\t' {
			col += 3 - (col-1)%4
		}
	}
	return min(col/2+markdownContainers(line[i:]), markdownMaxDepth)
}

// markdownContainers returns how many block quote markers and list
// markers (§5.1, §5.2: -, + or * or up to 9 digits and . or ), then white
// space) open line, one after the other, markdownMaxDepth at most.
func markdownContainers(line []byte) int {
	n := 0
	for i := 0; n < markdownMaxDepth; n++ {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i < len(line) && line[i] == '>' {
			i++
			continue
		}
		j := i
		for j < len(line) && j-i < 9 && '0' <= line[j] && line[j] <= '9' {
			j++
		}
		switch {
		case j == i && j < len(line) && (line[j] == '-' || line[j] == '+' || line[j] == '*'):
		case j > i && j < len(line) && (line[j] == '.' || line[j] == ')'):
		default:
			return n
		}
		if j+1 < len(line) && line[j+1] != ' ' && line[j+1] != '\t' {
			return n
		}
		i = j + 1
	}
	return n
}

// markdownRegionError returns the error for the region r of the file of
// src.
func markdownRegionError(r mdRegion, src *source) error {
	return &Error{File: src.name, Message: src.message, Part: src.part, Offset: int64(r.start), Err: fmt.Errorf("line %d: %w", r.line, ErrMarkdownTooDeep)}
}

// mdKey is the key of the parser context's delimiter count.
var mdKey = parser.NewContextKey()

// mdDelims counts the delimiters of a block.
type mdDelims struct {
	block ast.Node
	n     int
	work  int // delimiters before each one in its block: what closers look back at
}

// mdDelimLimit is an emphasis or strikethrough parser that reads the
// delimiters of a block past markdownMaxDelims as text.
type mdDelimLimit struct{ parser.InlineParser }

func (p mdDelimLimit) Parse(parent ast.Node, block gtext.Reader, pc parser.Context) ast.Node {
	d, _ := pc.Get(mdKey).(*mdDelims)
	if d == nil {
		d = &mdDelims{}
		pc.Set(mdKey, d)
	}
	if d.block != parent {
		d.block, d.n = parent, 0
	}
	if d.n >= markdownMaxDelims {
		return nil
	}
	n := p.InlineParser.Parse(parent, block, pc)
	if n != nil {
		d.work += d.n
		d.n++
	}
	return n
}

// mdDepthLimit is a block quote or list parser that opens no container
// markdownMaxDepth deep: the line is read as the block it is in reads
// it.
type mdDepthLimit struct{ parser.BlockParser }

func (p mdDepthLimit) Open(parent ast.Node, reader gtext.Reader, pc parser.Context) (ast.Node, parser.State) {
	d := 0
	for n := parent; n != nil && d < markdownMaxDepth; n = n.Parent() {
		switch n.Kind() {
		case ast.KindListItem, ast.KindBlockquote:
			d++
		}
	}
	if d >= markdownMaxDepth {
		return nil, parser.NoChildren
	}
	return p.BlockParser.Open(parent, reader, pc)
}

// mdTableLimit is GFM's table transformer, which leaves a paragraph a
// paragraph when the table's cells would outnumber its bytes by more
// than markdownTableSlack: rows short of cells are filled out to the
// number of columns.
type mdTableLimit struct{ parser.ParagraphTransformer }

func (t mdTableLimit) Transform(node *ast.Paragraph, reader gtext.Reader, pc parser.Context) {
	lines, src := node.Lines(), reader.Source()
	size, cols := 0, 0
	for i := range lines.Len() {
		seg := lines.At(i)
		l := src[seg.Start:seg.Stop] // its padding is white space
		size += seg.Len()
		// A row with no "|" is one column, which a paragraph's bytes outnumber.
		if bytes.IndexByte(l, '|') >= 0 && bytes.IndexByte(l, '-') >= 0 && len(bytes.Trim(l, "|-: \t\r\n")) == 0 {
			cols = max(cols, bytes.Count(l, []byte{'|'})+1)
		}
	}
	if cols*lines.Len() > size+markdownTableSlack {
		return
	}
	t.ParagraphTransformer.Transform(node, reader, pc)
}
