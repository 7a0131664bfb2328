//go:build !unix

package cli

import "os"

// interruptSignals are the signals that stop "rewrite -i" cleanly: the
// temporary file is removed before the process ends.
var interruptSignals = []os.Signal{os.Interrupt}

// signalStatus is the exit status of a process ended by os.Interrupt, the
// only one of interruptSignals here: 128 plus SIGINT's number, 2, as a
// Unix shell has it.
func signalStatus(os.Signal) int { return 128 + 2 }

// reraise returns status: there is no signal to raise again here.
func reraise(status int) int { return status }
