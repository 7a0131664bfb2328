//go:build !unix

package walk

import "os"

// canHold: Tree holds no directory open; a File is opened by its Path.
const canHold = false

// openDir opens the directory name (not used: canHold is false).
func openDir(name string) (*os.File, error) { return os.Open(name) }
