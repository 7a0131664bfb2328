//go:build ignore

// depsonly is a command that wires only urix's chosen dependencies, each
// reachable as urix reaches it, and prints its version: the start-up cost
// (package inits, page faults of the binary and heap) that urix cannot go
// below without dropping one (#30's goal 4). Usage, from the module root:
//
//	go build -o /tmp/depsonly testdata/speed/depsonly.go
//	perf stat -r 30 /tmp/depsonly --version
package main

import (
	"net/http"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/urfave/cli/v2"
	"github.com/yuin/goldmark"
	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
)

func main() {
	app := &cli.App{Name: "urix", Version: "x", Action: func(c *cli.Context) error {
		switch c.Args().First() { // never taken with --version
		case "md":
			goldmark.New().Parser()
		case "html":
			html.Parse(strings.NewReader("<p>"))
			charset.DetermineEncoding([]byte("x"), "")
		case "git":
			gitignore.LoadGlobalPatterns(nil)
		case "tea":
			tea.NewProgram(nil)
		case "http":
			http.Get("http://example.invalid/")
		}
		return nil
	}}
	app.Run(os.Args)
}
