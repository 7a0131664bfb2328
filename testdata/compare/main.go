// Command compare measures how often urix finds what other extractors'
// own tests expect, for the README's comparison table. It reads the
// fixtures copied in ../shared/conformance/extraction (see its README) and
// prints one markdown row per suite:
//
//	go run ./testdata/compare ../shared/conformance/extraction
//
// Each input is scanned as text with references kept as written
// (extract.Options.Keep), and its first link compared with the expected
// first match; with scheme-less matching (Abbreviated) the scheme urix
// adds is dropped before comparing, as the other tools report the text.
// It lives under testdata so that "go build ./..." leaves it out.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/urix/urix/extract"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: go run ./testdata/compare DIR (../shared/conformance/extraction)")
	}
	dir := os.Args[1]
	xurls(dir)
	linkify(dir)
}

// first returns the first link urix finds in s, or "" for none.
func first(s string, abbreviated bool) string {
	opts := extract.Options{Type: extract.Text, Keep: true, Abbreviated: abbreviated}
	for l, err := range extract.Links(strings.NewReader(s), opts) {
		if err != nil {
			log.Fatalf("%q: %v", s, err)
		}
		if l.Style == "abbreviated" {
			return strings.TrimPrefix(strings.TrimPrefix(l.URI, "http://"), "ftp://")
		}
		return l.URI
	}
	return ""
}

func row(suite string, n, agree int, how string) {
	fmt.Printf("| %s | %d | %d | %s |\n", suite, n, agree, how)
}

// xurls reads derived/xurls_cases.jsonl: {mode, input, first_match|null};
// "Strict" needs a scheme, "Relaxed" also finds scheme-less hosts, "Both"
// is in either.
func xurls(dir string) {
	f, err := os.Open(filepath.Join(dir, "derived", "xurls_cases.jsonl"))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	type tc struct {
		Mode       string  `json:"mode"`
		Input      string  `json:"input"`
		FirstMatch *string `json:"first_match"`
	}
	var cases []tc
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c tc
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			log.Fatal(err)
		}
		cases = append(cases, c)
	}
	for _, mode := range []string{"Strict", "Relaxed"} {
		n, agree := 0, 0
		for _, c := range cases {
			if c.Mode != mode && c.Mode != "Both" {
				continue
			}
			n++
			want := ""
			if c.FirstMatch != nil {
				want = *c.FirstMatch
			}
			if first(c.Input, mode == "Relaxed") == want {
				agree++
			}
		}
		how := "default"
		if mode == "Relaxed" {
			how = "--abbreviated"
		}
		row("xurls "+strings.ToLower(mode), n, agree, how)
	}
}

// linkify reads linkify-it's links.txt (a line, then the expected first
// match on the next line or, before a blank line, the line itself; "%"
// starts a comment) and not_links.txt (no link may be found).
func linkify(dir string) {
	comment := regexp.MustCompile(`%.*`)
	read := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(dir, "linkify-it", name))
		if err != nil {
			log.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(comment.ReplaceAllString(l, ""), " \t\r")
		}
		return lines
	}
	lines := read("links.txt")
	type tc struct{ input, want string }
	var cases []tc
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "" {
			continue
		}
		if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
			cases = append(cases, tc{lines[i], lines[i+1]})
			i++
		} else {
			cases = append(cases, tc{lines[i], lines[i]})
		}
	}
	for _, abbr := range []bool{false, true} {
		agree := 0
		for _, c := range cases {
			if first(c.input, abbr) == c.want {
				agree++
			}
		}
		how := "default"
		if abbr {
			how = "--abbreviated"
		}
		row("linkify-it links", len(cases), agree, how)
	}
	n, agree := 0, 0
	for _, l := range read("not_links.txt") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n++
		if first(l, true) == "" {
			agree++
		}
	}
	row("linkify-it not links", n, agree, "--abbreviated")
}
