package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
)

// mirrorSite is the site TestMirrorWget serves; "{{host}}" is the
// server's host:port. Every value is quoted, so that the test finds where
// each one ends.
var mirrorSite = map[string]string{
	"/": `<!DOCTYPE html>
<html><head><link rel="stylesheet" href="/css/site.css"><title>home</title></head>
<body style="background: url('img/bg.png')">
<a href="docs/">docs</a> <a href="docs/guide.html#install">guide</a>
<a href="http://{{host}}/docs/a%20b.html">absolute, same host</a>
<a href="search?q=x&amp;n=2">search</a> <a href="missing.html">404</a>
<a href="https://elsewhere.example/x">elsewhere</a> <a href="#top">top</a>
<img src="img/logo.png" srcset="img/logo.png 1x, img/logo-2x.png 2x" alt="logo">
<a href="mailto:a@example.org">mail</a>
<meta property="og:image" content="/img/logo.png">
<script type="application/ld+json">{"@id": "http://{{host}}/#site", "logo": "img/logo.png"}</script>
</body></html>
`,
	"/docs/": `<html><body><a href="../">home</a> <a href="guide.html">guide</a> <a href="/img/logo.png">logo</a>
<a href="a%20b.html">space</a> <a href="../search?q=x&amp;n=2#r">search</a></body></html>
`,
	"/docs/guide.html": `<html><body><h1 id="install">Install</h1><a href="index.html">docs index</a> <a href="../">up</a></body></html>
`,
	"/docs/a b.html":   `<html><body><a href="./guide.html">guide</a> <a href="/nothere/">nothere</a></body></html>` + "\n",
	"/search":          `<html><body><a href="docs/">docs</a> <a href="/?from=search">home with query</a></body></html>` + "\n",
	"/css/site.css":    `body { background: url("../img/bg.png") }` + "\n",
	"/img/bg.png":      "PNG",
	"/img/logo.png":    "PNG",
	"/img/logo-2x.png": "PNG",
}

// TestMirrorWget makes a mirror with the real wget from a local server and
// rewrites it with "rewrite -r -i --mirror": every relative link must open
// the saved file (resolved against the page's file: URI, the file
// exists), every other link must be absolute, and every byte outside the
// links must be as wget saved it.
func TestMirrorWget(t *testing.T) {
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Skip("no wget")
	}
	var host string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := mirrorSite[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, ".css") {
			w.Header().Set("Content-Type", "text/css")
		} else if !strings.HasSuffix(r.URL.Path, ".png") {
			w.Header().Set("Content-Type", "text/html")
		}
		io.WriteString(w, strings.ReplaceAll(body, "{{host}}", host))
	}))
	defer srv.Close()
	host = strings.TrimPrefix(srv.URL, "http://")
	// wget -E adds .html to the pages saved without it ("search?q=x&n=2.html").
	for _, flag := range []string{"-m", "-E"} {
		t.Run(flag, func(t *testing.T) { checkMirror(t, wget, srv.URL, host, flag) })
	}
}

// checkMirror mirrors the site at url with wget and flag, then rewrites
// the mirror and checks it (see TestMirrorWget).
func checkMirror(t *testing.T, wget, url, host, flag string) {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, wget, "-q", "-m", flag, "-np", "-e", "robots=off", "--no-proxy", "-P", dir, url+"/")
	cmd.Env = append(os.Environ(), "no_proxy=*")
	_ = cmd.Run() // exit status 8 for the 404s of the site
	before := readTree(t, dir)
	search := "search?q=x&n=2"
	if flag == "-E" {
		search += ".html"
	}
	for _, want := range []string{"index.html", "docs/index.html", "docs/a b.html", search, "img/logo-2x.png", "css/site.css"} {
		if _, ok := before[filepath.Join(host, want)]; !ok {
			t.Fatalf("wget saved no %s/%s: %v", host, want, keys(before))
		}
	}

	var stdout, stderr bytes.Buffer
	if status := run([]string{"urix", "rewrite", "-r", "-i", "--mirror", dir, "--mirror-scheme", "http"}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("rewrite: status %d: %s", status, stderr.String())
	}
	after := readTree(t, dir)
	local, absolute := 0, 0
	for name, page := range after {
		path := filepath.Join(dir, name)
		if !isHTMLFile(path) {
			if !bytes.Equal(page, before[name]) {
				t.Errorf("%s: not HTML, but changed", name)
			}
			continue
		}
		l, a := checkMirrorPage(t, path, before[name], page)
		local += l
		absolute += a
	}
	if local < 15 || absolute < 3 {
		t.Errorf("%d local and %d absolute links: the site has more", local, absolute)
	}
	t.Logf("%d pages: %d local links, %d absolute; %s", len(after), local, absolute, strings.TrimSpace(stderr.String()))
}

// checkMirrorPage checks the page at path, rewritten from old to page,
// and returns the number of its local and absolute links.
func checkMirrorPage(t *testing.T, path string, old, page []byte) (local, absolute int) {
	t.Helper()
	pageBase, err := base.FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	oldLinks, newLinks := valueSpans(t, old), valueSpans(t, page)
	if len(oldLinks) != len(newLinks) {
		t.Fatalf("%s: %d links before, %d after", path, len(oldLinks), len(newLinks))
	}
	oldAt, newAt := 0, 0
	for i, s := range newLinks {
		if !bytes.Equal(old[oldAt:oldLinks[i].start], page[newAt:s.start]) {
			t.Errorf("%s: bytes between links changed: %q became %q", path, old[oldAt:oldLinks[i].start], page[newAt:s.start])
		}
		oldAt, newAt = oldLinks[i].end, s.end
		ref := s.ref
		switch u, err := uri.Parse(ref); {
		case err != nil:
			t.Errorf("%s: %q is no URI reference", path, ref)
		case u.IsAbs():
			absolute++
		case ref == "" || ref[0] == '#':
		case s.context == extract.ContextHTMLMeta || s.context == extract.ContextJSONLD:
			t.Errorf("%s: metadata %q made local", path, ref)
		default:
			r, err := pageBase.Resolve(u)
			if err != nil {
				t.Fatal(err)
			}
			file, err := uri.Unescape(r.Path)
			if err != nil {
				t.Fatal(err)
			}
			if fi, err := os.Stat(file); err != nil || !fi.Mode().IsRegular() {
				t.Errorf("%s: %q resolves to %s, which is no saved file", path, ref, r)
			}
			local++
		}
	}
	if !bytes.Equal(old[oldAt:], page[newAt:]) {
		t.Errorf("%s: bytes after the last link changed", path)
	}
	return local, absolute
}

type valueSpan struct {
	start, end int
	ref        string
	context    extract.Context
}

// valueSpans returns the links of an HTML page that rewrite changes, as
// written, with the span of each: up to the quote, parenthesis, white
// space or comma after it (the site's URLs hold none of them).
func valueSpans(t *testing.T, page []byte) []valueSpan {
	t.Helper()
	var out []valueSpan
	for l, err := range extract.Links(bytes.NewReader(page), extract.Options{Type: extract.HTML, Keep: true}) {
		if err != nil {
			t.Fatal(err)
		}
		if l.Context == extract.ContextHTMLText {
			continue
		}
		start := int(l.Offset)
		end := start + bytes.IndexAny(page[start:], ` ,"')`)
		out = append(out, valueSpan{start, end, l.Ref, l.Context})
	}
	return out
}

// readTree returns the files under dir by their path relative to it.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func keys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
