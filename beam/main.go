// Command beam runs urix's extraction (package extract) as an Apache Beam
// pipeline: it reads the files that patterns match (local, gs://, s3://)
// or a manifest lists (Common Crawl's warc.paths.gz), WARC, mbox, mail,
// HTML or text, extracts their links, and writes them as sharded JSON
// Lines, or their counts per host or per resolved URI; the errors met go
// to a file of their own, and more of them than --max-errors exit 2.
//
// It runs on the embedded prism runner by default, on one machine:
//
//	go run . --input='../testdata/*.mbox' --output=/tmp/links
//
// and on Flink, Spark or Dataflow with Beam's runner flags and a staged
// worker binary (see README.md: the environment types a cluster needs).
//
// Each file is read whole by one worker; with --split-size, a WARC file
// is cut at record starts in parts read through ranged reads (see
// split.go).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

// The pipeline's own flags; Beam's (--runner, --endpoint, --project, ...)
// are registered by the SDK, and --help shows them after these.
var (
	input       = flag.String("input", "", "file `PATTERNS` to read, comma-separated (local, gs://, s3://; * and ? as filepath.Match has them)")
	manifest    = flag.String("manifest", "", "`FILE` listing the files to read, one a line, gzip or not, as Common Crawl's warc.paths.gz (local, gs://, s3://)")
	prefix      = flag.String("prefix", "", "`PREFIX` put before each path of --manifest (s3://commoncrawl/ for Common Crawl's)")
	output      = flag.String("output", "", "output `PREFIX`: shards PREFIX-00000-of-0000N.jsonl (links) or .tsv (counts), PREFIX_SUCCESS at the end; in a directory (PREFIX ends in /), part-00000-of-0000N")
	errorsOut   = flag.String("errors", "", "write the errors met to `FILE`, one JSON object a line: file, offset, error")
	maxErrors   = flag.Int64("max-errors", 0, "exit with status 2 when more than `N` errors are met (the links are written all the same)")
	mode        = flag.String("mode", ModeLinks, "what to write: links (JSON Lines, as urix scan --json), hosts or uris (counts, tab-separated), hostgraph (source host, target host and pages, tab-separated), domaingraph (the same of registered domains)")
	outFormat   = flag.String("format", "jsonl", "how --mode=links writes links: jsonl (JSON Lines, as urix scan --json) or parquet (Parquet shards, zstd; see README.md for the columns)")
	shards      = flag.Int("shards", 4, "number of output shards; 0: a file per bundle of work, without the shuffle (faster)")
	inputType   = flag.String("type", "auto", "input type, as urix --type: auto, text, html, mail, mbox, markdown, asciidoc, rst, ooxml, odf, epub, pdf or warc")
	splitSize   = flag.Int64("split-size", 0, "split WARC files in parts of about `BYTES` (1048576 at least), each read by a worker; 0: each file read whole by one worker")
	warcRecords = flag.String("warc-records", "", "WARC record types to read, as urix --warc-records (default response,resource)")

	// The filters, as urix has them (extract.Options).
	excludeSchemes = flag.String("exclude-scheme", "", "drop URIs with these `SCHEMES` (comma-separated, case-insensitive)")
	hosts          = flag.String("host", "", "keep only URIs whose host is one of `HOSTS` or below it (comma-separated; IDNs in either form)")
	match          = flag.String("match", "", "keep only URIs that `REGEX` matches (Go syntax, unanchored)")
	excludeMatch   = flag.String("exclude-match", "", "drop URIs that `REGEX` matches")
	onlyValid      = flag.Bool("only-valid", false, "drop URIs that break their scheme's rules (RFC 1738)")
)

// ownFlags names the pipeline's flags, which --help shows first.
var ownFlags = []string{"input", "manifest", "prefix", "output", "errors", "max-errors", "mode", "format", "shards", "type", "split-size", "warc-records"}

// errTooMany is the error of a run with more errors than --max-errors.
var errTooMany = errors.New("too many errors")

// main parses the flags, builds the pipeline and runs it on the runner
// --runner names (prism by default); it exits 2 on an error, or past
// --max-errors errors met in the input.
func main() {
	flag.Usage = usage
	flag.Parse()
	beam.Init()
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "urix-beam:", err)
		os.Exit(2)
	}
}

// usage prints the pipeline's flags, then Beam's.
func usage() {
	out := flag.CommandLine.Output()
	fmt.Fprintf(out, "Usage: %s --input=PATTERNS|--manifest=FILE --output=PREFIX [flags] [Beam's flags]\n\nThe pipeline's flags:\n", os.Args[0])
	own := flag.NewFlagSet("", flag.ContinueOnError)
	rest := flag.NewFlagSet("", flag.ContinueOnError)
	flag.VisitAll(func(f *flag.Flag) {
		if slices.Contains(ownFlags, f.Name) {
			own.Var(f.Value, f.Name, f.Usage)
		} else {
			rest.Var(f.Value, f.Name, f.Usage)
		}
	})
	own.SetOutput(out)
	own.PrintDefaults()
	fmt.Fprintf(out, "\nBeam's flags (runners: see beam/README.md):\n")
	rest.SetOutput(out)
	rest.PrintDefaults()
}

// run builds the pipeline from the flags, runs it, waiting for its end,
// and prints its counters.
func run(ctx context.Context) error {
	if *input == "" && *manifest == "" || *output == "" {
		return fmt.Errorf("--input or --manifest, and --output, are required")
	}
	if *shards < 0 {
		return fmt.Errorf("--shards %d: want 0 or more", *shards)
	}
	cfg := Config{Input: splitList(*input), Mode: *mode, Type: *inputType, WARCRecords: splitList(*warcRecords), SplitSize: *splitSize,
		Filters: Filters{ExcludeSchemes: splitList(*excludeSchemes), Hosts: splitList(*hosts), Match: *match, ExcludeMatch: *excludeMatch, OnlyValid: *onlyValid}}
	suffix, err := outputSuffix(cfg.Mode, *outFormat)
	if err != nil {
		return err
	}
	if *manifest != "" {
		paths, err := ReadManifest(ctx, *manifest, *prefix)
		if err != nil {
			return err
		}
		cfg.Paths = paths
	}
	p, s := beam.NewPipelineWithRoot()
	lines, errs, err := Extract(s, cfg)
	if err != nil {
		return err
	}
	Write(s, *output, suffix, *shards, cfg.Mode == ModeLinks, lines)
	if *errorsOut != "" {
		WriteFile(s, *errorsOut, errs)
	}
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return err
	}
	if res == nil {
		return nil // a runner that does not wait for the end (Dataflow, with --async)
	}
	c := counters(res)
	fmt.Fprintf(os.Stderr, "urix-beam: %d files, %d records with links, %d links, %d errors\n", c["files"], c["records"], c["links"], c["errors"])
	if c["errors"] > *maxErrors {
		return fmt.Errorf("%w: %d, over --max-errors %d", errTooMany, c["errors"], *maxErrors)
	}
	return nil
}

// counters returns the sums of the counters of the namespace urix over
// the steps of the pipeline.
func counters(res beam.PipelineResult) map[string]int64 {
	c := map[string]int64{}
	for _, r := range res.Metrics().AllMetrics().Counters() {
		if r.Namespace() == "urix" {
			c[r.Name()] += r.Result()
		}
	}
	return c
}

// outputSuffix returns the suffix of the output shards of mode written as
// format: .jsonl or .parquet for links, .tsv for counts.
func outputSuffix(mode, format string) (string, error) {
	switch {
	case format != "jsonl" && format != "parquet":
		return "", fmt.Errorf("unknown --format %q (want jsonl or parquet)", format)
	case mode != ModeLinks && format == "parquet":
		return "", fmt.Errorf("--format=parquet: links alone (--mode=links), not --mode=%s", mode)
	case mode != ModeLinks:
		return ".tsv", nil
	case format == "parquet":
		return FormatParquet, nil
	}
	return ".jsonl", nil
}

// splitList returns the non-empty comma-separated values of s, trimmed.
func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}
