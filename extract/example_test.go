package extract_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/urix/urix/extract"
)

// The library in five lines: links from a reader, resolved against the
// base the input was retrieved from.
func ExampleLinks() {
	mail := `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://foo.example.com/rfc/>.
The notes are at <../notes.html>.`
	opts := extract.Options{Base: "http://example.com/docs/index.html", AngleRelative: true}
	for link, err := range extract.Links(strings.NewReader(mail), opts) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(link.URI, link.Style)
	}
	// Output:
	// http://www.w3.org/Addressing/ quoted
	// ftp://foo.example.com/rfc/ angle
	// http://example.com/notes.html angle
}

// The HTML example of RFC 2396 Appendix D: the base embedded in the page
// wins over the URI it was retrieved from (RFC 3986 §5.1.1).
func ExampleLinks_html() {
	page := `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>`
	opts := extract.Options{Base: "http://other.example/p", Schemes: []string{"http"}}
	for link, err := range extract.Links(strings.NewReader(page), opts) {
		if err != nil {
			log.Fatal(err)
		}
		if link.Tag == "a" {
			fmt.Println(link.URI, link.BaseSource)
		}
	}
	// Output:
	// http://www.ics.uci.edu/Test/a/x embedded
}

// Detect tells the input types apart by name, else by their first bytes.
func ExampleDetect() {
	fmt.Println(extract.Detect("notes.txt", []byte("<html>")))
	fmt.Println(extract.Detect("-", []byte("From MAILER-DAEMON Fri Jul  8 12:08:34 2011\n")))
	fmt.Println(extract.Detect("-", []byte("From: a@example.com\nSubject: hi\n\nbody\n")))
	fmt.Println(extract.Detect("-", []byte("<!doctype html><title>x</title>")))
	fmt.Println(extract.Detect("-", []byte("From the RFC: see <http://example.com/>.")))
	// Output:
	// text
	// mbox
	// mail
	// html
	// text
}
