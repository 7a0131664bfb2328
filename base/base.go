// Package base establishes the base URI of a document in the four layers of
// RFC 3986 §5.1: embedded in the content, of the encapsulating entity, the
// retrieval URI, and an application default.
//
// A Base is built from the outside in: Parse gives the default (§5.1.4) or
// a retrieval URI the user names (§5.1.3), FromFile the retrieval URI of a
// local file, and the methods MIME, HTML and Inner derive the inner layers
// from it. Each inner base that is itself a relative reference is resolved
// against the layer around it (§5.1: "the base URI ... is converted to
// absolute form"); one that cannot be used leaves the outer layer in force
// and is reported as an error, for the caller to turn into a warning.
package base

import (
	"errors"
	"strconv"

	"github.com/urix/urix/uri"
)

// Source names the layer of RFC 3986 §5.1 a base URI came from.
type Source int

const (
	None          Source = iota // no base: relative references stay unresolved
	Default                     // §5.1.4, an application default
	Retrieval                   // §5.1.3, the URI the document was retrieved from
	Encapsulating               // §5.1.2, the encapsulating entity (MIME headers)
	Embedded                    // §5.1.1, embedded in the content (HTML <base href>)
)

var sourceNames = [...]string{"", "default", "retrieval", "encapsulating", "embedded"}

// String returns the layer's name as used in urix's JSON output.
func (s Source) String() string {
	if s < 0 || int(s) >= len(sourceNames) {
		return "source(" + strconv.Itoa(int(s)) + ")"
	}
	return sourceNames[s]
}

// MarshalText makes a Source appear by name in JSON.
func (s Source) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Base is a base URI and the layer it came from. The zero Base has no URI.
type Base struct {
	URI    uri.URI // absolute, without fragment
	Source Source
	// Note names where in the content a Retrieval URI was found when
	// the content records it (a saved page's comment), "" otherwise.
	Note string
}

// IsZero reports whether b holds no base URI (RFC 3986 §5.1: no layer
// defined one, so only fragment-only references can be resolved).
func (b Base) IsZero() bool { return b.URI.Scheme == "" }

// ErrNoBase is wrapped by the errors of Inner and Resolve for a relative
// reference met where no base URI is in force (RFC 3986 §5.1, §5.2.1: a
// base must be absolute).
var ErrNoBase = errors.New("no base URI")

// Error is a failure to use Value: as a base URI found in layer Source (Op
// "parse"), or as a reference to resolve (Op "resolve"). Err wraps
// ErrNoBase, uri.ErrNotAbsolute, or a *uri.Error (with its uri sentinel)
// from parsing or resolving Value.
type Error struct {
	Op     string // "parse" or "resolve"
	Source Source // the layer of a base being parsed
	Value  string
	Err    error
}

func (e *Error) Error() string {
	what := e.Op
	if e.Op == "parse" && e.Source != None {
		what += " " + e.Source.String() + " base"
	}
	return "base: " + what + " " + strconv.Quote(e.Value) + ": " + e.Err.Error()
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }
