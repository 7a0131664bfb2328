package uri_test

import (
	"fmt"
	"log"

	"github.com/urix/urix/uri"
)

// One reference as a program meets it: parsed (RFC 3986 §4.1), resolved
// against the base of the document it is in (§5.2), and normalized
// (§6.2.2, §6.2.3) to compare it with others.
func Example() {
	base, err := uri.Parse("HTTPS://Example.ORG:443/docs/guide/")
	if err != nil {
		log.Fatal(err)
	}
	ref, err := uri.Parse("../api/%7euser/./intro?q=1#top")
	if err != nil {
		log.Fatal(err)
	}
	target, err := uri.Resolve(base, ref)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ref.IsAbs(), ref.Path, ref.Query, ref.Fragment)
	fmt.Println(target)
	fmt.Println(target.Normalize())
	// Output:
	// false ../api/%7euser/./intro q=1 top
	// HTTPS://Example.ORG:443/docs/api/%7euser/intro?q=1#top
	// https://example.org/docs/api/~user/intro?q=1#top
}
