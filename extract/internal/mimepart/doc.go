// Package mimepart undoes the layers of a MIME part's text that stand
// between its bytes as stored and the text a reader sees, and maps
// offsets in the text back through them: the Content-Transfer-Encoding
// (quoted-printable and base64, RFC 2045 §6.7 and §6.8, decoded as
// leniently as mail readers do), the format=flowed wrapping of
// text/plain (RFC 3676), and the Content-Type field's media type and
// parameters (RFC 2045 §5.1, RFC 2231 through mime.ParseMediaType), read
// with a bound on their number.
package mimepart
