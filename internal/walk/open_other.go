//go:build !unix

package walk

import "os"

// canHold: Tree holds no directory open; a File is opened by its Path.
const canHold = false

// openDir opens the directory name (not used: canHold is false).
func openDir(_ *heldDir, _, name string, _ bool) (*os.File, error) { return os.Open(name) }

// heldMost returns the most directories a walk holds (not used).
func heldMost() int32 { return 0 }

// noFD reports whether err says no descriptor is left (not used).
func noFD(error) bool { return false }
