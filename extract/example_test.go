package extract_test

import (
	"fmt"
	"log"
	"os"
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

// Links of a string: the URIs in plain text, each with its place and how
// it was delimited (RFC 3986 Appendix C).
func ExampleLinks_string() {
	text := "Docs: https://example.org/guide.\nMirror: <ftp://ftp.example.net/pub/urix/>"
	for link, err := range extract.Links(strings.NewReader(text), extract.Options{Type: extract.Text}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%d:%d %s %s\n", link.Line, link.Column, link.Style, link.URI)
	}
	// Output:
	// 1:7 bare https://example.org/guide
	// 2:10 angle ftp://ftp.example.net/pub/urix/
}

// Links of a mail file: each link with the base it was resolved against
// and where that base came from, here the Content-Location of its MIME
// part (RFC 2557, RFC 3986 §5.1.2); a problem with one part is an error
// for that part, and the scan goes on.
func ExampleLinks_mailFile() {
	f, err := os.Open("testdata/example/newsletter.eml")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	for link, err := range extract.Links(f, extract.Options{Type: extract.Mail}) {
		if err != nil {
			log.Print(err)
			continue
		}
		fmt.Printf("part %q %q -> %s", link.Part, link.Ref, link.URI)
		if link.Base != "" {
			fmt.Printf(" (base %s, %s)", link.Base, link.BaseSource)
		}
		fmt.Println()
	}
	// Output:
	// part "" "https://example.org/unsubscribe?id=42" -> https://example.org/unsubscribe?id=42
	// part "1" "https://example.org/news/2026/11/" -> https://example.org/news/2026/11/
	// part "2" "https://example.org/news/2026/11/index.html" -> https://example.org/news/2026/11/index.html
	// part "2" "story.html" -> https://example.org/news/2026/11/story.html (base https://example.org/news/2026/11/index.html, encapsulating)
	// part "2" "../10/" -> https://example.org/news/2026/10/ (base https://example.org/news/2026/11/index.html, encapsulating)
	// part "2" "/img/logo.png" -> https://example.org/img/logo.png (base https://example.org/news/2026/11/index.html, encapsulating)
}
