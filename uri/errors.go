package uri

import (
	"errors"
	"strconv"
)

// Sentinel errors wrapped by *Error, for use with errors.Is. Parse reports
// ErrInvalidCharacter for a byte that may appear nowhere in a URI (a space,
// a control, '<', a non-ASCII byte) and the sentinel of the component for
// a URI character out of place, such as '[' in a path (RFC 3986 §2, App. A).
var (
	ErrInvalidScheme    = errors.New("invalid scheme") // incl. a ':' in the first segment of a relative path (§4.2)
	ErrInvalidCharacter = errors.New("invalid character")
	ErrInvalidEscape    = errors.New("invalid percent-encoding") // '%' not followed by two hex digits (§2.1)
	ErrInvalidHost      = errors.New("invalid host")
	ErrInvalidPort      = errors.New("invalid port")
	ErrInvalidPath      = errors.New("invalid path")
	ErrInvalidQuery     = errors.New("invalid query")
	ErrInvalidFragment  = errors.New("invalid fragment")
	ErrNotAbsolute      = errors.New("not an absolute URI")
)

// Error records a failed operation on a URI reference and the byte offset
// in Input of the first character at fault. Its message reads
// `uri: parse "http://a b/": invalid character at offset 8`.
type Error struct {
	Op     string // "parse", "resolve", "relative", ...
	Input  string
	Offset int   // for Parse, the end of the longest prefix of Input that a valid reference can start with
	Err    error // one of the Err* sentinels
}

// Error returns the message, prefixed "uri: ".
func (e *Error) Error() string {
	return "uri: " + e.Op + " " + strconv.Quote(e.Input) + ": " + e.Err.Error() +
		" at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }
