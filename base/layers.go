package base

import (
	"errors"
	"mime"
	"net/textproto"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"

	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/internal/rfc5322"
	"github.com/urix/urix/uri"
)

// Parse returns the base URI s as the layer src: an application default
// (§5.1.4) or a retrieval URI the user names (§5.1.3). RFC 3986 §5.1
// requires a base to be absolute; its fragment is dropped, since §5.2.2
// never takes the fragment from the base. Leading and trailing whitespace
// is ignored, and an IRI is converted to a URI (uri.FromIRI).
func Parse(s string, src Source) (Base, error) {
	u, err := parseIRI(strings.TrimSpace(s))
	if err != nil {
		return Base{}, &Error{Op: "parse", Source: src, Value: s, Err: err}
	}
	if !u.IsAbs() {
		return Base{}, &Error{Op: "parse", Source: src, Value: s, Err: uri.ErrNotAbsolute}
	}
	return Base{URI: withoutFragment(u), Source: src}, nil
}

// FromFile returns the retrieval URI (RFC 3986 §5.1.3) of the local file
// at path: its absolute path as a "file:" URI with an empty authority
// (RFC 8089 §2, "file:///home/u/a%20b.html"), each path segment
// percent-encoded as RFC 3986 §3.3 requires (UTF-8 octets for non-ASCII,
// §2.5). A relative path is made absolute against the working directory.
func FromFile(path string) (Base, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return Base{}, &Error{Op: "parse", Source: Retrieval, Value: path, Err: err}
	}
	// Escaped as a path, segment by segment: "/" stays a separator.
	u := uri.URI{Scheme: "file", HasAuthority: true, Path: uri.Escape(filepath.ToSlash(abs), uri.Path)}
	return Base{URI: u, Source: Retrieval}, nil
}

// Inner returns the base that ref, a base URI found inside the content b
// applies to, establishes as the layer src: the href of an HTML base
// element (Embedded, §5.1.1) or a MIME header value (Encapsulating,
// §5.1.2). A relative ref is resolved against b first (§5.1: a base is
// "converted to absolute form") and its fragment is dropped. An Embedded
// ref is read as browsers read attribute values (see ParseAttr); any other
// has surrounding whitespace trimmed, and is converted from an IRI
// (uri.FromIRI) if it holds non-ASCII characters.
//
// When ref cannot serve (it does not parse, it is relative and b has no
// URI, or it is an embedded data: or javascript: URI, or an embedded URI
// with a port above 65535), Inner returns b unchanged with an *Error, so
// that the next layer out stays in force and the caller can report a
// warning.
func (b Base) Inner(ref string, src Source) (Base, error) {
	var u uri.URI
	var err error
	if src == Embedded {
		u, _, err = b.ParseAttr(ref)
		if err == nil && !portInRange(u.Port) {
			err = ErrPort
		}
	} else {
		u, err = parseIRI(strings.TrimSpace(ref))
	}
	if err != nil {
		return b, &Error{Op: "parse", Source: src, Value: ref, Err: err}
	}
	if !u.IsAbs() {
		if b.IsZero() {
			return b, &Error{Op: "parse", Source: src, Value: ref, Err: ErrNoBase}
		}
		if u, err = uri.Resolve(b.URI, u); err != nil {
			return b, &Error{Op: "parse", Source: src, Value: ref, Err: err}
		}
	}
	if src == Embedded && (strings.EqualFold(u.Scheme, "data") || strings.EqualFold(u.Scheme, "javascript")) {
		return b, &Error{Op: "parse", Source: src, Value: ref, Err: ErrScheme}
	}
	return Base{URI: withoutFragment(u), Source: src}, nil
}

// ErrScheme is wrapped by the error of Inner for an embedded base whose
// scheme browsers refuse in a base element: data and javascript (HTML
// Living Standard §4.2.3, "set the frozen base URL").
var ErrScheme = errors.New("data: and javascript: URIs cannot be a document's base")

// ErrPort is wrapped by the error of Inner for an embedded base whose port
// is above 65535: RFC 3986 §3.2.3 allows any digits, but the URL parser of
// browsers fails on it (WHATWG URL Standard §4.4, port state), so the
// document's fallback base URL serves (HTML Living Standard §4.2.3, "set
// the frozen base URL").
var ErrPort = errors.New("port above 65535")

// portInRange reports whether the digits port, empty for none, are at most
// 65535.
func portInRange(port string) bool {
	port = strings.TrimLeft(port, "0")
	return len(port) < 5 || len(port) == 5 && port <= "65535"
}

// MIME returns the base a MIME entity with header h gives its content
// (RFC 3986 §5.1.2): its Content-Base (RFC 2110 §4.2), else its
// Content-Location (RFC 2557 §4.2, §5), each through Inner with
// Encapsulating, so that a relative value is resolved against b, the base
// the entity inherits from the entity around it. Without either header
// the inherited base b stays in force.
//
// A header value is read as RFC 2557 §4.4.3 and §8.2 say: unfolded, RFC
// 2047 encoded words decoded, surrounding comments (CFWS, §4.1) and
// quotes removed, then every whitespace character inside removed, since a
// long URI may be folded anywhere (RFC 2017 §3.1, RFC 2110 §4.3).
// Percent-encodings are left as they are. An unusable Content-Base gives
// way to Content-Location; every unusable value is reported in the error.
func (b Base) MIME(h textproto.MIMEHeader) (Base, error) {
	var errs []error
	for _, name := range [...]string{"Content-Base", "Content-Location"} {
		vs := h.Values(name)
		if len(vs) == 0 {
			continue
		}
		nb, err := b.Inner(HeaderValue(vs[0]), Encapsulating)
		if err == nil {
			return nb, errors.Join(errs...)
		}
		errs = append(errs, err)
	}
	return b, errors.Join(errs...)
}

// HeaderValue returns the URI in the MIME header value v of a
// Content-Base or Content-Location field, read as MIME says (see MIME).
func HeaderValue(v string) string {
	if strings.Contains(v, "=?") {
		if d, err := headerDecoder.DecodeHeader(v); err == nil {
			v = d
		}
	}
	v = strings.TrimSpace(stripComments(strings.TrimSpace(v)))
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = unquote(v[1 : len(v)-1])
	} else if len(v) >= 2 && v[0] == '<' && v[len(v)-1] == '>' {
		v = v[1 : len(v)-1]
	}
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, v)
}

var headerDecoder mime.WordDecoder

// stripComments removes RFC 5322 comments before and after the value: a
// leading one, and a trailing one set off by whitespace (a URI may end
// in a parenthesis of its own).
func stripComments(v string) string {
	for strings.HasPrefix(v, "(") {
		end := rfc5322.CommentEnd(v)
		if end < 0 {
			return v
		}
		v = strings.TrimSpace(v[end:])
	}
	for {
		i := strings.LastIndexAny(v, " \t")
		if i < 0 || !strings.HasPrefix(v[i+1:], "(") || rfc5322.CommentEnd(v[i+1:]) != len(v)-i-1 {
			return v
		}
		v = strings.TrimSpace(v[:i])
	}
}

// unquote removes the quoted-pairs of an RFC 5322 quoted-string's content.
func unquote(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// HTML returns the base the HTML document doc (the root html.Parse
// returns) embeds (RFC 3986 §5.1.1): the href of its first base element
// that has one, in tree order (HTML Living Standard §4.2.3, "frozen base
// URL"), through Inner with Embedded,
// so that a relative href is resolved against b. Elements of the SVG and
// MathML namespaces and the inert contents of template elements are not
// base elements. A base element in the body counts too, as it does in
// browsers (the drafts' "when present in the HEAD portion" is not how
// pages are read). Without one, b stays in force.
func (b Base) HTML(doc *html.Node) (Base, error) {
	// Every base element in tree order, not the first alone: an inert
	// one (in a template, or SVG's) must not hide the real one after it.
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.Data != "base" || n.Namespace != "" || inTemplate(n) {
			continue
		}
		for _, a := range n.Attr {
			if a.Namespace == "" && a.Key == "href" {
				return b.Inner(a.Val, Embedded)
			}
		}
	}
	return b, nil
}

func inTemplate(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.Data == "template" && p.Namespace == "" {
			return true
		}
	}
	return false
}

// Resolve resolves ref against b (RFC 3986 §5.2, strict). An absolute ref
// needs no base and only has its dot-segments removed (§5.2.2). Without a
// base URI, a same-document reference (empty, or a fragment alone, §4.4)
// is returned as it is and any other relative ref gives an *Error
// wrapping ErrNoBase.
func (b Base) Resolve(ref uri.URI) (uri.URI, error) {
	if ref.IsAbs() {
		// Whatever the base, the strict §5.2.2 only removes the
		// dot-segments of an absolute reference (most links).
		ref.Path = uri.RemoveDotSegments(ref.Path)
		return ref, nil
	}
	if !b.IsZero() {
		return uri.Resolve(b.URI, ref)
	}
	if isSameDocument(ref) {
		return ref, nil
	}
	return ref, &Error{Op: "resolve", Value: ref.String(), Err: ErrNoBase}
}

// isSameDocument reports whether ref is empty or a fragment alone (§4.4).
func isSameDocument(ref uri.URI) bool {
	return !ref.HasAuthority && ref.Path == "" && !ref.HasQuery
}

// parseIRI parses s as a URI reference, converting it first if it is an
// IRI (RFC 3987 §3.1).
func parseIRI(s string) (uri.URI, error) {
	u, err := uri.Parse(s)
	if err != nil && !ascii.Valid(s) {
		if t, err2 := uri.FromIRI(s); err2 == nil {
			return uri.Parse(t)
		}
	}
	return u, err
}

func withoutFragment(u uri.URI) uri.URI {
	u.Fragment, u.HasFragment = "", false
	return u
}
