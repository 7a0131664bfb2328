package check_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/urix/urix/extract/check"
)

func ExampleOnline_CheckAll() {
	mux := http.NewServeMux()
	mux.HandleFunc("/docs/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<h2 id="install">Install</h2>`)
	})
	mux.Handle("/old", http.RedirectHandler("/docs/", http.StatusMovedPermanently))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	c := check.NewOnline(check.OnlineOptions{
		AllowPrivate: true, // the test server is on loopback
		Fragments:    true,
	})
	defer c.Close()
	links := []string{
		srv.URL + "/docs/#install",
		srv.URL + "/docs/#instal",
		srv.URL + "/old",
		srv.URL + "/gone",
		"mailto:docs@example.org",
	}
	results := make([]check.Result, len(links))
	for i, r := range c.CheckAll(context.Background(), links) {
		results[i] = r
	}
	for _, r := range results {
		fmt.Printf("%d %s %v\n", r.Status, r.Reason, r.Near)
	}
	// Output:
	// 0 200 OK []
	// 2 no such fragment [install]
	// 1 301 Moved Permanently []
	// 2 404 Not Found []
	// 3 syntax only []
}
