package uri_test

import (
	"fmt"

	"github.com/urix/urix/uri"
)

// The examples of RFC 3986 §5.4, against its base "http://a/b/c/d;p?q".
func ExampleResolve() {
	base, _ := uri.Parse("http://a/b/c/d;p?q")
	for _, s := range []string{"g", "./g/.", "../g", "../../../g", "?y", "#s", "", "//g", "g?y/../x", "http:g"} {
		ref, _ := uri.Parse(s)
		t, err := uri.Resolve(base, ref)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12q -> %s\n", s, t)
	}
	// Output:
	// "g"          -> http://a/b/c/g
	// "./g/."      -> http://a/b/c/g/
	// "../g"       -> http://a/b/g
	// "../../../g" -> http://a/g
	// "?y"         -> http://a/b/c/d;p?y
	// "#s"         -> http://a/b/c/d;p?q#s
	// ""           -> http://a/b/c/d;p?q
	// "//g"        -> http://g
	// "g?y/../x"   -> http://a/b/c/g?y/../x
	// "http:g"     -> http:g
}

// The backward-compatible reading of §5.2.2, shown in §5.4.2.
func ExampleResolveNonStrict() {
	base, _ := uri.Parse("http://a/b/c/d;p?q")
	ref, _ := uri.Parse("http:g")
	t, _ := uri.ResolveNonStrict(base, ref)
	fmt.Println(t)
	// Output: http://a/b/c/g
}

func ExampleRelative() {
	base, _ := uri.Parse("http://a/b/c/d;p?q")
	for _, s := range []string{
		"http://a/b/c/g",
		"http://a/b/g?y",
		"http://a/b/c/d;p?q#s",
		"http://a/b/c/",
		"http://a/g",
		"http://a/b/c/x:y",
		"http://h/b/c/g",
		"https://a/b/c/g",
	} {
		target, _ := uri.Parse(s)
		r, err := uri.Relative(base, target)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-22s -> %q\n", s, r)
	}
	// Output:
	// http://a/b/c/g         -> "g"
	// http://a/b/g?y         -> "../g?y"
	// http://a/b/c/d;p?q#s   -> "#s"
	// http://a/b/c/          -> "."
	// http://a/g             -> "/g"
	// http://a/b/c/x:y       -> "./x:y"
	// http://h/b/c/g         -> "//h/b/c/g"
	// https://a/b/c/g        -> "https://a/b/c/g"
}

// The examples of RFC 3986 §6.2.2 and §6.2.3.
func ExampleURI_Normalize() {
	for _, s := range []string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
		"HTTP://www.EXAMPLE.com:80",
		"http://example.com:/%7Euser/a%2fb",
		"http://[2001:DB8:0:0::7]/",
	} {
		u, _ := uri.Parse(s)
		fmt.Println(u.Normalize())
	}
	// Output:
	// example://a/b/c/%7Bfoo%7D
	// http://www.example.com/
	// http://example.com/~user/a%2Fb
	// http://[2001:db8::7]/
}

func ExampleEqual() {
	pairs := [][2]string{
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"},
		{"http://example.com", "http://example.com:80/"},
		{"http://a/b%2Fc", "http://a/b/c"},
	}
	for _, p := range pairs {
		a, _ := uri.Parse(p[0])
		b, _ := uri.Parse(p[1])
		fmt.Println(uri.Equal(a, b))
	}
	// Output:
	// true
	// true
	// false
}

// The two traces of RFC 3986 §5.2.4.
func ExampleRemoveDotSegments() {
	fmt.Println(uri.RemoveDotSegments("/a/b/c/./../../g"))
	fmt.Println(uri.RemoveDotSegments("mid/content=5/../6"))
	// Output:
	// /a/g
	// mid/6
}
