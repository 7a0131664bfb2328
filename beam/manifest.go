package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn4x1[context.Context, string, func(fileio.FileMetadata), func(string), error](&statFn{})
	register.Emitter1[fileio.FileMetadata]()
}

// ReadManifest returns the paths a manifest lists, as Common Crawl
// publishes them (warc.paths.gz, wat.paths.gz: one path a line, relative
// to the bucket; gzip or not), each after prefix (a "/" put between
// them if prefix has none at its end). Blank lines are skipped; a
// manifest that lists no path is an error.
func ReadManifest(ctx context.Context, name, prefix string) ([]string, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	rc, err := fs.OpenRead(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("--manifest: %w", err)
	}
	defer rc.Close()
	br := bufio.NewReader(rc)
	var r io.Reader = br
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("--manifest %s: %w", name, err)
		}
		r = zr
	}
	if prefix != "" && !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	var paths []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			paths = append(paths, prefix+line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("--manifest %s: %w", name, err)
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("--manifest %s: lists no file", name)
	}
	return paths, nil
}

// statFn gives the metadata of the file at a path of a manifest; a path
// that cannot be read is an error of the run (counted, and written with
// the others), not the end of it.
type statFn struct {
	errs beam.Counter
}

// Setup makes the counter urix/errors.
func (f *statFn) Setup() { f.errs = beam.NewCounter("urix", "errors") }

// ProcessElement emits the metadata of the file at path.
func (f *statFn) ProcessElement(ctx context.Context, path string, emit func(fileio.FileMetadata), emitErr func(string)) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	size, err := fs.Size(ctx, path)
	if err != nil {
		f.errs.Inc(ctx, 1)
		emitErr(deadLetter(path, err))
		return nil
	}
	emit(fileio.FileMetadata{Path: path, Size: size})
	return nil
}
