package check

import (
	"errors"

	"github.com/urix/urix/uri"
)

// syntaxOnly is the result for a URI of a scheme that names nothing to
// fetch: mailto: and tel: are checked against their syntax (RFC 6068,
// RFC 3966), others are not checked.
func syntaxOnly(scheme string, u uri.URI) Result {
	if scheme != "mailto" && scheme != "tel" {
		return Result{Status: Skipped, Reason: scheme + ": not checked"}
	}
	var se *uri.SchemeError
	if errors.As(u.CheckScheme(), &se) {
		return Result{Status: Broken, Reason: se.Scheme + ": " + se.Reason}
	}
	return Result{Status: Skipped, Reason: "syntax only"}
}
