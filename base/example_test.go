package base_test

import (
	"fmt"
	"net/textproto"
	"strings"

	"golang.org/x/net/html"

	"github.com/urix/urix/base"
	"github.com/urix/urix/uri"
)

// The layers from the outside in: the URI a page was retrieved from, then
// the base its HTML embeds (RFC 3986 §5.1, the seed's Appendix D example).
func ExampleBase_HTML() {
	retrieved, _ := base.Parse("http://other.example/p", base.Retrieval)
	doc, _ := html.Parse(strings.NewReader(
		`<HTML><HEAD><BASE href="http://www.ics.uci.edu/Test/a/b/c"></HEAD>` +
			`<BODY><A href="../x">a hypertext anchor</A></BODY></HTML>`))
	b, _ := retrieved.HTML(doc)
	ref, _ := uri.Parse("../x")
	u, _ := b.Resolve(ref)
	fmt.Println(b.Source, b.URI.String())
	fmt.Println(u.String())
	// Output:
	// embedded http://www.ics.uci.edu/Test/a/b/c
	// http://www.ics.uci.edu/Test/a/x
}

// A multipart/related message of RFC 2557 §9.3: the part's relative
// Content-Location resolves against the message's.
func ExampleBase_MIME() {
	message := textproto.MIMEHeader{"Content-Location": {"http://www.ietf.cnri.reston.va.us/"}}
	part := textproto.MIMEHeader{"Content-Location": {"images/ietflogo2.gif"}}
	m, _ := base.Base{}.MIME(message)
	p, _ := m.MIME(part)
	fmt.Println(m.Source, m.URI.String())
	fmt.Println(p.Source, p.URI.String())
	// Output:
	// encapsulating http://www.ietf.cnri.reston.va.us/
	// encapsulating http://www.ietf.cnri.reston.va.us/images/ietflogo2.gif
}
