package main

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
)

// testHookInput, when set by a test, wraps the reader of each input scan
// or rewrite reads (a reader that panics, or that waits for a signal).
var testHookInput func(name string, r io.Reader) io.Reader

// recoverInput, deferred, turns a panic while one input is read (a bug)
// into an error for that input that says where it happened, so that the
// other inputs are still read and the output decided so far is kept.
func recoverInput(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("internal error: %v, in %s (a bug: please report it)", r, panicSite())
	}
}

// panicSite names the function that panicked, for recoverInput: the first
// caller of runtime.gopanic outside package runtime.
func panicSite() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	afterPanic := false
	for {
		f, more := frames.Next()
		if afterPanic && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf("%s (%s:%d)", f.Function, filepath.Base(f.File), f.Line)
		}
		afterPanic = afterPanic || f.Function == "runtime.gopanic"
		if !more {
			return "an unknown place"
		}
	}
}
