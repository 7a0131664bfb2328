package delimit

import (
	"encoding/csv"
	"os"
	"strings"
	"testing"
)

// registered returns the schemes of schemes.csv, lowered, with the syntax
// that scheme_syntax.txt gives each (anyPart when it names none).
func registered(t *testing.T) map[string]syntax {
	t.Helper()
	f, err := os.Open("schemes.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]syntax{}
	for _, r := range rows[1:] {
		name, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(r[0])), " ")
		want[name] = anyPart
	}
	text, err := os.ReadFile("scheme_syntax.txt")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]syntax{"host": needHost, "slashes": needSlashes, "slash": needSlash, "address": needAddress, "phone": needPhone, "comma": needComma, "namespace": needNamespace}
	for line := range strings.Lines(string(text)) {
		if f := strings.Fields(line); len(f) >= 2 && f[0][0] != '#' {
			want[f[0]] = kinds[f[1]]
		}
	}
	return want
}

// TestSchemeTableHits looks up every registered scheme, in lower, upper and
// mixed case, and as bytes, and checks that the table holds nothing else.
func TestSchemeTableHits(t *testing.T) {
	want := registered(t)
	if len(want) < 200 {
		t.Fatalf("schemes.csv gives %d schemes, want the registry's 200 or more", len(want))
	}
	for name, syn := range want {
		for _, n := range []string{name, strings.ToUpper(name), strings.ToUpper(name[:1]) + name[1:]} {
			if got, ok := lookupScheme(n); !ok || got != syn {
				t.Errorf("lookupScheme(%q) = %v, %v; want %v, true", n, got, ok, syn)
			}
			if got, ok := lookupScheme([]byte(n)); !ok || got != syn {
				t.Errorf("lookupScheme([]byte(%q)) = %v, %v; want %v, true", n, got, ok, syn)
			}
		}
	}
	n := 0
	for _, e := range schemeTable {
		if e.name == "" {
			continue
		}
		n++
		if _, ok := want[e.name]; !ok {
			t.Errorf("schemeTable holds %q, which schemes.csv does not register", e.name)
		}
	}
	if n != len(want) {
		t.Errorf("schemeTable holds %d schemes, want %d", n, len(want))
	}
}

// TestSchemeTableMisses looks up words next to registered schemes: cut
// short, one byte longer, with a byte changed, and words that are no
// scheme at all.
func TestSchemeTableMisses(t *testing.T) {
	want := registered(t)
	misses := []string{
		"", "h", "htt", "httpx", "xhttp", "https1", "http-", "-http", "http.",
		"htp", "hhtp", "mailt", "mailtoo", "mail", "tel1", "te", "ftps1",
		"note", "example1", "z39.5", "z39.50x", "urn1", "data-", "file0",
		"http:", "http\x00", "ht\ntp", "http ", " http", "h\xc3\xa9tp",
		"1http", "_http", "Note", "Subject", "From", "re", "fwd", "std",
		strings.Repeat("a", maxSchemeLen+1),
	}
	for name := range want {
		misses = append(misses, name[:len(name)-1], name+"x", name+"0", "x"+name)
		if last := name[len(name)-1]; last != 'z' {
			misses = append(misses, name[:len(name)-1]+string(last+1))
		}
	}
	for _, n := range misses {
		if _, ok := want[strings.ToLower(n)]; ok {
			continue // a near miss that is registered itself
		}
		if got, ok := lookupScheme(n); ok {
			t.Errorf("lookupScheme(%q) = %v, true; want a miss", n, got)
		}
		if got, ok := lookupScheme([]byte(n)); ok {
			t.Errorf("lookupScheme([]byte(%q)) = %v, true; want a miss", n, got)
		}
	}
}
