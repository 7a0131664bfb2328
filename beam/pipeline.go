package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/url"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
)

// init registers the DoFns, functions and emitters of the pipeline with
// Beam, which then calls them without reflection on every runner.
func init() {
	register.DoFn4x1[context.Context, *sdf.LockRTracker, fileio.ReadableFile, func(string), error](&extractFn{})
	register.Emitter1[string]()
	register.DoFn2x0[string, func(int, string)](&shardFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
	register.Function2x1[string, int, string](formatCount)
	register.DoFn2x1[context.Context, string, error](&writeBundleFn{})
}

// Modes of the pipeline: what it writes.
const (
	ModeLinks = "links" // JSON Lines, one object per link, as urix scan --json
	ModeHosts = "hosts" // "host\tcount": the links per host of the resolved URI
	ModeURIs  = "uris"  // "uri\tcount": the links per resolved URI
)

// Config is what the pipeline reads, extracts and writes.
type Config struct {
	Input       []string // file patterns: local, gs://, s3://
	Mode        string   // ModeLinks, ModeHosts or ModeURIs
	Type        string   // the input type, as urix --type takes it; "" or "auto" detects it
	WARCRecords []string // as urix --warc-records
	SplitSize   int64    // the size of the parts a WARC file is split in, MinSplitSize at least; 0: files read whole
}

// Extract returns the PCollection of lines the pipeline writes for cfg:
// the links of every file the patterns match as JSON, or the counts per
// host or per resolved URI as "key\tcount". A WARC file is split in
// parts read by different workers (see extractFn.SplitRestriction);
// other files are read whole, each by one worker.
func Extract(s beam.Scope, cfg Config) (beam.PCollection, error) {
	if _, err := extract.ParseType(cfg.Type); err != nil {
		return beam.PCollection{}, err
	}
	switch cfg.Mode {
	case ModeLinks, ModeHosts, ModeURIs:
	default:
		return beam.PCollection{}, fmt.Errorf("unknown --mode %q (want links, hosts or uris)", cfg.Mode)
	}
	if cfg.SplitSize < 0 || cfg.SplitSize > 0 && cfg.SplitSize < minSplitSize {
		return beam.PCollection{}, fmt.Errorf("--split-size %d: want 0 (files read whole) or %d (1 MiB) or more", cfg.SplitSize, minSplitSize)
	}
	for _, pattern := range cfg.Input {
		if cfg.SplitSize > 0 {
			if err := checkRanged(pattern); err != nil {
				return beam.PCollection{}, err
			}
		}
	}
	var files []beam.PCollection
	for _, pattern := range cfg.Input {
		m := fileio.MatchFiles(s, pattern, fileio.MatchEmptyAllowIfWildcard())
		// Raw bytes: extract reads gzip WARC files itself, member by
		// member, with their offsets.
		files = append(files, fileio.ReadMatches(s, m, fileio.ReadUncompressed(), fileio.ReadDirectorySkip()))
	}
	all := beam.Flatten(s, files...)
	// Reshuffle: one file per element spread over the workers, not left
	// in the bundle of the match.
	all = beam.Reshuffle(s, all)
	lines := beam.ParDo(s, &extractFn{Mode: cfg.Mode, Type: cfg.Type, WARCRecords: cfg.WARCRecords, SplitSize: cfg.SplitSize}, all)
	if cfg.Mode == ModeLinks {
		return lines, nil
	}
	return beam.ParDo(s, formatCount, stats.Count(s, lines)), nil
}

// formatCount writes a count as the line "key\tcount".
func formatCount(key string, n int) string { return fmt.Sprintf("%s\t%d", key, n) }

// extractFn reads one file with extract.Links and emits, by Mode, each
// link as JSON, the host of its URI, or its URI. A problem with one part
// of a file (a bad message, a broken WARC record) is logged and counted
// (urix/errors) and the rest is read, as urix scan does.
type extractFn struct {
	Mode        string   `json:"mode"`
	Type        string   `json:"type"`
	WARCRecords []string `json:"warc_records"`
	SplitSize   int64    `json:"split_size"` // of the parts of a WARC file; 0: not split

	files, links, errs beam.Counter
	json               format.JSON // one instance runs one bundle at a time
}

// Setup makes the counters of the metrics files, links and errors (in
// the namespace urix), once per DoFn instance.
func (f *extractFn) Setup() {
	f.files = beam.NewCounter("urix", "files")
	f.links = beam.NewCounter("urix", "links")
	f.errs = beam.NewCounter("urix", "errors")
}

// ProcessElement reads the part of file its restriction gives: the whole
// file, through its filesystem, or a part that plan cut at record starts,
// through a ranged reader. Offsets stay those of the file.
func (f *extractFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, file fileio.ReadableFile, emit func(string)) error {
	t, err := extract.ParseType(f.Type)
	if err != nil {
		return err
	}
	rest := rt.GetRestriction().(offsetrange.Restriction)
	if rest.Start == 0 {
		f.files.Inc(ctx, 1)
	}
	if !rt.TryClaim(rest.Start) {
		return nil // empty
	}
	defer rt.TryClaim(rest.End)
	var r io.Reader
	if rest.Start == 0 && rest.End >= file.Metadata.Size {
		rc, err := file.Open(ctx)
		if err != nil {
			return err
		}
		defer rc.Close()
		r = rc
	} else {
		ra, err := openRange(ctx, file.Metadata.Path)
		if err != nil {
			return err
		}
		defer ra.Close()
		r, t = io.NewSectionReader(ra, rest.Start, rest.End-rest.Start), extract.WARC
	}
	opts := extract.Options{Name: file.Metadata.Path, Type: t, WARCRecords: f.WARCRecords}
	if strings.Contains(opts.Name, "://") {
		// gs://bucket/page.html was retrieved from there (RFC 3986
		// §5.1.3); it has no file: URI.
		opts.Base = opts.Name
	}
	at := rest.Start // the offset in the file of what extract reads
	for l, err := range extract.Links(r, opts) {
		if err != nil {
			var e *extract.Error
			if errors.As(err, &e) && e.Offset >= 0 {
				e.Offset += at
			}
			f.errs.Inc(ctx, 1)
			log.Warnf(ctx, "%v", err)
			continue
		}
		if l.WARCRecord != "" {
			l.WARCOffset += at
		}
		l.Offset += at
		if err := f.emit(ctx, l, emit); err != nil {
			return err
		}
	}
	return nil
}

// emit emits l as Mode has it.
func (f *extractFn) emit(ctx context.Context, l extract.Link, emit func(string)) error {
	f.links.Inc(ctx, 1)
	switch f.Mode {
	case ModeLinks:
		// As urix --json writes it, through the same package.
		b, err := f.json.Encode(l)
		if err != nil {
			return err
		}
		emit(string(b))
	case ModeHosts:
		emit(hostOf(l.URI))
	default:
		emit(l.URI)
	}
	return nil
}

// hostOf returns the host of uri, lower-case, "" when it has none (a
// mailto: URI, an unresolved relative reference).
func hostOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// Write writes lines to shards files named prefix-SSSSS-of-NNNNN plus
// suffix, lines spread over them by their hash, so that every worker
// writes its part (textio.Write puts every line under one key, through
// one worker). With shards 0, each bundle of work writes its lines to a
// file of its own, prefix-RANDOM plus suffix, without the shuffle: as
// many files as the runner makes bundles, and a bundle the runner
// retries may leave the partial file of its first try.
func Write(s beam.Scope, prefix, suffix string, shards int, lines beam.PCollection) {
	s = s.Scope("urix.Write")
	filesystem.ValidateScheme(prefix)
	if shards == 0 {
		beam.ParDo0(s, &writeBundleFn{Prefix: prefix, Suffix: suffix}, lines)
		return
	}
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, lines)
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Suffix: suffix, Shards: shards}, beam.GroupByKey(s, keyed))
}

// shardFn keys each line by the shard it is written to: an FNV-1a hash of
// the line modulo Shards, so that the shards are of about one size.
type shardFn struct {
	Shards int `json:"shards"`
}

// ProcessElement emits line keyed by its shard.
func (f *shardFn) ProcessElement(line string, emit func(int, string)) {
	h := fnv.New32a()
	h.Write([]byte(line))
	emit(int(h.Sum32()%uint32(f.Shards)), line)
}

// writeShardFn writes the lines of one shard, grouped by key, to the file
// ShardName names.
type writeShardFn struct {
	Prefix string `json:"prefix"`
	Suffix string `json:"suffix"`
	Shards int    `json:"shards"`
}

// ShardName returns the name of shard i of n.
func ShardName(prefix, suffix string, i, n int) string {
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, suffix)
}

// ProcessElement writes the lines of shard to its file.
func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := ShardName(f.Prefix, f.Suffix, shard, f.Shards)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	fd, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	buf := bufio.NewWriterSize(fd, 1<<20)
	var line string
	for lines(&line) {
		buf.WriteString(line)
		if err := buf.WriteByte('\n'); err != nil {
			fd.Close()
			return err
		}
	}
	if err := buf.Flush(); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}

// writeBundleFn writes the lines of each bundle to a file of its own.
type writeBundleFn struct {
	Prefix string `json:"prefix"`
	Suffix string `json:"suffix"`

	fs  filesystem.Interface
	fd  io.WriteCloser
	buf *bufio.Writer
}

// ProcessElement writes line to the bundle's file, which it opens at the
// bundle's first line under a random name.
func (f *writeBundleFn) ProcessElement(ctx context.Context, line string) error {
	if f.fd == nil {
		var id [8]byte
		rand.Read(id[:])
		name := fmt.Sprintf("%s-%x%s", f.Prefix, id, f.Suffix)
		fs, err := filesystem.New(ctx, name)
		if err != nil {
			return err
		}
		fd, err := fs.OpenWrite(ctx, name)
		if err != nil {
			fs.Close()
			return err
		}
		f.fs, f.fd, f.buf = fs, fd, bufio.NewWriterSize(fd, 1<<20)
	}
	f.buf.WriteString(line)
	return f.buf.WriteByte('\n')
}

// FinishBundle flushes and closes the bundle's file, if any.
func (f *writeBundleFn) FinishBundle(ctx context.Context) error {
	if f.fd == nil {
		return nil
	}
	err := f.buf.Flush()
	if cerr := f.fd.Close(); err == nil {
		err = cerr
	}
	f.fs.Close()
	f.fs, f.fd, f.buf = nil, nil, nil
	return err
}
