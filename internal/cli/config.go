package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// configEnv names the file of default options of a scan, as
// RIPGREP_CONFIG_PATH does for rg.
const configEnv = "URIX_CONFIG_PATH"

// maxConfigSize bounds the file configEnv names: options, not data.
const maxConfigSize = 64 << 10

// withConfig returns args with the options of the file configEnv names
// put before the user's, for a scan ("urix FILE...", "urix scan ..."):
// one argument a line, white space around it trimmed, empty lines and
// lines that start with "#" left out, as ripgrep reads its file. The
// user's own options come after them, so a value given on the command
// line wins. --no-config, or another command, leaves args as they are.
func withConfig(app *cli.App, args []string, path string) ([]string, error) {
	if path == "" || len(args) < 1 {
		return args, nil
	}
	at := 1
	if len(args) > 1 {
		if cmd := app.Command(args[1]); cmd != nil || args[1] == "help" {
			if cmd == nil || cmd.Name != "scan" {
				return args, nil
			}
			at = 2
		}
	}
	if end := slices.Index(args, "--"); slices.Contains(args[:max(end, 0)], "--no-config") ||
		end < 0 && slices.Contains(args, "--no-config") {
		return args, nil
	}
	opts, err := readConfig(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", configEnv, err)
	}
	return slices.Concat(args[:at], opts, args[at:]), nil
}

// readConfig reads the arguments of the file at path.
func readConfig(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := &io.LimitedReader{R: f, N: maxConfigSize + 1}
	var opts []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			opts = append(opts, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if r.N == 0 {
		return nil, fmt.Errorf("%s: %w", path, errConfigSize)
	}
	return opts, nil
}

var errConfigSize = errors.New("larger than 64 KiB: not a file of options")
