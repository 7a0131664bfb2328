package uri

import (
	"errors"
	"strconv"
)

// Sentinel errors wrapped by *Error, for use with errors.Is.
var (
	ErrInvalidScheme    = errors.New("invalid scheme")
	ErrInvalidCharacter = errors.New("invalid character")
	ErrInvalidEscape    = errors.New("invalid percent-encoding")
	ErrInvalidHost      = errors.New("invalid host")
	ErrInvalidPort      = errors.New("invalid port")
	ErrInvalidPath      = errors.New("invalid path")
	ErrNotAbsolute      = errors.New("not an absolute URI")
)

// Error records a failed operation on a URI reference and the byte offset
// in Input of the first character at fault.
type Error struct {
	Op     string // "parse", "resolve", "relative", ...
	Input  string
	Offset int
	Err    error // one of the Err* sentinels
}

func (e *Error) Error() string {
	return "uri: " + e.Op + " " + strconv.Quote(e.Input) + ": " + e.Err.Error() +
		" at offset " + strconv.Itoa(e.Offset)
}

func (e *Error) Unwrap() error { return e.Err }
