package extract_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/urix/urix/extract"
)

// Rewrite makes every reference of a page absolute against the page's
// own base; nothing but the link values changes.
func ExampleRewrite() {
	page := `<base href="https://example.org/docs/"><a href="guide/intro.html">intro</a>
<img src=logo.png srcset="logo-2x.png 2x"> <a href="#top">top</a>`
	err := extract.Rewrite(os.Stdout, strings.NewReader(page), extract.Options{},
		func(l extract.Link) (string, bool) { return l.URI, true })
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// <base href="https://example.org/docs/"><a href="https://example.org/docs/guide/intro.html">intro</a>
	// <img src="https://example.org/docs/logo.png" srcset="https://example.org/docs/logo-2x.png 2x"> <a href="#top">top</a>
}
