package uri_test

import (
	"fmt"

	"github.com/urix/urix/uri"
	_ "github.com/urix/urix/uri/psl" // for userinfo-host on domain names
)

func ExampleURI_SecurityWarnings() {
	// The semantic attack of RFC 3986 §7.6, with a rare IPv4 form (§7.4).
	u, err := uri.Parse("http://www.example.com&story=breaking_news@0x7f.1/top_story.htm")
	if err != nil {
		panic(err)
	}
	for _, w := range u.SecurityWarnings() {
		fmt.Println(w.Code)
	}
	// Output:
	// ipv4-short
	// ipv4-hex
	// userinfo-present
	// userinfo-host
}

func ExampleURI_SchemeWarnings() {
	for _, s := range []string{
		"ftp://ftp.example.com/pub/file.txt;type=i",
		"ftp://ftp.example.com/pub/file.txt;type=x",
		"nntp://news.example.com/comp.lang.go/12a",
	} {
		u, err := uri.Parse(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(s, u.SchemeWarnings())
	}
	// Output:
	// ftp://ftp.example.com/pub/file.txt;type=i []
	// ftp://ftp.example.com/pub/file.txt;type=x [ftp-type: ftp uri: type code "x" is not one of a, i, d]
	// nntp://news.example.com/comp.lang.go/12a [nntp-article: nntp uri: article number "12a" is not digits]
}

func ExampleURI_CheckScheme() {
	for _, s := range []string{
		"mailto:joe@example.com?cc=bob@example.com&body=hello",
		"mailto:joe@example.com?cc=bob@example.com?body=hello", // RFC 6068 §6.1: WRONG
		"tel:863-1234;phone-context=+1-914-555",
		"tel:5550123",
	} {
		u, err := uri.Parse(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(u.CheckScheme())
	}
	// Output:
	// <nil>
	// uri: mailto "mailto:joe@example.com?cc=bob@example.com?body=hello": header field "cc=bob@example.com?body=hello" has "?", which must be percent-encoded
	// <nil>
	// uri: tel "tel:5550123": a local number needs ;phone-context= (or a global one, starting with '+')
}
