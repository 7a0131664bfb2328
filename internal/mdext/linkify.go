// Copyright (c) 2019 Yusuke Inuzuka. MIT License: see the LICENSE file.

package mdext

import (
	"bytes"
	"regexp"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

var wwwURLRegexp = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^www\.[-a-zA-Z0-9@:%._\+~#=]{1,256}\.[a-z]+(?:[/#?][-a-zA-Z0-9@:%_\+.~#!?&/=\(\);,'">\^{}\[\]` + "`" + `]*)?`) //nolint:lll
})

var urlRegexp = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:http|https|ftp)://[-a-zA-Z0-9@:%._\+~#=]{1,256}\.[a-z]+(?::\d+)?(?:[/#?][-a-zA-Z0-9@:%_+.~#$!?&/=\(\);,'">\^{}\[\]` + "`" + `]*)?`) //nolint:lll
})

type linkifyParser struct{}

// NewLinkifyParser returns a parser of GFM's extended autolinks: text
// that looks like a URL or an e-mail address.
func NewLinkifyParser() parser.InlineParser {
	return linkifyParser{}
}

func (linkifyParser) Trigger() []byte {
	// ' ' indicates any white spaces and a line head
	return []byte{' ', '*', '_', '~', '('}
}

var (
	protoHTTP  = []byte("http:")
	protoHTTPS = []byte("https:")
	protoFTP   = []byte("ftp:")
	domainWWW  = []byte("www.")
)

func (linkifyParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	if pc.IsInLinkLabel() {
		return nil
	}
	line, segment := block.PeekLine()
	consumes := 0
	start := segment.Start
	c := line[0]
	// advance if current position is not a line head.
	if c == ' ' || c == '*' || c == '_' || c == '~' || c == '(' {
		consumes++
		start++
		line = line[1:]
	}

	var m []int
	var protocol []byte
	var typ ast.AutoLinkType = ast.AutoLinkURL
	if bytes.HasPrefix(line, protoHTTP) || bytes.HasPrefix(line, protoHTTPS) || bytes.HasPrefix(line, protoFTP) {
		m = urlRegexp().FindSubmatchIndex(line)
	}
	if m == nil && bytes.HasPrefix(line, domainWWW) {
		m = wwwURLRegexp().FindSubmatchIndex(line)
		protocol = []byte("http")
	}
	if m != nil && m[0] != 0 {
		m = nil
	}
	if m == nil {
		if m = emailMatch(line); m == nil {
			return nil
		}
		typ = ast.AutoLinkEmail
	}
	if consumes != 0 {
		s := segment.WithStop(segment.Start + 1)
		ast.MergeOrAppendTextSegment(parent, s)
	}
	i := trimURLEnd(line, m[1])
	consumes += i
	block.Advance(consumes)
	n := ast.NewTextSegment(text.NewSegment(start, start+i))
	link := ast.NewAutoLink(typ, n)
	link.Protocol = protocol
	return link
}

// emailMatch returns the match of an e-mail address at the start of
// line, as goldmark's linkify parser does, or nil.
func emailMatch(line []byte) []int {
	if len(line) > 0 && util.IsPunct(line[0]) {
		return nil
	}
	stop := util.FindEmailIndex(line)
	if stop < 0 {
		return nil
	}
	at := bytes.IndexByte(line, '@')
	m := []int{0, stop, at, stop - 1}
	if bytes.IndexByte(line[m[2]:m[3]], '.') < 0 {
		return nil
	}
	lastChar := line[m[1]-1]
	if lastChar == '.' {
		m[1]--
	}
	if m[1] < len(line) {
		nextChar := line[m[1]]
		if nextChar == '-' || nextChar == '_' {
			return nil
		}
	}
	return m
}

// trimURLEnd returns where the link that matched line[:end] ends once
// trailing punctuation, unbalanced ")" and an entity reference are left
// out.
func trimURLEnd(line []byte, end int) int {
	opening := bytes.Count(line[:end], []byte{'('})
	closing := bytes.Count(line[:end], []byte{')'})
	i := end
	for i > 1 {
		switch line[i-1] {
		case '?', '!', '.', ',', ':', '*', '_', '~':
			i--
		case ')':
			if closing <= opening {
				return i
			}
			closing--
			i--
		case ';':
			j := i - 2
			for ; j > 0; j-- {
				if util.IsAlphaNumeric(line[j]) {
					continue
				}
				break
			}
			if j == i-2 || line[j] != '&' {
				return i
			}
			i = j
		default:
			return i
		}
	}
	return i
}

func (linkifyParser) CloseBlock(parent ast.Node, pc parser.Context) {
	// nothing to do
}
