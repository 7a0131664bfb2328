package extract

import (
	"bytes"
	"testing"

	"golang.org/x/net/html"

	"github.com/urix/urix/base"
)

// treeBase returns the base the tree of page gives, against outer: what
// embeddedBase returns when it builds the tree.
func treeBase(t *testing.T, page []byte, outer base.Base) string {
	t.Helper()
	p := parsePage(page, nil)
	p.settled = false
	b, err := p.embeddedBase(outer)
	if err != nil {
		return "error: " + err.Error()
	}
	return b.URI.String() + " " + b.Source.String()
}

// TestHTMLSettledBase checks that where the tokenizer settles the base
// (page.settled), it is the one of the tree, on pages whose tree puts
// another base element first or drops one, and on every corpus page with
// a base element.
func TestHTMLSettledBase(t *testing.T) {
	outer, err := base.Parse("http://retrieval/dir/", base.Retrieval)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		page    string
		settled bool
	}{
		{`<!DOCTYPE html><html><head><meta charset=utf-8><title>t</title><base href="http://a/"><a href=x>`, true},
		{`<base href="http://a/"><table><base href="http://b/"></table>`, true},
		{`<body>text<base href="http://a/">`, true},
		{`<script>"<base href='http://s/'>"</script><base href="http://a/">`, true},
		// Foster parenting puts the second base before the outer table.
		{`<table><tr><td><table><base href="http://a/"></table></td></tr><base href="http://b/"></table>`, false},
		{`<select><base href="http://a/"></select><base href="http://b/">`, false},
		{`<frameset><base href="http://a/"></frameset>`, false},
		{`<noscript><script></noscript></script><base href="http://a/">`, false},
		{`<template><base href="http://a/"></template><base href="http://b/">`, false},
		{`<svg><base href="http://a/"></svg><base href="http://b/">`, false},
		{`<div><base href="http://a/">`, false},
	}
	for _, tc := range tests {
		page := []byte(tc.page)
		p := parsePage(page, nil)
		if p.settled != tc.settled {
			t.Errorf("%s: settled %v, want %v", tc.page, p.settled, tc.settled)
		}
		checkSettledBase(t, tc.page, page, outer)
	}
	pages, settled := 0, 0
	forEachCorpusPage(t, func(path string, page []byte) {
		if !hasBaseTag(page) {
			return
		}
		pages++
		if checkSettledBase(t, path, page, outer) {
			settled++
		}
	})
	t.Logf("the tokenizer settles the base of %d of %d corpus pages with \"<base\"", settled, pages)
}

// checkSettledBase checks that the base of page is the tree's, and
// reports whether the tokenizer settled it.
func checkSettledBase(t *testing.T, name string, page []byte, outer base.Base) bool {
	t.Helper()
	p := parsePage(page, nil)
	got, err := p.embeddedBase(outer)
	gotS := got.URI.String() + " " + got.Source.String()
	if err != nil {
		gotS = "error: " + err.Error()
	}
	if want := treeBase(t, page, outer); gotS != want {
		t.Errorf("%s: base %s, the tree says %s (settled %v)", name, gotS, want, p.settled)
	}
	return p.settled
}

// BenchmarkHTMLBaseTree is the cost of the tree for the base of a page
// that does not need it, for comparison with BenchmarkHTML.
func BenchmarkHTMLBaseTree(b *testing.B) {
	pages := readCorpusPages(b)
	outer, _ := base.Parse("http://example.com/dir/page.html", base.Retrieval)
	for b.Loop() {
		for _, page := range pages {
			if hasBaseTag(page) {
				doc, err := html.Parse(bytes.NewReader(page))
				if err == nil {
					outer.HTML(doc)
				}
			}
		}
	}
}
