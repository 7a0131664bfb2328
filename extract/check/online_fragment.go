package check

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

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
	r := Result{Status: Broken, Reason: "no such fragment", Code: p.res.Code, Near: nearest(f, p.ans.anchors)}
	if p.ans.trunc {
		r.Reason += fmt.Sprintf(" in the first %d KiB", limit>>10)
	}
	return r
}

// anchors returns the ids and <a> names of the HTML in r, sorted and
// without repeats.
func anchors(r io.Reader) ([]string, error) {
	var fs fragSet
	err := htmlFragments(r, &fs)
	return slices.Sorted(maps.Keys(fs.ids)), err
}
