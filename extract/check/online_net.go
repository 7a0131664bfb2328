package check

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/net/http/httpproxy"
)

// limiter holds the concurrency limits: a slot of the host first, then one
// of all, so that requests queued behind a busy host hold no slot another
// host could use.
type limiter struct {
	all chan struct{}
	per int

	mu    sync.Mutex
	hosts map[string]*hostState
}

// hostState is what is known of one host and port.
type hostState struct {
	slots  chan struct{}
	noHead atomic.Bool // it refused HEAD with 405 or 501

	mu        sync.Mutex
	notBefore time.Time // it answered 429 or Retry-After
}

func newLimiter(all, per int) *limiter {
	return &limiter{all: make(chan struct{}, all), per: per, hosts: make(map[string]*hostState)}
}

func (l *limiter) host(key string) *hostState {
	l.mu.Lock()
	defer l.mu.Unlock()
	h := l.hosts[key]
	if h == nil {
		h = &hostState{slots: make(chan struct{}, l.per)}
		l.hosts[key] = h
	}
	return h
}

// delay holds the host's requests until t.
func (h *hostState) delay(t time.Time) {
	h.mu.Lock()
	if t.After(h.notBefore) {
		h.notBefore = t
	}
	h.mu.Unlock()
}

// acquire waits for a slot of h, for the time h asked for, then for a slot
// of all; release gives both back.
func (l *limiter) acquire(ctx context.Context, h *hostState, sleep func(context.Context, time.Duration) error, now func() time.Time) (release func(), err error) {
	select {
	case h.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	h.mu.Lock()
	wait := h.notBefore.Sub(now())
	h.mu.Unlock()
	if err := sleep(ctx, wait); err != nil {
		<-h.slots
		return nil, err
	}
	select {
	case l.all <- struct{}{}:
	case <-ctx.Done():
		<-h.slots
		return nil, ctx.Err()
	}
	return func() { <-l.all; <-h.slots }, nil
}

// newTransport returns the transport all checks share. It is used without
// an http.Client: fetch follows redirects itself, to report them, to apply
// the limits and the address rules to each, and to read a Location the
// client would refuse.
func newTransport(o OnlineOptions) *http.Transport {
	pc := httpproxy.FromEnvironment()
	proxyFor := pc.ProxyFunc()
	proxies := proxyAddrs(pc)
	plain := &net.Dialer{Timeout: o.ConnectTimeout, KeepAlive: 30 * time.Second}
	guarded := *plain
	if !o.AllowPrivate {
		guarded.Control = refusePrivate
	}
	return &http.Transport{
		Proxy: func(r *http.Request) (*url.URL, error) { return proxyFor(r.URL) },
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if proxies[addr] {
				// The proxy resolves and reaches the target; only the
				// names and literals Check sees are ours to refuse.
				return plain.DialContext(ctx, network, addr)
			}
			return guarded.DialContext(ctx, network, addr)
		},
		TLSClientConfig:        &tls.Config{RootCAs: o.RootCAs, MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    o.ConnectTimeout,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           100,
		MaxIdleConnsPerHost:    o.PerHost,
		IdleConnTimeout:        30 * time.Second,
		MaxResponseHeaderBytes: 256 << 10,
	}
}

// proxyAddrs returns the host:port of the proxies the environment names.
func proxyAddrs(pc *httpproxy.Config) map[string]bool {
	m := make(map[string]bool)
	for _, p := range []string{pc.HTTPProxy, pc.HTTPSProxy} {
		if p == "" {
			continue
		}
		u, err := url.Parse(p)
		if err != nil || u.Host == "" {
			u, err = url.Parse("http://" + p) // "proxy:3128", as curl takes it
		}
		if err != nil {
			continue
		}
		port := u.Port()
		if port == "" {
			port = map[string]string{"https": "443", "socks5": "1080", "socks5h": "1080"}[u.Scheme]
			if port == "" {
				port = "80"
			}
		}
		m[net.JoinHostPort(u.Hostname(), port)] = true
	}
	return m
}

// privateError is the refusal of an address AllowPrivate would allow.
type privateError struct{ addr netip.Addr }

func (e *privateError) Error() string { return "check: private address " + e.addr.String() }

// refusePrivate is the dialer's Control: it sees the address about to be
// connected to, after name resolution, so a public name that resolves to a
// private address is refused too.
func refusePrivate(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err == nil && isPrivate(ap.Addr()) {
		return &privateError{ap.Addr()}
	}
	return nil
}

// privateHost reports whether the host of a URI, IP literals in brackets
// or not, is a name or address for this machine or its networks.
func privateHost(host string) (string, bool) {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") { // RFC 6761 §6.3
		return h, true
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	h, _, _ = strings.Cut(h, "%") // the zone of an IPv6 address
	a, err := netip.ParseAddr(h)
	if err != nil || !isPrivate(a) {
		return "", false
	}
	return a.Unmap().String(), true
}

var (
	extraPrivate = []netip.Prefix{
		netip.MustParsePrefix("0.0.0.0/8"),     // this network (RFC 791): 0.0.0.0 reaches this host
		netip.MustParsePrefix("100.64.0.0/10"), // shared address space, carrier NAT (RFC 6598)
		netip.MustParsePrefix("fec0::/10"),     // site-local, deprecated (RFC 3879) but routed in places
	}
	nat64 = netip.MustParsePrefix("64:ff9b::/96") // IPv4 embedded (RFC 6052)
)

// isPrivate reports whether a is loopback, private, link-local,
// unspecified, multicast or otherwise not on the public internet, seen
// through IPv4-mapped and NAT64 forms.
func isPrivate(a netip.Addr) bool {
	a = a.Unmap()
	if nat64.Contains(a) {
		b := a.As16()
		a = netip.AddrFrom4([4]byte(b[12:]))
	}
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	for _, p := range extraPrivate {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// failure is a request that got no answer.
type failure struct {
	reason  string
	retry   bool // a try again may do better
	private bool
}

// classify says why a request failed, for people, and whether to retry.
func classify(ctx context.Context, err error) *failure {
	var (
		pe *privateError
		de *net.DNSError
		oe *net.OpError
		ve *tls.CertificateVerificationError
		ne net.Error
	)
	switch {
	case ctx.Err() != nil:
		return &failure{reason: "canceled"}
	case errors.As(err, &pe):
		return &failure{reason: "private address " + pe.addr.String(), private: true}
	case errors.As(err, &de):
		if de.IsNotFound {
			return &failure{reason: "no such host " + de.Name}
		}
		return &failure{reason: "DNS: " + de.Err, retry: de.IsTimeout || de.IsTemporary}
	case errors.As(err, &ve):
		return &failure{reason: "TLS certificate: " + ve.Err.Error()}
	case errors.Is(err, syscall.ECONNREFUSED):
		return &failure{reason: "connection refused"}
	case errors.As(err, &oe) && oe.Op == "dial" && oe.Timeout():
		return &failure{reason: "connect timeout", retry: true}
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return &failure{reason: "timeout", retry: true}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET):
		return &failure{reason: "connection closed before the answer", retry: true}
	}
	return &failure{reason: errText(err), retry: true}
}

// errText is err without the "Get "URL": " of a *url.Error, which repeats
// the link.
func errText(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}
