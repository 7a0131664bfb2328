package check

import (
	"context"
	"time"
)

// OnlineOptions are the settings of an Online checker; the zero value of a
// field means its default.
type OnlineOptions struct {
	Concurrency  int           // requests at once in all; default 32
	PerHost      int           // requests at once to one host; default 2
	Timeout      time.Duration // one request; default 20s
	Retries      int           // after a timeout, 5xx or 429; default 2
	MaxRedirects int           // default 10
	UserAgent    string        // default "urix/VERSION (+https://github.com/urix/urix)"
	Accept       []int         // status codes taken as working; default 200-299
	Exclude      []string      // patterns of URIs not checked
	AllowPrivate bool          // check private, loopback and link-local hosts too
	CacheFile    string        // results kept here between runs, "" none
	CacheMaxAge  time.Duration // default 24h
	Fragments    bool          // check fragments in fetched HTML
}

// Online checks http and https URIs over the network.
type Online struct{ opts OnlineOptions }

// NewOnline returns a checker with the options o.
func NewOnline(o OnlineOptions) *Online { return &Online{opts: o} }

// Check fetches u and returns what became of it. It is safe for
// concurrent use.
func (c *Online) Check(ctx context.Context, u string) Result {
	return Result{Status: Skipped, Reason: "online checking not built"}
}
