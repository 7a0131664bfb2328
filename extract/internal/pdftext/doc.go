// Package pdftext reads the text a PDF page shows, for the URIs written
// in it as text: the strings of its content stream (ISO 32000-1 §7.8.2,
// §9.4) decoded through each font's ToUnicode CMap (§9.10.3), one line
// where the text moves down, with a URI the writer wrapped over two lines
// put together again; and the rectangles of link annotations (§12.5.2),
// to tell the pieces of one link wrapped over lines. It reads the
// document's objects with package pdfobj.
package pdftext
