// Copyright (c) 2019 Yusuke Inuzuka. MIT License: see the LICENSE file.

package mdext

import (
	"regexp"
	"sync"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

var taskListRegexp = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\[([\sxX])\]\s*`)
})

type taskCheckBoxParser struct{}

// NewTaskCheckBoxParser returns a parser of the check boxes of GFM's
// task list items. It must take precedence over parser.LinkParser.
func NewTaskCheckBoxParser() parser.InlineParser {
	return taskCheckBoxParser{}
}

func (taskCheckBoxParser) Trigger() []byte {
	return []byte{'['}
}

func (taskCheckBoxParser) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	// Given AST structure must be like
	// - List
	//   - ListItem         : parent.Parent
	//     - TextBlock      : parent
	//       (current line)
	if parent.Parent() == nil || parent.Parent().FirstChild() != parent {
		return nil
	}

	if parent.HasChildren() {
		return nil
	}
	if _, ok := parent.Parent().(*gast.ListItem); !ok {
		return nil
	}
	line, _ := block.PeekLine()
	m := taskListRegexp().FindSubmatchIndex(line)
	if m == nil {
		return nil
	}
	value := line[m[2]:m[3]][0]
	block.Advance(m[1])
	checked := value == 'x' || value == 'X'
	return ast.NewTaskCheckBox(checked)
}

func (taskCheckBoxParser) CloseBlock(parent gast.Node, pc parser.Context) {
	// nothing to do
}
