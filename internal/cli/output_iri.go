package cli

import (
	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
)

// iriFormat is the plain format with --iri: each URI shown as an IRI for
// reading (uri.ToIRI, RFC 3987 §3.2), as "urix parse --iri" shows its
// argument; only what is safe to show is decoded.
type iriFormat struct{ linkFormatter }

func (f iriFormat) format(l extract.Link) (string, error) {
	l.URI = uri.ToIRI(l.URI)
	return f.linkFormatter.format(l)
}
