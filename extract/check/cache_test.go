package check

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestOnlineCache(t *testing.T) {
	srv, s := server(t, map[string]http.HandlerFunc{
		"/ok":    status(200),
		"/err":   status(500),
		"/moved": redirect(301, "/ok"),
		"/page": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<h1 id="a">`))
		},
	})
	u := srv.URL
	file := filepath.Join(t.TempDir(), "check.cache")
	links := []string{u + "/ok", u + "/missing", u + "/err", u + "/moved", u + "/page#a", u + "/page#b"}
	run := func(o OnlineOptions) []Result {
		t.Helper()
		o.CacheFile, o.Fragments, o.Retries = file, true, -1
		c := testOnline(t, o)
		var rs []Result
		for _, l := range links {
			rs = append(rs, c.Check(context.Background(), l))
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
		return rs
	}
	first := run(OnlineOptions{})
	asked := len(s.all())
	want := []Result{
		{Status: OK, Reason: "200 OK", Code: 200},
		{Status: Broken, Reason: "404 Not Found", Code: 404},
		{Status: Broken, Reason: "500 Internal Server Error", Code: 500},
		{Status: Moved, Reason: "301 Moved Permanently", Code: 200, Location: u + "/ok"},
		{Status: OK, Reason: "200 OK", Code: 200},
		{Status: Broken, Reason: "no such fragment", Code: 200, Near: nil},
	}
	for i, r := range first {
		if !equalResult(r, want[i]) {
			t.Errorf("first run, %s: got %+v, want %+v", links[i], r, want[i])
		}
	}

	// The second run asks only for the 500, which a later try may change.
	second := run(OnlineOptions{})
	if got := s.all()[asked:]; strings.Join(got, ",") != "HEAD /err,GET /err" {
		t.Errorf("second run asked %q, want only /err (HEAD, then GET)", got)
	}
	for i, r := range second {
		w := want[i]
		if links[i] != u+"/err" && !strings.HasSuffix(links[i], "#b") {
			w.Reason += " (cached)"
		}
		if !equalResult(r, w) {
			t.Errorf("second run, %s: got %+v, want %+v", links[i], r, w)
		}
	}

	// A cached answer is judged by this run's Accept.
	asked = len(s.all())
	c := testOnline(t, OnlineOptions{CacheFile: file, Accept: []int{200, 404}})
	if r := c.Check(context.Background(), u+"/missing"); r.Status != OK || r.Reason != "404 Not Found (cached)" {
		t.Errorf("/missing accepting 404: got %+v, want OK from the cache", r)
	}
	if got := s.all()[asked:]; len(got) != 0 {
		t.Errorf("asked %q, want nothing", got)
	}

	// Past the maximum age, everything is asked again.
	asked = len(s.all())
	run(OnlineOptions{CacheMaxAge: time.Nanosecond})
	if got := len(s.all()) - asked; got < len(links)-1 {
		t.Errorf("with the cache expired, %d requests, want one a page at least", got)
	}

	// The file: a header, then one sorted entry a line, nothing left beside it.
	f, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(f), "\n"), "\n")
	if lines[0] != cacheHeader || len(lines) != 1+4 {
		t.Errorf("cache file:\n%s\nwant the header and 4 entries (ok, missing, moved, page)", f)
	}
	prev := ""
	for _, l := range lines[1:] {
		var e cacheEntry
		if err := json.Unmarshal([]byte(l), &e); err != nil || e.URL <= prev {
			t.Errorf("line %q: %v, after %q", l, err, prev)
		}
		prev = e.URL
	}
	if ents, _ := os.ReadDir(filepath.Dir(file)); len(ents) != 1 {
		t.Errorf("%d files beside the cache, want none", len(ents)-1)
	}
}

func TestCacheDamaged(t *testing.T) {
	srv, s := server(t, map[string]http.HandlerFunc{"/ok": status(200), "/ok2": status(200)})
	dir := t.TempDir()
	now := time.Now().UTC().Format(time.RFC3339Nano)
	for _, tt := range []struct {
		name, content string
		warn          string // "" none
		fromCache     bool   // /ok is answered from the cache
		kept          bool   // the file is left as it was
	}{
		{"missing", "", "", false, false},
		{"empty", "\n", "", false, false},
		{"bad line", cacheHeader + "\n{\"url\":\n" + `{"url":"` + srv.URL + `/ok","time":"` + now + `","code":200}` + "\nnot json\n",
			"line 2: not a cache entry (2 such lines skipped)", true, false},
		{"not a cache", "# my notes\nhttp://x/\n", "not a urix check cache (version 1); it is neither read nor overwritten", false, true},
		{"binary", "\x00\x01\x02\xff", "not a urix check cache", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, tt.name)
			if tt.name != "missing" {
				os.WriteFile(file, []byte(tt.content), 0o600)
			}
			var warned []string
			c := testOnline(t, OnlineOptions{CacheFile: file, Warn: func(err error) { warned = append(warned, err.Error()) }})
			asked := s.count("/ok")
			r := c.Check(context.Background(), srv.URL+"/ok")
			if r.Status != OK || (s.count("/ok") == asked) != tt.fromCache {
				t.Errorf("got %+v, asked %d times, want OK (from the cache: %v)", r, s.count("/ok")-asked, tt.fromCache)
			}
			c.Check(context.Background(), srv.URL+"/ok2")
			if err := c.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			if tt.warn == "" && len(warned) > 0 || tt.warn != "" && (len(warned) != 1 || !strings.Contains(warned[0], tt.warn)) {
				t.Errorf("warnings %q, want one with %q", warned, tt.warn)
			}
			got, _ := os.ReadFile(file)
			if tt.kept {
				if string(got) != tt.content {
					t.Errorf("the file was changed to %q", got)
				}
				return
			}
			sc := bufio.NewScanner(strings.NewReader(string(got)))
			n := 0
			for sc.Scan() {
				if n++; n > 1 && !json.Valid(sc.Bytes()) {
					t.Errorf("line %d %q", n, sc.Text())
				}
			}
			if n != 3 {
				t.Errorf("cache file %q, want the header and 2 entries", got)
			}
		})
	}
}
