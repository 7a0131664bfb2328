// Package base establishes the base URI of a document in the four layers of
// RFC 3986 §5.1: embedded in the content, of the encapsulating entity, the
// retrieval URI, and an application default.
package base

import "github.com/urix/urix/uri"

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
func (s Source) String() string { return sourceNames[s] }

// MarshalText makes a Source appear by name in JSON.
func (s Source) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Base is a base URI and the layer it came from. The zero Base has no URI.
type Base struct {
	URI    uri.URI // absolute, without fragment
	Source Source
}
