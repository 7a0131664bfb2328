package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"

	"github.com/urix/urix/extract"
)

// The methods below make extractFn a splittable DoFn whose restriction is
// a range of byte offsets of the file. By default (SplitSize 0) a file is
// one range, read from its start by one worker: a crawl has files enough
// to keep a cluster busy. With a SplitSize, a WARC file is cut at record
// starts found before the work is handed out (plan), each part is read
// through a ranged reader (RangeFS) from its first record to the start of
// the next part's, and the runner may not split a part further: every
// byte is read once, plus the headers plan reads.

// MinSplitSize is the smallest split size: below it, the record left
// unread at each end of a part costs more than the part is worth.
const MinSplitSize = 1 << 20

// minSplitSize is MinSplitSize, lowered by the tests that split small
// files.
var minSplitSize int64 = MinSplitSize

// RangeFS is a Beam filesystem (filesystem.Interface) that reads a file
// at any offset. A WARC file is split only where its filesystem is one:
// the Go SDK's own (gs://, s3://, memfs://, as of v2.77.0) have no
// ranged read, and reading a part from the file's start would fetch a
// 1 GiB file once per part. Local files are read with os.File's ReadAt.
type RangeFS interface {
	OpenRange(ctx context.Context, filename string) (RangeReader, error)
}

// RangeReader reads a file at any offset.
type RangeReader interface {
	io.ReaderAt
	io.Closer
}

// errNoRange is the error of a pattern on a filesystem without ranged
// reads, with a split size.
var errNoRange = errors.New("has no ranged reads: its files cannot be split without reading each from its start for every part; leave --split-size unset (each file read whole by one worker, which a crawl of many files keeps busy)")

// isLocal reports whether path is on the local filesystem.
func isLocal(path string) bool { return !strings.Contains(path, "://") }

// checkRanged returns an error when pattern is on a filesystem without
// ranged reads; it does not open the SDK's own remote filesystems, which
// have none (and want credentials).
func checkRanged(pattern string) error {
	if isLocal(pattern) {
		return nil
	}
	scheme, _, _ := strings.Cut(pattern, "://")
	switch scheme {
	case "gs", "s3", "memfs":
		return fmt.Errorf("--split-size: %s: the Beam Go SDK's %s:// filesystem %w", pattern, scheme, errNoRange)
	}
	fs, err := filesystem.New(context.Background(), pattern)
	if err != nil {
		return err
	}
	defer fs.Close()
	if _, ok := fs.(RangeFS); !ok {
		return fmt.Errorf("--split-size: %s: the %s:// filesystem %w", pattern, scheme, errNoRange)
	}
	return nil
}

// openRange opens path for reading at any offset.
func openRange(ctx context.Context, path string) (RangeReader, error) {
	if isLocal(path) {
		return os.Open(path)
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	rfs, ok := fs.(RangeFS)
	if !ok {
		fs.Close()
		return nil, fmt.Errorf("%s: %w", path, errNoRange)
	}
	r, err := rfs.OpenRange(ctx, path)
	if err != nil {
		fs.Close()
		return nil, err
	}
	return closeBoth{r, fs}, nil
}

// closeBoth is a RangeReader that closes its filesystem with it.
type closeBoth struct {
	RangeReader
	fs io.Closer
}

// Close closes the reader and its filesystem.
func (c closeBoth) Close() error {
	err := c.RangeReader.Close()
	if ferr := c.fs.Close(); err == nil {
		err = ferr
	}
	return err
}

// CreateInitialRestriction returns the whole file, [0, size).
func (f *extractFn) CreateInitialRestriction(file fileio.ReadableFile) offsetrange.Restriction {
	return offsetrange.Restriction{Start: 0, End: file.Metadata.Size}
}

// SplitRestriction cuts a WARC file in parts of about SplitSize bytes at
// record starts (see plan), when SplitSize is set; otherwise, or for
// other files, it leaves it whole.
func (f *extractFn) SplitRestriction(file fileio.ReadableFile, rest offsetrange.Restriction) []offsetrange.Restriction {
	if f.SplitSize <= 0 || rest.End-rest.Start <= f.SplitSize || rest.Start != 0 || !f.isWARCFile(file.Metadata.Path) {
		return []offsetrange.Restriction{rest}
	}
	ctx := context.Background()
	r, err := openRange(ctx, file.Metadata.Path)
	if err != nil {
		// Read whole, by file.Open; an error there is the file's.
		return []offsetrange.Restriction{rest}
	}
	defer r.Close()
	return plan(r, rest.End, f.SplitSize)
}

// RestrictionSize returns the bytes of rest, the measure of its work.
func (f *extractFn) RestrictionSize(_ fileio.ReadableFile, rest offsetrange.Restriction) float64 {
	return rest.Size()
}

// CreateTracker returns the offset-range tracker of rest, which the
// runner may not split: a part starts at a record, and an offset in it
// may not.
func (f *extractFn) CreateTracker(rest offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(noSplit{offsetrange.NewTracker(rest)})
}

// noSplit is an offset-range tracker that declines every split.
type noSplit struct{ *offsetrange.Tracker }

// TrySplit declines the split: the restriction stays whole.
func (t noSplit) TrySplit(float64) (primary, residual any, err error) {
	return t.GetRestriction(), nil, nil
}

// isWARCFile reports whether the file is read as WARC by its name or
// the type asked for.
func (f *extractFn) isWARCFile(path string) bool {
	t := strings.ToLower(f.Type)
	name := strings.ToLower(path)
	return t == "warc" || (t == "" || t == "auto") && (strings.HasSuffix(name, ".warc") || strings.HasSuffix(name, ".warc.gz"))
}

// plan returns the parts of a WARC file of size bytes read through r,
// each of about partSize bytes and starting at a record: the next part
// starts at the first record at or past partSize bytes from its start.
// An uncompressed file is walked from header to header (walkRecords);
// in one of gzip members, a part starts at the first member that
// decompresses to a record (syncMember). A file in one gzip member, or
// that is not WARC, is one part.
func plan(r io.ReaderAt, size, partSize int64) []offsetrange.Restriction {
	var starts []int64
	head := make([]byte, 2)
	if n, _ := r.ReadAt(head, 0); n == 2 && head[0] == 0x1f && head[1] == 0x8b {
		if splittableGzip(r, size) {
			for at := partSize; at < size; at += partSize {
				if at = syncMember(r, at, size); at >= size {
					break
				}
				starts = append(starts, at)
			}
		}
	} else {
		starts = walkRecords(r, size, partSize)
	}
	parts := make([]offsetrange.Restriction, 0, len(starts)+1)
	from := int64(0)
	for _, s := range starts {
		parts = append(parts, offsetrange.Restriction{Start: from, End: s})
		from = s
	}
	return append(parts, offsetrange.Restriction{Start: from, End: size})
}

// chunk is a cache of the last bytes read at an offset of a file.
type chunk struct {
	r    io.ReaderAt
	size int64
	off  int64
	buf  []byte
}

// chunkSize is what a chunk reads at least: a record's header section
// (a Common Crawl response's is about 600 bytes), its trailer and the
// next header when the block is small.
const chunkSize = 512

// at returns at least n bytes at offset off, fewer at the end of the
// file: those read last, extended past their end if need be, or read at
// off. No byte is read twice from where the bytes last read are.
func (c *chunk) at(off int64, n int) []byte {
	end := c.off + int64(len(c.buf))
	if off < c.off || off > end {
		c.off, c.buf = off, c.buf[:0]
		end = off
	}
	if want := off + int64(n); want > end && end < c.size {
		// Keep the bytes from off, read the rest.
		c.buf = append(c.buf[:0], c.buf[off-c.off:]...)
		c.off = off
		grow := min(max(want-end, chunkSize), c.size-end)
		c.buf = append(c.buf, make([]byte, grow)...)
		k, _ := c.r.ReadAt(c.buf[len(c.buf)-int(grow):], end)
		c.buf = c.buf[:len(c.buf)-int(grow)+k]
	}
	return c.buf[off-c.off:]
}

// walkRecords returns the offsets at which the parts of an uncompressed
// WARC file start, after the first: the records are walked from the
// file's start, header to header over the blocks as Content-Length
// gives them, so that a record start is one that a reader from the
// start finds, never a "WARC/1." line quoted inside a block (a crawled
// WARC file served as text). Where a record is malformed (its header, or
// no CRLF CRLF where Content-Length ends), the walk stops and the rest
// of the file is one part, read as urix reads it.
func walkRecords(r io.ReaderAt, size, partSize int64) []int64 {
	c := &chunk{r: r, size: size, off: -1}
	var starts []int64
	from, at := int64(0), int64(0)
	for {
		at = skipBlank(c, at)
		if at >= size {
			return starts
		}
		if at-from >= partSize {
			starts = append(starts, at)
			from = at
		}
		end, ok := recordEnd(c, at)
		if !ok {
			return starts
		}
		at = end
	}
}

// skipBlank returns the offset of the first byte at or after at that is
// not a CR or LF: the blank lines writers leave between records, which
// urix skips too.
func skipBlank(c *chunk, at int64) int64 {
	for at < c.size {
		b := c.at(at, 1)
		i := 0
		for i < len(b) && (b[i] == '\r' || b[i] == '\n') {
			i++
		}
		at += int64(i)
		if i < len(b) {
			return at
		}
	}
	return at
}

// recordEnd returns the offset past the record at offset at: its header
// section (extract.ParseWARCHeader, with the fields WARC-Record-ID,
// WARC-Type and Content-Length), its block of Content-Length bytes and
// the CRLF CRLF after it; false when it is not such a record.
func recordEnd(c *chunk, at int64) (int64, bool) {
	var fields map[string]string
	var n int
	for want := 1; ; want = 2 * max(want, chunkSize) {
		b := c.at(at, want)
		var err error
		fields, n, err = extract.ParseWARCHeader(b)
		if err == nil {
			break
		}
		// Read on, up to the bound of a header extract has.
		if err != io.ErrUnexpectedEOF || len(b) < want || want > 2<<20 {
			return 0, false
		}
		want = len(b)
	}
	cl, err := strconv.ParseInt(fields["content-length"], 10, 64)
	if err != nil || cl < 0 || fields["warc-record-id"] == "" || fields["warc-type"] == "" {
		return 0, false
	}
	end := at + int64(n) + cl
	if end > c.size {
		return 0, false
	}
	// Two line ends, as extract reads them: CRLF or LF.
	for range 2 {
		b := c.at(end, 2)
		switch {
		case bytes.HasPrefix(b, []byte("\r\n")):
			end += 2
		case bytes.HasPrefix(b, []byte("\n")):
			end++
		default:
			return 0, false
		}
	}
	return end, true
}

// splittableGzip reports whether the gzip file r holds more than one
// member: its first (a warcinfo record, as writers put first) ends
// before the file does. One read past 1 MiB of content is taken as a
// whole file in one member, not read to its end.
func splittableGzip(r io.ReaderAt, size int64) bool {
	cr := &countingReader{r: io.NewSectionReader(r, 0, size)}
	br := bufio.NewReaderSize(cr, 4<<10)
	zr, err := gzip.NewReader(br)
	if err != nil {
		return false
	}
	zr.Multistream(false)
	const limit = 1 << 20
	n, err := io.Copy(io.Discard, io.LimitReader(zr, limit))
	if err != nil || n == limit {
		return false
	}
	return cr.n-int64(br.Buffered()) < size
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

// Read reads as io.Reader does, counting.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// syncMember returns the offset of the first gzip member at or after at
// whose first bytes decompressed are "WARC/1.", size when there is none.
// Inside a record's member, the bytes are compressed: a WARC quoted in
// a block is not seen as members.
func syncMember(r io.ReaderAt, at, size int64) int64 {
	const step = 16 << 10
	magic := []byte{0x1f, 0x8b, 0x08}
	buf := make([]byte, step)
	for at < size {
		n, _ := r.ReadAt(buf, at)
		if n == 0 {
			return size
		}
		b := buf[:n]
		// A candidate is tried with 256 bytes after it in b, unless b
		// is the end of the file.
		search := b
		if at+int64(n) < size {
			search = b[:max(n-256, 1)]
		}
		i := bytes.Index(search, magic)
		for i >= 0 && !startsWARC(b[i:]) {
			j := bytes.Index(search[i+1:], magic)
			if j < 0 {
				i = -1
				break
			}
			i += 1 + j
		}
		if i >= 0 {
			return at + int64(i)
		}
		at += int64(len(search))
	}
	return size
}

// startsWARC reports whether b starts a gzip member of a WARC record.
func startsWARC(b []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return false
	}
	got := make([]byte, 7)
	n, _ := io.ReadFull(zr, got)
	return string(got[:n]) == "WARC/1."
}
