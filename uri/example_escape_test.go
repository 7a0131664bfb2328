package uri_test

import (
	"errors"
	"fmt"

	"github.com/urix/urix/uri"
)

func ExampleEscape() {
	// Each component keeps its own delimiters (RFC 3986 §3.3, §3.4).
	fmt.Println(uri.Escape("a/b c", uri.PathSegment))
	fmt.Println(uri.Escape("a/b c", uri.Path))
	fmt.Println(uri.Escape("q=a/b?c&d", uri.Query))
	fmt.Println(uri.Escape("100% résumé", uri.Fragment))
	// Output:
	// a%2Fb%20c
	// a/b%20c
	// q=a/b?c&d
	// 100%25%20r%C3%A9sum%C3%A9
}

func ExampleUnescape() {
	s, err := uri.Unescape("r%C3%A9sum%C3%A9%2Fcv")
	fmt.Println(s, err)
	_, err = uri.Unescape("100%")
	fmt.Println(err, errors.Is(err, uri.ErrInvalidEscape))
	// Output:
	// résumé/cv <nil>
	// uri: unescape "100%": invalid percent-encoding at offset 3 true
}

func ExampleFromIRI() {
	// The examples of RFC 3987 §3.1.
	s, err := uri.FromIRI("http://résumé.example.org")
	fmt.Println(s, err)
	s, err = uri.FromIRI("http://www.example.org/red%09rosé#red")
	fmt.Println(s, err)
	// Output:
	// http://xn--rsum-bpad.example.org <nil>
	// http://www.example.org/red%09ros%C3%A9#red <nil>
}

func ExampleToIRI() {
	// The example of RFC 3987 §3.2.1: the RLO (U+202E) stays encoded.
	fmt.Println(uri.ToIRI("http://xn--99zt52a.example.org/%e2%80%ae"))
	fmt.Println(uri.ToIRI("http://www.example.org/D%C3%BCrst"))
	// Output:
	// http://納豆.example.org/%e2%80%ae
	// http://www.example.org/Dürst
}
