//go:build unix

package cli

import (
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"
)

// interruptSignals are the signals that stop "rewrite -i" cleanly: the
// temporary file is removed before the process ends.
var interruptSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// signalStatus is the conventional exit status of a process ended by sig:
// 128 plus its number.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitError
}

// reraise ends the process by the signal that status stands for, when it
// is 128 plus the number of one of interruptSignals, so that a shell sees
// urix killed by the signal (and stops a loop, as on Ctrl-C) rather than
// exiting; otherwise, or if the process survives it, it returns status.
func reraise(status int) int {
	sig := syscall.Signal(status - 128)
	if status <= 128 || !slices.Contains(interruptSignals, os.Signal(sig)) {
		return status
	}
	signal.Reset(sig)
	if syscall.Kill(os.Getpid(), sig) == nil {
		time.Sleep(time.Second) // it may reach another thread first
	}
	return status
}
