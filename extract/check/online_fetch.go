package check

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// pageKey names a fetch: a URI without its fragment, and whether the page
// was read for its fragments (GET, body parsed) or only asked for (HEAD).
type pageKey struct {
	url  string
	body bool
}

// page is one fetch, shared by every link that names it. done is closed
// when the fields are set.
type page struct {
	done     chan struct{}
	ans      answer
	res      Result
	cached   bool // ans came from the cache file
	canceled bool // the fetch was cut short by its caller's context
}

// answer is what a fetch found, before the options turn it into a Result:
// kept apart so that a cached answer is judged by this run's Accept.
type answer struct {
	code     int    // final status code; 0 when none came
	final    string // the URI that gave code, when redirects led there
	location string // the end of the leading run of permanent redirects
	permCode int    // the status code of that last permanent redirect
	failure  string // the chain failed though answers came: "redirect loop"
	err      string // no answer came: "timeout", "connection refused"
	private  bool   // err is the refusal of a private address
	html     bool
	trunc    bool     // the body was longer than what was read
	anchors  []string // ids and <a> names of an HTML body read whole, sorted
}

// cacheable reports whether a is a definite answer, worth keeping between
// runs: no network error, no status a retry later could change.
func (a answer) cacheable() bool {
	return a.err == "" && a.code != http.StatusRequestTimeout && a.code != http.StatusTooManyRequests && a.code < 500
}

// page returns the fetch of u, started by this call or by another one, or
// read from the cache.
func (c *Online) page(ctx context.Context, u string, body bool) *page {
	for {
		p, start := c.lookup(u, body)
		if start {
			p.ans = c.fetch(ctx, u, body)
			p.res = c.result(p.ans)
			p.canceled = ctx.Err() != nil
			if p.canceled {
				c.mu.Lock()
				if c.pages[pageKey{u, body}] == p {
					delete(c.pages, pageKey{u, body})
				}
				c.mu.Unlock()
			}
			close(p.done)
			return p
		}
		select {
		case <-p.done:
		case <-ctx.Done():
			return &page{res: Result{Status: Broken, Reason: "canceled"}, canceled: true}
		}
		if !p.canceled || ctx.Err() != nil {
			return p
		}
		// The caller that fetched gave up; this one has not.
	}
}

// lookup finds the fetch that answers for (u, body) in this run or the
// cache, or registers a new one that the caller must run (start). A fetch
// with the body answers for one without; a broken page needs no body.
func (c *Online) lookup(u string, body bool) (p *page, start bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.pages[pageKey{u, true}]; p != nil {
		return p, false
	}
	if p := c.pages[pageKey{u, false}]; p != nil {
		if !body {
			return p, false
		}
		select {
		case <-p.done:
			if p.res.Status == Broken {
				return p, false
			}
		default:
		}
	}
	if c.cache != nil {
		if a, ok := c.cache.get(u, body); ok {
			p := &page{done: make(chan struct{}), ans: a, cached: true}
			p.res = c.result(a)
			p.res.Reason += " (cached)"
			close(p.done)
			c.pages[pageKey{u, body}] = p
			return p, false
		}
	}
	p = &page{done: make(chan struct{})}
	c.pages[pageKey{u, body}] = p
	return p, true
}

// result judges a by the options.
func (c *Online) result(a answer) Result {
	switch {
	case a.err != "" && a.private:
		return Result{Status: Skipped, Reason: a.err}
	case a.err != "":
		return Result{Status: Broken, Reason: a.err}
	case a.failure != "":
		return Result{Status: Broken, Reason: a.failure, Code: a.code}
	case !c.accepted(a.code):
		r := Result{Status: Broken, Reason: statusText(a.code), Code: a.code}
		if a.final != "" {
			r.Reason += " at " + a.final
		}
		return r
	case a.location != "":
		return Result{Status: Moved, Reason: statusText(a.permCode), Code: a.code, Location: a.location}
	}
	return Result{Status: OK, Reason: statusText(a.code), Code: a.code}
}

func (c *Online) accepted(code int) bool {
	if len(c.opts.Accept) == 0 {
		return code >= 200 && code < 300
	}
	for _, a := range c.opts.Accept {
		if a == code {
			return true
		}
	}
	return false
}

func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return strconv.Itoa(code) + " " + t
	}
	return "status " + strconv.Itoa(code)
}

// fetch follows u through its redirects and returns the answer at the end.
func (c *Online) fetch(ctx context.Context, u string, body bool) (a answer) {
	cur, err := url.Parse(u)
	if err != nil {
		return answer{err: "invalid URI: " + errText(err)}
	}
	jar, _ := cookiejar.New(nil) // a redirect that sets a cookie and comes back is no loop
	seen := make(map[string]bool)
	permanent := true // every redirect so far was permanent
	for hops := 0; ; hops++ {
		sent := cur.String() + " " + cookieHeader(jar, cur)
		if seen[sent] {
			a.failure = "redirect loop"
			return a
		}
		seen[sent] = true
		r := c.request(ctx, cur, body, jar)
		if r.fail != nil {
			a.err, a.private = r.fail.reason, r.fail.private
			if hops > 0 {
				a.err = "redirected to " + cur.String() + ": " + a.err
			}
			return a
		}
		a.code, a.html, a.trunc, a.anchors, a.failure = r.code, r.html, r.trunc, r.anchors, r.note
		if !isRedirect(r.code) || r.location == "" || c.opts.MaxRedirects == 0 || r.note != "" {
			return a
		}
		next, err := cur.Parse(r.location)
		if err != nil {
			a.failure = fmt.Sprintf("%s with a bad Location %q", statusText(r.code), r.location)
			return a
		}
		if s := strings.ToLower(next.Scheme); s != "http" && s != "https" {
			a.failure = "redirect to " + next.String() + ", not http or https"
			return a
		}
		if hops == c.opts.MaxRedirects {
			a.failure = fmt.Sprintf("too many redirects (more than %d)", c.opts.MaxRedirects)
			return a
		}
		if !c.opts.AllowPrivate {
			if addr, ok := privateHost(next.Hostname()); ok {
				return answer{err: "redirected to " + next.String() + ": private address " + addr, private: true}
			}
		}
		if permanent && (r.code == http.StatusMovedPermanently || r.code == http.StatusPermanentRedirect) {
			a.location, a.permCode = next.String(), r.code
		} else {
			permanent = false
		}
		next.Fragment, next.RawFragment = "", ""
		cur = next
		a.final = cur.String()
	}
}

func isRedirect(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

func cookieHeader(jar http.CookieJar, u *url.URL) string {
	var b strings.Builder
	for _, k := range jar.Cookies(u) {
		b.WriteString(k.String())
		b.WriteByte(';')
	}
	return b.String()
}

// response is one request's outcome.
type response struct {
	code     int
	location string
	note     string // why a retryable status was not retried
	html     bool
	trunc    bool
	anchors  []string
	fail     *failure // no answer
	wait     time.Duration
	hasWait  bool // wait is the server's Retry-After
}

// request asks for u: HEAD unless the body is wanted or the host refuses
// HEAD, then GET when HEAD failed; tried again with backoff after
// timeouts, dropped connections, 408, 429 and 5xx.
func (c *Online) request(ctx context.Context, u *url.URL, body bool, jar http.CookieJar) response {
	h := c.limit.host(hostKey(u))
	method := http.MethodHead
	if body || h.noHead.Load() {
		method = http.MethodGet
	}
	for attempt := 0; ; attempt++ {
		r := c.do(ctx, h, method, u, body, jar)
		if method == http.MethodHead && r.fail == nil && c.headRefused(r) {
			// Some servers refuse HEAD (405, 501) or answer it with an
			// error GET does not give (403, 404, 400, 500): GET decides.
			if r.code == http.StatusMethodNotAllowed || r.code == http.StatusNotImplemented {
				h.noHead.Store(true)
			}
			method = http.MethodGet
			r = c.do(ctx, h, method, u, body, jar)
		}
		if attempt >= c.opts.Retries || !c.retryable(r) || ctx.Err() != nil {
			return r
		}
		wait := c.backoff(attempt)
		if r.hasWait {
			if r.wait > maxRetryAfter {
				r.note = fmt.Sprintf("%s, Retry-After %v (waits at most %v)", statusText(r.code), r.wait, maxRetryAfter)
				return r
			}
			wait = r.wait
		}
		if r.code == http.StatusTooManyRequests || r.hasWait {
			// The host asked everyone to slow down: its next requests
			// wait in acquire, this one with them.
			h.delay(c.now().Add(wait))
			wait = 0
		}
		if c.sleep(ctx, wait) != nil {
			return r
		}
	}
}

// headRefused reports whether a HEAD answered r should be asked again with
// GET: a 4xx, 500 or 501, the errors of servers that mishandle HEAD, but
// not 408, 429, 502-504 or an answer with Retry-After, which are about the
// server's state, not the method, and are retried as they are.
func (c *Online) headRefused(r response) bool {
	switch {
	case c.accepted(r.code) || r.hasWait:
		return false
	case r.code == http.StatusRequestTimeout || r.code == http.StatusTooManyRequests:
		return false
	}
	return r.code >= 400 && r.code <= 501
}

func (c *Online) retryable(r response) bool {
	if r.fail != nil {
		return r.fail.retry
	}
	if c.accepted(r.code) {
		return false
	}
	return r.code == http.StatusRequestTimeout || r.code == http.StatusTooManyRequests || r.code >= 500 && r.code != http.StatusNotImplemented
}

// backoff is the wait before try attempt+2: RetryWait doubled attempt
// times, less up to half of it at random, so that the checkers of many
// CI jobs do not come back at once.
func (c *Online) backoff(attempt int) time.Duration {
	d := c.opts.RetryWait << min(attempt, 16)
	return d - time.Duration(rand.Int64N(int64(d/2)+1))
}

// do sends one request within the limits and reads what is needed of the
// answer.
func (c *Online) do(ctx context.Context, h *hostState, method string, u *url.URL, body bool, jar http.CookieJar) (r response) {
	release, err := c.limit.acquire(ctx, h, c.sleep, c.now)
	if err != nil {
		r.fail = classify(ctx, err)
		return r
	}
	defer release()
	rctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, method, u.String(), nil)
	if err != nil {
		r.fail = &failure{reason: "invalid URI: " + errText(err)}
		return r
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
	for _, k := range jar.Cookies(req.URL) {
		req.AddCookie(k)
	}
	resp, err := c.tr.RoundTrip(req)
	if err != nil {
		r.fail = classify(ctx, err)
		return r
	}
	defer resp.Body.Close()
	if ks := resp.Cookies(); len(ks) > 0 {
		jar.SetCookies(req.URL, ks)
	}
	r.code, r.location = resp.StatusCode, resp.Header.Get("Location")
	if r.code == http.StatusTooManyRequests || r.code == http.StatusServiceUnavailable {
		r.wait, r.hasWait = retryAfter(resp.Header.Get("Retry-After"), c.now())
	}
	r.html = isHTML(resp.Header.Get("Content-Type"))
	if body && method == http.MethodGet && r.html && c.accepted(r.code) {
		lr := &io.LimitedReader{R: resp.Body, N: c.maxBody + 1}
		r.anchors, err = anchors(lr)
		r.trunc = lr.N == 0
		if err != nil {
			r.fail = classify(ctx, err)
		}
		return r
	}
	if resp.ContentLength >= 0 && resp.ContentLength <= 64<<10 {
		// Read a short body to its end so the connection is kept; a long
		// or unknown one is dropped with the connection.
		_, _ = io.Copy(io.Discard, resp.Body)
	}
	return r
}

// retryAfter reads a Retry-After field (RFC 9110 §10.2.3): seconds, or an
// HTTP-date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseUint(v, 10, 32); err == nil {
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

func isHTML(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	return mt == "text/html" || mt == "application/xhtml+xml"
}

// hostKey is the host and port u's requests count against.
func hostKey(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if strings.EqualFold(u.Scheme, "https") {
			port = "443"
		}
	}
	return strings.ToLower(u.Hostname()) + ":" + port
}
