// Command urix finds URIs in plain text, e-mail, mbox and HTML, resolves them
// against the right base (RFC 3986 §5.1, §5.2) and prints them; its uri
// subcommands parse, resolve, normalize, compare and relativize by hand.
// The command is package internal/cli; main only wires it to the process.
package main

import (
	"os"

	"github.com/urix/urix/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
