// Package psl registers the public suffix list of
// golang.org/x/net/publicsuffix with package uri, so that
// uri.URI.SecurityWarnings reports a domain name in the userinfo
// ("userinfo-host", RFC 3986 §7.6). Import it for its side effect:
//
//	import _ "github.com/urix/urix/uri/psl"
//
// It is a package of its own because the list brings net/http along,
// which package uri does not need otherwise.
package psl

import (
	"golang.org/x/net/publicsuffix"

	"github.com/urix/urix/uri"
)

func init() {
	uri.RegisterPublicSuffix(publicsuffix.PublicSuffix)
}
