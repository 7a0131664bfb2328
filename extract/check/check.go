// Package check tells whether the links package extract finds lead
// somewhere: offline, that a relative or file: reference names an existing
// file and, when it has one, an existing fragment (RFC 3986 §3.5) in that
// file; online, that an http or https URI answers.
package check

import "strconv"

// Status is what became of one link.
type Status uint8

const (
	// OK is a link whose target, and fragment if any, exist.
	OK Status = iota
	// Moved is a link that works through a permanent redirect; Result.Location
	// is where it now leads.
	Moved
	// Broken is a link whose target or fragment does not exist, or that
	// answers with an error, a redirect loop or not at all.
	Broken
	// Skipped is a link not checked: excluded by the options, or of a
	// scheme that cannot be fetched (mailto:, tel:), checked for syntax only.
	Skipped
)

// Result is the outcome of checking one link.
type Result struct {
	Status Status
	// Reason says why, for people: "no such file", "no such fragment",
	// "404 Not Found", "timeout", "redirect loop", "syntax only".
	Reason string
	// Code is the final HTTP status code online, 0 offline.
	Code int
	// Location is, when Status is Moved, the end of the leading run of
	// permanent (301, 308) redirects: after a temporary one, the link as
	// it was reached is still the name to use.
	Location string
	// Near lists the fragments that do exist in the target, nearest to a
	// missing one first.
	Near []string
}

var statusNames = [...]string{"ok", "moved", "broken", "skipped"}

// String returns the status's name: "ok", "moved", "broken", "skipped".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status(" + strconv.Itoa(int(s)) + ")"
}

// MarshalText returns the status's name, for JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
