package check

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/http/httpproxy"

	"github.com/urix/urix/uri"
)

// served records the requests a test server gets, as "METHOD /path".
type served struct {
	mu  sync.Mutex
	log []string
}

func (s *served) add(r *http.Request) {
	s.mu.Lock()
	s.log = append(s.log, r.Method+" "+r.URL.RequestURI())
	s.mu.Unlock()
}

func (s *served) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, l := range s.log {
		if strings.HasSuffix(l, " "+path) {
			n++
		}
	}
	return n
}

func (s *served) all() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.log)
}

// server starts a test server with the handlers of mux, logging every
// request.
func server(t *testing.T, mux map[string]http.HandlerFunc) (*httptest.Server, *served) {
	t.Helper()
	s := new(served)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.add(r)
		if h := mux[r.URL.Path]; h != nil {
			h(w, r)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, s
}

// testOnline is a checker for a loopback test server: private addresses
// allowed, short waits.
func testOnline(t *testing.T, o OnlineOptions) *Online {
	t.Helper()
	o.AllowPrivate = true
	if o.Timeout == 0 {
		o.Timeout = 5 * time.Second
	}
	if o.RetryWait == 0 {
		o.RetryWait = time.Millisecond
	}
	c := NewOnline(o)
	t.Cleanup(func() { c.Close() })
	return c
}

// sleeps replaces c's waits by a record of them.
func sleeps(c *Online) func() []time.Duration {
	var mu sync.Mutex
	var got []time.Duration
	c.sleep = func(ctx context.Context, d time.Duration) error {
		if d > 0 {
			mu.Lock()
			got = append(got, d)
			mu.Unlock()
		}
		return ctx.Err()
	}
	return func() []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}

func status(code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) }
}

func redirect(code int, to string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", to)
		w.WriteHeader(code)
	}
}

func TestOnlineStatus(t *testing.T) {
	srv, _ := server(t, map[string]http.HandlerFunc{
		"/ok":      status(200),
		"/nc":      status(204),
		"/gone":    status(410),
		"/err":     status(500),
		"/teapot":  status(418),
		"/odd":     status(599),
		"/forbid":  status(403),
		"/nolocat": status(301),
	})
	tests := []struct {
		path   string
		accept []int
		want   Result
	}{
		{"/ok", nil, Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/nc", nil, Result{Status: OK, Reason: "204 No Content", Code: 204}},
		{"/missing", nil, Result{Status: Broken, Reason: "404 Not Found", Code: 404}},
		{"/gone", nil, Result{Status: Broken, Reason: "410 Gone", Code: 410}},
		{"/err", nil, Result{Status: Broken, Reason: "500 Internal Server Error", Code: 500}},
		{"/teapot", nil, Result{Status: Broken, Reason: "418 I'm a teapot", Code: 418}},
		{"/odd", nil, Result{Status: Broken, Reason: "status 599", Code: 599}},
		{"/forbid", []int{200, 403}, Result{Status: OK, Reason: "403 Forbidden", Code: 403}},
		{"/ok", []int{204}, Result{Status: Broken, Reason: "200 OK", Code: 200}},
		{"/nolocat", nil, Result{Status: Broken, Reason: "301 Moved Permanently", Code: 301}},
	}
	for _, tt := range tests {
		c := testOnline(t, OnlineOptions{Accept: tt.accept, Retries: -1})
		if got := c.Check(context.Background(), srv.URL+tt.path); !equalResult(got, tt.want) {
			t.Errorf("%s accept %v: got %+v, want %+v", tt.path, tt.accept, got, tt.want)
		}
	}
}

func equalResult(a, b Result) bool {
	return a.Status == b.Status && a.Reason == b.Reason && a.Code == b.Code &&
		a.Location == b.Location && slices.Equal(a.Near, b.Near)
}

func TestOnlineHeadRefused(t *testing.T) {
	getOnly := func(code int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodHead {
				w.WriteHeader(code)
			}
		}
	}
	srv, s := server(t, map[string]http.HandlerFunc{
		"/405": getOnly(405), "/501": getOnly(501), "/next": status(200),
		"/403": getOnly(403), "/404": getOnly(404), "/head-ok": status(200),
	})
	for _, tt := range []struct {
		path string
		want []string // the requests, in order, of this check and the one of /next after it
	}{
		// 405 and 501 refuse the method: the host gets GET from then on.
		{"/405", []string{"HEAD /405", "GET /405", "GET /next"}},
		{"/501", []string{"HEAD /501", "GET /501", "GET /next"}},
		// 403 and 404 on HEAD only: GET decides, the host keeps HEAD.
		{"/403", []string{"HEAD /403", "GET /403", "HEAD /next"}},
		{"/404", []string{"HEAD /404", "GET /404", "HEAD /next"}},
		{"/head-ok", []string{"HEAD /head-ok", "HEAD /next"}},
	} {
		c := testOnline(t, OnlineOptions{})
		before := len(s.all())
		if r := c.Check(context.Background(), srv.URL+tt.path); r.Status != OK || r.Code != 200 {
			t.Errorf("%s: got %+v, want OK 200", tt.path, r)
		}
		c.Check(context.Background(), srv.URL+"/next")
		if got := s.all()[before:]; !slices.Equal(got, tt.want) {
			t.Errorf("%s: requests %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestOnlineRedirects(t *testing.T) {
	srv, s := server(t, nil)
	u := srv.URL
	mux := map[string]http.HandlerFunc{
		"/ok":  status(200),
		"/p1":  redirect(301, "/p2"),
		"/p2":  redirect(308, u+"/ok"),
		"/t1":  redirect(302, "/ok"),
		"/m1":  redirect(301, "/t2"),
		"/t2":  redirect(307, "/ok"),
		"/t3":  redirect(303, "/p3"),
		"/p3":  redirect(301, "/ok"),
		"/rel": redirect(301, "ok?x=1"),
		"/l1":  redirect(302, "/l2"),
		"/l2":  redirect(302, "/l1"),
		"/ff":  redirect(301, "/ok#there"),
		"/404": redirect(301, "/missing"),
		"/ftp": redirect(302, "ftp://ftp.example/x"),
		"/bad": redirect(302, "http://[::1"),
		"/cookie": func(w http.ResponseWriter, r *http.Request) {
			if _, err := r.Cookie("seen"); err == nil {
				return
			}
			http.SetCookie(w, &http.Cookie{Name: "seen", Value: "1"})
			redirect(302, "/cookie")(w, r)
		},
	}
	for i := range 20 {
		mux["/chain"+strconv.Itoa(i)] = redirect(302, "/chain"+strconv.Itoa(i+1))
	}
	mux["/chain20"] = status(200)
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.add(r)
		if h := mux[r.URL.Path]; h != nil {
			h(w, r)
			return
		}
		http.NotFound(w, r)
	})
	tests := []struct {
		link string
		max  int
		want Result
	}{
		{"/p1", 0, Result{Status: Moved, Reason: "308 Permanent Redirect", Code: 200, Location: u + "/ok"}},
		{"/t1", 0, Result{Status: OK, Reason: "200 OK", Code: 200}},
		// Only the leading run of permanent redirects says where the link
		// now lives: past a temporary one, the link itself is the name.
		{"/m1", 0, Result{Status: Moved, Reason: "301 Moved Permanently", Code: 200, Location: u + "/t2"}},
		{"/t3", 0, Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/rel", 0, Result{Status: Moved, Reason: "301 Moved Permanently", Code: 200, Location: u + "/ok?x=1"}},
		{"/p1#sec", 0, Result{Status: Moved, Reason: "308 Permanent Redirect", Code: 200, Location: u + "/ok#sec"}},
		{"/ff#sec", 0, Result{Status: Moved, Reason: "301 Moved Permanently", Code: 200, Location: u + "/ok#there"}},
		{"/l1", 0, Result{Status: Broken, Reason: "redirect loop", Code: 302}},
		{"/cookie", 0, Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/chain0", 0, Result{Status: Broken, Reason: "too many redirects (more than 10)", Code: 302}},
		{"/chain15", 0, Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/chain17", 2, Result{Status: Broken, Reason: "too many redirects (more than 2)", Code: 302}},
		{"/chain18", 2, Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/t1", -1, Result{Status: Broken, Reason: "302 Found", Code: 302}},
		{"/404", 0, Result{Status: Broken, Reason: "404 Not Found at " + u + "/missing", Code: 404}},
		{"/ftp", 0, Result{Status: Broken, Reason: "redirect to ftp://ftp.example/x, not http or https", Code: 302}},
		{"/bad", 0, Result{Status: Broken, Reason: `302 Found with a bad Location "http://[::1"`, Code: 302}},
	}
	for _, tt := range tests {
		c := testOnline(t, OnlineOptions{MaxRedirects: tt.max})
		if got := c.Check(context.Background(), u+tt.link); !equalResult(got, tt.want) {
			t.Errorf("%s (max %d): got %+v, want %+v", tt.link, tt.max, got, tt.want)
		}
	}
	if n := s.count("/l1"); n != 1 {
		t.Errorf("/l1 asked %d times in its loop, want 1", n)
	}
	if n := s.count("/cookie"); n != 2 {
		t.Errorf("/cookie asked %d times, want 2 (without, then with its cookie)", n)
	}
}

// hold is a handler that answers only when its request is given up or
// the test ends.
func hold(t *testing.T) http.HandlerFunc {
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	return func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}
}

func TestOnlineTimeout(t *testing.T) {
	srv, s := server(t, map[string]http.HandlerFunc{
		"/slow": hold(t),
		"/slow-body": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<p id=a>"))
			w.(http.Flusher).Flush()
			hold(t)(w, r)
		},
	})
	c := testOnline(t, OnlineOptions{Timeout: 60 * time.Millisecond, Retries: 1, Fragments: true})
	start := time.Now()
	if r := c.Check(context.Background(), srv.URL+"/slow"); r.Status != Broken || r.Reason != "timeout" {
		t.Errorf("/slow: got %+v, want Broken timeout", r)
	}
	if n := s.count("/slow"); n != 2 {
		t.Errorf("/slow asked %d times, want 2 (one retry)", n)
	}
	// The headers came, the body stalls: reading it for fragments times out.
	if r := c.Check(context.Background(), srv.URL+"/slow-body#a"); r.Status != Broken || r.Reason != "timeout" {
		t.Errorf("/slow-body#a: got %+v, want Broken timeout", r)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestOnlineSilentHost checks a host that accepts connections and never
// answers, over HTTP and TLS.
func TestOnlineSilentHost(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			cn, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, cn)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, cn := range conns {
			cn.Close()
		}
		mu.Unlock()
	})
	c := testOnline(t, OnlineOptions{Timeout: 60 * time.Millisecond, Retries: -1})
	for _, scheme := range []string{"http", "https"} {
		if r := c.Check(context.Background(), scheme+"://"+ln.Addr().String()+"/"); r.Status != Broken || r.Reason != "timeout" {
			t.Errorf("%s: got %+v, want Broken timeout", scheme, r)
		}
	}
	closed, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := closed.Addr().String()
	closed.Close()
	if r := c.Check(context.Background(), "http://"+addr+"/"); r.Status != Broken || r.Reason != "connection refused" {
		t.Errorf("closed port: got %+v, want Broken connection refused", r)
	}
}

func TestOnlineRetryAfter(t *testing.T) {
	var n atomic.Int32
	date := time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)
	srv, s := server(t, map[string]http.HandlerFunc{
		"/secs": func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 1 {
				w.Header().Set("Retry-After", "7")
				w.WriteHeader(429)
			}
		},
		"/date": func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 1 {
				w.Header().Set("Retry-After", date)
				w.WriteHeader(503)
			}
		},
		"/long": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(429)
		},
		"/bare": func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 1 {
				w.WriteHeader(429)
			}
		},
		"/ok": status(200),
	})
	t.Run("seconds", func(t *testing.T) {
		n.Store(0)
		c := testOnline(t, OnlineOptions{})
		waits := sleeps(c)
		if r := c.Check(context.Background(), srv.URL+"/secs"); r.Status != OK {
			t.Errorf("got %+v, want OK", r)
		}
		if w := waits(); len(w) != 1 || w[0] <= 6*time.Second || w[0] > 7*time.Second {
			t.Errorf("waits %v, want one of 7s", w)
		}
		if got := s.count("/secs"); got != 2 {
			t.Errorf("asked %d times, want 2", got)
		}
		// The whole host was asked to wait: another page waits too.
		c.Check(context.Background(), srv.URL+"/ok")
		if w := waits(); len(w) != 2 || w[1] <= 6*time.Second || w[1] > 7*time.Second {
			t.Errorf("waits %v, want a second one of up to 7s for another page of the host", w)
		}
	})
	t.Run("date", func(t *testing.T) {
		n.Store(0)
		c := testOnline(t, OnlineOptions{})
		waits := sleeps(c)
		if r := c.Check(context.Background(), srv.URL+"/date"); r.Status != OK {
			t.Errorf("got %+v, want OK", r)
		}
		if w := waits(); len(w) != 1 || w[0] < 25*time.Second || w[0] > 30*time.Second {
			t.Errorf("waits %v, want one of about 30s", w)
		}
	})
	t.Run("too long", func(t *testing.T) {
		c := testOnline(t, OnlineOptions{})
		waits := sleeps(c)
		want := "429 Too Many Requests, Retry-After 1h0m0s (waits at most 2m0s)"
		if r := c.Check(context.Background(), srv.URL+"/long"); r.Status != Broken || r.Reason != want {
			t.Errorf("got %+v, want Broken %q", r, want)
		}
		if w := waits(); len(w) != 0 {
			t.Errorf("waits %v, want none", w)
		}
	})
	t.Run("no Retry-After", func(t *testing.T) {
		n.Store(0)
		c := testOnline(t, OnlineOptions{RetryWait: 400 * time.Millisecond})
		waits := sleeps(c)
		if r := c.Check(context.Background(), srv.URL+"/bare"); r.Status != OK {
			t.Errorf("got %+v, want OK", r)
		}
		if w := waits(); len(w) != 1 || w[0] < 200*time.Millisecond || w[0] > 400*time.Millisecond {
			t.Errorf("waits %v, want one backoff in [200ms, 400ms]", w)
		}
	})
}

func TestOnlineBackoff(t *testing.T) {
	var n atomic.Int32
	srv, s := server(t, map[string]http.HandlerFunc{
		"/flaky": func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) <= 2 {
				w.WriteHeader(503)
			}
		},
		"/down": status(502),
	})
	c := testOnline(t, OnlineOptions{RetryWait: 100 * time.Millisecond})
	waits := sleeps(c)
	if r := c.Check(context.Background(), srv.URL+"/flaky"); r.Status != OK {
		t.Errorf("/flaky: got %+v, want OK", r)
	}
	w := waits()
	if len(w) != 2 || w[0] < 50*time.Millisecond || w[0] > 100*time.Millisecond ||
		w[1] < 100*time.Millisecond || w[1] > 200*time.Millisecond {
		t.Errorf("waits %v, want [50ms,100ms] then [100ms,200ms]", w)
	}
	if r := c.Check(context.Background(), srv.URL+"/down"); r.Status != Broken || r.Code != 502 {
		t.Errorf("/down: got %+v, want Broken 502", r)
	}
	if got := s.count("/down"); got != 3 {
		t.Errorf("/down asked %d times, want 3 (no GET: 502 is not about HEAD)", got)
	}
}

const testPage = `<!doctype html><title>t</title>
<h2 id="intro">Intro</h2>
<a name="legacy"></a><input name="q">
<div id="user-content-readme"></div>
<p id="café">x</p>
<p id='a&amp;b'>y</p>
`

func TestOnlineFragments(t *testing.T) {
	srv, s := server(t, map[string]http.HandlerFunc{
		"/page": func(w http.ResponseWriter, r *http.Request) {
			// Chunked by hand, the chunks cut inside tags and attributes.
			cn, buf, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer cn.Close()
			buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n")
			if r.Method == http.MethodHead {
				buf.Flush()
				return
			}
			for rest := testPage; rest != ""; {
				n := min(len(rest), 7)
				fmt.Fprintf(buf, "%x\r\n%s\r\n", n, rest[:n])
				buf.Flush()
				rest = rest[n:]
			}
			buf.WriteString("0\r\n\r\n")
			buf.Flush()
		},
		"/big": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<p id=early>%s<p id=late>", strings.Repeat("x", 2000))
		},
		"/text": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(`id="x"`))
		},
	})
	u := srv.URL
	c := testOnline(t, OnlineOptions{Fragments: true})
	c.maxBody = 1024
	tests := []struct {
		link string
		want Result
	}{
		{"/page#intro", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#legacy", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#readme", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#caf%C3%A9", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#café", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#a&b", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#top", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#:~:text=Intro", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#intro:~:text=Intro", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/page#Intro", Result{Status: Broken, Reason: "no such fragment", Code: 200, Near: []string{"intro"}}},
		{"/page#intr", Result{Status: Broken, Reason: "no such fragment", Code: 200, Near: []string{"intro"}}},
		{"/page#q", Result{Status: Broken, Reason: "no such fragment", Code: 200}},
		{"/big#early", Result{Status: OK, Reason: "200 OK", Code: 200}},
		{"/big#late", Result{Status: Broken, Reason: "no such fragment in the first 1 KiB", Code: 200}},
		{"/text#x", Result{Status: OK, Reason: "200 OK; fragment not checked, not HTML", Code: 200}},
		{"/nothere#x", Result{Status: Broken, Reason: "404 Not Found", Code: 404}},
	}
	for _, tt := range tests {
		if got := c.Check(context.Background(), u+tt.link); !equalResult(got, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.link, got, tt.want)
		}
	}
	if got := s.count("/page"); got != 1 {
		t.Errorf("/page fetched %d times, want once for all its fragments", got)
	}
	// Without Fragments, the fragment is not looked at and HEAD does.
	c = testOnline(t, OnlineOptions{})
	if r := c.Check(context.Background(), u+"/page#nothing"); r.Status != OK {
		t.Errorf("/page#nothing without Fragments: got %+v, want OK", r)
	}
	if l := s.all(); l[len(l)-1] != "HEAD /page" {
		t.Errorf("last request %q, want HEAD /page", l[len(l)-1])
	}
}

func TestOnlineTLS(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	if r := testOnline(t, OnlineOptions{RootCAs: pool}).Check(context.Background(), srv.URL+"/"); r.Status != OK {
		t.Errorf("trusted: got %+v, want OK", r)
	}
	r := testOnline(t, OnlineOptions{}).Check(context.Background(), srv.URL+"/")
	if r.Status != Broken || !strings.HasPrefix(r.Reason, "TLS certificate: x509: ") {
		t.Errorf("untrusted: got %+v, want Broken TLS certificate", r)
	}

	// HTTP/2: one connection carries the requests, the limit still holds.
	var g gauge
	var h2 atomic.Int32
	srv2 := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoMajor == 2 {
			h2.Add(1)
		}
		g.enter()
		time.Sleep(10 * time.Millisecond)
		g.leave()
	}))
	srv2.EnableHTTP2 = true
	srv2.StartTLS()
	defer srv2.Close()
	pool = x509.NewCertPool()
	pool.AddCert(srv2.Certificate())
	c := testOnline(t, OnlineOptions{RootCAs: pool, PerHost: 3})
	for _, r := range checkAll(c, spread([]string{srv2.URL}, 12)) {
		if r.Status != OK {
			t.Errorf("HTTP/2: got %+v, want OK", r)
		}
	}
	if h2.Load() != 12 || g.max.Load() != 3 {
		t.Errorf("HTTP/2: %d of 12 requests over HTTP/2, %d at once; want all, 3", h2.Load(), g.max.Load())
	}
}

// gauge counts requests in flight and keeps the most seen, and the time
// they took at the server.
type gauge struct {
	now, max atomic.Int32
	busy     atomic.Int64
}

func (g *gauge) enter() {
	n := g.now.Add(1)
	for m := g.max.Load(); n > m && !g.max.CompareAndSwap(m, n); m = g.max.Load() {
	}
}

func (g *gauge) leave() { g.now.Add(-1) }

// hosts starts n servers that answer after delay, counting the requests
// in flight at each and at all. With fill > 0, a request first waits (60
// ms at most) for fill requests to be in flight in all, so that the most
// seen at once does not hang on the machine's load.
func hosts(t testing.TB, n int, delay time.Duration, fill int32) ([]string, []*gauge, *gauge) {
	all := new(gauge)
	var urls []string
	var each []*gauge
	for range n {
		g := new(gauge)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			g.enter()
			all.enter()
			for end := time.Now().Add(60 * time.Millisecond); all.now.Load() < fill && time.Now().Before(end); {
				time.Sleep(time.Millisecond)
			}
			start := time.Now()
			time.Sleep(delay)
			all.busy.Add(int64(time.Since(start)))
			all.leave()
			g.leave()
		}))
		t.Cleanup(srv.Close)
		urls = append(urls, srv.URL)
		each = append(each, g)
	}
	return urls, each, all
}

// checkAll checks the links, each in its goroutine.
func checkAll(c *Online, links []string) []Result {
	out := make([]Result, len(links))
	var wg sync.WaitGroup
	for i, l := range links {
		wg.Go(func() { out[i] = c.Check(context.Background(), l) })
	}
	wg.Wait()
	return out
}

func spread(hosts []string, perHost int) []string {
	var out []string
	for i := range perHost {
		for _, h := range hosts {
			out = append(out, h+"/"+strconv.Itoa(i))
		}
	}
	return out
}

func TestOnlineConcurrency(t *testing.T) {
	for _, tt := range []struct{ all, per, wantAll int32 }{
		{32, 2, 8},
		{3, 2, 3},
		{32, 1, 4},
	} {
		urls, each, all := hosts(t, 4, 5*time.Millisecond, tt.wantAll)
		c := testOnline(t, OnlineOptions{Concurrency: int(tt.all), PerHost: int(tt.per)})
		for i, r := range checkAll(c, spread(urls, 4)) {
			if r.Status != OK {
				t.Fatalf("link %d: %+v", i, r)
			}
		}
		most := int32(0)
		for i, g := range each {
			if m := g.max.Load(); m > tt.per {
				t.Errorf("limits %d/%d: host %d saw %d at once", tt.all, tt.per, i, m)
			}
			most = max(most, g.max.Load())
		}
		if tt.all >= 4*tt.per && most != tt.per { // with fewer in all, no host need get its limit
			t.Errorf("limits %d/%d: no host saw more than %d at once", tt.all, tt.per, most)
		}
		if m := all.max.Load(); m != tt.wantAll {
			t.Errorf("limits %d/%d: %d at once in all, want %d", tt.all, tt.per, m, tt.wantAll)
		}
	}
}

func TestOnlineOncePerPage(t *testing.T) {
	srv, s := server(t, map[string]http.HandlerFunc{"/p": func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(10 * time.Millisecond)
	}})
	c := testOnline(t, OnlineOptions{})
	var ls []string
	for i := range 20 {
		ls = append(ls, srv.URL+"/p#"+strconv.Itoa(i))
	}
	for _, r := range checkAll(c, ls) {
		if r.Status != OK {
			t.Errorf("got %+v", r)
		}
	}
	if n := s.count("/p"); n != 1 {
		t.Errorf("/p asked %d times, want 1", n)
	}
}

func TestOnlineCancel(t *testing.T) {
	var first atomic.Bool
	held := hold(t)
	srv, _ := server(t, map[string]http.HandlerFunc{
		"/p": func(w http.ResponseWriter, r *http.Request) {
			if !first.Swap(true) {
				held(w, r)
			}
		},
	})
	c := testOnline(t, OnlineOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan Result)
	go func() { got <- c.Check(ctx, srv.URL+"/p") }()
	time.Sleep(20 * time.Millisecond) // the first check is asking
	go func() { got <- c.Check(context.Background(), srv.URL+"/p#x") }()
	time.Sleep(20 * time.Millisecond) // the second waits on the first
	cancel()
	a, b := <-got, <-got
	if a.Status == OK {
		a, b = b, a
	}
	if a.Status != Broken || a.Reason != "canceled" {
		t.Errorf("canceled check: got %+v, want Broken canceled", a)
	}
	// The second check's context is alive: it asks again itself.
	if b.Status != OK {
		t.Errorf("waiting check: got %+v, want OK", b)
	}
}

func TestOnlineUserAgent(t *testing.T) {
	var ua atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { ua.Store(r.UserAgent()) }))
	defer srv.Close()
	testOnline(t, OnlineOptions{}).Check(context.Background(), srv.URL)
	if got := ua.Load().(string); !strings.HasPrefix(got, "urix/") || !strings.HasSuffix(got, " (+https://github.com/urix/urix)") {
		t.Errorf("default User-Agent %q", got)
	}
	testOnline(t, OnlineOptions{UserAgent: "Mozilla/5.0 test"}).Check(context.Background(), srv.URL)
	if got := ua.Load().(string); got != "Mozilla/5.0 test" {
		t.Errorf("User-Agent %q, want the one given", got)
	}
}

func TestOnlineNotFetched(t *testing.T) {
	var warned []error
	c := NewOnline(OnlineOptions{Exclude: []string{`^https?://(www\.)?example\.com/`, "a(b"}, Warn: func(err error) { warned = append(warned, err) }})
	defer c.Close()
	tests := []struct {
		link string
		want Result
	}{
		{"mailto:someone@example.org", Result{Status: Skipped, Reason: "syntax only"}},
		{"MAILTO:someone@example.org?subject=hi%20there", Result{Status: Skipped, Reason: "syntax only"}},
		// RFC 5322 §3.4.1: '@' is not an atext character of a local part.
		{"mailto:a@b@c", Result{Status: Broken, Reason: `mailto: address "a@b@c": local part "a@b" has "@"`}},
		{"tel:+1-201-555-0123", Result{Status: Skipped, Reason: "syntax only"}},
		{"urn:isbn:0451450523", Result{Status: Skipped, Reason: "urn: not checked"}},
		{"mailto:a b@example.org", Result{Status: Broken, Reason: "invalid URI: " + parseError(t, "mailto:a b@example.org")}},
		{"http://", Result{Status: Broken, Reason: "invalid URI: no host"}},
		{"http://a b/", Result{Status: Broken, Reason: "invalid URI: " + parseError(t, "http://a b/")}},
		{"docs/a.html", Result{Status: Skipped, Reason: "relative reference"}},
		{"https://example.com/x", Result{Status: Skipped, Reason: "excluded"}},
		{"https://www.example.com/", Result{Status: Skipped, Reason: "excluded"}},
		{"https://x.test/a(b", Result{Status: Skipped, Reason: "excluded"}},
		{"http://localhost:8080/", Result{Status: Skipped, Reason: "private address localhost"}},
		{"http://127.0.0.1/", Result{Status: Skipped, Reason: "private address 127.0.0.1"}},
	}
	for _, tt := range tests {
		if got := c.Check(context.Background(), tt.link); !equalResult(got, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.link, got, tt.want)
		}
	}
	if len(warned) != 1 || !strings.Contains(warned[0].Error(), `exclude pattern "a(b"`) {
		t.Errorf("warnings %v, want one for the bad pattern", warned)
	}
}

func TestPrivateHost(t *testing.T) {
	for host, want := range map[string]string{
		"localhost": "localhost", "LOCALHOST.": "localhost", "app.localhost": "app.localhost",
		"127.0.0.1": "127.0.0.1", "127.8.9.10": "127.8.9.10", "[::1]": "::1",
		"10.1.2.3": "10.1.2.3", "172.16.0.1": "172.16.0.1", "192.168.1.1": "192.168.1.1",
		"169.254.169.254": "169.254.169.254", "[fe80::1%25en0]": "fe80::1", "fe80::1%en0": "fe80::1", "[fd00::1]": "fd00::1",
		"[::ffff:127.0.0.1]": "127.0.0.1", "[::ffff:10.0.0.1]": "10.0.0.1", "0.0.0.0": "0.0.0.0",
		"[::]": "::", "100.64.1.1": "100.64.1.1", "[64:ff9b::a00:1]": "64:ff9b::a00:1",
		"224.0.0.1": "224.0.0.1", "[fec0::1]": "fec0::1",
		"8.8.8.8": "", "[2001:4860:4860::8888]": "", "example.com": "", "172.32.0.1": "",
		"100.128.0.1": "", "[64:ff9b::808:808]": "", "localhost.example": "",
	} {
		got, ok := privateHost(host)
		if ok != (want != "") || got != want {
			t.Errorf("privateHost(%q) = %q, %v; want %q", host, got, ok, want)
		}
	}
}

// TestOnlineRefusesPrivate checks that private addresses are refused
// where the request is made, after name resolution, and not only by the
// look of the link.
func TestOnlineRefusesPrivate(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ConnState = func(net.Conn, http.ConnState) { conns.Add(1) }
	srv.Start()
	defer srv.Close()
	c := NewOnline(OnlineOptions{})
	defer c.Close()
	if r := c.Check(context.Background(), srv.URL); r.Status != Skipped || r.Reason != "private address 127.0.0.1" {
		t.Errorf("got %+v, want Skipped private address", r)
	}
	// The dial itself, past the check of the link's host.
	req, _ := http.NewRequest("GET", srv.URL, nil)
	_, err := c.tr.RoundTrip(req)
	var pe *privateError
	if !errors.As(err, &pe) || pe.addr.String() != "127.0.0.1" {
		t.Errorf("dial: got %v, want a refusal of 127.0.0.1", err)
	}
	if r := c.result(c.fetch(context.Background(), srv.URL, false)); r.Status != Skipped || r.Reason != "private address 127.0.0.1" {
		t.Errorf("fetch: got %+v, want Skipped private address", r)
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("the server saw %d connections, want none", n)
	}

	// A redirect to a private address is refused at its hop (the transport
	// here lets the test server, on loopback, be reached).
	pub, _ := server(t, map[string]http.HandlerFunc{
		"/meta": redirect(302, "http://169.254.169.254/latest/meta-data/"),
		"/home": redirect(301, "http://localhost:8080/"),
	})
	c.tr = newTransport(OnlineOptions{AllowPrivate: true, ConnectTimeout: time.Second})
	for path, want := range map[string]string{
		"/meta": "redirected to http://169.254.169.254/latest/meta-data/: private address 169.254.169.254",
		"/home": "redirected to http://localhost:8080/: private address localhost",
	} {
		if r := c.result(c.fetch(context.Background(), pub.URL+path, false)); r.Status != Skipped || r.Reason != want {
			t.Errorf("%s: got %+v, want Skipped %q", path, r, want)
		}
	}
}

func parseError(t *testing.T, s string) string {
	t.Helper()
	_, err := uri.Parse(s)
	var ue *uri.Error
	if !errors.As(err, &ue) {
		t.Fatalf("%s: %v, want a *uri.Error", s, err)
	}
	return fmt.Sprintf("%v at offset %d", ue.Err, ue.Offset)
}

func TestOnlineCheckAll(t *testing.T) {
	urls, each, all := hosts(t, 4, 5*time.Millisecond, 4)
	// Host by host, each page twice (two fragments), and links not fetched.
	var ls []string
	for _, l := range byHost(spread(urls, 5), 4) {
		ls = append(ls, l+"#a", l+"#b")
	}
	ls = append(ls, "mailto:a@example.org", "not a URI")
	c := testOnline(t, OnlineOptions{Concurrency: 4, PerHost: 2})
	seen := make(map[int]Result)
	for i, r := range c.CheckAll(context.Background(), ls) {
		if _, dup := seen[i]; dup {
			t.Errorf("link %d yielded twice", i)
		}
		seen[i] = r
	}
	for i, l := range ls {
		want := OK
		if i >= len(ls)-2 {
			want = Skipped
			if i == len(ls)-1 {
				want = Broken
			}
		}
		if r, ok := seen[i]; !ok || r.Status != want {
			t.Errorf("%s: got %+v (yielded %v), want status %d", l, r, ok, want)
		}
	}
	for i, g := range each {
		if m := g.max.Load(); m > 2 {
			t.Errorf("host %d saw %d at once, want 2 at most", i, m)
		}
	}
	// A pool of 4 fed host by host keeps 2 busy; CheckAll, all 4.
	if m := all.max.Load(); m != 4 {
		t.Errorf("%d at once in all, want 4", m)
	}

	// Stopping early ends the checks.
	n := 0
	for range c.CheckAll(context.Background(), spread(urls, 50)) {
		if n++; n == 3 {
			break
		}
	}
}

// TestOnlineProxy checks that a proxy the environment names is reached
// though it is on a private address (as in most companies), and that the
// targets' names are still checked.
func TestOnlineProxy(t *testing.T) {
	var asked []string
	var mu sync.Mutex
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.Method+" "+r.URL.String())
		mu.Unlock()
	}))
	defer proxy.Close()
	t.Setenv("HTTP_PROXY", proxy.URL)
	t.Setenv("NO_PROXY", "")
	c := NewOnline(OnlineOptions{})
	defer c.Close()
	if r := c.Check(context.Background(), "http://docs.example.test/a"); r.Status != OK {
		t.Errorf("through the proxy: got %+v, want OK", r)
	}
	if r := c.Check(context.Background(), "http://10.1.1.1/"); r.Status != Skipped {
		t.Errorf("a private target: got %+v, want Skipped", r)
	}
	if len(asked) != 1 || asked[0] != "HEAD http://docs.example.test/a" {
		t.Errorf("the proxy was asked %q, want one HEAD of the public name", asked)
	}
}

func TestProxyAddrs(t *testing.T) {
	pc := &httpproxy.Config{HTTPProxy: "proxy.corp:3128", HTTPSProxy: "https://secure.corp"}
	got := proxyAddrs(pc)
	if len(got) != 2 || !got["proxy.corp:3128"] || !got["secure.corp:443"] {
		t.Errorf("proxyAddrs = %v", got)
	}
	got = proxyAddrs(&httpproxy.Config{HTTPProxy: "socks5://10.0.0.9", HTTPSProxy: "http://[fd00::1]"})
	if len(got) != 2 || !got["10.0.0.9:1080"] || !got["[fd00::1]:80"] {
		t.Errorf("proxyAddrs = %v", got)
	}
}
