package delimit_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/delimit"
)

func Example() {
	text := `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://foo.example.
com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.`
	s := delimit.NewScanner(strings.NewReader(text), delimit.Options{})
	for s.Scan() {
		m := s.Match()
		fmt.Printf("%d:%d %-6s %s\n", m.Line, m.Column, m.Style, m.URI)
	}
	if err := s.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1:29 quoted http://www.w3.org/Addressing/
	// 2:39 angle  ftp://foo.example.com/rfc/
	// 3:34 angle  http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING
}

func ExampleAllString() {
	text := "see http://example.com/foo-\n  bar, or www.example.org/a."
	for m := range delimit.AllString(text, delimit.Options{Abbreviated: true}) {
		fmt.Printf("%s %q alt=%q joined=%v\n", m.Style, m.URI, m.Alternatives, m.Joined)
	}
	// Output:
	// bare "http://example.com/foo-bar" alt=["http://example.com/foobar"] joined=true
	// abbreviated "http://www.example.org/a" alt=[] joined=false
}
