package cli

import (
	"fmt"
	"io"
)

// testHookInput, when set by a test, wraps the reader of each input scan
// or rewrite reads (a reader that panics, or that waits for a signal).
var testHookInput func(name string, r io.Reader) io.Reader

// recoverInput, deferred, turns a panic while one input is read (a bug)
// into an error for that input, so that the other inputs are still read
// and the output decided so far is kept. Package extract recovers the
// panics of its own code and names where they happened (extract.ErrInternal);
// this is the net for the rest.
func recoverInput(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("internal error: %v (a bug: please report it)", r)
	}
}
