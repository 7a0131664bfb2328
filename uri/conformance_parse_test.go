package uri

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Parsing conformance against the peer vectors in testdata/conformance
// (origins and licences in its README.md). Every test counts the rows it
// checked, so an emptied or renamed file fails instead of passing silently.

func readVectors(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "conformance", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func wantRows(t *testing.T, what string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s: checked %d rows, want %d", what, got, want)
	}
	t.Logf("%s: %d rows", what, got)
}

// checkRoundTrip asserts Parse(s).String() == s (§5.3, B-06).
func checkRoundTrip(t *testing.T, u URI, s string) {
	t.Helper()
	if got := u.String(); got != s {
		t.Errorf("Parse(%q).String() = %q", s, got)
	}
}

type uriparserVectors struct {
	ParseGood []string `json:"parse_good"`
	ParseBad  []struct {
		Input       string `json:"input"`
		ErrorOffset int    `json:"error_offset"`
	} `json:"parse_bad"`
	IPv6Pass    []string `json:"ipv6_pass"`
	IPv6Fail    []string `json:"ipv6_fail"`
	IPv4Pass    []string `json:"ipv4_pass"`
	IPv4Fail    []string `json:"ipv4_fail"`
	Distinction []struct {
		Input            string `json:"input"`
		HostSet          bool   `json:"host_set"`
		AbsolutePath     bool   `json:"absolute_path"`
		EmptyTailSegment bool   `json:"empty_tail_segment"`
	} `json:"distinction"`
}

func TestUriparserParse(t *testing.T) {
	var v uriparserVectors
	readVectors(t, "uriparser_vectors.json", &v)

	for _, s := range v.ParseGood {
		u, err := Parse(s)
		if err != nil {
			t.Errorf("parse_good: Parse(%q): %v", s, err)
			continue
		}
		checkRoundTrip(t, u, s)
	}
	wantRows(t, "uriparser parse_good", len(v.ParseGood), 66)

	// uriparser reports the first byte that cannot continue a valid
	// reference: for "http://w3c.org:80path1/path2" that is the '/' at 22,
	// since "w3c.org:80path1" could still have been a userinfo. Parse uses
	// the same convention, so every offset must agree.
	for _, row := range v.ParseBad {
		_, err := Parse(row.Input)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("parse_bad: Parse(%q) = %v, want an *Error", row.Input, err)
			continue
		}
		if e.Offset != row.ErrorOffset {
			t.Errorf("parse_bad: Parse(%q): %v; uriparser says offset %d", row.Input, err, row.ErrorOffset)
		}
	}
	wantRows(t, "uriparser parse_bad", len(v.ParseBad), 31)

	for _, a := range v.IPv6Pass {
		in := "//[" + a + "]"
		u, err := Parse(in)
		if err != nil || u.HostKind() != IPv6 {
			t.Errorf("ipv6_pass: Parse(%q) = %v (%v), want an IPv6 host", in, u.HostKind(), err)
			continue
		}
		checkRoundTrip(t, u, in)
	}
	wantRows(t, "uriparser ipv6_pass", len(v.IPv6Pass), 45)
	for _, a := range v.IPv6Fail {
		in := "//[" + a + "]"
		if u, err := Parse(in); !errors.Is(err, ErrInvalidHost) {
			t.Errorf("ipv6_fail: Parse(%q) = %#v, %v; want ErrInvalidHost", in, u, err)
		}
	}
	wantRows(t, "uriparser ipv6_fail", len(v.IPv6Fail), 34)

	// An IPv4address is checked twice: as a host, where a failing one is
	// still a valid reg-name, and as the ls32 of an IPv6 address, where it
	// must be rejected.
	for _, a := range v.IPv4Pass {
		for _, in := range []string{"//" + a, "//[::ffff:" + a + "]"} {
			u, err := Parse(in)
			if err != nil {
				t.Errorf("ipv4_pass: Parse(%q): %v", in, err)
			}
			checkRoundTrip(t, u, in)
		}
		if u, _ := Parse("//" + a); u.HostKind() != IPv4 {
			t.Errorf("ipv4_pass: Parse(%q).HostKind() = %v, want IPv4", "//"+a, u.HostKind())
		}
	}
	wantRows(t, "uriparser ipv4_pass", len(v.IPv4Pass), 6)
	for _, a := range v.IPv4Fail {
		in := "//" + a
		u, err := Parse(in)
		if err != nil || u.HostKind() != RegName {
			t.Errorf("ipv4_fail: Parse(%q) = %v, %v; want a reg-name", in, u.HostKind(), err)
		}
		in = "//[::ffff:" + a + "]"
		if _, err := Parse(in); !errors.Is(err, ErrInvalidHost) {
			t.Errorf("ipv4_fail: Parse(%q) error = %v, want ErrInvalidHost", in, err)
		}
	}
	wantRows(t, "uriparser ipv4_fail", len(v.IPv4Fail), 14)

	// uriparser's flags in our terms: host_set is a defined authority;
	// absolute_path is a path starting with '/' without an authority (with
	// one, the path is path-abempty and uriparser does not set the flag);
	// empty_tail_segment is a last segment that is empty, where the '/' of
	// a path-absolute counts as the flag, not as a separator ("/" has no
	// segment, "s:///" and "a/" end in an empty one).
	for _, row := range v.Distinction {
		u, err := Parse(row.Input)
		if err != nil {
			t.Errorf("distinction: Parse(%q): %v", row.Input, err)
			continue
		}
		absPath := !u.HasAuthority && len(u.Path) > 0 && u.Path[0] == '/'
		segments := u.Path
		if absPath {
			segments = segments[1:]
		}
		tail := strings.HasSuffix(segments, "/")
		if u.HasAuthority != row.HostSet || absPath != row.AbsolutePath || tail != row.EmptyTailSegment {
			t.Errorf("distinction: Parse(%q) = %#v; uriparser says host_set=%v absolute_path=%v empty_tail_segment=%v",
				row.Input, u, row.HostSet, row.AbsolutePath, row.EmptyTailSegment)
		}
		checkRoundTrip(t, u, row.Input)
	}
	wantRows(t, "uriparser distinction", len(v.Distinction), 14)
}

func TestNetworkURIClassify(t *testing.T) {
	var v struct {
		ParseClassify []struct {
			Input string `json:"input"`
			Type  string `json:"type"`
		} `json:"parse_classify"`
	}
	readVectors(t, "network_uri_vectors.json", &v)
	for _, row := range v.ParseClassify {
		u, err := Parse(row.Input)
		var got string
		switch {
		case err != nil:
			got = "InvRf"
		case !u.IsAbs():
			got = "RelRf"
		case u.HasFragment:
			got = "AbsRf"
		default:
			got = "AbsId" // absolute-URI of §4.3: a scheme and no fragment
		}
		if got != row.Type {
			t.Errorf("Parse(%q) classifies as %s (%v), network-uri says %s", row.Input, got, err, row.Type)
		}
		if err == nil {
			checkRoundTrip(t, u, row.Input)
		}
	}
	wantRows(t, "network-uri parse_classify", len(v.ParseClassify), 111)
}

// parseDifferences reads testdata/conformance/parse_differences.json: the
// rows of file where Parse deliberately gives the other verdict, with the
// reason recorded there.
func parseDifferences(t *testing.T, file string) map[string]bool {
	t.Helper()
	var v struct {
		Differences []struct {
			File   string `json:"file"`
			Input  string `json:"input"`
			Reason string `json:"reason"`
		} `json:"differences"`
	}
	readVectors(t, "parse_differences.json", &v)
	m := map[string]bool{}
	for _, d := range v.Differences {
		if d.File == file {
			m[d.Input] = true
		}
	}
	return m
}

func TestAuthoredValidity(t *testing.T) {
	var v struct {
		Validity []struct {
			Input string `json:"input"`
			Valid bool   `json:"rfc3986_valid_uri_reference"`
			Note  string `json:"note"`
		} `json:"validity"`
	}
	readVectors(t, "edge_cases_authored.json", &v)
	known := parseDifferences(t, "edge_cases_authored.json")
	differences := 0
	for _, row := range v.Validity {
		want := row.Valid
		if known[row.Input] {
			want = !want
			differences++
		}
		u, err := Parse(row.Input)
		if (err == nil) != want {
			t.Errorf("Parse(%q) error = %v, want valid=%v (%s)", row.Input, err, want, row.Note)
		}
		if err == nil {
			checkRoundTrip(t, u, row.Input)
		}
	}
	wantRows(t, "authored validity", len(v.Validity), 47)
	wantRows(t, "authored validity, known differences", differences, len(known))
}

// python-hyper/rfc3986 host lists, parsed as the authority of "//host/".
// Like Parse, it accepts RFC 6874 zones and rejects raw-'%' ones.
func TestPythonRFC3986Hosts(t *testing.T) {
	var v struct {
		Valid   []string `json:"valid_hosts"`
		Invalid []string `json:"invalid_hosts"`
	}
	readVectors(t, "python_rfc3986_vectors.json", &v)
	known := parseDifferences(t, "python_rfc3986_vectors.json")
	for _, h := range v.Valid {
		in := "//" + h + "/"
		u, err := Parse(in)
		if err != nil || u.Host != h {
			t.Errorf("valid_hosts: Parse(%q) host %q, %v; want %q", in, u.Host, err, h)
			continue
		}
		checkRoundTrip(t, u, in)
	}
	wantRows(t, "python_rfc3986 valid_hosts", len(v.Valid), 20)
	differences := 0
	for _, h := range v.Invalid {
		in := "//" + h + "/"
		u, err := Parse(in)
		if known[h] {
			differences++
			if err != nil || u.HostKind() != RegName {
				t.Errorf("invalid_hosts: Parse(%q) = %v, %v; want a reg-name", in, u.HostKind(), err)
			}
			continue
		}
		if err == nil {
			t.Errorf("invalid_hosts: Parse(%q) = %#v, want an error", in, u)
		}
	}
	wantRows(t, "python_rfc3986 invalid_hosts", len(v.Invalid), 7)
	wantRows(t, "python_rfc3986 invalid_hosts, known differences", differences, len(known))
}

// Every reference in the resolution, relativization and normalization
// vectors, inputs and expected outputs alike, must parse and recompose
// unchanged.
func TestVectorsRoundTrip(t *testing.T) {
	sources := []struct {
		file, section string
		keys          []string
	}{
		{"rfc3986_5.4.json", "cases", []string{"base", "ref", "expected"}},
		{"resolve_union_literal.json", "cases", []string{"base", "ref", "rfc3986_literal"}},
		{"4suite_absolutize_cc0.json", "cases", []string{"base", "ref", "expected", "rfc3986_literal"}},
		{"uriparser_vectors.json", "resolve", []string{"base", "ref", "expected", "rfc3986_literal"}},
		{"uriparser_vectors.json", "relativize", []string{"base", "target", "expected"}},
		{"uriparser_vectors.json", "normalize", []string{"input", "expected"}},
		{"network_uri_vectors.json", "resolve", []string{"base", "ref", "expected", "rfc3986_literal"}},
		{"network_uri_vectors.json", "relative_pairs", []string{"base", "target", "relative", "rfc3986_literal_join"}},
		{"network_uri_vectors.json", "normalize", []string{"input", "expected"}},
		{"fluent_uri_vectors.json", "normalize", []string{"input", "expected"}},
		{"fluent_uri_vectors.json", "resolve", []string{"base", "ref", "expected", "rfc3986_literal"}},
		{"edge_cases_authored.json", "resolve", []string{"base", "ref", "rfc3986_literal"}},
	}
	total, differences := 0, 0
	for _, src := range sources {
		known := parseDifferences(t, src.file)
		var v map[string]json.RawMessage
		readVectors(t, src.file, &v)
		var rows []map[string]any
		if err := json.Unmarshal(v[src.section], &rows); err != nil || len(rows) == 0 {
			t.Errorf("%s: no rows in %q", src.file, src.section)
		}
		for _, row := range rows {
			for _, k := range src.keys {
				s, ok := row[k].(string)
				if !ok || k == "expected" && row["kind"] == "IriRef" { // an IRI, not a URI
					continue
				}
				total++
				u, err := Parse(s)
				if known[s] {
					differences++
					if err == nil {
						t.Errorf("%s %s.%s: Parse(%q) succeeds, but parse_differences.json says it fails", src.file, src.section, k, s)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s %s.%s: Parse(%q): %v", src.file, src.section, k, s, err)
					continue
				}
				checkRoundTrip(t, u, s)
			}
		}
	}
	if total < 2000 {
		t.Errorf("only %d references found in the vectors", total)
	}
	if differences != 1 {
		t.Errorf("%d known differences met, want 1", differences)
	}
	t.Logf("vectors: %d references round-tripped, %d known differences", total, differences)
}

// sharedDir returns the shared reference material beside the repository,
// or skips the test when it is absent.
func sharedDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared reference material not found: %v", err)
	}
	return dir
}

// The web-platform-tests URL inputs are hostile strings written for the
// WHATWG parser: tabs, backslashes, spaces, odd hosts. They are no oracle
// for RFC 3986 (see the conformance README), so they serve here only as
// inputs on which Parse must agree with the ABNF and round-trip.
func TestWPTInputsAgainstABNF(t *testing.T) {
	var rows []any
	data, err := os.ReadFile(filepath.Join(sharedDir(t), "conformance", "uri", "wpt_urltestdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	n, valid := 0, 0
	for _, r := range rows {
		row, ok := r.(map[string]any)
		if !ok {
			continue // a comment
		}
		for _, key := range []string{"input", "base", "href"} {
			if s, ok := row[key].(string); ok {
				checkAgainstOracles(t, s)
				n++
				if _, err := Parse(s); err == nil {
					valid++
				}
			}
		}
	}
	if n < 1500 {
		t.Errorf("only %d strings in wpt_urltestdata.json", n)
	}
	t.Logf("wpt: %d strings checked against the ABNF, %d valid", n, valid)
}

// Every token of the RFC corpus that holds ':' or '/', split at white space
// and at the delimiters of Appendix C, goes through the oracles of
// FuzzParse: real references in all their variety, and plenty of near
// misses.
func TestRFCCorpusAgainstABNF(t *testing.T) {
	checkCorpusAgainstABNF(t, "RFC", filepath.Join("rfc", "*.txt"), func(text string) []string {
		tokens := strings.FieldsFunc(text, func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '<' || r == '>' || r == '"'
		})
		return slices.DeleteFunc(tokens, func(tok string) bool { return !strings.ContainsAny(tok, ":/") })
	})
}

// checkCorpusAgainstABNF runs each distinct value that values finds in the
// files of the shared corpora matching pattern through the oracles of
// FuzzParse, and checks that the corpus gave enough of them.
func checkCorpusAgainstABNF(t *testing.T, what, pattern string, values func(string) []string) {
	files, err := filepath.Glob(filepath.Join(sharedDir(t), "corpora", pattern))
	if err != nil || len(files) == 0 {
		t.Fatalf("no %s corpus: %v", what, err)
	}
	if testing.Short() {
		files = files[:len(files)/10]
	}
	seen := map[string]bool{}
	valid := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range values(string(data)) {
			if seen[v] {
				continue
			}
			seen[v] = true
			checkAgainstOracles(t, v)
			if _, err := Parse(v); err == nil {
				valid++
			}
		}
	}
	if len(seen) < 10*len(files) {
		t.Errorf("only %d values found in %d %s files", len(seen), len(files), what)
	}
	t.Logf("%s corpus: %d files, %d distinct values checked against the ABNF, %d valid", what, len(files), len(seen), valid)
}

// attrValues returns the quoted values of href, src and their kin in an
// HTML page, as written: enough to collect real-world references without
// an HTML parser.
func attrValues(page string) []string {
	lower := []byte(page)
	for i, c := range lower {
		if 'A' <= c && c <= 'Z' {
			lower[i] = c + 'a' - 'A' // ASCII only, so offsets stay put
		}
	}
	var vals []string
	for _, name := range []string{"href=", "src=", "action=", "cite=", "poster=", "background="} {
		for _, quote := range []byte{'"', '\''} {
			pat := string(append([]byte(name), quote))
			for i := 0; ; {
				j := bytes.Index(lower[i:], []byte(pat))
				if j < 0 {
					break
				}
				start := i + j + len(pat)
				end := strings.IndexByte(page[start:], quote)
				if end < 0 {
					break
				}
				vals = append(vals, page[start:start+end])
				i = start + end
			}
		}
	}
	return vals
}

// Attribute values from the HTML corpus, as written (no entity decoding),
// go through the oracles of FuzzParse: real links with their spaces,
// non-ASCII, backslashes and stray brackets.
func TestHTMLCorpusAgainstABNF(t *testing.T) {
	checkCorpusAgainstABNF(t, "HTML", filepath.Join("html", "*", "*.html"), attrValues)
}
