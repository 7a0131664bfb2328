package uri

import (
	"bytes"
	"strings"

	"github.com/urix/urix/internal/ascii"
)

// Resolve resolves the reference ref against base and returns the target
// URI, following the strict algorithm of RFC 3986 §5.2.2 to the letter:
// merge per §5.2.3 and remove_dot_segments per §5.2.4. A ref with a scheme
// is taken as it is, apart from its dot-segments, even when the scheme is
// the base's ("http:g" stays "http:g"); see ResolveNonStrict for the other
// reading. The fragment of base is ignored (§5.1) and an empty or undefined
// query or fragment of ref is kept as such.
//
// Nothing is decoded: "%2E%2E" is not a dot-segment here (Normalize decodes
// it first). The target's components are substrings of base and ref except
// for a merged or dot-cleaned path, so Resolve allocates at most once (twice
// for a path over 256 bytes).
//
// The base must have a scheme (§5.1); otherwise the error is an *Error
// wrapping ErrNotAbsolute.
func Resolve(base, ref URI) (URI, error) { return resolve(base, ref, true) }

// ResolveNonStrict is Resolve with the backward-compatible option of
// RFC 3986 §5.2.2: a ref scheme equal to the base scheme (compared without
// regard to case, §3.1) is ignored, so "http:g" against "http://a/b/c/d;p?q"
// gives "http://a/b/c/g" (§5.4.2).
func ResolveNonStrict(base, ref URI) (URI, error) { return resolve(base, ref, false) }

func resolve(base, ref URI, strict bool) (URI, error) {
	if base.Scheme == "" {
		return URI{}, &Error{Op: "resolve", Input: base.String(), Offset: 0, Err: ErrNotAbsolute}
	}
	if ref.Scheme != "" && (strict || !ascii.EqualFold(ref.Scheme, base.Scheme)) {
		ref.Path = RemoveDotSegments(ref.Path)
		return ref, nil
	}
	t := ref
	t.Scheme = base.Scheme
	switch {
	case ref.hasAuthority():
		t.Path = RemoveDotSegments(ref.Path)
	case ref.Path == "":
		t.setAuthority(base)
		t.Path = base.Path
		if !ref.HasQuery && ref.Query == "" {
			t.Query, t.HasQuery = base.Query, base.HasQuery
		}
	case ref.Path[0] == '/':
		t.setAuthority(base)
		t.Path = RemoveDotSegments(ref.Path)
	default:
		t.setAuthority(base)
		t.Path = mergePath(base, ref.Path)
	}
	return t, nil
}

// setAuthority copies the authority of src into u.
func (u *URI) setAuthority(src URI) {
	u.HasAuthority, u.HasUserinfo, u.HasPort = src.HasAuthority, src.HasUserinfo, src.HasPort
	u.Userinfo, u.Host, u.Port = src.Userinfo, src.Host, src.Port
}

// baseDir is the part of base's path that §5.2.3 keeps when merging: "/"
// for an authority with an empty path, else everything up to and including
// the last "/", which is "" when there is none.
func baseDir(base URI) string {
	if base.hasAuthority() && base.Path == "" {
		return "/"
	}
	return base.Path[:strings.LastIndexByte(base.Path, '/')+1]
}

// mergePath returns remove_dot_segments(merge(base.Path, ref)) (§5.2.3,
// §5.2.4), building the path in a stack buffer when it is short so that the
// result string is the only allocation.
func mergePath(base URI, ref string) string {
	var stack [256]byte
	dir := baseDir(base)
	b := append(append(stack[:0], dir...), ref...)
	if hasDotSegment(dir) || hasDotSegment(ref) { // dir ends in "/", if not empty
		b = removeDots(b, 0)
	}
	return string(b)
}

// RemoveDotSegments returns path without its "." and ".." segments, by the
// algorithm of RFC 3986 §5.2.4 exactly: "/a/b/c/./../../g" gives "/a/g",
// "mid/content=5/../6" gives "mid/6", "../g" gives "g" and "/../g" gives
// "/g" (a ".." never climbs above the root). Only complete segments count:
// "g.", ".g" and "%2E" are kept. A path without dot-segments is returned
// as it is, without allocating.
func RemoveDotSegments(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	var stack [256]byte
	return string(removeDots(append(stack[:0], path...), 0))
}

// hasDotSegment reports whether path holds a complete "." or ".." segment.
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); i++ {
		// Most paths have no '.', or one in a file name: IndexByte
		// skips to it.
		j := strings.IndexByte(path[i:], '.')
		if j < 0 {
			return false
		}
		if i += j; i > 0 && path[i-1] != '/' {
			continue
		}
		k := i + 1
		if k < len(path) && path[k] == '.' {
			k++
		}
		if k == len(path) || path[k] == '/' {
			return true
		}
	}
	return false
}

// removeDots runs the loop of §5.2.4 in place on b[start:], whose input
// buffer is b[in:] and output buffer b[start:out]; out never passes in, so
// the output can overwrite input already consumed. Where the RFC replaces a
// prefix with "/", the "/" left in the input is b[in]; at the end of the
// input, where no byte is left to hold it, it goes to the output at once,
// which is what step E would do with it next.
func removeDots(b []byte, start int) []byte {
	in, out, n := start, start, len(b)
	for in < n {
		// Steps A to D need a '.' first or right after the '/'.
		if rest := b[in:]; rest[0] == '.' || (len(rest) > 1 && rest[1] == '.') {
			switch {
			case hasPrefix(rest, "../"): // A
				in += 3
				continue
			case hasPrefix(rest, "./"): // A
				in += 2
				continue
			case hasPrefix(rest, "/./"): // B
				in += 2
				continue
			case string(rest) == "/.": // B
				b[out] = '/'
				return b[:out+1]
			case hasPrefix(rest, "/../"): // C
				in += 3
				out = popSegment(b, start, out)
				continue
			case string(rest) == "/..": // C
				out = popSegment(b, start, out)
				b[out] = '/'
				return b[:out+1]
			case string(rest) == "." || string(rest) == "..": // D
				return b[:out]
			}
		}
		// E: move the first segment, with its leading '/', to the output.
		end := in + 1
		for end < n && b[end] != '/' {
			end++
		}
		out += copy(b[out:], b[in:end])
		in = end
	}
	return b[:out]
}

// popSegment removes the last segment of the output b[start:out] and its
// preceding "/", if any (§5.2.4 step C), and returns the new end.
func popSegment(b []byte, start, out int) int {
	if i := bytes.LastIndexByte(b[start:out], '/'); i >= 0 {
		return start + i
	}
	return start
}

func hasPrefix(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && string(b[:len(prefix)]) == prefix
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
