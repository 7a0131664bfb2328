package cli

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/urix/urix/extract/check"
)

// onlineFlags are the options of "urix check" that set how links are
// checked online; onlineOptions reads them back. The names are lychee's
// where lychee has the option, but --exclude-url: urix's --exclude takes
// file globs.
func onlineFlags() []cli.Flag {
	const cat = "Online"
	return []cli.Flag{
		&cli.IntFlag{Name: "max-concurrency", Value: 32, Usage: "make at most `N` requests at once", Category: cat},
		&cli.IntFlag{Name: "max-per-host", Value: 2, Usage: "make at most `N` requests at once to one host and port", Category: cat},
		&cli.GenericFlag{Name: "timeout", Value: &duration{d: 20 * time.Second}, DefaultText: "20s", Category: cat,
			Usage: "give up a request, from connecting to the end of its answer, after `TIME` (seconds, or 1.5s, 500ms)"},
		&cli.GenericFlag{Name: "connect-timeout", Value: &duration{d: 10 * time.Second}, DefaultText: "10s", Category: cat,
			Usage: "give up connecting, TLS handshake included, after `TIME`"},
		&cli.IntFlag{Name: "max-retries", Value: 2, Category: cat,
			Usage: "try a request again up to `N` times after a timeout, a dropped connection, 408, 429 or 5xx"},
		&cli.GenericFlag{Name: "retry-wait-time", Value: &duration{d: time.Second}, DefaultText: "1s", Category: cat,
			Usage: "wait about `TIME` before the first try again, twice that before the next (a Retry-After the server sends is waited instead, up to 2m)"},
		&cli.IntFlag{Name: "max-redirects", Value: 10, Usage: "follow at most `N` redirects (0: none)", Category: cat},
		&cli.StringFlag{Name: "user-agent", DefaultText: "urix/VERSION (+https://github.com/urix/urix)", Category: cat,
			Usage: "send `STRING` as the User-Agent"},
		&cli.GenericFlag{Name: "accept", Value: new(statusCodes), DefaultText: "200..=299", Category: cat,
			Usage: "take the status `CODES` as working: codes and ranges, comma-separated (\"200..=299,403\"; \"200..300\" leaves out 300)"},
		&cli.StringSliceFlag{Name: "exclude-url", Category: cat, Action: checkPatterns,
			Usage: "do not check the URIs that `REGEX` matches, anywhere in them (RE2 syntax; repeatable)"},
		&cli.BoolFlag{Name: "include-private", Category: cat,
			Usage: "check loopback, private and link-local addresses too (refused by default, also when a host name resolves to one)"},
		&cli.StringFlag{Name: "cache", TakesFile: true, Category: cat,
			Usage: "keep the answers in `FILE` and take them from it on the next runs (not timeouts, 408, 429 or 5xx)"},
		&cli.GenericFlag{Name: "max-cache-age", Value: &duration{d: 24 * time.Hour, days: true}, DefaultText: "1d", Category: cat,
			Usage: "take an answer from the cache for `TIME` after it came (1d, 12h, 90m)"},
		&cli.BoolFlag{Name: "include-fragments", Category: cat,
			Usage: "read HTML pages (their first 8 MiB) to check that the fragment of a link names an id or <a name> in them"},
	}
}

// onlineOptions returns the options the flags of onlineFlags set in c.
// Warnings (a damaged cache file) go to c's error writer.
func onlineOptions(c *cli.Context) check.OnlineOptions {
	o := check.OnlineOptions{
		Concurrency:  c.Int("max-concurrency"),
		PerHost:      c.Int("max-per-host"),
		Timeout:      durationOf(c, "timeout"),
		Retries:      noneIsNegative(c.Int("max-retries")),
		RetryWait:    durationOf(c, "retry-wait-time"),
		MaxRedirects: noneIsNegative(c.Int("max-redirects")),
		UserAgent:    c.String("user-agent"),
		Exclude:      c.StringSlice("exclude-url"),
		AllowPrivate: c.Bool("include-private"),
		CacheFile:    c.String("cache"),
		CacheMaxAge:  durationOf(c, "max-cache-age"),
		Fragments:    c.Bool("include-fragments"),
	}
	o.ConnectTimeout = durationOf(c, "connect-timeout")
	if sc, ok := c.Generic("accept").(*statusCodes); ok {
		o.Accept = sc.codes
	}
	if c.App != nil {
		if v := c.App.Version; o.UserAgent == "" && v != "" && !strings.ContainsAny(v, "()/ ") {
			// A version set at link time; "(devel)" is no product token
			// (RFC 9110 §10.1.5): the checker's own default then.
			o.UserAgent = "urix/" + v + " (+https://github.com/urix/urix)"
		}
		if w := c.App.ErrWriter; w != nil {
			o.Warn = func(err error) { fmt.Fprintf(w, "urix: warning: %v\n", err) }
		}
	}
	return o
}

// noneIsNegative maps the flags' 0, none, to the options' < 0 (their 0
// is the default).
func noneIsNegative(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

func durationOf(c *cli.Context, name string) time.Duration {
	if d, ok := c.Generic(name).(*duration); ok {
		return d.d
	}
	return 0
}

func checkPatterns(_ *cli.Context, patterns []string) error {
	for _, p := range patterns {
		if _, err := regexp.Compile(p); err != nil {
			return fmt.Errorf("--exclude-url %q: %w", p, err)
		}
	}
	return nil
}

// duration is the value of a flag that takes a time: a number of seconds,
// as lychee's --timeout, or a Go duration ("1.5s", "500ms"); with days, a
// number of days before it too ("1d", "2d12h"), as lychee's
// --max-cache-age.
type duration struct {
	d    time.Duration
	days bool
}

var errDuration = errors.New("want seconds or a duration such as 1.5s, 500ms, 2m")

// Set takes s (flag.Value).
func (v *duration) Set(s string) error {
	var d time.Duration
	if f, err := strconv.ParseFloat(s, 64); err == nil && f >= 0 && f < 1e9 {
		d = time.Duration(f * float64(time.Second))
	} else {
		rest := s
		if v.days {
			if n, after, ok := strings.Cut(s, "d"); ok {
				k, err := strconv.ParseUint(n, 10, 16)
				if err != nil {
					return errDuration
				}
				d, rest = time.Duration(k)*24*time.Hour, after
			}
		}
		if rest != "" {
			r, err := time.ParseDuration(rest)
			if err != nil || r < 0 {
				return errDuration
			}
			d += r
		}
	}
	v.d = d
	return nil
}

// String returns the value (flag.Value).
func (v *duration) String() string { return v.d.String() }

// statusCodes is the value of --accept: status codes and ranges of them,
// comma-separated, in lychee's syntax ("200..=299" inclusive, "200..300"
// exclusive).
type statusCodes struct {
	codes []int
	text  string
}

// Set takes s (flag.Value).
func (v *statusCodes) Set(s string) error {
	var codes []int
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		lo, hi, isRange := strings.Cut(f, "..")
		incl := strings.HasPrefix(hi, "=")
		hi = strings.TrimPrefix(hi, "=")
		if !isRange {
			hi, incl = lo, true
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if !incl {
			b--
		}
		if err1 != nil || err2 != nil || a < 100 || b > 999 || a > b {
			return fmt.Errorf("%q: want status codes 100-999 and ranges of them such as 200..=299", f)
		}
		for c := a; c <= b; c++ {
			codes = append(codes, c)
		}
	}
	v.codes, v.text = codes, s
	return nil
}

// String returns the value as given (flag.Value).
func (v *statusCodes) String() string { return v.text }
