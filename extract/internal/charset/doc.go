// Package charset tells the character encoding of text that arrives as
// bytes, and converts it to UTF-8 with a map back to the bytes: the
// charset of a MIME part (RFC 2046 §4.1.2, RFC 2047 encoded words in
// header fields), an HTML document's own declaration (HTML Living
// Standard §13.2.3, the prescan, and a <meta> later in the head), a
// detector for legacy encodings when nothing is declared, and the
// encoding a document writes its URLs' queries in (WHATWG Encoding
// Standard §4.3), and whether a document is UTF-16 without a byte order
// mark (UTF16Order). Labels are read as the WHATWG Encoding Standard's,
// then IANA's.
package charset
