package extract

// Style is how a link is written (Link.Style): one of the forms of RFC 3986
// Appendix C that package delimit finds, or an HTML attribute or CSS value.
type Style string

// The styles of Link.Style.
const (
	StyleBare        Style = "bare"        // no delimiters: "see http://a.example/."
	StyleAngle       Style = "angle"       // <http://a.example/>
	StyleAngleURL    Style = "angle-url"   // <URL:http://a.example/>
	StyleQuoted      Style = "quoted"      // "http://a.example/"
	StyleAbbreviated Style = "abbreviated" // www.a.example, a scheme added
	StyleTemplate    Style = "template"    // https://a.example/users/{user}: a URI template (RFC 6570) or a URI with placeholders, as written
	StyleHTML        Style = "html"        // an HTML attribute value or a CSS url()
	StyleMarkup      Style = "markup"      // a link destination of Markdown, AsciiDoc or reStructuredText
)

// Context is the kind of content a link is found in (Link.Context).
type Context string

// The contexts of Link.Context.
const (
	ContextText     Context = "text"      // plain text, a text part of a message
	ContextHTML     Context = "html"      // an HTML attribute
	ContextHTMLText Context = "html-text" // the text of an HTML page
	ContextCSS      Context = "css"       // a style element or attribute
	ContextHeader   Context = "header"    // a mail header field

	ContextMarkdown     Context = "markdown"      // a Markdown link, image, autolink or reference definition
	ContextMarkdownText Context = "markdown-text" // the prose of a Markdown document
	ContextMarkdownCode Context = "markdown-code" // a Markdown code span or code block (Options.Code)
	ContextAsciiDoc     Context = "asciidoc"      // an AsciiDoc link or image macro
	ContextAsciiDocText Context = "asciidoc-text" // the prose of an AsciiDoc document
	ContextRST          Context = "rst"           // a reStructuredText hyperlink, target or directive
	ContextRSTText      Context = "rst-text"      // the prose of a reStructuredText document
	ContextOffice       Context = "office"        // an Office relationship or OpenDocument xlink:href
	ContextOfficeText   Context = "office-text"   // the text of an Office or OpenDocument file
	ContextEPUB         Context = "epub"          // a link of an EPUB document to a document of the same book
	ContextPDF          Context = "pdf"           // the URI action of a PDF link annotation
	ContextPDFText      Context = "pdf-text"      // the text of a PDF page
)
