package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

// handler opens the links a pattern matches with a command of its own,
// as urlview's and urlscan's users set one per kind of link (YouTube to
// mpv, images to a viewer, mailto: to the mail client).
type handler struct {
	pattern *regexp.Regexp // matched against the URI, unanchored
	argv    []string       // the command; "{}" in a word is the link
}

// command is the command that opens uri: argv with the link in place of
// each "{}", or as a last argument when there is none. It is run without
// a shell, so nothing in the link is ever read as shell syntax.
func (h handler) command(uri string) *exec.Cmd {
	argv := make([]string, len(h.argv))
	hole := false
	for i, w := range h.argv {
		argv[i] = strings.ReplaceAll(w, "{}", uri)
		hole = hole || argv[i] != w
	}
	if !hole {
		argv = append(argv, uri)
	}
	return exec.Command(argv[0], argv[1:]...)
}

// maxHandlersSize bounds a handlers file: rules, not data.
const maxHandlersSize = 64 << 10

// defaultHandlers is the handlers file read when --handlers names none:
// $XDG_CONFIG_HOME/urix/handlers, else ~/.config/urix/handlers; "" when
// neither can be said.
func defaultHandlers() string { return userConfig("handlers") }

// readHandlers reads the handlers of the file at path, one a line:
// a regular expression (Go syntax, matched against the URI), white space,
// then the command and its arguments separated by white space ("{}" the
// link); empty lines and lines that start with "#" are left out. The
// first handler whose pattern matches opens a link. A missing file is no
// handler when optional is set.
func readHandlers(path string, optional bool) ([]handler, error) {
	f, err := os.Open(path)
	if err != nil {
		if optional && errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("pick: handlers: %w", err)
	}
	defer f.Close()
	r := &io.LimitedReader{R: f, N: maxHandlersSize + 1}
	var hs []handler
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 2 {
			return nil, fmt.Errorf("pick: handlers: %s:%d: want a pattern and a command", path, n)
		}
		re, err := regexp.Compile(fields[0])
		if err != nil {
			return nil, fmt.Errorf("pick: handlers: %s:%d: %w", path, n, err)
		}
		hs = append(hs, handler{pattern: re, argv: fields[1:]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("pick: handlers: %s: %w", path, err)
	}
	if r.N == 0 {
		return nil, fmt.Errorf("pick: handlers: %s: larger than 64 KiB", path)
	}
	return hs, nil
}
