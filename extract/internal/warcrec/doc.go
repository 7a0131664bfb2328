// Package warcrec holds what reading the records of a WARC file needs
// below the scanner of their contents: Window, a buffered reader that
// goes back to a mark, for finding the next record inside one cut short
// (WARC 1.1, ISO 28500:2017 §4, Annex D for gzip members); Digest, the
// check of a record's WARC-Block-Digest (§5.8); and ChunkMap, the offsets
// of an HTTP response body sent chunked (RFC 9112 §7.1) as the record
// stores it.
package warcrec
