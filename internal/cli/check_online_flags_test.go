package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/urix/urix/extract/check"
)

// parseOnline runs a command with onlineFlags on args and returns the
// options onlineOptions reads.
func parseOnline(t *testing.T, args ...string) (check.OnlineOptions, error) {
	t.Helper()
	var got check.OnlineOptions
	var stderr bytes.Buffer
	app := &cli.App{Name: "urix", Version: "v1.2.3", ErrWriter: &stderr, DisableSliceFlagSeparator: true,
		Commands: []*cli.Command{{Name: "check", Flags: onlineFlags(), Action: func(c *cli.Context) error {
			got = onlineOptions(c)
			return nil
		}}}}
	err := app.Run(append([]string{"urix", "check"}, args...))
	return got, err
}

func TestOnlineFlags(t *testing.T) {
	o, err := parseOnline(t)
	if err != nil {
		t.Fatal(err)
	}
	want := check.OnlineOptions{Concurrency: 32, PerHost: 2, Timeout: 20 * time.Second, ConnectTimeout: 10 * time.Second,
		Retries: 2, RetryWait: time.Second, MaxRedirects: 10, CacheMaxAge: 24 * time.Hour,
		UserAgent: "urix/v1.2.3 (+https://github.com/urix/urix)"}
	if o.Warn == nil {
		t.Error("no Warn")
	}
	o.Warn = nil
	if !equalOptions(o, want) {
		t.Errorf("defaults:\n got %+v\nwant %+v", o, want)
	}

	o, err = parseOnline(t, "--max-concurrency", "8", "--max-per-host", "1", "--timeout", "2.5",
		"--connect-timeout", "300ms", "--max-retries", "0", "--retry-wait-time", "2", "--max-redirects", "0",
		"--user-agent", "Mozilla/5.0", "--accept", "200..=204, 403,300..302", "--exclude-url", `^https://x\.test/`,
		"--exclude-url", "a{1,3}", "--include-private", "--cache", ".urixcache", "--max-cache-age", "2d12h",
		"--include-fragments")
	if err != nil {
		t.Fatal(err)
	}
	want = check.OnlineOptions{Concurrency: 8, PerHost: 1, Timeout: 2500 * time.Millisecond,
		ConnectTimeout: 300 * time.Millisecond, Retries: -1, RetryWait: 2 * time.Second, MaxRedirects: -1,
		UserAgent: "Mozilla/5.0", Accept: []int{200, 201, 202, 203, 204, 403, 300, 301},
		Exclude: []string{`^https://x\.test/`, "a{1,3}"}, AllowPrivate: true, CacheFile: ".urixcache",
		CacheMaxAge: 60 * time.Hour, Fragments: true}
	o.Warn = nil
	if !equalOptions(o, want) {
		t.Errorf("set:\n got %+v\nwant %+v", o, want)
	}

	for _, args := range [][]string{
		{"--accept", "200..=99"}, {"--accept", "2xx"}, {"--accept", "200..200"}, {"--accept", "1000"},
		{"--timeout", "-1"}, {"--timeout", "soon"}, {"--max-cache-age", "1w"}, {"--exclude-url", "a(b"},
	} {
		if _, err := parseOnline(t, args...); err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(args[0], "--")) {
			t.Errorf("%q: error %v, want one naming the flag", args, err)
		}
	}
}

func equalOptions(a, b check.OnlineOptions) bool {
	return slices.Equal(a.Accept, b.Accept) && slices.Equal(a.Exclude, b.Exclude) &&
		a.Concurrency == b.Concurrency && a.PerHost == b.PerHost && a.Timeout == b.Timeout &&
		a.ConnectTimeout == b.ConnectTimeout && a.Retries == b.Retries && a.RetryWait == b.RetryWait &&
		a.MaxRedirects == b.MaxRedirects && a.UserAgent == b.UserAgent && a.AllowPrivate == b.AllowPrivate &&
		a.CacheFile == b.CacheFile && a.CacheMaxAge == b.CacheMaxAge && a.Fragments == b.Fragments
}
