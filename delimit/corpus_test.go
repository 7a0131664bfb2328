package delimit

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCorpus scans the real documents beside the repository (RFCs, mail),
// when present: every match parses, spans are in order, a reader giving
// random chunks gets the same matches as the whole input, and so does
// looking at every trigger the finders pass over.
func TestCorpus(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../shared/corpora/rfc/*.txt", "../../shared/corpora/email/tricky/*/*", "../../shared/corpora/email/spamassassin/*/*"} {
		m, _ := filepath.Glob(pat)
		for _, f := range m {
			if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		t.Skip("../../shared/corpora is absent")
	}
	if testing.Short() {
		files = files[:min(len(files), 20)]
	}
	total := 0
	for i, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range []Options{{}, {Abbreviated: true, Relative: true}} {
			ms := slices.Collect(All(in, opts))
			total += len(ms)
			var prev int64
			for _, m := range ms {
				if m.Start < prev || m.End <= m.Start || m.End > int64(len(in)) {
					t.Fatalf("%s: %q: span [%d,%d) after %d", f, m.URI, m.Start, m.End, prev)
				}
				prev = m.End
				if u, err := parseReported(m, m.URI); err != nil || u.IsAbs() == m.Relative {
					t.Errorf("%s:%d: %q: parse error %v or wrong Relative", f, m.Line, m.URI, err)
				}
			}
			r := &chunkReader{in, rand.New(rand.NewPCG(uint64(i), 7))}
			if got := scanAll(t, r, opts); !equalMatches(got, ms) {
				t.Errorf("%s %+v: chunked reads give %d matches, whole input %d", f, opts, len(got), len(ms))
			}
			// What the finders pass over loses nothing.
			if every := scanEveryTrigger(in, opts); !equalMatches(every, ms) {
				t.Errorf("%s %+v: looking at every trigger gives %d matches, the finders %d", f, opts, len(every), len(ms))
			}
		}
	}
	if total == 0 {
		t.Error("no URI in the whole corpus")
	}
	t.Logf("%d files, %d matches", len(files), total)
}

// TestCorpusKnownURIs checks URIs that RFC 3986 and RFC 1738 are known to
// contain, each written in a delimiting style of Appendix C.
func TestCorpusKnownURIs(t *testing.T) {
	want := map[string][]string{
		"rfc3986.txt": {
			"ftp://ftp.is.co.za/rfc/rfc1808.txt",
			"ldap://[2001:db8::7]/c=GB?objectClass?one",
			"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
			"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
			"ftp://foo.example.com/rfc/",
		},
		"rfc1738.txt": {
			"ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
			"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
			"ftp://info.cern.ch/pub/www/doc;type=d",
		},
	}
	for name, uris := range want {
		in, err := os.ReadFile("../../shared/corpora/rfc/" + name)
		if os.IsNotExist(err) && name == "rfc1738.txt" {
			in, err = os.ReadFile("testdata/" + name)
		}
		if os.IsNotExist(err) {
			t.Logf("%s absent", name)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for m := range All(in, Options{}) {
			got = append(got, m.URI)
		}
		for _, u := range uris {
			if !slices.Contains(got, u) {
				t.Errorf("%s: %s not found", name, u)
			}
		}
	}
}
