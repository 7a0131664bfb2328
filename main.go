// Command urix finds URIs in plain text, e-mail, mbox and HTML, resolves them
// against the right base (RFC 3986 §5.1, §5.2) and prints them; its uri
// subcommands parse, resolve, normalize, compare and relativize by hand.
package main

import "os"

func main() { os.Exit(reraise(run(os.Args, os.Stdin, os.Stdout, os.Stderr))) }
