package fuzzlimit

import (
	"flag"
	"testing"
)

// TestMinimize: the limit is set when the command line leaves it, and a
// limit the command line gives is kept.
func TestMinimize(t *testing.T) {
	f := flag.Lookup("test.fuzzminimizetime")
	if f == nil {
		t.Fatal("no -test.fuzzminimizetime flag")
	}
	old := f.Value.String()
	defer f.Value.Set(old)
	Minimize()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.fuzzminimizetime" })
	want := Runs
	if set {
		want = old
	}
	if got := f.Value.String(); got != want {
		t.Errorf("-test.fuzzminimizetime %s after Minimize, want %s (set on the command line: %v)", got, want, set)
	}
}
