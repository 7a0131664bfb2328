package cli

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urix/urix/extract"
)

// rewriteStats sums up a run of "rewrite -r".
type rewriteStats struct {
	pages, changed, links int
}

// add counts a page rewritten with n links changed, unless err.
func (s *rewriteStats) add(n int, err error) {
	if err != nil {
		return
	}
	s.pages++
	s.links += n
	if n > 0 {
		s.changed++
	}
}

// report prints the summary of -r on standard error.
func (s *rewriteStats) report(rw *rewriter) {
	if rw.recursive {
		rw.e.errorf("rewrite: %d HTML files, %d changed, %d links rewritten", s.pages, s.changed, s.links)
	}
}

// tree returns the inputs with each directory replaced by the HTML pages
// under it, in lexical order: the regular files that Detect reads as
// HTML by their name or first bytes (wget saves a page fetched with a
// query as "page?q=1", without .html). Symbolic links are not followed,
// nor the temporary files of an interrupted "rewrite -i" taken.
func (rw *rewriter) tree(inputs []string) ([]string, error) {
	var out []string
	for _, in := range inputs {
		fi, err := os.Stat(in)
		if err != nil || !fi.IsDir() {
			out = append(out, in)
			continue
		}
		err = filepath.WalkDir(in, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				rw.e.errorf("rewrite %s", fileMessage(path, err))
				return nil
			}
			if d.Type().IsRegular() && !isTempName(d.Name()) && isHTMLFile(path) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// isTempName reports a temporary file of "rewrite -i" (".NAME.urix-*").
func isTempName(name string) bool {
	ok, _ := filepath.Match(".*.urix-*", name)
	return ok
}

// isHTMLFile reports whether Detect reads the file at path as HTML.
func isHTMLFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true // rewriting it will report why it cannot be read
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return true
	}
	return extract.Detect(path, head[:n]) == extract.HTML
}
