package extract

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"mime"
	"mime/multipart"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stdlibParts walks a message with net/mail and mime/multipart, which are
// strict, and returns the IMAP numbers of its text parts, each with
// whether its raw body holds "http://"; ok is false when the standard
// library cannot parse the message.
func stdlibParts(header mail.Header, body io.Reader, num string, parts map[string]bool, depth int) bool {
	if depth > 10 {
		return false
	}
	// The body of a message that is not multipart is its part 1 (RFC 3501
	// §6.4.5); a multipart one's parts are numbered from 1.
	if mt, _, err := mime.ParseMediaType(header.Get("Content-Type")); err == nil && strings.HasPrefix(mt, "multipart/") {
		return stdlibPart(header, body, num, parts, depth)
	}
	return stdlibPart(header, body, childPart(num, 1), parts, depth)
}

func stdlibPart(header mail.Header, body io.Reader, num string, parts map[string]bool, depth int) bool {
	mt, params := "text/plain", map[string]string{}
	if ct := header.Get("Content-Type"); ct != "" {
		var err error
		if mt, params, err = mime.ParseMediaType(ct); err != nil {
			return false
		}
	}
	switch {
	case strings.HasPrefix(mt, "multipart/"):
		mr := multipart.NewReader(body, params["boundary"])
		for k := 1; ; k++ {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return k > 1
			}
			if err != nil {
				return false
			}
			if !stdlibPart(mail.Header(p.Header), p, childPart(num, k), parts, depth+1) {
				return false
			}
		}
	case mt == "message/rfc822":
		m, err := mail.ReadMessage(bufio.NewReader(body))
		if err != nil {
			return false
		}
		return stdlibParts(m.Header, m.Body, num, parts, depth+1)
	case strings.HasPrefix(mt, "text/"):
		b, err := io.ReadAll(body)
		if err != nil {
			return false
		}
		parts[num] = bytes.Contains(b, []byte("http://"))
	}
	return true
}

// TestMIMEAgainstStdlib checks the MIME walk against net/mail and
// mime/multipart on the SpamAssassin and phishing messages both can read: every part
// a link comes from must be a text part of the standard library's tree,
// numbered the same, and (nearly) every text part holding "http://" must
// give a link. Of the three that do not, in the SpamAssassin corpus, two
// are HTML whose link follows an unclosed "<!--", a comment to the end as
// HTML parses it (so no link for a browser either), and one is GB2312
// text without a charset, read as windows-1252, where the URL follows a
// byte that becomes the letter "º".
func TestMIMEAgainstStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus scan")
	}
	dir := sharedDir(t, "corpora/email/spamassassin")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	messages := map[string][]byte{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		messages[f] = raw
	}
	// And the messages of the phishing mbox, as mboxReader splits it.
	if b, err := os.ReadFile(filepath.Join(dir, "..", "nazario-phishing", "phishing0.mbox")); err == nil {
		mr := newMboxReader(bytes.NewReader(b))
		for mr.next() {
			messages[fmt.Sprintf("phishing0.mbox message %d", mr.index)] = bytes.Clone(mr.msg)
		}
	}
	compared, withHTTP, found := 0, 0, 0
	for _, f := range slices.Sorted(maps.Keys(messages)) {
		raw := messages[f]
		msg := raw
		if bytes.HasPrefix(msg, []byte("From ")) {
			msg = msg[bytes.IndexByte(msg, '\n')+1:]
		}
		m, err := mail.ReadMessage(bytes.NewReader(msg))
		if err != nil {
			continue
		}
		parts := map[string]bool{}
		if !stdlibParts(m.Header, m.Body, "", parts, 0) {
			continue
		}
		compared++
		ours := map[string]bool{}
		for l, err := range Links(bytes.NewReader(raw), Options{Type: Mail}) {
			if err == nil && l.Context != "header" {
				ours[l.Part] = true
				if _, ok := parts[l.Part]; !ok {
					t.Errorf("%s: link %q in part %q, which is not a text part for net/mail (%v)", f, l.Ref, l.Part, slices.Sorted(maps.Keys(parts)))
				}
			}
		}
		for num, hasHTTP := range parts {
			if hasHTTP {
				withHTTP++
				if ours[num] {
					found++
				} else {
					t.Logf("%s: part %s holds \"http://\" but gave no link", f, num)
				}
			}
		}
	}
	t.Logf("%d messages compared; %d of %d text parts holding \"http://\" gave links", compared, found, withHTTP)
	if compared < 6000 || found < withHTTP*99/100 {
		t.Errorf("%d messages compared, %d of %d parts with links found", compared, found, withHTTP)
	}
}
