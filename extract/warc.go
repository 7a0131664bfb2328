package extract

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urix/urix/base"
)

// init puts scanWARC in the scanners table, which the WARC scanner reads
// the bodies of its records through: set in the table's literal, it
// would be an initialization cycle.
func init() { scanners[WARC] = scanWARC }

// MaxRecordSize is the largest WARC record block, and the largest HTTP
// body once its Transfer- and Content-Encoding are undone, that Links
// reads in WARC input; a larger one is an *Error wrapping
// ErrRecordTooLarge for that record, which is skipped (a decompression
// bomb among them), and the scan goes on with the next.
const MaxRecordSize = 64 << 20

var (
	// ErrWARC is wrapped by the *Error about a WARC record that is
	// malformed or cut short (ISO 28500:2017 §4: a version line "WARC/1.x",
	// header fields, a Content-Length and that many bytes, two CRLF);
	// the scan goes on with the next record found after its start.
	ErrWARC = errors.New("malformed WARC record")
	// ErrRecordTooLarge is wrapped by the *Error about a record over
	// MaxRecordSize bytes, before or after decoding.
	ErrRecordTooLarge = errors.New("WARC record too large")
	// ErrContentEncoding is wrapped by the *Error about an HTTP body
	// whose Content-Encoding cannot be undone: unknown (not gzip, x-gzip,
	// deflate or br), or corrupt.
	ErrContentEncoding = errors.New("undecodable Content-Encoding")
)

// errLineTooLong is the error of a header line over the bound a window's
// line is read with.
var errLineTooLong = errors.New("header line too long")

// maxWARCHeader bounds a WARC record's header section, and an HTTP one.
const maxWARCHeader = 1 << 20

// warcRecord is one record: its header fields (names in canonical form as
// textproto gives them: "Warc-Type") and its block.
type warcRecord struct {
	offset    int64 // of the record in the file (see scanWARC)
	blockAt   int64 // offset in the file of the block (offset + header length)
	typ       string
	header    map[string]string
	block     []byte // nil when the record is not read
	blockSize int64
	digestErr error // the block does not hash to its WARC-Block-Digest
}

// get returns the value of the header field name (lower-case, as the
// header holds names), "" when absent.
func (r *warcRecord) get(name string) string { return r.header[name] }

// warcScanner reads the records of a WARC file (ISO 28500:2017, WARC 1.0
// and 1.1) and scans those asked for.
type warcScanner struct {
	src   *source
	yield func(Link, error) bool
	types map[string]bool // the record types read
}

// scanWARC is the contentScanner of WARC files: uncompressed, one gzip
// member per record as the standard has it (Annex D), or any other
// sequence of gzip members, a whole file in one included. It reads the
// records of the types Options.WARCRecords names ("response" and
// "resource" by default) and scans each as scanRecord describes.
//
// Offsets: a record's offset is where it starts in the file; in a gzip
// file, where its gzip member starts (the offset a CDX index gives, which
// a reader seeks to), plus its offset in the decompressed member for a
// record that does not start one (in a whole-file gzip). Each link says
// its record's offset (Link.WARCOffset), and its Offset is that plus its
// position in the record: in the header section for an HTTP header link,
// else the start of the body plus its position in the body as scanned
// (decoded, in UTF-8). In an uncompressed file, a link in a body without
// Transfer- or Content-Encoding, in UTF-8, is at Offset in the file.
func scanWARC(r io.Reader, src *source, yield func(Link, error) bool) bool {
	w := &warcScanner{src: src, yield: yield, types: map[string]bool{"response": true, "resource": true}}
	if len(src.opts.WARCRecords) > 0 {
		w.types = map[string]bool{}
		for _, t := range src.opts.WARCRecords {
			w.types[strings.ToLower(t)] = true
		}
	}
	in := newWindow(r)
	if c, ok := in.peek(); ok && c == 0x1f {
		return w.members(in)
	}
	if !w.records(in, 0) {
		return false
	}
	return in.err == io.EOF || w.readError(in.err)
}

// members reads the gzip members (RFC 1952) of in one after another,
// each holding records (ISO 28500:2017 Annex D: one a record). A member
// that cannot be decompressed is reported and the next one is searched
// for from the byte after its start.
func (w *warcScanner) members(in *window) bool {
	var zr gzip.Reader
	d := newWindow(nil) // the records of each member in turn
	for {
		if _, ok := in.peek(); !ok {
			return in.err == io.EOF || w.readError(in.err)
		}
		in.setMark()
		at := in.pos()
		err := zr.Reset(in)
		if err == nil {
			zr.Multistream(false)
			var ok bool
			if ok, err = w.member(&zr, d, at); !ok {
				return false
			}
		}
		if err == nil {
			continue
		}
		if !w.fail(at, fmt.Errorf("%w: gzip member: %v", ErrWARC, err)) {
			return false
		}
		if !in.rewind() {
			in.discard(1)
		}
		if !in.find([]byte{0x1f, 0x8b, 0x08}) {
			return true
		}
	}
}

// member reads the records of one gzip member, which starts at offset at
// in the file, through d; the error is the member's own (corrupt data, a bad
// checksum, cut short).
func (w *warcScanner) member(zr *gzip.Reader, d *window, at int64) (bool, error) {
	d.reset(zr)
	ok := w.records(d, at)
	if d.err != nil && d.err != io.EOF {
		return ok, d.err
	}
	// Read to the member's end, for its checksum.
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return ok, err
	}
	return ok, nil
}

// records reads the records in in, whose offset 0 is at base in the file.
func (w *warcScanner) records(in *window, base int64) bool {
	for {
		// Blank lines between records, as writers leave them.
		for {
			c, ok := in.peek()
			if !ok {
				return true
			}
			if c != '\r' && c != '\n' {
				break
			}
			in.discard(1)
		}
		in.setMark()
		rec, err := readRecord(in, base, w.types)
		if err != nil {
			if in.err != nil && in.err != io.EOF {
				return true // a read error, or the gzip member's: the caller's
			}
			if !w.fail(rec.offset, err) {
				return false
			}
			// The next record may start inside this one, cut short,
			// not at the start of a line.
			in.rewind()
			if !in.find([]byte("WARC/1.")) {
				return true
			}
			continue
		}
		if rec.digestErr != nil && !w.fail(rec.offset, rec.digestErr) {
			return false
		}
		if rec.block != nil && !w.scanRecord(rec) {
			return false
		}
	}
}

// readRecord reads the record at in, whose offset 0 is at base in the
// file, with its block if its type is one of types (ISO 28500:2017 §4: a
// version line, the named fields of §5 up to an empty line, a block of
// Content-Length bytes, §5.2, and CRLF CRLF).
func readRecord(in *window, base int64, types map[string]bool) (*warcRecord, error) {
	rec := &warcRecord{offset: base + in.pos(), header: map[string]string{}}
	fail := func(format string, args ...any) (*warcRecord, error) {
		return rec, fmt.Errorf("%w: "+format, append([]any{ErrWARC}, args...)...)
	}
	line, err := in.line(maxWARCHeader)
	if err != nil && err != io.EOF {
		return fail("%v", err)
	}
	if !bytes.HasPrefix(line, []byte("WARC/1.")) {
		return fail("no WARC/1.x version line: %q", truncate(line, 40))
	}
	size := len(line)
	for {
		line, err := in.line(maxWARCHeader - size)
		if err != nil {
			return fail("header section cut short: %v", err)
		}
		size += len(line)
		if len(line) == 0 {
			break
		}
		if (line[0] == ' ' || line[0] == '\t') && len(rec.header) > 0 {
			continue // folded lines are not used by the fields read here
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return fail("header line without a colon: %q", truncate(line, 40))
		}
		rec.header[strings.ToLower(string(bytes.TrimSpace(name)))] = string(bytes.TrimSpace(value))
	}
	rec.typ = strings.ToLower(rec.get("warc-type"))
	rec.blockAt = base + in.pos()
	n, err := strconv.ParseInt(rec.get("content-length"), 10, 64)
	if err != nil || n < 0 {
		return fail("invalid Content-Length %q", rec.get("content-length"))
	}
	rec.blockSize = n
	// The digest is checked as the block goes by, read or skipped.
	digest := newBlockDigest(rec.get("warc-block-digest"))
	var hashed io.Writer
	if digest != nil {
		hashed = digest
	}
	if !types[rec.typ] || n > MaxRecordSize {
		if in.copyTo(hashed, n) < n {
			return fail("cut short: %d of %d bytes", in.pos()-(rec.blockAt-base), n)
		}
	} else {
		// Grown as the bytes come, not as Content-Length says.
		var b bytes.Buffer
		b.Grow(int(min(n, 64<<10)))
		var block io.Writer = &b
		if digest != nil {
			block = io.MultiWriter(&b, digest)
		}
		if k := in.copyTo(block, n); k < n {
			return fail("cut short: %d of %d bytes", k, n)
		}
		rec.block = b.Bytes()
	}
	// The two CRLF after the block tell that Content-Length was right.
	for range 2 {
		if line, err := in.line(2); err != nil || len(line) != 0 {
			return fail("no CRLF CRLF after the %d bytes of Content-Length", n)
		}
	}
	if types[rec.typ] && n > MaxRecordSize {
		return rec, fmt.Errorf("%w: %d bytes, over %d, skipped", ErrRecordTooLarge, n, MaxRecordSize)
	}
	if digest != nil {
		rec.digestErr = digest.check(rec.get("warc-record-id"), rec.typ)
	}
	return rec, nil
}

// truncate returns at most the first n bytes of b, for error messages.
func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// fail yields the *Error about the record at offset at.
func (w *warcScanner) fail(at int64, err error) bool {
	return w.yield(Link{}, &Error{File: w.src.name, Offset: at, Err: err})
}

// readError yields a read error of the input, which ends the scan.
func (w *warcScanner) readError(err error) bool {
	w.yield(Link{}, &Error{File: w.src.name, Offset: -1, Err: err})
	return false
}

// recordSource returns the source of the links of rec, its base the
// record's WARC-Target-URI (ISO 28500:2017 §5.13; RFC 3986 §5.1.3: the
// retrieval URI), without the angle brackets WARC 1.0's grammar put
// around it and wget still writes, else the default base; and the
// target. The target is the retrieval URI as the user's --base would be
// (Options.Base): a saved-from comment in the page (savedSource) does
// not replace it.
func (w *warcScanner) recordSource(rec *warcRecord) (*source, string) {
	s := *w.src
	target := rec.get("warc-target-uri")
	if len(target) >= 2 && target[0] == '<' && target[len(target)-1] == '>' {
		target = target[1 : len(target)-1]
	}
	s.base = base.Base{}
	if target != "" {
		b, err := base.Parse(target, base.Retrieval)
		if err == nil {
			s.base = b
			opts := *s.opts
			opts.Base = target
			s.opts = &opts
		} else {
			s.warnings = append(s.warnings[:len(s.warnings):len(s.warnings)], "warc-target: WARC-Target-URI not used as a base: "+err.Error())
		}
	}
	if s.base.IsZero() && s.opts.Default != "" {
		s.base, _ = base.Parse(s.opts.Default, base.Default)
	}
	return &s, target
}

// recordYield returns the yield of the links found at offset at in the
// file, in rec, whose target is target: it adds what they say about the
// record (Link.WARCRecord, ...) and turns their offsets in the content
// scanned into offsets in the file.
func (w *warcScanner) recordYield(rec *warcRecord, target string, at int64) func(Link, error) bool {
	id, date := rec.get("warc-record-id"), rec.get("warc-date")
	return func(l Link, err error) bool {
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Offset >= 0 {
				e.Offset += at
			}
			return w.yield(l, err)
		}
		l.WARCRecord, l.WARCTarget, l.WARCDate, l.WARCOffset = id, target, date, rec.offset
		l.Offset += at
		return w.yield(l, nil)
	}
}

// isWARCName reports whether name ends in .warc or .warc.gz.
func isWARCName(name string) bool {
	name = strings.ToLower(name)
	return strings.HasSuffix(name, ".warc") || strings.HasSuffix(name, ".warc.gz")
}

// isWARCStart reports whether head starts a WARC file: "WARC/1.", in
// the clear or in a gzip member.
func isWARCStart(head []byte) bool {
	magic := []byte("WARC/1.")
	if len(head) > 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(head))
		if err != nil {
			return false
		}
		got := make([]byte, len(magic))
		n, _ := io.ReadFull(zr, got)
		return bytes.Equal(got[:n], magic)
	}
	return bytes.HasPrefix(head, magic)
}
