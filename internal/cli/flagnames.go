package cli

import "github.com/urfave/cli/v2"

// cli v2's flags make their names at every Names call, with a regexp
// replace for each name (cli.FlagNames strips what follows a comma or a
// space, v1's "name, n" form), and cli asks for them in a loop quadratic in
// the number of options: before it runs a command, it asks IsSet of each
// option, which walks all the options' names for one that is not set.
// That was 3,135 regexp calls, 10.5 M of the 17.7 M instructions of a
// one-line "urix" scan. The types here are cli's flags with their names
// made once; urix's names hold no comma or space (TestFlagNamesCached), so
// they are the names cli would make.

type boolFlag struct {
	*cli.BoolFlag
	names []string
}

type stringFlag struct {
	*cli.StringFlag
	names []string
}

type stringSliceFlag struct {
	*cli.StringSliceFlag
	names []string
}

type intFlag struct {
	*cli.IntFlag
	names []string
}

type genericFlag struct {
	*cli.GenericFlag
	names []string
}

func (f *boolFlag) Names() []string        { return f.names }
func (f *stringFlag) Names() []string      { return f.names }
func (f *stringSliceFlag) Names() []string { return f.names }
func (f *intFlag) Names() []string         { return f.names }
func (f *genericFlag) Names() []string     { return f.names }

func (f *boolFlag) plain() cli.Flag        { return f.BoolFlag }
func (f *stringFlag) plain() cli.Flag      { return f.StringFlag }
func (f *stringSliceFlag) plain() cli.Flag { return f.StringSliceFlag }
func (f *intFlag) plain() cli.Flag         { return f.IntFlag }
func (f *genericFlag) plain() cli.Flag     { return f.GenericFlag }

// plain returns the cli flag that f wraps, f itself when it wraps none:
// what urix's type switches on cli's flag types look at.
func plain(f cli.Flag) cli.Flag {
	if w, ok := f.(interface{ plain() cli.Flag }); ok {
		return w.plain()
	}
	return f
}

// namesOnce replaces each flag of flags by its wrapper above, in place, and
// returns flags. A kind of flag urix does not use is left as it is.
func namesOnce(flags []cli.Flag) []cli.Flag {
	for i, f := range flags {
		flags[i] = nameOnce(f)
	}
	return flags
}

// nameOnce returns f wrapped, its names made once. The names slice is
// full (len == cap), so that a caller's append copies it.
func nameOnce(f cli.Flag) cli.Flag {
	names := func(name string, aliases []string) []string {
		n := make([]string, 0, 1+len(aliases))
		return append(append(n, name), aliases...)
	}
	switch f := f.(type) {
	case *cli.BoolFlag:
		return &boolFlag{f, names(f.Name, f.Aliases)}
	case *cli.StringFlag:
		return &stringFlag{f, names(f.Name, f.Aliases)}
	case *cli.StringSliceFlag:
		return &stringSliceFlag{f, names(f.Name, f.Aliases)}
	case *cli.IntFlag:
		return &intFlag{f, names(f.Name, f.Aliases)}
	case *cli.GenericFlag:
		return &genericFlag{f, names(f.Name, f.Aliases)}
	}
	return f
}
