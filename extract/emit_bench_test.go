package extract

import (
	"bytes"
	"testing"

	"github.com/urix/urix/base"
)

// emitInput is one call of complete as a scan makes it, rebuilt from the
// link the scan yielded: the link as the scanner found it, the text to
// read and the base in force.
type emitInput struct {
	l    Link
	text string
	src  *source
}

// emitInputs rebuilds the complete calls of a scan of the SpamAssassin mbox.
func emitInputs(b *testing.B) []emitInput {
	mbox, _ := spamAssassinMbox(b)
	opts := &Options{}
	seen := &seenSet{keys: map[string]struct{}{}}
	sources := map[string]*source{}
	var in []emitInput
	for l, err := range Links(bytes.NewReader(mbox), Options{Type: Mbox}) {
		if err != nil {
			continue
		}
		key := l.BaseSource.String() + " " + l.Base
		src := sources[key]
		if src == nil {
			src = &source{opts: opts, seen: seen}
			if l.Base != "" {
				bs, err := base.Parse(l.Base, l.BaseSource)
				if err != nil {
					b.Fatal(err)
				}
				src.base = bs
			}
			sources[key] = src
		}
		text := l.Ref
		if l.Style == StyleAbbreviated {
			text = l.URI
		}
		in = append(in, emitInput{Link{Ref: l.Ref, Offset: l.Offset, Line: l.Line, Column: l.Column, Style: l.Style, Context: l.Context, Tag: l.Tag, Attr: l.Attr, Header: l.Header}, text, src})
	}
	return in
}

// BenchmarkEmitMbox replays the complete calls of BenchmarkMbox: what emit
// costs for the links of real mail, without the scanning around it.
func BenchmarkEmitMbox(b *testing.B) {
	in := emitInputs(b)
	yield := func(Link, error) bool { return true }
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		replayEmit(in, yield)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in)), "ns/link")
}

// replayEmit makes the calls in: a function of its own, for profilers
// (callgrind --toggle-collect).
//
//go:noinline
func replayEmit(in []emitInput, yield func(Link, error) bool) {
	for i := range in {
		l := in[i].l
		if in[i].src.complete(&l, in[i].text) {
			yield(l, nil)
		}
	}
}
