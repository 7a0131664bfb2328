// Package fuzzlimit bounds the minimizing of the inputs a fuzz target
// finds, for targets whose runs cost milliseconds.
//
// The go command minimizes each input that finds new code before the
// worker fuzzes on, trying candidates in number quadratic in the input's
// bytes, up to -fuzzminimizetime, 60 s by default; the executions it
// makes are not in its count. A target whose runs take milliseconds
// (whole documents, the whole command) spends all of a short run
// minimizing: "go test -fuzz FuzzScan -fuzztime 10s" made 8 counted
// executions, and CI's 10 s runs tested little.
package fuzzlimit

import "flag"

// Runs is the number of runs of the target Minimize gives each input.
const Runs = "200x"

// Minimize sets -test.fuzzminimizetime to Runs, unless the command line
// set it: a fuzz target calls it before f.Fuzz, which reads the flag.
func Minimize() {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.fuzzminimizetime" })
	if f := flag.Lookup("test.fuzzminimizetime"); f != nil && !set {
		f.Value.Set(Runs)
	}
}
