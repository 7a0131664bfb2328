package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"slices"
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
	register.DoFn5x1[context.Context, *sdf.LockRTracker, fileio.ReadableFile, func(string), func(string), error](&extractFn{})
	register.Emitter1[string]()
	register.Function2x1[string, int, string](formatCount)
}

// Modes of the pipeline: what it writes.
const (
	ModeLinks = "links" // JSON Lines, one object per link, as urix scan --json
	ModeHosts = "hosts" // "host\tcount": the links per host of the resolved URI
	ModeURIs  = "uris"  // "uri\tcount": the links per resolved URI

	// ModeHostGraph writes "src\tdst\tcount": the edges of Common Crawl's
	// host-level graph, source host to target host, reversed, each
	// counted once a page (see hostGraph).
	ModeHostGraph = "hostgraph"
	// ModeDomainGraph writes the same of Common Crawl's domain-level
	// graph: registered domains for hosts (see domainNode).
	ModeDomainGraph = "domaingraph"
)

// Config is what the pipeline reads, extracts and writes.
type Config struct {
	Input       []string // file patterns: local, gs://, s3://
	Paths       []string // files, as a manifest lists them
	Mode        string   // ModeLinks, ModeHosts or ModeURIs
	Type        string   // the input type, as urix --type takes it; "" or "auto" detects it
	WARCRecords []string // as urix --warc-records
	SplitSize   int64    // the size of the parts a WARC file is split in, MinSplitSize at least; 0: files read whole
	Filters     Filters  // the links left out
}

// Filters are urix's filters on the URI, as extract.Options has them: the
// links that fail one are left out of every mode.
type Filters struct {
	ExcludeSchemes []string `json:"exclude_schemes,omitempty"` // as urix --exclude-scheme
	Hosts          []string `json:"hosts,omitempty"`           // as urix --host: these hosts and their subdomains
	Match          string   `json:"match,omitempty"`           // as urix --match: a regular expression (Go syntax) on the URI
	ExcludeMatch   string   `json:"exclude_match,omitempty"`   // as urix --exclude-match
	OnlyValid      bool     `json:"only_valid,omitempty"`      // as urix --only-valid
}

// set sets the filters in opts; an error names the flag that is wrong.
func (f Filters) set(opts *extract.Options) error {
	opts.ExcludeSchemes, opts.Hosts, opts.OnlyValid = f.ExcludeSchemes, f.Hosts, f.OnlyValid
	for _, re := range []struct {
		flag, expr string
		dst        **regexp.Regexp
	}{{"match", f.Match, &opts.Match}, {"exclude-match", f.ExcludeMatch, &opts.ExcludeMatch}} {
		var err error
		if re.expr == "" {
			*re.dst = nil
		} else if *re.dst, err = regexp.Compile(re.expr); err != nil {
			return fmt.Errorf("--%s: %w", re.flag, err)
		}
	}
	if err := opts.Validate(); err != nil {
		return fmt.Errorf("--host: %w", err)
	}
	return nil
}

// Extract returns the PCollection of lines the pipeline writes for cfg:
// the links of every file the patterns match as JSON, or the counts per
// host or per resolved URI as "key\tcount"; and that of the errors met,
// as JSON (see deadLetter). A file is read whole by one worker, or with
// a SplitSize a WARC file in parts (see extractFn.SplitRestriction). A
// pattern that matches nothing is an error.
func Extract(s beam.Scope, cfg Config) (lines, errs beam.PCollection, err error) {
	var none beam.PCollection
	if _, err := extract.ParseType(cfg.Type); err != nil {
		return none, none, err
	}
	if err := cfg.Filters.set(&extract.Options{}); err != nil {
		return none, none, err
	}
	switch cfg.Mode {
	case ModeLinks, ModeHosts, ModeURIs, ModeHostGraph, ModeDomainGraph:
	default:
		return none, none, fmt.Errorf("unknown --mode %q (want links, hosts, uris, hostgraph or domaingraph)", cfg.Mode)
	}
	if cfg.SplitSize < 0 || cfg.SplitSize > 0 && cfg.SplitSize < minSplitSize {
		return none, none, fmt.Errorf("--split-size %d: want 0 (files read whole) or %d (1 MiB) or more", cfg.SplitSize, minSplitSize)
	}
	if cfg.SplitSize > 0 {
		for _, path := range append(slices.Clone(cfg.Input), cfg.Paths...) {
			if err := checkRanged(path); err != nil {
				return none, none, err
			}
		}
	}
	for _, pattern := range cfg.Input {
		if err := checkMatches(pattern); err != nil {
			return none, none, err
		}
	}
	var metas, failed []beam.PCollection
	for _, pattern := range cfg.Input {
		metas = append(metas, fileio.MatchFiles(s, pattern, fileio.MatchEmptyAllowIfWildcard()))
	}
	if len(cfg.Paths) > 0 {
		// One element a path, not a transform: a manifest lists 90,000.
		m, errs := beam.ParDo2(s, &statFn{}, beam.CreateList(s, cfg.Paths))
		metas, failed = append(metas, m), append(failed, errs)
	}
	if len(metas) == 0 {
		return none, none, fmt.Errorf("no input: no pattern and no manifest")
	}
	// Raw bytes: extract reads gzip WARC files itself, member by member,
	// with their offsets.
	all := fileio.ReadMatches(s, beam.Flatten(s, metas...), fileio.ReadUncompressed(), fileio.ReadDirectorySkip())
	// Reshuffle: one file per element spread over the workers, not left
	// in the bundle of the match.
	all = beam.Reshuffle(s, all)
	lines, errs = beam.ParDo2(s, &extractFn{Mode: cfg.Mode, Type: cfg.Type, WARCRecords: cfg.WARCRecords, SplitSize: cfg.SplitSize, Filters: cfg.Filters}, all)
	if len(failed) > 0 {
		errs = beam.Flatten(s, append(failed, errs)...)
	}
	if cfg.Mode == ModeLinks {
		return lines, errs, nil
	}
	return beam.ParDo(s, formatCount, stats.Count(s, lines)), errs, nil
}

// checkMatches returns an error when pattern matches no file.
func checkMatches(pattern string) error {
	ctx := context.Background()
	fs, err := filesystem.New(ctx, pattern)
	if err != nil {
		return err
	}
	defer fs.Close()
	names, err := fs.List(ctx, pattern)
	if err != nil {
		return fmt.Errorf("--input %s: %w", pattern, err)
	}
	if len(names) == 0 {
		return fmt.Errorf("--input %s: no file matches", pattern)
	}
	return nil
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
	Filters     Filters  `json:"filters"`

	files, records, links, errs beam.Counter
	json                        format.JSON // one instance runs one bundle at a time
	graph                       hostGraph   // likewise
}

// Setup makes the counters of the metrics files, records (WARC records
// with links), links and errors (in the namespace urix), once per DoFn
// instance.
func (f *extractFn) Setup() {
	f.files = beam.NewCounter("urix", "files")
	f.records = beam.NewCounter("urix", "records")
	f.links = beam.NewCounter("urix", "links")
	f.errs = beam.NewCounter("urix", "errors")
}

// ProcessElement reads the part of file its restriction gives: the whole
// file, through its filesystem, or a part that plan cut at record starts,
// through a ranged reader. Offsets stay those of the file.
//
// A problem with one part of the file (a bad message, a broken WARC
// record) is counted, logged and emitted to emitErr as deadLetter has
// it, and the rest is read, as urix scan does.
func (f *extractFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, file fileio.ReadableFile, emit, emitErr func(string)) error {
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
	// Empty and bare "#" references name nothing, and urix leaves them
	// out by default: the pipeline's lines are urix's.
	opts := extract.Options{Name: file.Metadata.Path, Type: t, WARCRecords: f.WARCRecords, NoEmptyRefs: true}
	if strings.Contains(opts.Name, "://") {
		// gs://bucket/page.html was retrieved from there (RFC 3986
		// §5.1.3); it has no file: URI.
		opts.Base = opts.Name
	}
	if err := f.Filters.set(&opts); err != nil {
		return err
	}
	at := rest.Start    // the offset in the file of what extract reads
	record := int64(-1) // the offset of the last record with links
	for l, err := range extract.Links(r, opts) {
		if err != nil {
			var e *extract.Error
			if errors.As(err, &e) && e.Offset >= 0 {
				e.Offset += at
			}
			f.errs.Inc(ctx, 1)
			log.Warnf(ctx, "%v", err)
			emitErr(deadLetter(file.Metadata.Path, err))
			continue
		}
		if l.WARCRecord != "" {
			l.WARCOffset += at
			if l.WARCOffset != record {
				record = l.WARCOffset
				f.records.Inc(ctx, 1)
			}
		}
		l.Offset += at
		if err := f.emit(ctx, l, emit); err != nil {
			return err
		}
	}
	return nil
}

// deadLetter returns err, met in the file named name, as a line of JSON:
// "file", "offset" (-1 if unknown), "message" and "part" in mail,
// "warc_record" and "warc_target" in a WARC record (as the links have
// them), and "error".
func deadLetter(name string, err error) string {
	d := struct {
		File       string `json:"file"`
		Offset     int64  `json:"offset"`
		Message    int    `json:"message,omitempty"`
		Part       string `json:"part,omitempty"`
		WARCRecord string `json:"warc_record,omitempty"`
		WARCTarget string `json:"warc_target,omitempty"`
		Error      string `json:"error"`
	}{File: name, Offset: -1, Error: err.Error()}
	var e *extract.Error
	if errors.As(err, &e) {
		d.Offset, d.Message, d.Part, d.Error = e.Offset, e.Message, e.Part, e.Err.Error()
		d.WARCRecord, d.WARCTarget = e.WARCRecord, e.WARCTarget
	}
	b, _ := json.Marshal(d)
	return string(b)
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
	case ModeHostGraph, ModeDomainGraph:
		if e, ok := f.graph.edge(l, f.Mode == ModeDomainGraph); ok {
			emit(e)
		}
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
