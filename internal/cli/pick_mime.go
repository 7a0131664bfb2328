package cli

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// decodedPart returns the text of the MIME part numbered part ("1",
// "2.1", as extract numbers them) of the message msg, as its reader
// sees it: the transfer encoding undone, in UTF-8, at most limit
// bytes; false when msg has no such part. For the message view only:
// a link's line is checked to hold the link before it is shown, so a
// message read differently here than by extract shows the stored text.
func decodedPart(msg []byte, part string, limit int64) (string, bool) {
	if bytes.HasPrefix(msg, []byte("From ")) { // an mbox's separator line
		msg = msg[bytes.IndexByte(msg, '\n')+1:]
	}
	m, err := mail.ReadMessage(bytes.NewReader(msg))
	if err != nil {
		return "", false
	}
	return findPart(textproto.MIMEHeader(m.Header), m.Body, "", part, limit)
}

// findPart looks for the part numbered want in the entity of header h
// and body body, numbered num ("" for the message itself).
func findPart(h textproto.MIMEHeader, body io.Reader, num, want string, limit int64) (string, bool) {
	typ, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		typ, params = "text/plain", nil
	}
	sub := func(i int) string {
		if num == "" {
			return strconv.Itoa(i)
		}
		return num + "." + strconv.Itoa(i)
	}
	switch {
	case strings.HasPrefix(typ, "multipart/"):
		mr := multipart.NewReader(body, params["boundary"])
		for i := 1; ; i++ {
			p, err := mr.NextRawPart()
			if err != nil {
				return "", false
			}
			if n := sub(i); n == want || strings.HasPrefix(want, n+".") {
				return findPart(p.Header, p, n, want, limit)
			}
		}
	case typ == "message/rfc822" && num != "" && strings.HasPrefix(want, num+"."):
		m, err := mail.ReadMessage(bufio.NewReader(body))
		if err != nil {
			return "", false
		}
		inner := textproto.MIMEHeader(m.Header)
		if t, _, _ := mime.ParseMediaType(inner.Get("Content-Type")); strings.HasPrefix(t, "multipart/") {
			return findPart(inner, m.Body, num, want, limit)
		}
		return findPart(inner, m.Body, sub(1), want, limit)
	case num == "" && want == "1", num == want:
		return decodeBody(h, body, params["charset"], limit), true
	}
	return "", false
}

// decodeBody returns body with its transfer encoding undone and its
// charset made UTF-8, at most limit bytes of it.
func decodeBody(h textproto.MIMEHeader, body io.Reader, charset string, limit int64) string {
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body) // line breaks skipped
	}
	if e, err := htmlindex.Get(charset); charset != "" && err == nil && e != encoding.Replacement {
		body = e.NewDecoder().Reader(body)
	}
	b, _ := io.ReadAll(io.LimitReader(body, limit))
	return string(b)
}
