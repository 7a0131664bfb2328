package cli

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"
	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/uri"
	_ "github.com/urix/urix/uri/psl" // the userinfo-host warning of parse -w
)

// The uri subcommands let a user check RFC 3986 by hand. An argument that
// is not a valid URI reference is reported with its offset and the others
// are still handled; the status is then 1 ("invalid"), like grep's "none".

// iriFlag lets the uri commands take IRIs (RFC 3987), which are mapped to
// URIs first (§3.1: NFC, UTF-8 percent-encoding, IDNA A-labels for hosts).
// A new one for each command, bound to the command's iri: cli keeps state
// in its flags.
func iriFlag(iri *bool) cli.Flag {
	return &cli.BoolFlag{Name: "iri", Aliases: []string{"i"}, Destination: iri, Usage: "take IRIs (RFC 3987) and map them to URIs first (NFC, UTF-8 %-encoding, A-label hosts)"}
}

// parseArg parses one argument, reporting a failure on stderr; what
// names the argument in the message when it is not a plain operand; iri
// is --iri.
func (e *env) parseArg(iri bool, what, s string) (uri.URI, bool) {
	var u uri.URI
	var err error
	if iri {
		s, err = uri.FromIRI(s)
	}
	if err == nil {
		u, err = uri.Parse(s)
	}
	if err == nil {
		return u, true
	}
	if what != "" {
		e.errorf("%s: %v", what, err)
	} else {
		e.errorf("%v", err)
	}
	switch {
	case iri: // the error quotes the IRI, its offset counts bytes of its NFC form
	case ascii.Valid(s):
		e.pointAt(s, err)
	default:
		fmt.Fprintln(e.stderr, "  (not ASCII: if it is an IRI, --iri maps it to a URI)")
	}
	return uri.URI{}, false
}

// pointAt shows where in the ASCII s a *uri.Error is, as compilers do,
// when s prints on one line column for column (no control characters).
func (e *env) pointAt(s string, err error) {
	var ue *uri.Error
	if !errors.As(err, &ue) || ue.Offset < 0 || ue.Offset > len(s) {
		return
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return
		}
	}
	fmt.Fprintf(e.stderr, "  %s\n  %*s^\n", s, ue.Offset, "")
}

// absoluteBase parses the BASE argument, which §5.2.1 requires to be an
// absolute URI.
func (e *env) absoluteBase(iri bool, s string) (uri.URI, error) {
	b, ok := e.parseArg(iri, "base", s)
	if !ok {
		return b, errNone
	}
	if !b.IsAbs() {
		return b, withStatus(exitNone, fmt.Errorf("base %q is not an absolute URI (RFC 3986 §5.2.1 requires a scheme)", s))
	}
	return b, nil
}

// components is the JSON form of a URI for "urix parse": an undefined
// component is null, an empty one "".
type components struct {
	IRI       string   `json:"iri,omitempty"` // the argument, with --iri
	URI       string   `json:"uri"`
	Scheme    *string  `json:"scheme"`
	Authority *string  `json:"authority"` // userinfo@host:port as written (§3.2)
	Userinfo  *string  `json:"userinfo"`
	Host      *string  `json:"host"`
	Port      *string  `json:"port"`
	Path      string   `json:"path"`
	Query     *string  `json:"query"`
	Fragment  *string  `json:"fragment"`
	Warnings  []string `json:"warnings,omitempty"`
}

func defined(ok bool, s string) *string {
	if !ok {
		return nil
	}
	return &s
}

func newComponents(s string, u uri.URI) components {
	return components{
		URI:       s,
		Scheme:    defined(u.Scheme != "", u.Scheme),
		Authority: defined(u.HasAuthority, u.Authority()),
		Userinfo:  defined(u.HasUserinfo, u.Userinfo),
		Host:      defined(u.HasAuthority, u.Host),
		Port:      defined(u.HasPort, u.Port),
		Path:      u.Path,
		Query:     defined(u.HasQuery, u.Query),
		Fragment:  defined(u.HasFragment, u.Fragment),
	}
}

// warningStrings lists the breaches of u's scheme rules (RFC 1738) and
// the security concerns about u (RFC 3986 §7), as "code: message".
func warningStrings(u uri.URI) []string {
	var ws []string
	for _, w := range append(u.SchemeWarnings(), u.SecurityWarnings()...) {
		ws = append(ws, w.String())
	}
	return ws
}

func (e *env) parseCommand() *cli.Command {
	var iri, warnings bool
	return &cli.Command{
		Name:      "parse",
		Usage:     "split URI references into their components (RFC 3986 §3, Appendix A)",
		ArgsUsage: "URI...",
		Description: "Prints one JSON object per URI reference: scheme, authority (and its\n" +
			"userinfo, host and port), path, query and fragment exactly as written. An undefined component is\n" +
			"null, an empty one \"\": \"http://a/b?\" has query \"\", \"http://a/b\" null.\n" +
			"With --warnings, \"warnings\" lists the breaches of the scheme's own\n" +
			"rules (RFC 1738) and the security concerns of RFC 3986 §7 (octal or\n" +
			"hexadecimal IP hosts, a password in the userinfo, encoded NUL/CR/LF...).\n" +
			"An invalid reference is reported on stderr with the offset of the first\n" +
			"bad character, and the status is 1.\n\n" +
			"Examples:\n" +
			"  urix parse 'http://user@[fe80::1%25en0]:8080/p?q#f'\n" +
			"  urix parse 'http://a/b?' '//host' 'g;x=1/../y'\n" +
			"  urix parse -w 'http://www.bank.example@0x7f.1/'",
		Flags: []cli.Flag{
			iriFlag(&iri),
			&cli.BoolFlag{Name: "warnings", Aliases: []string{"w"}, Destination: &warnings, Usage: "add the scheme (RFC 1738) and security (RFC 3986 §7) warnings"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return withStatus(exitError, errors.New("parse: no URI given"))
			}
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			return e.eachArg(iri, c.Args().Slice(), func(s string, u uri.URI) (bool, error) {
				comp := newComponents(u.String(), u)
				if iri {
					comp.IRI = s
				}
				if warnings {
					comp.Warnings = warningStrings(u)
				}
				return true, enc.Encode(comp)
			})
		},
	}
}

func (e *env) resolveCommand() *cli.Command {
	var iri, nonStrict bool
	return &cli.Command{
		Name:      "resolve",
		Usage:     "resolve references against a base URI (RFC 3986 §5.2)",
		ArgsUsage: "BASE REF...",
		Description: "Prints the target URI of each REF resolved against BASE, one per line,\n" +
			"by the strict algorithm of §5.2.2 unless --non-strict is given, in which\n" +
			"case a reference whose scheme equals the base's is taken as relative\n" +
			"(\"http:g\" against \"http://a/b/c/d\" gives \"http://a/b/c/g\").\n\n" +
			"Examples:\n" +
			"  urix resolve http://a/b/c/d\\;p?q g ../g '?y' '#s' ../../../g\n" +
			"  urix resolve --non-strict http://a/b/c/d http:g",
		Flags: []cli.Flag{
			iriFlag(&iri),
			&cli.BoolFlag{Name: "non-strict", Destination: &nonStrict, Usage: "ignore a scheme equal to the base's (§5.2.2, for backward compatibility)"},
		},
		Action: func(c *cli.Context) error {
			resolve := uri.Resolve
			if nonStrict {
				resolve = uri.ResolveNonStrict
			}
			return e.printFromBase(c, iri, "resolve", "REF", resolve)
		},
	}
}

// printEach parses each of args, prints what f makes of it, one per line,
// and goes on past a bad argument, which it reports: the status is then 1.
func (e *env) printEach(iri bool, op string, args []string, f func(uri.URI) (uri.URI, error)) error {
	return e.eachArg(iri, args, func(_ string, u uri.URI) (bool, error) {
		r, err := f(u)
		if err != nil {
			e.errorf("%s: %v", op, err)
			return false, nil
		}
		fmt.Fprintln(e.stdout, r.String())
		return true, nil
	})
}

// printFromBase is printEach for the commands whose arguments are a BASE
// and then the references (named what) that f takes with it.
func (e *env) printFromBase(c *cli.Context, iri bool, op, what string, f func(base, u uri.URI) (uri.URI, error)) error {
	if c.NArg() < 2 {
		return withStatus(exitError, fmt.Errorf("%s: need a BASE and at least one %s", op, what))
	}
	b, err := e.absoluteBase(iri, c.Args().First())
	if err != nil {
		return err
	}
	return e.printEach(iri, op, c.Args().Tail(), func(u uri.URI) (uri.URI, error) {
		return f(b, u)
	})
}

// eachArg parses each of args and hands it, as written and parsed, to f,
// which reports its own failures and says whether it succeeded. It goes on
// past a bad argument or a failure, and the status is then 1; an error of
// f ends the loop.
func (e *env) eachArg(iri bool, args []string, f func(s string, u uri.URI) (ok bool, err error)) error {
	status := error(nil)
	for _, s := range args {
		u, ok := e.parseArg(iri, "", s)
		if ok {
			var err error
			if ok, err = f(s, u); err != nil {
				return err
			}
		}
		if !ok {
			status = errNone
		}
	}
	return status
}

func (e *env) normalizeCommand() *cli.Command {
	var iri bool
	return &cli.Command{
		Name:      "normalize",
		Usage:     "print URIs in normal form (RFC 3986 §6.2.2, §6.2.3)",
		ArgsUsage: "URI...",
		Description: "Lowercases scheme and host, uppercases percent-encoding hex digits,\n" +
			"decodes percent-encoded unreserved characters (never reserved ones),\n" +
			"removes dot segments, and applies the scheme rules: default ports\n" +
			"(http 80, https 443, ftp 21, ...) and empty ports dropped, an empty http\n" +
			"path becomes \"/\".\n\n" +
			"Examples:\n" +
			"  urix normalize 'HTTP://www.Example.COM:80/a/./b/../%7euser/%3f'",
		Flags: []cli.Flag{iriFlag(&iri)},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return withStatus(exitError, errors.New("normalize: no URI given"))
			}
			return e.printEach(iri, "normalize", c.Args().Slice(), func(u uri.URI) (uri.URI, error) {
				return u.Normalize(), nil
			})
		},
	}
}

func (e *env) relativeCommand() *cli.Command {
	var iri bool
	return &cli.Command{
		Name:      "relative",
		Usage:     "make the shortest reference to each TARGET from BASE (inverse of §5.2)",
		ArgsUsage: "BASE TARGET...",
		Description: "Prints, one per line, the shortest reference that resolves back to\n" +
			"TARGET from BASE: \"urix resolve BASE $(urix relative BASE T)\" gives T.\n\n" +
			"Examples:\n" +
			"  urix relative http://a/b/c/d http://a/b/c/g http://a/b/x/y http://b/z",
		Flags: []cli.Flag{iriFlag(&iri)},
		Action: func(c *cli.Context) error {
			return e.printFromBase(c, iri, "relative", "TARGET", uri.Relative)
		},
	}
}

func (e *env) equalCommand() *cli.Command {
	var iri, quiet bool
	return &cli.Command{
		Name:      "equal",
		Usage:     "tell whether two URIs are equivalent (RFC 3986 §6); status 0 if so, 1 if not",
		ArgsUsage: "A B",
		Description: "Compares A and B after the normalization of \"urix normalize\" and\n" +
			"prints the verdict with the normal forms; -q prints nothing.\n\n" +
			"Examples:\n" +
			"  urix equal 'HTTP://example.com:80/%7Efoo' 'http://example.com/~foo'\n" +
			"  urix equal -q http://a/b http://a/B || echo different",
		Flags: []cli.Flag{
			iriFlag(&iri),
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Destination: &quiet, Usage: "print nothing; only the exit status tells"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return withStatus(exitError, errors.New("equal: need exactly two URIs"))
			}
			a, okA := e.parseArg(iri, "", c.Args().Get(0))
			b, okB := e.parseArg(iri, "", c.Args().Get(1))
			if !okA || !okB {
				return errNone
			}
			eq := uri.Equal(a, b)
			if !quiet {
				na, nb := a.Normalize().String(), b.Normalize().String()
				if eq {
					fmt.Fprintf(e.stdout, "equivalent: %s\n", na)
				} else {
					fmt.Fprintf(e.stdout, "not equivalent:\n  %s\n  %s\n", na, nb)
				}
			}
			if !eq {
				return errNone
			}
			return nil
		},
	}
}
