package uri_test

import (
	"errors"
	"fmt"

	"github.com/urix/urix/uri"
)

func ExampleParse() {
	for _, s := range []string{"http://a/b?", "http://a/b"} {
		u, err := uri.Parse(s)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: path %q, query %q, query defined: %v\n", s, u.Path, u.Query, u.HasQuery)
	}
	// Output:
	// http://a/b?: path "/b", query "", query defined: true
	// http://a/b: path "/b", query "", query defined: false
}

func ExampleParse_error() {
	_, err := uri.Parse("http://[fe80::1%en0]/")
	fmt.Println(err)
	fmt.Println(errors.Is(err, uri.ErrInvalidHost))
	// Output:
	// uri: parse "http://[fe80::1%en0]/": invalid host at offset 16
	// true
}

func ExampleURI_String() {
	u, _ := uri.Parse("HTTP://[2001:DB8::7]:/a/./b?#")
	fmt.Println(u) // kept exactly as written

	// Without an authority a path may not start with "//", and a relative
	// path's first segment may not hold ':'; String keeps the meaning.
	fmt.Println(uri.URI{Scheme: "f", Path: "//g"})
	fmt.Println(uri.URI{Path: "this:that"})
	// Output:
	// HTTP://[2001:DB8::7]:/a/./b?#
	// f:/.//g
	// ./this:that
}

func ExampleURI_HostKind() {
	for _, s := range []string{"http://192.0.2.16/", "http://192.0.2.256/", "http://[fe80::1%25en0]/", "mailto:a@b"} {
		u, _ := uri.Parse(s)
		fmt.Printf("%s %v %q\n", s, u.HostKind(), u.Zone())
	}
	// Output:
	// http://192.0.2.16/ IPv4 ""
	// http://192.0.2.256/ reg-name ""
	// http://[fe80::1%25en0]/ IPv6 "en0"
	// mailto:a@b none ""
}
