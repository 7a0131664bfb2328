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
	"github.com/urix/urix/extract/internal/warcrec"
)

var (
	// ErrWARC is wrapped by the *Error about a WARC record that is
	// malformed or cut short (ISO 28500:2017 §4: a version line "WARC/1.x",
	// header fields, a Content-Length and that many bytes, two CRLF);
	// the scan goes on with the next record found in it or after it. The
	// records tried until one is read are one damaged region, one *Error
	// at the region's start, given when it ends (see warcScanner.damaged).
	ErrWARC = errors.New("malformed WARC record")
	// ErrRecordTooLarge is wrapped by the *Error about a record over
	// MaxRecordSize bytes, before or after decoding.
	ErrRecordTooLarge = errors.New("WARC record too large")
	// ErrContentEncoding is wrapped by the *Error about an HTTP body
	// whose Content-Encoding cannot be undone: unknown (not gzip, x-gzip,
	// deflate or br), or corrupt.
	ErrContentEncoding = errors.New("undecodable Content-Encoding")
	// ErrDigest is wrapped by the *Error about a WARC record whose block
	// does not hash to its WARC-Block-Digest (ISO 28500:2017 §5.8):
	// damaged in storage or in transfer. The record is scanned all the
	// same, and the scan goes on.
	ErrDigest = warcrec.ErrDigest
)

// maxWARCHeader bounds a WARC record's header section, and an HTTP one.
const maxWARCHeader = 1 << 20

// maxVersionLine bounds the version line of a WARC record ("WARC/1.1"),
// so that a record tried at a "WARC/1." in the middle of a long line
// costs no more than this.
const maxVersionLine = 32

// warcRecord is one record: its header fields (names in canonical form as
// textproto gives them: "Warc-Type") and its block.
type warcRecord struct {
	offset    int64 // of the record in the file (see scanWARC)
	blockAt   int64 // offset in the file of the block (offset + header length)
	typ       string
	header    map[string]string
	block     []byte // nil when the record is not read
	blockSize int64
	err       error // of a record read whole: too large, or not the block its WARC-Block-Digest says
	// resume is where, in the window it is read from, the next record is
	// searched for when this one is malformed: the line of its header
	// section where it went wrong, else its block, where the next one may
	// start (this one cut short), but not before, where the search would
	// try again what was read as this record's, in quadratic time.
	resume int64
}

// get returns the value of the header field name (lower-case, as the
// header holds names), "" when absent.
func (r *warcRecord) get(name string) string { return r.header[name] }

// target returns the record's WARC-Target-URI without the angle brackets
// WARC 1.0's grammar put around it and wget still writes.
func (r *warcRecord) target() string {
	t := r.get("warc-target-uri")
	if len(t) >= 2 && t[0] == '<' && t[len(t)-1] == '>' {
		t = t[1 : len(t)-1]
	}
	return t
}

// warcScanner reads the records of a WARC file (ISO 28500:2017, WARC 1.0
// and 1.1) and scans those asked for.
type warcScanner struct {
	src    *source
	yield  func(Link, error) bool
	work   int             // of the windows read and WAT header fields looked at, for the tests (see warcrec.Window.Work)
	types  map[string]bool // the record types read
	damage *Error          // the first error of the damaged region read, not yet given
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
	return newWARCScanner(src, yield).scan(r)
}

// newWARCScanner returns the scanner of WARC input for src.
func newWARCScanner(src *source, yield func(Link, error) bool) *warcScanner {
	w := &warcScanner{src: src, yield: yield, types: map[string]bool{"response": true, "resource": true, typeWAT: true}}
	if len(src.opts.WARCRecords) > 0 {
		w.types = map[string]bool{}
		for _, t := range src.opts.WARCRecords {
			w.types[strings.ToLower(t)] = true
		}
	}
	return w
}

// scan reads the WARC file r, as scanWARC says.
func (w *warcScanner) scan(r io.Reader) bool {
	in := warcrec.NewWindow(r)
	defer func() { w.work += in.Work }()
	if c, ok := in.Peek(); ok && c == 0x1f {
		if !w.members(in) {
			return false
		}
	} else if !w.records(in, 0) {
		return false
	}
	if !w.repaired(-1) {
		return false
	}
	return in.Err() == io.EOF || w.readError(in.Err())
}

// members reads the gzip members (RFC 1952) of in one after another,
// each holding records (ISO 28500:2017 Annex D: one a record). A member
// that cannot be decompressed is damage (see damaged) and the next one is
// searched for from the byte after its start.
func (w *warcScanner) members(in *warcrec.Window) bool {
	var zr gzip.Reader
	d := warcrec.NewWindow(nil) // the records of each member in turn
	defer func() { w.work += d.Work }()
	for {
		if _, ok := in.Peek(); !ok {
			return true
		}
		in.SetMark()
		at := in.Pos()
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
		w.damaged(at, fmt.Errorf("%w: gzip member: %v", ErrWARC, err))
		if !in.RewindTo(at + 1) {
			in.Discard(1)
		}
		if !in.Find([]byte{0x1f, 0x8b, 0x08}) {
			return true
		}
	}
}

// member reads the records of one gzip member, which starts at offset at
// in the file, through d; the error is the member's own (corrupt data, a bad
// checksum, cut short).
func (w *warcScanner) member(zr *gzip.Reader, d *warcrec.Window, at int64) (bool, error) {
	d.Reset(zr)
	ok := w.records(d, at)
	if d.Err() != nil && d.Err() != io.EOF {
		return ok, d.Err()
	}
	// Read to the member's end, for its checksum.
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return ok, err
	}
	return ok, nil
}

// records reads the records in in, whose offset 0 is at base in the file.
func (w *warcScanner) records(in *warcrec.Window, base int64) bool {
	for {
		// Blank lines between records, as writers leave them.
		for {
			c, ok := in.Peek()
			if !ok {
				return true
			}
			if c != '\r' && c != '\n' {
				break
			}
			in.Discard(1)
		}
		rec, err := readRecord(in, base, w.types)
		if err != nil {
			if in.Err() != nil && in.Err() != io.EOF {
				return true // a read error, or the gzip member's: the caller's
			}
			w.damaged(rec.offset, err)
			// The next record may start inside this one, cut short,
			// not at the start of a line.
			if !in.RewindTo(rec.resume) {
				in.Discard(1) // kept no longer: on from here
			}
			if !in.Find([]byte("WARC/1.")) {
				return true
			}
			continue
		}
		if !w.repaired(rec.offset) {
			return false
		}
		if rec.err != nil && !w.fail(rec, rec.err) {
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
// Content-Length bytes, §5.2, and CRLF CRLF). It marks in at the record's
// start, for its caller to go back to rec.resume when it is malformed.
func readRecord(in *warcrec.Window, base int64, types map[string]bool) (*warcRecord, error) {
	in.SetMark()
	start := in.Pos()
	rec := &warcRecord{offset: base + start, header: map[string]string{}}
	if err := readWARCHeader(in, rec); err != nil {
		return rec, err
	}
	rec.typ = strings.ToLower(rec.get("warc-type"))
	rec.blockAt = base + in.Pos()
	rec.resume = in.Pos()
	n, err := strconv.ParseInt(rec.get("content-length"), 10, 64)
	if err != nil || n < 0 {
		return rec, fmt.Errorf("%w: invalid Content-Length %q", ErrWARC, rec.get("content-length"))
	}
	rec.blockSize = n
	if end, ok := in.End(); ok && in.Pos()+n > end {
		// Known to run past the end: not read again for each record
		// found inside it that does too.
		return rec, fmt.Errorf("%w: cut short: %d of %d bytes", ErrWARC, end-in.Pos(), n)
	}
	read := wants(types, rec)
	if err := readBlock(in, rec, start, read); err != nil {
		return rec, err
	}
	if read && n > MaxRecordSize {
		rec.err = fmt.Errorf("%w: %d bytes, over %d, skipped", ErrRecordTooLarge, n, MaxRecordSize)
	}
	return rec, nil
}

// readWARCHeader reads the version line and header fields of rec, from
// the mark of in on, into rec.header.
func readWARCHeader(in *warcrec.Window, rec *warcRecord) error {
	start := in.Pos()
	rec.resume = start + 1
	line, err := in.Line(maxVersionLine)
	if err != nil && err != io.EOF || !isVersionLine(line) {
		head := in.Kept(start, int(min(in.Pos()-start, 40)))
		return fmt.Errorf("%w: no WARC/1.x version line: %q", ErrWARC, head)
	}
	size := len(line)
	for {
		rec.resume = in.Pos()
		line, err := in.Line(maxWARCHeader - size)
		if err != nil {
			return fmt.Errorf("%w: header section cut short: %v", ErrWARC, err)
		}
		size += len(line)
		if len(line) == 0 {
			return nil
		}
		if (line[0] == ' ' || line[0] == '\t') && len(rec.header) > 0 {
			continue // folded lines are not used by the fields read here
		}
		if k := bytes.Index(line, []byte("WARC/1.")); k > 0 && isVersionLine(line[k:]) {
			// This record cut short in its header section, and the next
			// one written after it: not its fields.
			rec.resume += int64(k)
			return fmt.Errorf("%w: header section cut short by a version line: %q", ErrWARC, truncate(line, 40))
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return fmt.Errorf("%w: header line without a colon: %q", ErrWARC, truncate(line, 40))
		}
		rec.header[strings.ToLower(string(bytes.TrimSpace(name)))] = string(bytes.TrimSpace(value))
	}
}

// isVersionLine reports whether line is a WARC version line: "WARC/1."
// and digits (ISO 28500:2017 §4: "WARC/" 1*DIGIT "." 1*DIGIT), white
// space after them let pass.
func isVersionLine(line []byte) bool {
	minor, ok := bytes.CutPrefix(line, []byte("WARC/1."))
	minor = bytes.TrimRight(minor, " \t")
	if !ok || len(minor) == 0 {
		return false
	}
	for _, c := range minor {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

// readBlock reads the block of rec, whose record starts at offset start
// in in, and the CRLF CRLF after it, checking its digest; into rec.block
// if read. A block that fits in what the window keeps from the record's
// start is skipped first and copied and hashed once it is known to end
// where the CRLF CRLF are: a record that turns out malformed costs no
// copy, nor a hash, of what the records found inside it read again.
func readBlock(in *warcrec.Window, rec *warcRecord, start int64, read bool) error {
	n := rec.blockSize
	read = read && n <= MaxRecordSize
	digest := warcrec.NewDigest(rec.get("warc-block-digest"))
	at := in.Pos()
	kept := at-start+n+4 <= warcrec.WindowKeep
	var b bytes.Buffer
	var to io.Writer // where the bytes go as they are read
	switch {
	case kept:
	case read:
		// Grown as the bytes come, not as Content-Length says.
		b.Grow(64 << 10)
		to = &b
		if digest != nil {
			to = io.MultiWriter(&b, digest)
		}
	case digest != nil:
		to = digest
	}
	if k := in.CopyTo(to, n); k < n {
		return fmt.Errorf("%w: cut short: %d of %d bytes", ErrWARC, k, n)
	}
	// The two CRLF after the block tell that Content-Length was right.
	for range 2 {
		if line, err := in.Line(0); err != nil || len(line) != 0 {
			return fmt.Errorf("%w: no CRLF CRLF after the %d bytes of Content-Length", ErrWARC, n)
		}
	}
	switch {
	case kept:
		block := in.Kept(at, int(n))
		in.Work += len(block)
		if digest != nil {
			digest.Write(block)
		}
		if read {
			rec.block = bytes.Clone(block)
		}
	case read:
		rec.block = b.Bytes()
	}
	if digest != nil {
		rec.err = digest.Check(rec.typ)
	}
	return nil
}

// truncate returns at most the first n bytes of b, for error messages.
func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// fail yields the *Error about rec, at its offset, naming it.
func (w *warcScanner) fail(rec *warcRecord, err error) bool {
	return w.yield(Link{}, &Error{File: w.src.name, Offset: rec.offset, WARCRecord: rec.get("warc-record-id"), WARCTarget: rec.target(), Err: err})
}

// damaged notes err, about the malformed record or gzip member at offset
// at. The records and members tried after it until one is read are one
// damaged region, whose first error repaired gives when it ends: one
// error each would be one every 8 bytes of a file of "WARC/1.x" repeated.
func (w *warcScanner) damaged(at int64, err error) {
	if w.damage == nil {
		w.damage = &Error{File: w.src.name, Offset: at, Err: err}
	}
}

// repaired yields the error of the damaged region read, if any, saying
// where it ends: at the record at offset at, or, for at -1, at the end.
func (w *warcScanner) repaired(at int64) bool {
	e := w.damage
	if e == nil {
		return true
	}
	w.damage = nil
	if at < 0 {
		e.Err = fmt.Errorf("%w; no record read after it", e.Err)
	} else {
		e.Err = fmt.Errorf("%w; the next record read is at offset %d", e.Err, at)
	}
	return w.yield(Link{}, e)
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
	target := rec.target()
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
// scanned into offsets in the file; an error gets the record's ID and
// target too, and the record's offset where its own is unknown.
func (w *warcScanner) recordYield(rec *warcRecord, target string, at int64) func(Link, error) bool {
	id, date := rec.get("warc-record-id"), rec.get("warc-date")
	return func(l Link, err error) bool {
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				if e.Offset >= 0 {
					e.Offset += at
				} else {
					e.Offset = rec.offset // somewhere in the record
				}
				if e.WARCRecord == "" && e.WARCTarget == "" {
					e.WARCRecord, e.WARCTarget = id, target
				}
			}
			return w.yield(l, err)
		}
		l.WARCRecord, l.WARCTarget, l.WARCDate, l.WARCOffset = id, target, date, rec.offset
		l.Offset += at
		return w.yield(l, nil)
	}
}

// isWARCName reports whether name ends in .warc or .warc.gz, or names a
// WAT file (isWATName).
func isWARCName(name string) bool {
	return hasSuffixFold(name, ".warc") || hasSuffixFold(name, ".warc.gz") || isWATName(name)
}

// hasSuffixFold reports whether s ends with the ASCII suffix in any case,
// as strings.HasSuffix(strings.ToLower(s), suffix), without lowering
// all of s: a path, checked once for each file of a tree.
func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
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
