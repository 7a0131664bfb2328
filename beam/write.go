package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn2x0[string, func(int, string)](&shardFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, string, func(int, string), error](&writePiecesFn{})
	register.DoFn4x1[context.Context, int, func(*string) bool, func(int, string), error](&mergeShardFn{})
	register.Iter1[string]()
	register.DoFn3x1[context.Context, string, func(string), error](&writeBundleFn{})
	register.Emitter1[string]()
	register.DoFn3x1[context.Context, []byte, func(*int, *string) bool, error](&finalizeFn{})
	register.Iter2[int, string]()
}

// Write writes lines to shards files named as ShardName has them, then,
// once all are written, the marker SuccessName(prefix). Every shard is
// written, empty or not, first under a temporary name (the shard's name,
// ".tmp-", an id of the run and one of the attempt), renamed at the end:
// a reader never sees a partial file, and the temporary files of a failed
// attempt are removed.
//
// Lines go to shards by an FNV-1a hash: of the source page (the link's
// file and warc_target) with bySource, for JSON lines of links, so that a
// page's links are in one shard and a crawl's pages spread over all;
// otherwise of the line (counts: of their key).
//
// The lines never go through the shuffle: each bundle of work writes its
// lines to a piece file per shard (see writePiecesFn), and only the
// pieces' names are grouped by shard, so that a runner holds names, not
// the output, in memory; one worker a shard then joins its pieces (see
// mergeShardFn). A piece of a bundle that failed is never joined, and is
// removed at the end with the other temporary files.
//
// With shards 0, each bundle of work writes its lines to a file of its
// own, prefix-RANDOM plus suffix, without the shuffle, renamed from a
// temporary name when the bundle ends: a bundle the runner retries leaves
// no partial file under a final name.
func Write(s beam.Scope, prefix, suffix string, shards int, bySource bool, lines beam.PCollection) {
	s = s.Scope("urix.Write")
	filesystem.ValidateScheme(prefix)
	run := newID()
	fin := &finalizeFn{Prefix: prefix, Suffix: suffix, Shards: shards, Run: run, Success: true}
	var written beam.PCollection
	if shards == 0 {
		names := beam.ParDo(s, &writeBundleFn{Prefix: prefix, Suffix: suffix, Run: run}, lines)
		written = beam.ParDo(s, &shardFn{Shards: 1}, names)
	} else {
		pieces := beam.ParDo(s, &writePiecesFn{Prefix: prefix, Suffix: suffix, Shards: shards, BySource: bySource, Run: run}, lines)
		written = beam.ParDo(s, &mergeShardFn{Prefix: prefix, Suffix: suffix, Shards: shards, Run: run}, beam.GroupByKey(s, pieces))
	}
	beam.ParDo0(s, fin, beam.Impulse(s), beam.SideInput{Input: written})
}

// WriteFile writes lines to the file name, through one worker, under a
// temporary name renamed at the end: for the errors, which are few.
func WriteFile(s beam.Scope, name string, lines beam.PCollection) {
	s = s.Scope("urix.WriteFile")
	filesystem.ValidateScheme(name)
	run := newID()
	pieces := beam.ParDo(s, &writePiecesFn{Name: name, Shards: 1, Run: run}, lines)
	written := beam.ParDo(s, &mergeShardFn{Name: name, Shards: 1, Run: run}, beam.GroupByKey(s, pieces))
	beam.ParDo0(s, &finalizeFn{Name: name, Shards: 1, Run: run}, beam.Impulse(s), beam.SideInput{Input: written})
}

// ShardName returns the name of shard i of n: prefix-00003-of-00008 plus
// suffix, or, for a prefix that ends in "/" (a directory),
// prefix/part-00003-of-00008 plus suffix, as Hadoop and Spark name theirs.
func ShardName(prefix, suffix string, i, n int) string {
	if strings.HasSuffix(prefix, "/") {
		prefix += "part"
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, suffix)
}

// bundleName returns the name of the file of a bundle, named id.
func bundleName(prefix, suffix, id string) string {
	return strings.Replace(ShardName(prefix, suffix, 0, 1), "00000-of-00001", id, 1)
}

// SuccessName returns the name of the marker written once every shard of
// prefix is in place: prefix plus "_SUCCESS" (in a directory, _SUCCESS).
func SuccessName(prefix string) string { return prefix + "_SUCCESS" }

// newID returns 8 random bytes in hex: an id for a run or an attempt.
func newID() string {
	var id [8]byte
	rand.Read(id[:])
	return hex.EncodeToString(id[:])
}

// tmpName returns the temporary name of final, written by attempt of run.
func tmpName(final, run, attempt string) string {
	return final + ".tmp-" + run + "-" + attempt
}

// shardFn keys each line by the shard it is written to, an FNV-1a hash
// modulo Shards: of the line's source page with BySource, else of the
// line.
type shardFn struct {
	Shards   int  `json:"shards"`
	BySource bool `json:"by_source"`
}

// ProcessElement emits line keyed by its shard.
func (f *shardFn) ProcessElement(line string, emit func(int, string)) {
	emit(shardOf(line, f.Shards, f.BySource), line)
}

// shardOf returns the shard of line among n: an FNV-1a hash modulo n of
// the line's source page with bySource, else of the line.
func shardOf(line string, n int, bySource bool) int {
	h := fnv.New32a()
	if bySource {
		io.WriteString(h, jsonField(line, "file"))
		h.Write([]byte{0})
		io.WriteString(h, jsonField(line, "warc_target"))
	} else {
		io.WriteString(h, line)
	}
	return int(h.Sum32() % uint32(n))
}

// jsonField returns the value, as written, of the string member key of
// the flat JSON object line; "" if it has none. A quote inside a JSON
// string is escaped, so `,"key":"` can only be a member's start.
func jsonField(line, key string) string {
	at := "\"" + key + "\":\""
	i := strings.Index(line, at)
	for i > 0 && line[i-1] != ',' && line[i-1] != '{' {
		j := strings.Index(line[i+1:], at)
		if j < 0 {
			return ""
		}
		i += 1 + j
	}
	if i < 0 {
		return ""
	}
	v := line[i+len(at):]
	for j := 0; j < len(v); j++ {
		switch v[j] {
		case '\\':
			j++
		case '"':
			return v[:j]
		}
	}
	return v
}

// writePiecesFn writes the lines of each bundle of work to a piece file
// per shard (the shard of shardOf), opened at the shard's first line of
// the bundle under a temporary name of the shard's file (Name, or
// ShardName's name), and emits the shard and the piece's name then. A
// bundle that fails has its emitted names dropped by the runner, so its
// pieces are never joined.
type writePiecesFn struct {
	Name     string `json:"name"`
	Prefix   string `json:"prefix"`
	Suffix   string `json:"suffix"`
	Shards   int    `json:"shards"`
	BySource bool   `json:"by_source"`
	Run      string `json:"run"`

	fs     filesystem.Interface
	id     string   // of the bundle
	pieces []*piece // by shard; nil until the shard's first line
}

// piece is a piece file being written.
type piece struct {
	fd  io.WriteCloser
	buf *bufio.Writer
}

// shardName returns the name of shard i: Name, or ShardName's.
func (f *writePiecesFn) shardName(i int) string {
	if f.Name != "" {
		return f.Name
	}
	return ShardName(f.Prefix, f.Suffix, i, f.Shards)
}

// ProcessElement writes line to the piece of its shard.
func (f *writePiecesFn) ProcessElement(ctx context.Context, line string, emit func(int, string)) error {
	shard := 0
	if f.Shards > 1 {
		shard = shardOf(line, f.Shards, f.BySource)
	}
	if f.pieces == nil {
		f.pieces, f.id = make([]*piece, f.Shards), newID()
	}
	p := f.pieces[shard]
	if p == nil {
		tmp := tmpName(f.shardName(shard), f.Run, f.id+"-piece")
		if f.fs == nil {
			fs, err := filesystem.New(ctx, tmp)
			if err != nil {
				return err
			}
			f.fs = fs
		}
		fd, err := f.fs.OpenWrite(ctx, tmp)
		if err != nil {
			return err
		}
		// Buffers of 8 MiB over the shards, 32 KiB at least, 1 MiB at most.
		size := min(max((8<<20)/f.Shards, 32<<10), 1<<20)
		p = &piece{fd, bufio.NewWriterSize(fd, size)}
		f.pieces[shard] = p
		emit(shard, tmp)
	}
	p.buf.WriteString(line)
	return p.buf.WriteByte('\n')
}

// StartBundle drops the pieces of a bundle that failed: a new bundle
// writes new pieces, and emits their names.
func (f *writePiecesFn) StartBundle(func(int, string)) { f.close() }

// FinishBundle flushes and closes the bundle's pieces. (Beam wants
// ProcessElement's emitter here too.)
func (f *writePiecesFn) FinishBundle(func(int, string)) error { return f.close() }

// close flushes and closes the pieces, if any.
func (f *writePiecesFn) close() error {
	var err error
	for _, p := range f.pieces {
		if p == nil {
			continue
		}
		if ferr := p.buf.Flush(); err == nil {
			err = ferr
		}
		if cerr := p.fd.Close(); err == nil {
			err = cerr
		}
	}
	f.pieces = nil
	if f.fs != nil {
		f.fs.Close()
		f.fs = nil
	}
	return err
}

// mergeShardFn joins the pieces of one shard, in the order of their
// names, into a temporary name of the file Name, or ShardName's name,
// and emits the shard and that name. The pieces are left for finalizeFn
// to remove: a retried merge finds them again.
type mergeShardFn struct {
	Name   string `json:"name"`
	Prefix string `json:"prefix"`
	Suffix string `json:"suffix"`
	Shards int    `json:"shards"`
	Run    string `json:"run"`
}

// ProcessElement joins the pieces of shard into a temporary file.
func (f *mergeShardFn) ProcessElement(ctx context.Context, shard int, pieces func(*string) bool, emit func(int, string)) error {
	name := f.Name
	if name == "" {
		name = ShardName(f.Prefix, f.Suffix, shard, f.Shards)
	}
	var names []string
	var p string
	for pieces(&p) {
		names = append(names, p)
	}
	slices.Sort(names)
	tmp := tmpName(name, f.Run, newID())
	fs, err := filesystem.New(ctx, tmp)
	if err != nil {
		return err
	}
	defer fs.Close()
	fd, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	out := newSink(f.Suffix, fd)
	for _, p := range names {
		if err = appendPiece(ctx, fs, out, p); err != nil {
			break
		}
	}
	if cerr := out.close(); err == nil {
		err = cerr
	}
	if cerr := fd.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", tmp, err)
	}
	emit(shard, tmp)
	return nil
}

// appendPiece adds the lines of the piece name of fs to out: copied as
// they are to a sink of lines, one by one to a Parquet sink.
func appendPiece(ctx context.Context, fs filesystem.Interface, out sink, name string) error {
	r, err := fs.OpenRead(ctx, name)
	if err != nil {
		return err
	}
	defer r.Close()
	if ls, ok := out.(lineSink); ok {
		_, err = io.Copy(ls.w, r)
	} else {
		err = addLines(bufio.NewReaderSize(r, 1<<20), out)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// addLines adds each line of r, without its newline, to out.
func addLines(r *bufio.Reader, out sink) error {
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			if aerr := out.add(strings.TrimSuffix(line, "\n")); aerr != nil {
				return aerr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// finalizeFn runs once, after every file is written: it renames each
// shard's temporary file to its final name, writes the shards no line
// went to as empty files, removes the temporary files of this run that
// failed attempts left, and writes the marker with Success.
type finalizeFn struct {
	Name    string `json:"name"` // the one file of WriteFile
	Prefix  string `json:"prefix"`
	Suffix  string `json:"suffix"`
	Shards  int    `json:"shards"` // 0: the files of bundles, renamed already
	Run     string `json:"run"`
	Success bool   `json:"success"`
}

// ProcessElement finalizes the output; written holds the shard and the
// temporary name of every file written by a successful attempt.
func (f *finalizeFn) ProcessElement(ctx context.Context, _ []byte, written func(*int, *string) bool) error {
	final := func(i int) string {
		if f.Name != "" {
			return f.Name
		}
		return ShardName(f.Prefix, f.Suffix, i, f.Shards)
	}
	fs, err := filesystem.New(ctx, final(0))
	if err != nil {
		return err
	}
	defer fs.Close()
	done := make([]bool, f.Shards)
	var shard int
	var tmp string
	for written(&shard, &tmp) {
		if f.Shards == 0 {
			continue
		}
		if err := filesystem.Rename(ctx, fs, tmp, final(shard)); err != nil {
			return fmt.Errorf("rename %s: %w", tmp, err)
		}
		done[shard] = true
	}
	for i, ok := range done {
		if !ok {
			empty, err := emptyFile(f.Suffix)
			if err == nil {
				err = filesystem.Write(ctx, fs, final(i), empty)
			}
			if err != nil {
				return err
			}
		}
	}
	if err := f.removeLeft(ctx, fs); err != nil {
		return err
	}
	if f.Success {
		return filesystem.Write(ctx, fs, SuccessName(f.Prefix), nil)
	}
	return nil
}

// removeLeft removes the temporary files of this run still there: those
// of attempts that failed.
func (f *finalizeFn) removeLeft(ctx context.Context, fs filesystem.Interface) error {
	glob := f.Name
	if glob == "" {
		glob = bundleName(f.Prefix, f.Suffix, "*") // shards' names too
	}
	left, err := fs.List(ctx, tmpName(glob, f.Run, "*"))
	if err != nil || len(left) == 0 {
		return err
	}
	rm, ok := fs.(filesystem.Remover)
	if !ok {
		return fmt.Errorf("%s: temporary files left (%d): the filesystem cannot remove files", left[0], len(left))
	}
	for _, name := range slices.Sorted(slices.Values(left)) {
		if err := rm.Remove(ctx, name); err != nil {
			return err
		}
	}
	return nil
}

// writeBundleFn writes the lines of each bundle to a file of its own,
// under a temporary name renamed when the bundle ends; it emits the
// temporary name.
type writeBundleFn struct {
	Prefix string `json:"prefix"`
	Suffix string `json:"suffix"`
	Run    string `json:"run"`

	fs         filesystem.Interface
	fd         io.WriteCloser
	out        sink
	tmp, final string
}

// ProcessElement writes line to the bundle's file, which it opens at the
// bundle's first line.
func (f *writeBundleFn) ProcessElement(ctx context.Context, line string, emit func(string)) error {
	if f.fd == nil {
		id := newID()
		f.final = bundleName(f.Prefix, f.Suffix, id)
		f.tmp = tmpName(f.final, f.Run, id)
		fs, err := filesystem.New(ctx, f.tmp)
		if err != nil {
			return err
		}
		fd, err := fs.OpenWrite(ctx, f.tmp)
		if err != nil {
			fs.Close()
			return err
		}
		f.fs, f.fd, f.out = fs, fd, newSink(f.Suffix, fd)
		emit(f.tmp)
	}
	return f.out.add(line)
}

// StartBundle drops the file of a bundle that failed, if the runner
// gives this instance another: its lines must not go under a final name
// (its temporary file is removed at the end).
func (f *writeBundleFn) StartBundle(func(string)) {
	if f.fd != nil {
		f.fd.Close()
		f.fs.Close()
		f.fs, f.fd, f.out = nil, nil, nil
	}
}

// FinishBundle flushes and closes the bundle's file, if any, and gives it
// its final name. (Beam wants ProcessElement's emitter here too.)
func (f *writeBundleFn) FinishBundle(ctx context.Context, _ func(string)) error {
	if f.fd == nil {
		return nil
	}
	err := f.out.close()
	if cerr := f.fd.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = filesystem.Rename(ctx, f.fs, f.tmp, f.final)
	}
	f.fs.Close()
	f.fs, f.fd, f.out = nil, nil, nil
	return err
}

// sink writes the lines of one file: as lines, or, for the suffix
// FormatParquet, as the rows of a Parquet file (see parquetSink). close
// flushes it, without closing the file.
type sink interface {
	add(line string) error
	close() error
}

// newSink returns the sink of a file named with suffix, writing to w.
func newSink(suffix string, w io.Writer) sink {
	if suffix == FormatParquet {
		return newParquetSink(w)
	}
	return lineSink{bufio.NewWriterSize(w, 1<<20)}
}

// emptyFile returns the contents of a shard no line went to.
func emptyFile(suffix string) ([]byte, error) {
	if suffix == FormatParquet {
		return emptyParquet()
	}
	return nil, nil
}

// lineSink writes lines, each ended by a newline.
type lineSink struct{ w *bufio.Writer }

func (s lineSink) add(line string) error {
	s.w.WriteString(line)
	return s.w.WriteByte('\n')
}

func (s lineSink) close() error { return s.w.Flush() }
