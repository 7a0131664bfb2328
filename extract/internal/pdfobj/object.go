// Package pdfobj reads the objects of a PDF file (ISO 32000-1 §7): its
// cross-reference tables and streams, incremental updates, object
// streams, stream filters, the standard security handler with an empty
// user password, and the page tree.
//
// It reads untrusted files in time and memory linear in their size: every
// object is parsed once and cached, the bytes the parser reads and the
// bytes the filters write are counted against budgets set by Limits, and
// loops (a /Prev chain, an object stream that holds itself, a page tree
// that holds itself) are errors, not hangs. It writes nothing and holds
// no global state: a Reader belongs to one goroutine, and Readers share
// nothing.
package pdfobj

import (
	"errors"
	"fmt"
)

// An Object is a PDF object (§7.3): nil (null), bool, int64, float64,
// Name, String, Array, Dict, Ref or Stream.
type Object any

// Name is a name object (§7.3.5), without its slash, #xx escapes decoded.
type Name string

// String is a string object (§7.3.4), its escapes decoded and, in an
// encrypted file, decrypted: bytes, not text.
type String string

// Array is an array object (§7.3.6).
type Array []Object

// Dict is a dictionary object (§7.3.7).
type Dict map[Name]Object

// Ref is an indirect reference (§7.3.10).
type Ref struct {
	Num int
	Gen int
}

// Stream is a stream object (§7.3.8): its dictionary and where its data
// starts in the file. Reader.Decode returns its data.
type Stream struct {
	Dict  Dict
	ref   Ref // the object it is, for decryption
	start int // offset of its data in the file
}

// Name returns the name the dictionary holds at key, "" if none.
func (d Dict) Name(key Name) Name {
	n, _ := d[key].(Name)
	return n
}

// ErrBudget is wrapped by the error of a read that would take the bytes
// parsed or decoded in the file past their budget (see Limits).
var ErrBudget = errors.New("pdfobj: document needs more work than its budget")

// ErrTooLarge is wrapped by the error of a Decode whose data would be
// larger than the limit it was given.
var ErrTooLarge = errors.New("pdfobj: stream decodes to more than the limit")

// ErrEncrypted is wrapped by the error of Open for a file encrypted with
// a user password other than the empty one, or by a security handler
// other than the standard one.
var ErrEncrypted = errors.New("pdfobj: encrypted with a password or handler not supported")

// A SyntaxError is a part of the file that is not PDF.
type SyntaxError struct {
	Offset int64 // in the file, or -1
	Msg    string
}

func (e *SyntaxError) Error() string {
	if e.Offset < 0 {
		return "pdfobj: " + e.Msg
	}
	return fmt.Sprintf("pdfobj: offset %d: %s", e.Offset, e.Msg)
}

// Limits bounds the work of a Reader.
type Limits struct {
	// Decoded is the most bytes the filters of all the streams read may
	// write, added up.
	Decoded int64
	// Parsed is the most bytes the parser may read, added up over every
	// object it parses (each once, as objects are cached).
	Parsed int64
}

// Stats counts the work a Reader has done.
type Stats struct {
	Lookups int   // objects looked up, parsed or not
	Objects int   // objects parsed
	Parsed  int64 // bytes read by the parser
	Decoded int64 // bytes written by the filters
}
