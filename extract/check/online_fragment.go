package check

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/xrash/smetrics"
	"golang.org/x/net/html"

	"github.com/urix/urix/uri"
)

// fragmentToCheck returns the fragment of ref that must name something in
// the page: not an empty one or "top", which name the top of any HTML
// document, and without a fragment directive (":~:text=", not part of the
// fragment as HTML matches it).
func fragmentToCheck(ref uri.URI) (string, bool) {
	if !ref.HasFragment {
		return "", false
	}
	f, _, _ := strings.Cut(ref.Fragment, ":~:")
	if f == "" || strings.EqualFold(f, "top") {
		return "", false
	}
	return f, true
}

// fragment returns p's result for the fragment f (HTML's "find a potential
// indicated element": an id, or the name of an <a>, as written, then
// percent-decoded). GitHub prefixes the ids of rendered Markdown with
// "user-content-" and its script resolves the bare name; so do we.
func (p *page) fragment(f string, limit int64) Result {
	if !p.ans.html {
		r := p.res
		r.Reason += "; fragment not checked, not HTML"
		return r
	}
	has := func(s string) bool {
		_, ok := slices.BinarySearch(p.ans.anchors, s)
		return ok
	}
	if has(f) || has("user-content-"+f) {
		return p.res
	}
	if d, err := uri.Unescape(f); err == nil && d != f && (has(d) || has("user-content-"+d) || strings.EqualFold(d, "top")) {
		return p.res
	}
	r := Result{Status: Broken, Reason: "no such fragment", Code: p.res.Code, Near: near(f, p.ans.anchors, 3)}
	if p.ans.trunc {
		r.Reason += fmt.Sprintf(" in the first %d KiB", limit>>10)
	}
	return r
}

// anchors returns the ids and <a> names of the HTML in r, sorted and
// without repeats; the tokenizer's buffer is bounded by limit.
func anchors(r io.Reader, limit int64) ([]string, error) {
	z := html.NewTokenizer(r)
	z.SetMaxBuf(int(limit))
	seen := make(map[string]struct{})
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() == io.EOF || z.Err() == html.ErrBufferExceeded {
				return slices.Sorted(maps.Keys(seen)), nil
			}
			return slices.Sorted(maps.Keys(seen)), z.Err()
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			isA := string(name) == "a"
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if len(v) > 0 && (string(k) == "id" || isA && string(k) == "name") {
					seen[string(v)] = struct{}{}
				}
			}
		}
	}
}

// near returns up to n of have nearest to f, nearest first. It compares
// the first nearPrefix bytes of at most nearMax anchors of about f's
// length, so that a miss costs little whatever the page holds.
func near(f string, have []string, n int) []string {
	type scored struct {
		s     string
		score float64
	}
	f = strings.ToLower(f[:min(len(f), nearPrefix)])
	var best []scored
	compared := 0
	for _, h := range have {
		if len(h) > 2*len(f)+8 || 2*len(h)+8 < len(f) {
			continue
		}
		if compared++; compared > nearMax {
			break
		}
		l := strings.ToLower(h[:min(len(h), nearPrefix)])
		if s := smetrics.JaroWinkler(f, l, 0.7, 4); s >= 0.7 {
			best = append(best, scored{h, s})
		}
	}
	slices.SortStableFunc(best, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	var out []string
	for _, b := range best[:min(n, len(best))] {
		out = append(out, b.s)
	}
	return out
}

const (
	nearPrefix = 64
	nearMax    = 10000
)
