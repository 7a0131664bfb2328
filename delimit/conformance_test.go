package delimit

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/conformance/differences.tsv (keeping known reasons)")

// conformanceCase is one input of another project's test suite, with the
// URIs that project expects and those we find.
type conformanceCase struct {
	suite  string
	input  string
	theirs []string
	ours   []string
}

const confDir = "testdata/conformance/"

func readLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(confDir + name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// firstURI is what a suite that checks the first link sees of ours.
func firstURI(in string) []string {
	ms := slices.Collect(All([]byte(in), Options{}))
	if len(ms) == 0 {
		return nil
	}
	return []string{ms[0].URI}
}

func allURIs(in string) []string {
	var out []string
	for m := range All([]byte(in), Options{}) {
		out = append(out, m.URI)
	}
	return out
}

// firstRef and allRefs give the links as written (Match.Ref), IRIs and
// repaired characters as they are: what the extractors that report text
// spans (linkify-it, xurls, linkify, twitter-text) compare with.
func firstRef(in string) []string {
	ms := slices.Collect(All([]byte(in), Options{}))
	if len(ms) == 0 {
		return nil
	}
	return []string{ms[0].Ref}
}

func allRefs(in string) []string {
	var out []string
	for m := range All([]byte(in), Options{}) {
		out = append(out, m.Ref)
	}
	return out
}

var linkifyComment = regexp.MustCompile(`\s+%.*$`)

// linkifyIt reads linkify-it's fixtures: in links.txt a line followed by a
// non-blank line is an input and the link it must give first, a line
// followed by a blank line must give itself; in not_links.txt no line may
// give a link. '%' starts a comment.
func linkifyIt(t *testing.T) []conformanceCase {
	var cs []conformanceCase
	lines := readLines(t, "linkify-it/links.txt")
	for i := 0; i < len(lines); i++ {
		line := linkifyComment.ReplaceAllString(lines[i], "")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "%") {
			continue
		}
		want := line
		if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
			want = linkifyComment.ReplaceAllString(lines[i+1], "")
			i++
		}
		cs = append(cs, conformanceCase{"linkify-it links", line, []string{want}, firstRef(line)})
	}
	for _, line := range readLines(t, "linkify-it/not_links.txt") {
		line = linkifyComment.ReplaceAllString(line, "")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "%") {
			continue
		}
		cs = append(cs, conformanceCase{"linkify-it not_links", line, nil, allURIs(line)})
	}
	return cs
}

// xurls reads the cases of mvdan/xurls' tests that hold for its Strict
// regexp (scheme required): the first match of each input.
func xurls(t *testing.T) []conformanceCase {
	var cs []conformanceCase
	for _, line := range readLines(t, "derived/xurls_cases.jsonl") {
		var c struct {
			Mode       string
			Input      string
			FirstMatch *string `json:"first_match"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		if c.Mode == "Relaxed" {
			continue // scheme-less matching is Options.Abbreviated's narrower job
		}
		var want []string
		if c.FirstMatch != nil {
			want = []string{*c.FirstMatch}
		}
		cs = append(cs, conformanceCase{"xurls strict", c.Input, want, firstRef(c.Input)})
	}
	return cs
}

var robinstMark = regexp.MustCompile(`\|([^|]*)\|`)

// robinstLinkify reads robinst/linkify's cases in its scheme-required
// mode: each link found is marked |like this| in the expected text.
func robinstLinkify(t *testing.T) []conformanceCase {
	var cs []conformanceCase
	for _, line := range readLines(t, "derived/robinst_linkify_cases.jsonl") {
		var c struct{ Mode, Input, Marked string }
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		if c.Mode != "scheme_required_all_kinds" {
			continue
		}
		var want []string
		if c.Marked != c.Input {
			for _, m := range robinstMark.FindAllStringSubmatch(c.Marked, -1) {
				want = append(want, m[1])
			}
		}
		cs = append(cs, conformanceCase{"robinst/linkify", c.Input, want, allRefs(c.Input)})
	}
	return cs
}

// twitterText reads the "urls" section of twitter-text's extract.yml: a
// list of {description, text, expected} with YAML double-quoted strings.
func twitterText(t *testing.T) []conformanceCase {
	var cs []conformanceCase
	var text string
	section := ""
	for _, line := range readLines(t, "twitter-text/extract-urls.yml") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") && strings.HasSuffix(trimmed, ":"):
			section = strings.TrimSuffix(trimmed, ":")
		case section == "urls" && strings.HasPrefix(trimmed, "text: "):
			s, err := strconv.Unquote(strings.TrimPrefix(trimmed, "text: "))
			if err != nil {
				t.Fatalf("extract-urls.yml: %q: %v", line, err)
			}
			text = s
		case section == "urls" && strings.HasPrefix(trimmed, "expected: "):
			var want []string
			if err := json.Unmarshal([]byte(strings.TrimPrefix(trimmed, "expected: ")), &want); err != nil {
				t.Fatalf("extract-urls.yml: %q: %v", line, err)
			}
			cs = append(cs, conformanceCase{"twitter-text urls", text, want, allRefs(text)})
		}
	}
	return cs
}

var gfmHref = regexp.MustCompile(`<a href="([^"]*)"`)

// gfm reads the autolink examples of the GFM spec: Markdown, a line with
// ".", the HTML; the links expected are the href values in the HTML.
func gfm(t *testing.T) []conformanceCase {
	var cs []conformanceCase
	for _, file := range []string{"gfm/spec_autolinks.txt", "gfm/extensions_autolinks.txt"} {
		lines := readLines(t, file)
		for i := 0; i < len(lines); i++ {
			if !strings.HasPrefix(lines[i], "````````````````````````````````") || !strings.Contains(lines[i], "example") {
				continue
			}
			var md, out []string
			j := i + 1
			for ; j < len(lines) && lines[j] != "."; j++ {
				md = append(md, lines[j])
			}
			for j++; j < len(lines) && !strings.HasPrefix(lines[j], "````````"); j++ {
				out = append(out, lines[j])
			}
			i = j
			if len(out) == 1 && out[0] == "<IGNORE>" {
				continue // a crash test: any output will do
			}
			in := strings.ReplaceAll(strings.Join(md, "\n"), "→", "\t")
			var want []string
			for _, m := range gfmHref.FindAllStringSubmatch(strings.Join(out, "\n"), -1) {
				want = append(want, html.UnescapeString(m[1]))
			}
			cs = append(cs, conformanceCase{"gfm autolinks", in, want, allURIs(in)})
		}
	}
	return cs
}

// rfc3986AppendixC is the example of RFC 3986 Appendix C.
func rfc3986AppendixC(t *testing.T) []conformanceCase {
	in := strings.Join(readLines(t, "rfc3986/appendixC_example.txt"), "\n")
	want := readLines(t, "rfc3986/appendixC_example.expected")
	return []conformanceCase{{"rfc3986 appendix C", in, want, allURIs(in)}}
}

// uriFind is URI::Find's sciencenews message; its find.t expects 13 URIs
// by default: the 4 mailto: URIs of the List- headers and 9 http: ones,
// counting the literal "http:/%" (in document order).
func uriFind(t *testing.T) []conformanceCase {
	in := strings.Join(readLines(t, "uri-find/sciencenews.eml"), "\n")
	want := []string{
		"mailto:eletter@lists.sciencenews.org",
		"mailto:eletter-help@lists.sciencenews.org",
		"mailto:eletter-unsubscribe@lists.sciencenews.org",
		"mailto:eletter-subscribe@lists.sciencenews.org",
	}
	for _, p := range []string{"fob1", "fob5", "bob8", "mathtrek", "food", "toc", "fob2", "fob3"} {
		want = append(want, "http://www.sciencenews.org/20030705/"+p+".asp")
	}
	want = append(want, "http:/%")
	return []conformanceCase{{"URI::Find", "sciencenews.eml", want, allURIs(in)}}
}

// difference is a line of differences.tsv: a case where we differ from
// a suite on purpose, and why.
type difference struct {
	suite, input, theirs, ours, reason string
}

func joinQuoted(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, " ")
}

const differencesFile = confDir + "differences.tsv"

func readDifferences(t *testing.T) map[string]difference {
	m := map[string]difference{}
	f, err := os.Open(differencesFile)
	if err != nil {
		if *update && os.IsNotExist(err) {
			return m
		}
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 || line == "" {
			continue // header
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			t.Fatalf("%s:%d: want 5 tab-separated fields, got %d", differencesFile, n, len(f))
		}
		d := difference{f[0], f[1], f[2], f[3], f[4]}
		m[d.suite+"\t"+d.input] = d
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestConformance runs the extraction suites of other projects. Every
// case we fail must be listed, with our answer and the reason, in
// testdata/conformance/differences.tsv; a listed case that passes, or
// whose answer changed, fails too, so the list stays exact.
func TestConformance(t *testing.T) {
	var cases []conformanceCase
	for _, load := range []func(*testing.T) []conformanceCase{
		linkifyIt, xurls, robinstLinkify, twitterText, gfm, rfc3986AppendixC, uriFind,
	} {
		cases = append(cases, load(t)...)
	}
	known := readDifferences(t)
	type tally struct{ pass, total int }
	rates := map[string]*tally{}
	var suites []string
	var diffs []difference
	for _, c := range cases {
		if rates[c.suite] == nil {
			rates[c.suite] = &tally{}
			suites = append(suites, c.suite)
		}
		r := rates[c.suite]
		r.total++
		key := c.suite + "\t" + strconv.Quote(c.input)
		if slices.Equal(c.theirs, c.ours) {
			r.pass++
			if _, ok := known[key]; ok && !*update {
				t.Errorf("%s %q: passes now; remove it from differences.tsv", c.suite, c.input)
			}
			continue
		}
		d := difference{c.suite, strconv.Quote(c.input), joinQuoted(c.theirs), joinQuoted(c.ours), "TODO"}
		if k, ok := known[key]; ok {
			d.reason = k.reason
			if k.ours != d.ours && !*update {
				t.Errorf("%s %q: we now give %s, differences.tsv says %s", c.suite, c.input, d.ours, k.ours)
			}
		} else if !*update {
			t.Errorf("%s %q: they expect %s, we give %s; not a known difference", c.suite, c.input, d.theirs, d.ours)
		}
		if c.suite == "linkify-it not_links" {
			t.Errorf("linkify-it not_links %q: we find %s; every not_links case must pass", c.input, d.ours)
		}
		if d.reason == "TODO" && !*update {
			t.Errorf("%s %q: no reason given in differences.tsv", c.suite, c.input)
		}
		diffs = append(diffs, d)
	}
	for _, s := range suites {
		r := rates[s]
		t.Logf("%-22s %3d/%3d pass (%.0f%%)", s, r.pass, r.total, 100*float64(r.pass)/float64(r.total))
	}
	if *update {
		sort.SliceStable(diffs, func(i, j int) bool { return diffs[i].suite < diffs[j].suite })
		var b strings.Builder
		b.WriteString("suite\tinput\ttheirs\tours\treason\n")
		for _, d := range diffs {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\n", d.suite, d.input, d.theirs, d.ours, d.reason)
		}
		if err := os.WriteFile(differencesFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
