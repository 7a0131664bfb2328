package extract

import (
	"fmt"
	"math"
)

// The limits of what Links and Rewrite read of one input, so that memory
// and time stay bounded whatever the input: past one, an error names the
// limit and its value in force, and the scan goes on with the next
// message, record, entry or input.
//
// They are all variables of one kind, int64 byte counts, not Options
// fields: they guard the process, not the output, so a program sets them
// once for all its scans (a test, a server that takes less, a batch job
// that takes more). Change them only before scanning: a scan reads them
// as it goes. They must be positive. MaxHTMLSize and MaxMessageSize count
// up to 2 GiB - 1 (math.MaxInt32): offsets within a page or message are
// held in 32 bits; a larger value counts as that.
var (
	// MaxDocumentSize is the largest Markdown, AsciiDoc,
	// reStructuredText, PDF, Office or EPUB file Links reads: each is held
	// in memory whole (a PDF and a zip container are read from their end,
	// a Markdown reference definition applies before it too). A larger
	// one is an error wrapping ErrDocumentTooLarge for that input.
	MaxDocumentSize int64 = 256 << 20

	// MaxHTMLSize is the largest HTML document Links and Rewrite read
	// (an error wrapping ErrTooLarge past it): a page is held in memory
	// whole, because its <base href> applies to the links before it too
	// (HTML Living Standard §4.2.3). Its links are handed out as they are
	// found, never collected, so that reading a page takes at most about 5
	// times its size (the page, a value decoded, the tokenizer copies
	// nothing) whatever its shape but one: a tag of very many attributes,
	// whose names the tokenizer hashes to tell duplicates, about 9 times
	// the tag. A page of at most maxTreeSize (1 MiB) whose base the
	// tokenizer cannot settle (see page.settled) is also parsed into a
	// tree once: about 25 times its size for a real page, and up to about
	// 125 for a hostile one (the parser copies the open formatting
	// elements into each new paragraph), so at most about 130 MB.
	MaxHTMLSize int64 = 64 << 20

	// MaxMessageSize is the largest message Links reads in mail and mbox
	// input; a larger one is reported with ErrMessageTooLarge and skipped,
	// so that memory stays bounded whatever the input.
	MaxMessageSize int64 = 32 << 20

	// MaxRecordSize is the largest WARC record block, and the largest
	// HTTP body once its Transfer- and Content-Encoding are undone, that
	// Links reads in WARC input; a larger one is an *Error wrapping
	// ErrRecordTooLarge for that record, which is skipped (a decompression
	// bomb among them), and the scan goes on with the next.
	MaxRecordSize int64 = 64 << 20

	// MaxZipEntrySize is the most bytes read from one entry of a zip
	// container (Office documents, OpenDocument, EPUB), decompressed, and
	// the most the content streams of one PDF page decode to, added up
	// (ErrPDFContentTooLarge): a zip or flate bomb is an error for its
	// entry or page, not the end of memory or time.
	MaxZipEntrySize int64 = 64 << 20

	// MaxZipSize is the most bytes read from all the entries of one zip
	// container, decompressed (see also zipRatio).
	MaxZipSize int64 = 256 << 20
)

// maxHTML is MaxHTMLSize as it counts: an int, within 32 bits.
func maxHTML() int { return limit32(MaxHTMLSize) }

// maxMessage is MaxMessageSize as it counts: an int, within 32 bits.
func maxMessage() int { return limit32(MaxMessageSize) }

func limit32(n int64) int { return int(max(0, min(n, math.MaxInt32))) }

// overLimit is the error err, about the limit name, with its value n:
// "document larger than the limit (MaxDocumentSize, 256 MiB)".
func overLimit(err error, name string, n int64) error {
	return fmt.Errorf("%w (%s, %s)", err, name, sizeText(n))
}

// sizeText writes n bytes in MiB or KiB when it is a whole number of
// them, in bytes otherwise.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
