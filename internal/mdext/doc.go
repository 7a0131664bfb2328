// Copyright (c) 2019 Yusuke Inuzuka. MIT License: see the LICENSE file.

// Package mdext is the part of goldmark's GitHub Flavored Markdown
// extensions (github.com/yuin/goldmark/extension, v1.8.7) that urix parses
// with: the extended autolink, strikethrough, task list check box and
// table parsers, without their HTML renderers or extenders.
//
// It is a fork so that a run that reads no Markdown does not pay for it:
// importing goldmark's extension package compiles its regular expressions
// at start-up (its autolink patterns repeat a class up to 256 times: 5 ms
// and 264 KB of a `urix --version`). Here each is compiled on first use.
//
// What differs from goldmark's extension v1.8.7, for whoever brings it up
// to a later version: the regular expressions are built by sync.OnceValue;
// the autolink parser has no options (goldmark's defaults: http, https,
// ftp and www. URLs, util.FindEmailIndex for addresses); the table
// transformer no longer records cells with an escaped "|" in a code span
// in the parser context, a record only the table AST transformer reads,
// which urix leaves out (see extract's markdown parser). The nodes are
// goldmark's own, from github.com/yuin/goldmark/extension/ast.
package mdext
