package check

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urix/urix/uri"
)

// OnlineOptions are the settings of an Online checker; the zero value of a
// field means its default.
type OnlineOptions struct {
	Concurrency int // requests at once in all; default 32
	// PerHost is the number of requests at once to one host and port;
	// default 2.
	PerHost int
	// Timeout bounds one request, from connecting to the end of the body
	// read; default 20s.
	Timeout time.Duration
	// ConnectTimeout bounds connecting and the TLS handshake; default
	// 10s, and never more than Timeout.
	ConnectTimeout time.Duration
	// Retries is the number of tries again after a timeout, a dropped
	// connection, 408, 429 or a 5xx; default 2, < 0 none.
	Retries int
	// RetryWait is the wait before the first try again, doubled for each
	// next one, with up to half of it taken off at random (jitter); a
	// Retry-After the server sends is waited instead. Default 1s.
	RetryWait    time.Duration
	MaxRedirects int    // redirects followed; default 10, < 0 none
	UserAgent    string // default "urix/VERSION (+https://github.com/urix/urix)"
	// Accept lists the final status codes taken as working; default
	// 200-299. Redirects are followed, so a 3xx is final only when it has
	// no Location or redirects are not followed.
	Accept []int
	// Exclude holds regular expressions (RE2 syntax); a URI that one of
	// them matches anywhere is not checked (Skipped, "excluded"). A
	// pattern that does not compile is matched as a literal string, and
	// Warn is told.
	Exclude []string
	// AllowPrivate lets requests go to loopback, private, link-local,
	// unspecified and multicast addresses, refused by default, also
	// when a host name resolves to one or a redirect leads to one. A
	// proxy named by HTTP_PROXY or HTTPS_PROXY is reached wherever it is;
	// through it, only the hosts as written are checked (it resolves the
	// names).
	AllowPrivate bool
	// CacheFile keeps the results of definite answers between runs
	// ("" none); Close writes it.
	CacheFile   string
	CacheMaxAge time.Duration // default 24h
	// Fragments fetches HTML pages whole (up to 8 MiB) to check that the
	// fragment of the URI names an id or a named <a> in them.
	Fragments bool
	// RootCAs are the certificate authorities trusted; nil: the system's.
	RootCAs *x509.CertPool
	// Warn is told of problems that do not stop checking: a corrupt cache
	// file, a bad Exclude pattern. Nil: they are ignored.
	Warn func(error)
}

// Online checks http and https URIs over the network. Each page is fetched
// at most once per run (and not at all when the cache holds it), however
// many links name it.
type Online struct {
	opts    OnlineOptions
	exclude []*regexp.Regexp
	tr      *http.Transport
	limit   *limiter
	cache   *cache

	mu    sync.Mutex
	pages map[pageKey]*page

	// Hooks replaced by tests.
	sleep   func(context.Context, time.Duration) error
	now     func() time.Time
	maxBody int64
}

// Defaults of OnlineOptions.
const (
	defaultConcurrency    = 32
	defaultPerHost        = 2
	defaultTimeout        = 20 * time.Second
	defaultConnectTimeout = 10 * time.Second
	defaultRetries        = 2
	defaultRetryWait      = time.Second
	defaultMaxRedirects   = 10
	defaultCacheMaxAge    = 24 * time.Hour
	// maxBody bounds the HTML read for fragments.
	maxBody = 8 << 20
	// maxRetryAfter is the longest Retry-After waited; a server asking for
	// more gets its answer reported.
	maxRetryAfter = 2 * time.Minute
)

// NewOnline returns a checker with the options o. When o.CacheFile is set
// it reads the cache now; Close writes it back.
func NewOnline(o OnlineOptions) *Online {
	o = o.withDefaults()
	c := &Online{opts: o, pages: make(map[pageKey]*page), sleep: sleep, now: time.Now, maxBody: maxBody}
	for _, p := range o.Exclude {
		re, err := regexp.Compile(p)
		if err != nil {
			c.warn(fmt.Errorf("check: exclude pattern %q: %w; matched as a literal string", p, err))
			re = regexp.MustCompile(regexp.QuoteMeta(p))
		}
		c.exclude = append(c.exclude, re)
	}
	c.limit = newLimiter(o.Concurrency, o.PerHost)
	c.tr = newTransport(o)
	if o.CacheFile != "" {
		c.cache = loadCache(o.CacheFile, o.CacheMaxAge, c.now(), c.warn)
	}
	return c
}

func (o OnlineOptions) withDefaults() OnlineOptions {
	def := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	defDur := func(p *time.Duration, v time.Duration) {
		if *p <= 0 {
			*p = v
		}
	}
	def(&o.Concurrency, defaultConcurrency)
	def(&o.PerHost, defaultPerHost)
	defDur(&o.Timeout, defaultTimeout)
	defDur(&o.ConnectTimeout, defaultConnectTimeout)
	o.ConnectTimeout = min(o.ConnectTimeout, o.Timeout)
	defDur(&o.RetryWait, defaultRetryWait)
	defDur(&o.CacheMaxAge, defaultCacheMaxAge)
	switch {
	case o.Retries == 0:
		o.Retries = defaultRetries
	case o.Retries < 0:
		o.Retries = 0
	}
	switch {
	case o.MaxRedirects == 0:
		o.MaxRedirects = defaultMaxRedirects
	case o.MaxRedirects < 0:
		o.MaxRedirects = 0
	}
	if o.UserAgent == "" {
		o.UserAgent = defaultUserAgent()
	}
	o.Accept = slices.Clone(o.Accept)
	return o
}

// defaultUserAgent is the User-Agent sent when OnlineOptions gives none:
// "urix/VERSION (+https://github.com/urix/urix)", the version of the
// module in the binary, "devel" when it has none.
func defaultUserAgent() string {
	v := "devel"
	if bi, ok := debug.ReadBuildInfo(); ok {
		mv := bi.Main.Version
		if bi.Main.Path != modulePath {
			mv = ""
			for _, d := range bi.Deps {
				if d.Path == modulePath {
					mv = d.Version
				}
			}
		}
		if mv != "" && mv != "(devel)" {
			v = mv
		}
	}
	return "urix/" + v + " (+https://" + modulePath + ")"
}

const modulePath = "github.com/urix/urix"

func (c *Online) warn(err error) {
	if c.opts.Warn != nil {
		c.opts.Warn(err)
	}
}

// Check fetches u and returns what became of it. It is safe for concurrent
// use, and meant for it: Check waits for the concurrency limits, so call
// it from a goroutine per link, or use CheckAll; a pool of workers calling
// Check in document order idles while its workers wait on a busy host.
//
// An http or https URI is fetched without its fragment (HEAD, then GET
// when the server refuses HEAD or a fragment is to be checked); any other
// absolute URI is parsed only (Skipped, "syntax only"; Broken when it does
// not parse).
func (c *Online) Check(ctx context.Context, u string) Result {
	for _, re := range c.exclude {
		if re.MatchString(u) {
			return Result{Status: Skipped, Reason: "excluded"}
		}
	}
	ref, r, ok := c.parse(u)
	if !ok {
		return r
	}
	if !c.opts.AllowPrivate {
		if a, ok := privateHost(ref.Host); ok {
			return Result{Status: Skipped, Reason: "private address " + a}
		}
	}
	frag, checkFrag := fragmentToCheck(ref)
	checkFrag = checkFrag && c.opts.Fragments
	rawFrag, hasFrag := ref.Fragment, ref.HasFragment
	ref.Fragment, ref.HasFragment = "", false
	p := c.page(ctx, ref.String(), checkFrag)
	r = p.res
	if checkFrag && (r.Status == OK || r.Status == Moved) {
		r = p.fragment(frag, c.maxBody)
	}
	if r.Status == Moved && hasFrag && !strings.Contains(r.Location, "#") {
		// A redirect keeps the fragment of the link (RFC 9110 §10.2.2).
		r.Location += "#" + rawFrag
	}
	return r
}

// parse checks the syntax of u; ok says u is an http or https URI to fetch,
// otherwise r is the result.
func (c *Online) parse(u string) (ref uri.URI, r Result, ok bool) {
	s, err := uri.FromIRI(u)
	if err == nil {
		ref, err = uri.Parse(s)
	}
	if err != nil {
		return ref, Result{Status: Broken, Reason: "invalid URI: " + uriError(err)}, false
	}
	switch strings.ToLower(ref.Scheme) {
	case "http", "https":
	case "":
		return ref, Result{Status: Skipped, Reason: "relative reference"}, false
	default:
		return ref, syntaxOnly(strings.ToLower(ref.Scheme), ref), false
	}
	if ref.Host == "" {
		return ref, Result{Status: Broken, Reason: "invalid URI: no host"}, false
	}
	return ref, Result{}, true
}

// Close writes the cache file, when there is one, with the answers of this
// run and those still fresh from the last; call it once, after the last
// Check. A damaged cache file read by NewOnline is replaced; a file that
// is not a cache is left alone (NewOnline warned of it).
func (c *Online) Close() error {
	c.tr.CloseIdleConnections()
	if c.cache == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, p := range c.pages {
		select {
		case <-p.done:
			if e, ok := p.entry(k, c.now()); ok {
				c.cache.put(e)
			}
		default:
		}
	}
	return c.cache.save()
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// uriError is err without the link it repeats.
func uriError(err error) string {
	var ue *uri.Error
	if errors.As(err, &ue) {
		return ue.Err.Error() + " at offset " + strconv.Itoa(ue.Offset)
	}
	return err.Error()
}
