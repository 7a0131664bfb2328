package extract

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
)

// ErrInternal is wrapped by the *Error about a panic in a scanner: a bug in
// this package, which costs the part, message or input it happened in,
// not the scan (nor the links already found).
var ErrInternal = errors.New("internal error")

// panicGuard tells a panic of urix's own code, which becomes an *Error,
// from a panic of the caller's code it calls (the loop body ranging over
// Links, the f of Rewrite), which must go on up as it is: the wrappers
// mark the time the caller's code runs (linksCall.call, rewriteFunc).
type panicGuard struct{ inCaller bool }

// rewriteFunc returns f, Rewrite's callback, marked for g.
func (g *panicGuard) rewriteFunc(f func(Link) (string, bool)) func(Link) (string, bool) {
	return func(l Link) (string, bool) {
		g.inCaller = true
		v, ok := f(l)
		g.inCaller = false
		return v, ok
	}
}

// ours reports whether a panic under way, if any, is urix's own.
func (g *panicGuard) ours() bool { return g == nil || !g.inCaller }

// panicError returns the cause of the *Error about a panic with value r,
// naming the function that panicked, for a bug report. It is called by
// the deferred function that recovered r.
func panicError(r any) error {
	var pc [64]uintptr
	frames := runtime.CallersFrames(pc[:runtime.Callers(1, pc[:])])
	for panicking, more := false, true; more; {
		var f runtime.Frame
		f, more = frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicking = true
		case panicking && !strings.HasPrefix(f.Function, "runtime."):
			fn := f.Function[strings.LastIndexByte(f.Function, '/')+1:]
			return fmt.Errorf("%w: %v (in %s at %s:%d)", ErrInternal, r, fn, filepath.Base(f.File), f.Line)
		}
	}
	return fmt.Errorf("%w: %v", ErrInternal, r)
}
