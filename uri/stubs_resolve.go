package uri

// Resolve resolves ref against base per RFC 3986 §5.2 (strict).
func Resolve(base, ref URI) (URI, error) { panic("not implemented yet") }

// ResolveNonStrict is Resolve with the non-strict rule of §5.2.2.
func ResolveNonStrict(base, ref URI) (URI, error) { panic("not implemented yet") }

// Relative returns the shortest reference that resolves to target from base.
func Relative(base, target URI) (URI, error) { panic("not implemented yet") }

// Normalize returns u in the normal form of RFC 3986 §6.2.2 and §6.2.3.
func (u URI) Normalize() URI { panic("not implemented yet") }

// Equal reports whether a and b are equivalent per RFC 3986 §6.
func Equal(a, b URI) bool { panic("not implemented yet") }
