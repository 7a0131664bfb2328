package cli

import (
	"io"
	"os"
	"os/signal"
	"time"
)

// waitSignalEnv makes the test binary run as urix (see TestMain) with an
// input that, on its first read, says "ready" on stderr and waits for a
// signal: rewrite -i has its temporary file then.
const waitSignalEnv = "URIX_TEST_WAIT_SIGNAL"

func waitSignalMain() int {
	testHookInput = func(_ string, r io.Reader) io.Reader { return &waitingReader{r: r} }
	return reraise(run(append([]string{"urix"}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr))
}

type waitingReader struct {
	r      io.Reader
	waited bool
}

func (w *waitingReader) Read(p []byte) (int, error) {
	if !w.waited {
		w.waited = true
		c := make(chan os.Signal, 1)
		signal.Notify(c, interruptSignals...)
		os.Stderr.WriteString("ready\n")
		select {
		case <-c:
			// The runtime hands a signal to each channel in turn:
			// give it time to reach rewrite's own, which it polls
			// at each read, before reading on. Reading on at once
			// let the small page be written whole first (once in CI).
			time.Sleep(200 * time.Millisecond)
		case <-time.After(20 * time.Second):
		}
	}
	return w.r.Read(p)
}
