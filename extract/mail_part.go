package extract

import (
	"strconv"
	"strings"
)

// part is the MIME entity the mail walker is at (RFC 2045 §2.4), as
// mime/multipart.Part is a part of a multipart: where it lies in the
// walker's buffer, its number and depth, and, once its header is read,
// its media type and transfer encoding.
type part struct {
	// num is the part number as IMAP gives it (RFC 3501 §6.4.5): "" for
	// the message header, "2.1" for the first part inside part 2.
	num   string
	depth int // the multiparts and messages around it
	// isMessage tells a message, whose body is its part 1 (num.1), from
	// a body part.
	isMessage bool
	// start, body and end are its span in the buffer: its header at
	// start, its body from body to end. body is start until the header
	// is read.
	start, body, end int
	// mediaType is that of its Content-Type, lowercased, with params;
	// before the header is read, the type it has without one (RFC 2046
	// §5.1.5: message/rfc822 in a multipart/digest).
	mediaType string
	params    map[string]string
	cte       string // Content-Transfer-Encoding, lowercased
}

// readHeader sets the body, media type and transfer encoding of p from
// its header h, its parameters in params if it is not nil (see
// header.mediaType).
func (p *part) readHeader(h *header, params map[string]string) {
	p.body = h.body
	p.mediaType, p.params = h.mediaType(p.mediaType, params)
	p.cte = transferEncoding(h)
}

// cteNames are the transfer encodings of RFC 2045 §6.1.
var cteNames = [...]string{"7bit", "8bit", "quoted-printable", "base64", "binary"}

// transferEncoding returns the Content-Transfer-Encoding of h lowercased,
// "" when there is none: one of cteNames, not a copy of the field, when
// it names one (ASCII letters in any case: of equal length, no other rune
// lowers to one).
func transferEncoding(h *header) string {
	v, _ := h.value("Content-Transfer-Encoding")
	for _, c := range cteNames {
		if len(c) == len(v) && strings.EqualFold(c, string(v)) {
			return c
		}
	}
	return strings.ToLower(string(v))
}

// child returns the k-th part of the multipart p, in buf[start:end], of
// type defType if its header gives none.
func (p *part) child(k, start, end int, defType string) part {
	return part{num: childPart(p.num, k), depth: p.depth + 1, start: start, body: start, end: end, mediaType: defType}
}

// message returns the message that is the body of p, a message/rfc822
// part.
func (p *part) message() part {
	return part{num: p.num, depth: p.depth + 1, isMessage: true, start: p.body, body: p.body, end: p.end, mediaType: "text/plain"}
}

// asText returns the body of p, a multipart whose parts cannot be told
// apart, as its part 1 of plain text.
func (p *part) asText() part {
	return part{num: childPart(p.num, 1), depth: p.depth, start: p.body, body: p.body, end: p.end, mediaType: "text/plain", cte: p.cte}
}

// childPart returns the number of the k-th part inside part num.
func childPart(num string, k int) string {
	if num == "" {
		return strconv.Itoa(k)
	}
	return num + "." + strconv.Itoa(k)
}
