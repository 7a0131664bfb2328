package pick

import (
	"cmp"
	"strings"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
)

// Warnings returns what the picker adds to a link's own warnings (which
// hold RFC 3986 §7's with extract.Options.Warnings: userinfo posing as a
// host, numeric hosts, ...), about what a reader is shown:
//
//   - "text-host": the link's text shows a host name ("https://bank.example",
//     "www.bank.example") and the link goes to another site: an HTML
//     anchor whose text is a URL, the classic phishing mail. Sites are
//     compared by registrable domain (public suffix plus one label), so
//     "bank.example" showing for "www.bank.example" is no warning.
//   - "homograph": a host label that mixes Latin with Cyrillic, Greek or
//     Armenian letters, or that is written all in letters of those
//     scripts that look Latin ("аррӏе"), IDN spoofing (RFC 3987 §8,
//     Unicode TR 39).
//
// The text-host check reads Link.Text only where it is what the reader
// saw instead of the URI: the text of an HTML element (Style "html"), not
// a line of text that holds the URI itself.
func Warnings(l extract.Link) []string {
	var ws []string
	u, err := uri.Parse(l.URI)
	if err != nil {
		// An IRI: its host in Unicode is read the same.
		s, ierr := uri.FromIRI(l.URI)
		if u, err = uri.Parse(s); ierr != nil || err != nil {
			return nil
		}
	}
	host := hostName(u.Host)
	if target := cmp.Or(host, strings.ToLower(u.Host)); l.Style == extract.StyleHTML && l.Text != "" && target != "" {
		if shown := textHost(l.Text); shown != "" && site(shown) != site(target) {
			ws = append(ws, "text-host: the text shows "+shown+", the link goes to "+target)
		}
	}
	if host != "" {
		if label := homograph(host); label != "" {
			ws = append(ws, "homograph: host label "+label+" mixes scripts or uses letters that look Latin")
		}
	}
	return ws
}

// hostName returns a reg-name host in Unicode and lowercase, "" for an IP
// literal or none.
func hostName(h string) string {
	if h == "" || h[0] == '[' {
		return ""
	}
	if dec, err := uri.Unescape(h); err == nil {
		h = dec
	}
	if uh, err := idna.ToUnicode(h); err == nil {
		h = uh
	}
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

// textHost returns the first host name the text shows: of a URI with an
// authority, or of a word that is a domain name under a public suffix
// ("paypal.com", "www.bank.example/login"), or "".
func textHost(text string) string {
	for _, w := range strings.Fields(text) {
		w = strings.Trim(w, "<>()[]\"'.,;:!?")
		if u, err := uri.Parse(w); err == nil && u.IsAbs() {
			if h := hostName(u.Host); h != "" {
				return h
			}
			continue
		}
		name, _, _ := strings.Cut(w, "/")
		name = hostName(name)
		if strings.Contains(name, ".") && !strings.Contains(name, "@") {
			if suffix, icann := publicsuffix.PublicSuffix(name); icann && suffix != name {
				return name
			}
		}
	}
	return ""
}

// site returns the registrable domain of host (eTLD+1), or host.
func site(host string) string {
	if s, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return s
	}
	return host
}

// lookalikes are the letters of Cyrillic, Greek and Armenian that look like
// Latin ones in common fonts.
const lookalikes = "аеорсухіјѕԁһӏԛԝүвкмнтьզօսհոցաαορυνκιτ"

// homograph returns the first label of host that mixes Latin letters with
// Cyrillic, Greek or Armenian ones, or that is written only in lookalikes
// of Latin letters from those scripts, or "".
func homograph(host string) string {
	for _, label := range strings.Split(host, ".") {
		latin, other, lookalike := 0, 0, 0
		for _, r := range label {
			switch {
			case r < 0x80:
				if unicode.IsLetter(r) {
					latin++
				}
			case unicode.In(r, unicode.Cyrillic, unicode.Greek, unicode.Armenian):
				other++
				if strings.ContainsRune(lookalikes, r) {
					lookalike++
				}
			case unicode.In(r, unicode.Latin):
				latin++
			}
		}
		if other > 0 && (latin > 0 || lookalike == other) {
			return label
		}
	}
	return ""
}
