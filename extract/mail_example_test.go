package extract_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/extract"
)

// Links in a message: each says its MIME part, and relative references
// resolve against the part's Content-Location (RFC 2557).
func ExampleLinks_mail() {
	msg := "From: news@example.org\r\n" +
		"List-Unsubscribe: <https://example.org/unsubscribe?id=42>\r\n" +
		"Content-Type: text/html; charset=utf-8\r\n" +
		"Content-Location: https://example.org/news/2026/11/\r\n" +
		"Content-Transfer-Encoding: quoted-printable\r\n" +
		"\r\n" +
		"<a href=3D\"story.html\">Read</a> <img src=3D\"../../img/logo=\r\n.png\">\r\n"
	for l, err := range extract.Links(strings.NewReader(msg), extract.Options{Type: extract.Mail}) {
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("part %q %s: %s\n", l.Part, l.Context, l.URI)
	}
	// Output:
	// part "" header: https://example.org/unsubscribe?id=42
	// part "" header: https://example.org/news/2026/11/
	// part "1" html: https://example.org/news/2026/11/story.html
	// part "1" html: https://example.org/news/img/logo.png
}
