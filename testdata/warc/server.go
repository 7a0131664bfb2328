// Command server serves the pages that mkwarc.sh crawls with wget
// --warc-file to make the WARC files of this directory: chunked,
// gzip-encoded, a redirect with Location, Link headers, a page in
// ISO-8859-1, a page with its own <base href>, a text file, a Brotli-encoded
// page (brotli.html, not linked: crawled alone). It listens on
// 127.0.0.1 at the port given and stops by itself after two minutes.
package main

import (
	"compress/gzip"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Add("Link", `</style.css>; rel=preload; as=style, <https://cdn.example/font.woff2>; rel=preload`)
		fmt.Fprint(w, `<!doctype html><title>index</title>
<p><a href="chunked.html">chunked</a> <a href="gzip.html">gzip</a>
<a href="old">moved</a> <a href="latin1.html">latin1</a>
<a href="based.html">based</a> <a href="notes.txt">notes</a>
<img src="/style.css">
`)
	})
	mux.HandleFunc("/chunked.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><title>chunked</title><p><a href="a/one.html">one</a>`)
		w.(http.Flusher).Flush() // no Content-Length: the rest goes chunked
		fmt.Fprint(w, `<p><a href="../two.html">two</a> see https://example.org/chunked`)
	})
	mux.HandleFunc("/gzip.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Encoding", "gzip")
		z := gzip.NewWriter(w)
		fmt.Fprint(z, `<!doctype html><title>gzip</title><p><a href="/zipped/target?q=1">zipped</a> <a href="//example.com/x">net-path</a>`)
		z.Close()
	})
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "new/place.html")
		w.WriteHeader(http.StatusMovedPermanently)
	})
	mux.HandleFunc("/new/place.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<p><a href="sibling.html">sibling</a>`)
	})
	mux.HandleFunc("/latin1.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=iso-8859-1")
		w.Write([]byte("<p>Caf\xe9 <a href=\"caf\xe9.html\">caf\xe9</a> <a href=\"/search?q=\xe9t\xe9\">q</a>\n"))
	})
	mux.HandleFunc("/based.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<base href="http://other.example/dir/"><a href="rel.html">rel</a>`)
	})
	mux.HandleFunc("/notes.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, "Notes: see <https://example.net/notes> and http://example.org/x.\n")
	})
	mux.HandleFunc("/brotli.html", func(w http.ResponseWriter, r *http.Request) {
		// Brotli, as Chrome-based crawlers store it: page.html.br, made
		// by the brotli program (brotli -q 11), sent whatever the client
		// accepts.
		body, err := os.ReadFile("page.html.br")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Encoding", "br")
		w.Write(body)
	})
	mux.HandleFunc("/style.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprint(w, "body{background:url(bg.png)}\n")
	})
	go func() { time.Sleep(2 * time.Minute); os.Exit(0) }()
	if err := http.ListenAndServe("127.0.0.1:"+os.Args[1], mux); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
