package uri

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Resolution, normalization and make-relative conformance against the
// vectors in testdata/conformance (origins and licences in its README.md).
// Where a peer's expectation differs from RFC 3986 as we implement it, the
// row is listed in a known-divergence table with the reason, our own
// result is asserted, and the table must be used up exactly, so a changed
// vector or a changed behaviour fails the test instead of passing silently.

// parseRef parses s or stops the test.
func parseRef(t *testing.T, s string) URI {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return u
}

// recompose is the recomposition algorithm of §5.3 exactly as printed,
// without String's guards against re-parsing differently, so that it
// reproduces the literal strings of the vectors (including "f://g").
func recompose(u URI) string {
	var b strings.Builder
	if u.Scheme != "" {
		b.WriteString(u.Scheme + ":")
	}
	if u.HasAuthority {
		b.WriteString("//" + u.Authority())
	}
	b.WriteString(u.Path)
	if u.HasQuery {
		b.WriteString("?" + u.Query)
	}
	if u.HasFragment {
		b.WriteString("#" + u.Fragment)
	}
	return b.String()
}

// ambiguous reports whether the literal §5.3 string of u would read back
// as something else: a path starting with "//" and no authority.
func ambiguous(u URI) bool { return !u.HasAuthority && strings.HasPrefix(u.Path, "//") }

// checkLiteral asserts that got, the resolution of ref against base, is the
// literal RFC 3986 result want: as the §5.3 string, as String() (which puts
// "/." before an ambiguous "//" path, the only allowed difference) and, when
// want is unambiguous, as the value Parse(want). It reports whether got was
// ambiguous.
func checkLiteral(t *testing.T, what, base, ref string, got URI, want string) bool {
	t.Helper()
	if s := recompose(got); s != want {
		t.Errorf("%s: resolve(%q, %q) = %q (§5.3), want %q", what, base, ref, s, want)
		return false
	}
	if ambiguous(got) {
		fixed := got.Scheme + ":/." + want[len(got.Scheme)+1:]
		if s := got.String(); s != fixed {
			t.Errorf("%s: resolve(%q, %q).String() = %q, want %q", what, base, ref, s, fixed)
		}
		return true
	}
	if s := got.String(); s != want {
		t.Errorf("%s: resolve(%q, %q).String() = %q, want %q", what, base, ref, s, want)
	}
	if w, err := Parse(want); err != nil || w != got {
		t.Errorf("%s: resolve(%q, %q) = %#v, want the value %#v (%v)", what, base, ref, got, w, err)
	}
	return false
}

func resolveStrings(t *testing.T, base, ref string, strict bool) URI {
	t.Helper()
	b, r := parseRef(t, base), parseRef(t, ref)
	resolve := Resolve
	if !strict {
		resolve = ResolveNonStrict
	}
	got, err := resolve(b, r)
	if err != nil {
		t.Fatalf("resolve(%q, %q): %v", base, ref, err)
	}
	return got
}

func TestResolveRFC3986Examples(t *testing.T) {
	var v struct {
		Cases []struct {
			Section, Base, Ref, Expected string
			Strict                       *bool
		}
	}
	readVectors(t, "rfc3986_5.4.json", &v)
	strict, nonStrict := 0, 0
	for _, c := range v.Cases {
		if c.Strict != nil && !*c.Strict {
			nonStrict++
			checkLiteral(t, "§"+c.Section, c.Base, c.Ref, resolveStrings(t, c.Base, c.Ref, false), c.Expected)
			// The same row in strict mode is the §5.4.2 "http:g" of the
			// strict parser.
			checkLiteral(t, "§"+c.Section+" strict", c.Base, c.Ref, resolveStrings(t, c.Base, c.Ref, true), c.Ref)
			continue
		}
		strict++
		checkLiteral(t, "§"+c.Section, c.Base, c.Ref, resolveStrings(t, c.Base, c.Ref, true), c.Expected)
	}
	wantRows(t, "rfc3986 §5.4 strict", strict, 42)
	wantRows(t, "rfc3986 §5.4 non-strict", nonStrict, 1)
}

func TestResolveUnionLiteral(t *testing.T) {
	var v struct {
		Cases []struct {
			Base           string `json:"base"`
			Ref            string `json:"ref"`
			RFC3986Literal string `json:"rfc3986_literal"`
		} `json:"cases"`
	}
	readVectors(t, "resolve_union_literal.json", &v)
	amb := 0
	for _, c := range v.Cases {
		if checkLiteral(t, "union", c.Base, c.Ref, resolveStrings(t, c.Base, c.Ref, true), c.RFC3986Literal) {
			amb++
		}
	}
	wantRows(t, "resolve_union_literal", len(v.Cases), 242)
	// "f:/a" + ".//g" and "f:/a/" + "..//g": the literal string "f://g"
	// would read as host g; String gives "f:/.//g" (uriparser's answer) for
	// the same value.
	wantRows(t, "resolve_union_literal, ambiguous §5.3 strings", amb, 2)
}

func TestResolveAuthoredEdgeCases(t *testing.T) {
	var v struct {
		Resolve []struct {
			Base           string `json:"base"`
			Ref            string `json:"ref"`
			RFC3986Literal string `json:"rfc3986_literal"`
		} `json:"resolve"`
	}
	readVectors(t, "edge_cases_authored.json", &v)
	for _, c := range v.Resolve {
		checkLiteral(t, "authored", c.Base, c.Ref, resolveStrings(t, c.Base, c.Ref, true), c.RFC3986Literal)
	}
	wantRows(t, "edge_cases_authored resolve", len(v.Resolve), 26)
}

func TestResolveNetworkURI(t *testing.T) {
	var v struct {
		Resolve []struct {
			Base           string `json:"base"`
			Ref            string `json:"ref"`
			Expected       string `json:"expected"`
			Test           string `json:"test"`
			RFC3986Literal string `json:"rfc3986_literal"`
		} `json:"resolve"`
	}
	readVectors(t, "network_uri_vectors.json", &v)
	amb := 0
	for _, c := range v.Resolve {
		if c.Expected != c.RFC3986Literal {
			t.Errorf("network-uri %s: expected %q differs from the literal %q: not a known divergence", c.Test, c.Expected, c.RFC3986Literal)
		}
		if checkLiteral(t, "network-uri "+c.Test, c.Base, c.Ref, resolveStrings(t, c.Base, c.Ref, true), c.Expected) {
			amb++
		}
	}
	wantRows(t, "network-uri resolve", len(v.Resolve), 77)
	// network-uri expects the ambiguous literal "f://g" too, twice; see
	// TestResolveUnionLiteral.
	wantRows(t, "network-uri resolve, ambiguous §5.3 strings", amb, 2)
}

// resolveDivergences are the peer resolution expectations, by source,
// base and reference, that differ from the literal algorithm of RFC 3986
// §5.2, which we follow.
var resolveDivergences = map[[3]string]string{
	{"4suite", "foo:a/b", "../c"}: "4Suite/Klyne convention keeps a rootless path rootless; " +
		"§5.2.4 turns merged 'a/../c' into '/c'",
	{"4suite", "zz:abc", "foo/../../../bar"}: "same rootless-path convention; §5.2.4 gives '/bar'",
	{"4suite", "zz:abc", "foo/../bar"}:       "same rootless-path convention; §5.2.4 gives '/bar'",
	{"uriparser", "foo:a/b", "../c"}: "4Suite/Klyne convention keeps a rootless path rootless; " +
		"§5.2.4 turns merged 'a/../c' into '/c'",
	{"uriparser", "zz:abc", "foo/../../../bar"}: "same rootless-path convention; §5.2.4 gives '/bar'",
	{"uriparser", "zz:abc", "foo/../bar"}:       "same rootless-path convention; §5.2.4 gives '/bar'",
	{"uriparser", "f:/a", ".//g"}: "not a divergence of value: the literal path is '//g' with no authority; " +
		"uriparser writes it 'f:/.//g', which is exactly our String() (chosen behaviour), " +
		"while the literal §5.3 string 'f://g' would re-parse with host 'g'",
	{"fluent-uri", "foo:/", ".//@@"}: "same as 'f:/a' + './/g': fluent-uri's 'foo:/.//@@' is our String() " +
		"of the literal path '//@@'",
	{"fluent-uri", "foo:/bar/baz/.%2E/", ".."}: "fluent-uri treats '%2E' as '.' in the base; §5.2 never decodes, " +
		"so '.%2E' is an ordinary segment (C-16)",
	{"fluent-uri", "foo:/bar/..", "."}: "fluent-uri removes dot-segments from the base path first; §5.2.3 " +
		"merges the base path as it is and §5.2.4 then gives 'foo:/bar/'",
}

// checkPeerResolve checks one peer row: our result is always the literal
// one, and it matches the peer's expectation unless the row is a known
// divergence, which must be flagged so in the data (literal false).
// A peer expecting the ambiguous literal string (4Suite's "f://g") agrees
// on the value; checkLiteral has asserted our spelling of it.
func checkPeerResolve(t *testing.T, what, base, ref string, strict bool, expected, literal string, used map[[3]string]bool) {
	t.Helper()
	got := resolveStrings(t, base, ref, strict)
	amb := checkLiteral(t, what, base, ref, got, literal)
	key := [3]string{what, base, ref}
	if reason, ok := resolveDivergences[key]; ok {
		used[key] = true
		if expected == literal {
			t.Errorf("%s: (%q, %q) listed as divergent (%s) but the peer agrees with the literal result", what, base, ref, reason)
		}
		// Where the peer's string is our String() of the literal value,
		// the divergence is only one of spelling; assert it.
		if ambiguous(got) && got.String() != expected {
			t.Errorf("%s: resolve(%q, %q).String() = %q, want the peer's %q", what, base, ref, got.String(), expected)
		}
		return
	}
	if expected != literal {
		t.Errorf("%s: resolve(%q, %q): peer expects %q, literal %q, and no known divergence", what, base, ref, expected, literal)
	}
	if amb {
		return
	}
	if got.String() != expected {
		t.Errorf("%s: resolve(%q, %q) = %q, want %q", what, base, ref, got.String(), expected)
	}
	// uriparser compares structurally (uriEqualsUri): so do we.
	if w := parseRef(t, expected); w != got {
		t.Errorf("%s: resolve(%q, %q) = %#v, want the value %#v", what, base, ref, got, w)
	}
}

func TestResolveUriparser(t *testing.T) {
	var v struct {
		Resolve []struct {
			Base           string `json:"base"`
			Ref            string `json:"ref"`
			Expected       string `json:"expected"`
			NonStrict      *bool  `json:"backward_compat_same_scheme"`
			RFC3986Literal string `json:"rfc3986_literal"`
		} `json:"resolve"`
	}
	readVectors(t, "uriparser_vectors.json", &v)
	used := map[[3]string]bool{}
	nonStrict := 0
	for _, c := range v.Resolve {
		strict := c.NonStrict == nil || !*c.NonStrict
		if !strict {
			nonStrict++
		}
		checkPeerResolve(t, "uriparser", c.Base, c.Ref, strict, c.Expected, c.RFC3986Literal, used)
	}
	wantRows(t, "uriparser resolve", len(v.Resolve), 242)
	wantRows(t, "uriparser resolve, non-strict (backward_compat_same_scheme)", nonStrict, 3)
	wantRows(t, "uriparser resolve, known divergences", len(used), 4)
}

func TestResolve4Suite(t *testing.T) {
	var v struct {
		Cases []struct {
			Base           string `json:"base"`
			Ref            string `json:"ref"`
			Expected       string `json:"expected"`
			RFC3986Literal string `json:"rfc3986_literal"`
		} `json:"cases"`
	}
	readVectors(t, "4suite_absolutize_cc0.json", &v)
	used := map[[3]string]bool{}
	for _, c := range v.Cases {
		checkPeerResolve(t, "4suite", c.Base, c.Ref, true, c.Expected, c.RFC3986Literal, used)
	}
	wantRows(t, "4suite absolutize", len(v.Cases), 194)
	wantRows(t, "4suite absolutize, known divergences", len(used), 3)
}

func TestResolveFluentURI(t *testing.T) {
	var v struct {
		Resolve []struct {
			Base           string `json:"base"`
			Ref            string `json:"ref"`
			Expected       string `json:"expected"`
			RFC3986Literal string `json:"rfc3986_literal"`
		} `json:"resolve"`
		Errors []struct {
			Base  string `json:"base"`
			Ref   string `json:"ref"`
			Error string `json:"error"`
		} `json:"resolve_errors"`
	}
	readVectors(t, "fluent_uri_vectors.json", &v)
	used := map[[3]string]bool{}
	for _, c := range v.Resolve {
		checkPeerResolve(t, "fluent-uri", c.Base, c.Ref, true, c.Expected, c.RFC3986Literal, used)
	}
	wantRows(t, "fluent-uri resolve", len(v.Resolve), 47)
	wantRows(t, "fluent-uri resolve, known divergences", len(used), 3)

	// fluent-uri refuses these; RFC 3986 resolves them. Our results, by
	// §5.1 (the base fragment is dropped) and the literal §5.2.2-§5.2.4.
	errorDivergences := map[[2]string]string{
		{"http://example.com/#title1", "foo"}: "http://example.com/foo",
		{"foo:bar", "baz"}:                    "foo:baz",
		{"foo:bar", "?baz"}:                   "foo:bar?baz",
	}
	for _, c := range v.Errors {
		want, ok := errorDivergences[[2]string{c.Base, c.Ref}]
		if !ok {
			t.Errorf("fluent-uri error %s for (%q, %q): not a known divergence", c.Error, c.Base, c.Ref)
			continue
		}
		checkLiteral(t, "fluent-uri "+c.Error, c.Base, c.Ref, resolveStrings(t, c.Base, c.Ref, true), want)
	}
	wantRows(t, "fluent-uri resolve_errors (resolved, known divergences)", len(v.Errors), 3)
}

func TestRemoveDotSegmentsPython(t *testing.T) {
	var v struct {
		Rows []struct {
			Input          string `json:"input"`
			RFC3986Literal string `json:"rfc3986_literal"`
		} `json:"remove_dot_segments"`
	}
	readVectors(t, "python_rfc3986_vectors.json", &v)
	for _, c := range v.Rows {
		if got := RemoveDotSegments(c.Input); got != c.RFC3986Literal {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", c.Input, got, c.RFC3986Literal)
		}
	}
	wantRows(t, "python rfc3986 remove_dot_segments", len(v.Rows), 12)
}

// normalizeDivergences maps a peer's normalization row (input, and the
// uriparser mask or "") to our result and the reason it differs.
var normalizeDivergences = map[[2]string][2]string{
	// uriparser: only syntax-based normalization (§6.2.2).
	{"http://user:pass@SOMEHOST.COM:123", "all"}: {"http://user:pass@somehost.com:123/",
		"scheme-based §6.2.3: an empty http path is '/'"},
	{"https://%e4%bd%a0%e5%a5%bd%e4%bd%a0%e5%a5%bd.com", "all"}: {"https://%E4%BD%A0%E5%A5%BD%E4%BD%A0%E5%A5%BD.com/",
		"scheme-based §6.2.3: an empty https path is '/'"},
	{"https://[2041:0000:140F::875B:131B]", "all"}: {"https://[2041:0:140f::875b:131b]/",
		"IPv6 written in RFC 5952 form (leading zeros dropped), and an empty https path is '/'"},
	{"abc/..", "all"}: {"./",
		"'' would be a same-document reference; 'abc/..' names the base's directory, as './' does"},
	{"abc/../", "all"}:                       {"./", "as 'abc/..'"},
	{"a/b/c/../../..", "URI_NORMALIZE_PATH"}: {"./", "as 'abc/..'"},
	{"a/b/../../c/..", "URI_NORMALIZE_PATH"}: {"./", "as 'abc/..'"},
	{"HTTP://EXAMPLE.ORG:00080/", "URI_NORMALIZE_PORT"}: {"http://example.org/",
		"scheme-based §6.2.3: 80 is the http default port and is removed"},
	{"scheme://host:/", "URI_NORMALIZE_PORT"}: {"scheme://host/",
		"§3.2.3: normalizers should omit an empty port with its ':'"},
	// fluent-uri: syntax-based only, relative references untouched, rootless
	// paths untouched, IRI decoding.
	{"http://example.com", ""}:     {"http://example.com/", "scheme-based §6.2.3: an empty http path is '/'"},
	{"http://example.com:80/", ""}: {"http://example.com/", "scheme-based §6.2.3: the http default port is removed"},
	{"HTTP://%45XAMPLE.%43Om", ""}: {"http://example.com/", "scheme-based §6.2.3: an empty http path is '/'"},
	{"foo/../bar", ""}: {"bar",
		"dot-segments of a relative-path reference collapse, keeping its meaning against any hierarchical base"},
	{"/foo/../bar", ""}: {"/bar", "an absolute-path reference is resolved with remove_dot_segments (§5.2.2), so normalizing it is safe"},
	{"foo:bar/../baz", ""}: {"foo:/baz",
		"§6.2.2.3 applies remove_dot_segments to every URI path; it gives '/baz', as Resolve does"},
	{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", ""}: {"example://a/b/c/%7Bfoo%7D/ros%C3%A9",
		"an IRI normalization (RFC 3987) row: URI normalization never decodes non-ASCII octets"},
	// network-uri.
	{"file:/x/..//y", ""}: {"file:/.//y",
		"network-uri's 'file://y' reads as host 'y' (meaning-changing); the path is '//y', written '/.//y'"},
	{"file:x/..//y/", ""}: {"file:/.//y/",
		"§5.2.4 on 'x/..//y/' gives '//y/', written '/.//y/'; network-uri drops the empty segment"},
}

// checkPeerNormalize checks one normalization row: the whole normal form
// against want, or for a uriparser component mask only that component.
func checkPeerNormalize(t *testing.T, what, input, mask, want string, used map[[2]string]bool) {
	t.Helper()
	got := parseRef(t, input).Normalize()
	if d, ok := normalizeDivergences[[2]string{input, mask}]; ok {
		used[[2]string{input, mask}] = true
		if got.String() != d[0] {
			t.Errorf("%s: Normalize(%q) = %q, want %q (divergent from the peer's %q: %s)", what, input, got.String(), d[0], want, d[1])
		}
		return
	}
	w := parseRef(t, want)
	var ok bool
	switch mask {
	case "", "all":
		ok = got.String() == want
	case "URI_NORMALIZE_SCHEME":
		ok = got.Scheme == w.Scheme
	case "URI_NORMALIZE_USER_INFO":
		ok = got.Userinfo == w.Userinfo
	case "URI_NORMALIZE_HOST":
		ok = got.Host == w.Host
	case "URI_NORMALIZE_PORT":
		ok = got.Port == w.Port && got.HasPort == w.HasPort
	case "URI_NORMALIZE_PATH":
		ok = got.Path == w.Path
	case "URI_NORMALIZE_QUERY":
		ok = got.Query == w.Query
	case "URI_NORMALIZE_FRAGMENT":
		ok = got.Fragment == w.Fragment
	default:
		t.Fatalf("%s: unknown mask %q", what, mask)
	}
	if !ok {
		t.Errorf("%s: Normalize(%q) = %q, want %q (mask %s)", what, input, got.String(), want, mask)
	}
}

func TestNormalizeUriparser(t *testing.T) {
	var v struct {
		Normalize []struct{ Input, Expected, Mask string } `json:"normalize"`
	}
	readVectors(t, "uriparser_vectors.json", &v)
	used := map[[2]string]bool{}
	for _, c := range v.Normalize {
		checkPeerNormalize(t, "uriparser", c.Input, c.Mask, c.Expected, used)
	}
	wantRows(t, "uriparser normalize", len(v.Normalize), 56)
	wantRows(t, "uriparser normalize, known divergences", len(used), 9)
}

func TestNormalizeFluentURI(t *testing.T) {
	var v struct {
		Normalize []struct{ Kind, Input, Expected string } `json:"normalize"`
	}
	readVectors(t, "fluent_uri_vectors.json", &v)
	used := map[[2]string]bool{}
	for _, c := range v.Normalize {
		checkPeerNormalize(t, "fluent-uri "+c.Kind, c.Input, "", c.Expected, used)
	}
	wantRows(t, "fluent-uri normalize", len(v.Normalize), 27)
	wantRows(t, "fluent-uri normalize, known divergences", len(used), 7)
}

func TestNormalizeNetworkURI(t *testing.T) {
	var v struct {
		Normalize []struct{ Input, Expected, ID string } `json:"normalize"`
	}
	readVectors(t, "network_uri_vectors.json", &v)
	used := map[[2]string]bool{}
	for _, c := range v.Normalize {
		checkPeerNormalize(t, "network-uri "+c.ID, c.Input, "", c.Expected, used)
	}
	wantRows(t, "network-uri normalize", len(v.Normalize), 6)
	wantRows(t, "network-uri normalize, known divergences", len(used), 2)
}

// relativeDifferences maps (base, target) to our reference where a peer
// gives another, longer one. Both resolve back to the target (asserted).
var relativeDifferences = map[[2]string]string{
	// uriparser, rows without its domain-root mode: it always climbs with
	// "..", where an absolute path is shorter.
	{"s://ex/a/d/c/d", "s://ex/a/b/c/d"}: "/a/b/c/d",
	{"s://ex/a/c/d/e", "s://ex/a/b/"}:    "/a/b/",
	{"s://ex/a//b/c", "s://ex/a/b"}:      "/a/b",
	{"s://ex/a///b", "s://ex/a/"}:        "/a/",
	// network-uri: "./" where "." does; "/x" from a base with an empty
	// path, whose merge already supplies the "/" (§5.2.3); an absolute
	// path where "../" is shorter or the reverse.
	{"file:/some/dir/foo", "file:/some/dir/#blort"}:        ".#blort",
	{"file:/some/dir/foo", "file:/some/dir/#"}:             ".#",
	{"file:/some/dir/..", "file:/some/dir/#blort"}:         ".#blort",
	{"http://ex?p", "http://ex/x/y?q"}:                     "x/y?q",
	{"http://ex", "http://ex/x/y?q"}:                       "x/y?q",
	{"http://ex#f", "http://ex/x/y?q"}:                     "x/y?q",
	{"http://ex?p", "http://ex/x/y#g"}:                     "x/y#g",
	{"http://ex", "http://ex/"}:                            ".",
	{"http://ex", "http://ex/a/b"}:                         "a/b",
	{"http://example/a/x/y/z", "http://example/a/x%2Fabc"}: "/a/x%2Fabc",
}

// checkPeerRelative checks Relative(base, target) against a peer's answer:
// ours resolves back to the target exactly, the peer's does too, ours is
// never longer, and it is the peer's unless listed in relativeDifferences.
func checkPeerRelative(t *testing.T, what, base, target, want string, used map[[2]string]bool) {
	t.Helper()
	b, tg := parseRef(t, base), parseRef(t, target)
	r, err := Relative(b, tg)
	if err != nil {
		t.Fatalf("%s: Relative(%q, %q): %v", what, base, target, err)
	}
	got := r.String()
	if back, err := Resolve(b, r); err != nil || back != tg {
		t.Errorf("%s: Resolve(%q, Relative(..., %q) = %q) = %q, want the target", what, base, target, got, back.String())
	}
	if back, err := Resolve(b, parseRef(t, want)); err != nil || back != tg {
		t.Errorf("%s: the peer's %q does not resolve to %q from %q: %q", what, want, target, base, back.String())
	}
	if len(got) > len(want) {
		t.Errorf("%s: Relative(%q, %q) = %q, longer than the peer's %q", what, base, target, got, want)
	}
	if p := parseRef(t, got); p != r {
		t.Errorf("%s: Relative(%q, %q) = %#v does not re-parse to itself: %#v", what, base, target, r, p)
	}
	if ours, ok := relativeDifferences[[2]string{base, target}]; ok {
		used[[2]string{base, target}] = true
		want = ours
	}
	if got != want {
		t.Errorf("%s: Relative(%q, %q) = %q, want %q", what, base, target, got, want)
	}
}

func TestRelativeUriparser(t *testing.T) {
	var v struct {
		Relativize []struct{ Base, Target, Expected string } `json:"relativize"`
	}
	readVectors(t, "uriparser_vectors.json", &v)
	used := map[[2]string]bool{}
	for _, c := range v.Relativize {
		checkPeerRelative(t, "uriparser", c.Base, c.Target, c.Expected, used)
	}
	wantRows(t, "uriparser relativize", len(v.Relativize), 26)
	wantRows(t, "uriparser relativize, different answers", len(used), 4)
}

func TestRelativeNetworkURI(t *testing.T) {
	var v struct {
		Pairs []struct{ Base, Target, Relative string } `json:"relative_pairs"`
	}
	readVectors(t, "network_uri_vectors.json", &v)
	used := map[[2]string]bool{}
	for _, c := range v.Pairs {
		checkPeerRelative(t, "network-uri", c.Base, c.Target, c.Relative, used)
	}
	wantRows(t, "network-uri relative_pairs", len(v.Pairs), 71)
	wantRows(t, "network-uri relative_pairs, different answers", len(used), 10)
}

// TestCorpusLinks takes every href and src value of the HTML corpus (in
// ../../shared, skipped when absent) that parses as a URI reference and
// checks, against an http base with a deep path and a rootless one:
// Resolve against the literal transcription of §5.2, the inverse property
// of Relative, and Normalize's idempotence, equivalence, round trip and
// meaning (a reference and its normal form resolve to equivalent URIs).
func TestCorpusLinks(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "corpora", "html")
	if _, err := os.Stat(root); err != nil {
		t.Skip("corpus not found:", err)
	}
	var files []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".html") {
			files = append(files, path)
		}
		return nil
	})
	if testing.Short() && len(files) > 60 {
		files = files[:60]
	}
	bases := []URI{
		parseRef(t, "http://example.com/dir/sub/page.html?q=1#top"),
		parseRef(t, "foo:a/b"),
	}
	seen := map[string]bool{}
	links := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, attr := range []string{`href="`, `src="`} {
			rest := data
			for {
				i := bytes.Index(rest, []byte(attr))
				if i < 0 {
					break
				}
				rest = rest[i+len(attr):]
				j := bytes.IndexByte(rest, '"')
				if j < 0 {
					break
				}
				s := strings.ReplaceAll(string(rest[:j]), "&amp;", "&")
				rest = rest[j:]
				if seen[s] {
					continue
				}
				seen[s] = true
				ref, err := Parse(s)
				if err != nil {
					continue
				}
				links++
				for _, base := range bases {
					got, err := Resolve(base, ref)
					if err != nil {
						t.Fatal(err)
					}
					if want := literalResolve(base, ref, true); got != want {
						t.Errorf("Resolve(%q, %q) = %#v, want %#v", base.String(), s, got, want)
					}
					checkRelative(t, base, got)
				}
				n := ref.Normalize()
				if !strings.Contains(strings.ToUpper(s), "%2E") {
					r1, _ := Resolve(bases[0], ref)
					r2, _ := Resolve(bases[0], n)
					if r1.Normalize() != r2.Normalize() {
						t.Errorf("%q and its normal form %q resolve to different URIs: %q, %q", s, n.String(), r1.String(), r2.String())
					}
				}
				if n.Normalize() != n || !Equal(ref, n) {
					t.Errorf("Normalize(%q) = %q is not a fixed point equal to it", s, n.String())
				}
				if p, err := Parse(n.String()); err != nil || p != n {
					t.Errorf("Normalize(%q) = %#v does not re-parse to itself", s, n)
				}
			}
		}
	}
	if links < 1000 {
		t.Errorf("only %d distinct links checked in %d files", links, len(files))
	}
	t.Logf("%d distinct links from %d files", links, len(files))
}
