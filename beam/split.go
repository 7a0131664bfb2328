package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
)

// defaultSplitSize is the size of the parts a WARC file is split in.
const defaultSplitSize = 64 << 20

// The methods below make extractFn a splittable DoFn: its restriction is
// a range of byte offsets of the file, and it reads the WARC records
// that start in it. A WARC file, uncompressed or of one gzip member per
// record, is split in parts of SplitSize bytes; other files (mbox,
// whose messages are numbered from the file's start, mail, HTML, text,
// a WARC file in one gzip member) are read whole by one worker.

// CreateInitialRestriction returns the whole file, [0, size).
func (f *extractFn) CreateInitialRestriction(file fileio.ReadableFile) offsetrange.Restriction {
	return offsetrange.Restriction{Start: 0, End: file.Metadata.Size}
}

// SplitRestriction splits rest in parts of SplitSize bytes when the file
// is a splittable WARC file; otherwise it leaves it whole.
func (f *extractFn) SplitRestriction(file fileio.ReadableFile, rest offsetrange.Restriction) []offsetrange.Restriction {
	size := f.SplitSize
	if size <= 0 {
		size = defaultSplitSize
	}
	if rest.End-rest.Start <= size || !f.splittable(context.Background(), file) {
		return []offsetrange.Restriction{rest}
	}
	return rest.SizedSplits(size)
}

// RestrictionSize returns the bytes of rest, the measure of its work.
func (f *extractFn) RestrictionSize(_ fileio.ReadableFile, rest offsetrange.Restriction) float64 {
	return rest.Size()
}

// CreateTracker returns the offset-range tracker of rest, locked for the
// runner's concurrent splits.
func (f *extractFn) CreateTracker(rest offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(rest))
}

// isWARCFile reports whether the file is read as WARC by its name or
// the type asked for.
func (f *extractFn) isWARCFile(path string) bool {
	t := strings.ToLower(f.Type)
	name := strings.ToLower(path)
	return t == "warc" || (t == "" || t == "auto") && (strings.HasSuffix(name, ".warc") || strings.HasSuffix(name, ".warc.gz"))
}

// splittable reports whether file is a WARC file whose records can be
// found from any offset: uncompressed, or gzip with a first member that
// ends before the file does (one member per record, not the whole file
// in one). Then the records' offsets are offsets in the file.
func (f *extractFn) splittable(ctx context.Context, file fileio.ReadableFile) bool {
	if !f.isWARCFile(file.Metadata.Path) {
		return false
	}
	rc, err := file.Open(ctx)
	if err != nil {
		return false
	}
	defer rc.Close()
	cr := &countingReader{r: rc}
	br := bufio.NewReader(cr)
	head, _ := br.Peek(2)
	if len(head) < 2 || head[0] != 0x1f || head[1] != 0x8b {
		return true
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return false
	}
	zr.Multistream(false)
	// A first record (warcinfo, as writers put first) over 1 MiB: taken
	// as the whole file in one member, not read to its end.
	const limit = 1 << 20
	n, err := io.Copy(io.Discard, io.LimitReader(zr, limit))
	if err != nil || n == limit {
		return false
	}
	return cr.n-int64(br.Buffered()) < file.Metadata.Size
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

// seekPart reads br, at the start of a WARC file, up to the first record
// that starts at or after offset start, and returns its offset, or -1
// when there is none.
func seekPart(br *bufio.Reader, start int64) int64 {
	head, _ := br.Peek(2)
	gz := len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b
	from := start - 1 // the byte before: a '\n' there starts a line at start
	if gz {
		from = start
	}
	if _, err := br.Discard(int(from)); err != nil {
		return -1
	}
	return syncWARC(br, from, gz)
}

// syncWARC reads br, which is at offset at in the file, up to the first
// record that starts after it: for an uncompressed file, "WARC/1." after
// a '\n' (br is put one byte before the range, so that a record starting
// on its first byte is found); for gzip, a member whose first bytes
// decompressed are "WARC/1.". It returns that record's offset, or -1 when
// there is none.
func syncWARC(br *bufio.Reader, at int64, gz bool) int64 {
	magic, skip := []byte("\nWARC/1."), 1
	if gz {
		magic, skip = []byte{0x1f, 0x8b, 0x08}, 0
	}
	for {
		buf, err := br.Peek(64 << 10)
		i := bytes.Index(buf, magic)
		switch {
		case i >= 0 && (!gz || startsWARC(buf[i:])):
			br.Discard(i + skip)
			return at + int64(i+skip)
		case i >= 0:
			i++ // not a member of a record: on after it
		case err != nil:
			return -1
		default:
			i = max(len(buf)-len(magic)+1, 1)
		}
		br.Discard(i)
		at += int64(i)
	}
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
