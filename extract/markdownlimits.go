package extract

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// The limits of markdownTooDeep. goldmark takes time quadratic in the
// depth of containers opened on one line (block quotes and list items,
// CommonMark 0.31 §5) and in the number of parentheses left open in a
// paragraph after link openers (§6.3: link destinations; cmark stops at
// 32 levels, goldmark does not): a 600 KB file took 27 s. Brackets
// nested in a paragraph (§6.3: link text) take it 2 KB of memory each.
// Link reference definitions one after the other (§4.7) take it time
// quadratic in their number: 100000 took 46 s. Real documents stay far
// below these limits.
const (
	markdownMaxDepth  = 100  // containers opened on one line
	markdownMaxParens = 1000 // parentheses, or brackets, open in one paragraph
	markdownMaxDefs   = 5000 // lines that start with "[" in one paragraph
)

// ErrMarkdownTooDeep is wrapped by the error for a Markdown file nested
// past the limits the parser bears in linear time.
var ErrMarkdownTooDeep = errors.New("markdown nested too deep (more than 100 block quotes or list items on a line, 1000 open parentheses or brackets, or 5000 lines that start with a bracket, in a paragraph)")

// markdownTooDeep returns an error, naming the line and its offset, if
// buf passes the limits, nil if not. It looks at the text only: a line
// of block quote and list markers, and the parentheses and brackets not
// escaped and the lines that start with "[", of text runs between blank
// lines (a paragraph or more).
func markdownTooDeep(buf []byte) (line int, off int, err error) {
	var open [2]int // parentheses, brackets
	defs := 0
	line = 1
	for off < len(buf) {
		end := bytes.IndexByte(buf[off:], '\n')
		if end < 0 {
			end = len(buf)
		} else {
			end += off
		}
		l := buf[off:end]
		if len(bytes.TrimLeft(l, " \t\r")) == 0 {
			open, defs = [2]int{}, 0
		}
		if t := bytes.TrimLeft(l, " "); len(l)-len(t) <= 3 && len(t) > 0 && t[0] == '[' {
			defs++
		}
		if markdownContainers(l) > markdownMaxDepth {
			return line, off, ErrMarkdownTooDeep
		}
		if open = markdownOpen(l, open); open[0] < 0 || defs > markdownMaxDefs {
			return line, off, ErrMarkdownTooDeep
		}
		off, line = end+1, line+1
	}
	return 0, 0, nil
}

// markdownContainers returns how many block quote markers and list
// markers (§5.1, §5.2: -, + or * or up to 9 digits and . or ), then white
// space) open line, one after the other.
func markdownContainers(line []byte) int {
	n := 0
	for i := 0; ; n++ {
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
}

// markdownOpen returns the counts of open parentheses and brackets after
// line, open of them before it; -1 as the first once either passes
// markdownMaxParens.
func markdownOpen(line []byte, open [2]int) [2]int {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '\\' {
			i++
		} else if k := strings.IndexByte("([", c); k >= 0 {
			if open[k]++; open[k] > markdownMaxParens {
				return [2]int{-1, 0}
			}
		} else if k := strings.IndexByte(")]", c); k >= 0 {
			open[k] = max(open[k]-1, 0)
		}
	}
	return open
}

// markdownTooDeepError returns the error for the file of src if buf
// passes the limits, nil if not.
func markdownTooDeepError(buf []byte, src *source) error {
	line, off, err := markdownTooDeep(buf)
	if err == nil {
		return nil
	}
	return &Error{File: src.name, Message: src.message, Part: src.part, Offset: int64(off), Err: fmt.Errorf("line %d: %w", line, err)}
}
