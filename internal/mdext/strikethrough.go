// Copyright (c) 2019 Yusuke Inuzuka. MIT License: see the LICENSE file.

package mdext

import (
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

type strikethroughDelimiterProcessor struct{}

func (strikethroughDelimiterProcessor) IsDelimiter(b byte) bool {
	return b == '~'
}

func (strikethroughDelimiterProcessor) CanOpenCloser(opener, closer *parser.Delimiter) bool {
	return opener.Char == closer.Char
}

func (strikethroughDelimiterProcessor) OnMatch(consumes int) gast.Node {
	return ast.NewStrikethrough()
}

type strikethroughParser struct{}

// NewStrikethroughParser returns a parser of GFM's strikethrough: text
// between "~" or "~~".
func NewStrikethroughParser() parser.InlineParser {
	return strikethroughParser{}
}

func (strikethroughParser) Trigger() []byte {
	return []byte{'~'}
}

func (strikethroughParser) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	before := block.PrecendingCharacter()
	line, segment := block.PeekLine()
	node := parser.ScanDelimiter(line, before, 1, strikethroughDelimiterProcessor{})
	if node == nil || node.OriginalLength > 2 || before == '~' {
		return nil
	}

	node.Segment = segment.WithStop(segment.Start + node.OriginalLength)
	block.Advance(node.OriginalLength)
	pc.PushDelimiter(node)
	return node
}

func (strikethroughParser) CloseBlock(parent gast.Node, pc parser.Context) {
	// nothing to do
}
