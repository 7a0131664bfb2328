// Package attrurl finds the URLs written inside the values that HTML
// carries as text: the url() and src() functions, @import rules and
// image-set() candidates of a style sheet or style attribute (CSS Syntax
// Level 3 §4, CSS Images Level 4 §2.2), the image candidates of a srcset
// (HTML Living Standard §4.8.4.3.10) and the URL of a meta refresh (HTML
// Living Standard §4.2.5.3). It gives each URL's span in the value it
// read, so that a caller maps it back to the page and can rewrite it in
// place (EscapeCSS).
package attrurl
