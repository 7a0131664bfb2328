package extract

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gtext "github.com/yuin/goldmark/text"
)

// BenchmarkMarkdownReadmes scans the README.md files (over 2 KB, 200 at
// most) of the Go module cache with Links, and parses them with goldmark
// alone (GFM, as goldmark.New makes it), for issue 27's goal: Markdown
// at 0.8 times a goldmark-only parse or better. It skips when there are
// none.
func BenchmarkMarkdownReadmes(b *testing.B) {
	var files [][]byte
	size := 0
	root := filepath.Join(os.Getenv("GOPATH"), "pkg", "mod")
	if dir := os.Getenv("GOMODCACHE"); dir != "" {
		root = dir
	}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || len(files) >= 200 || d.IsDir() || d.Name() != "README.md" {
			return nil
		}
		if buf, err := os.ReadFile(p); err == nil && len(buf) > 2048 {
			files, size = append(files, buf), size+len(buf)
		}
		return nil
	})
	if len(files) == 0 {
		b.Skip("no README.md in", root)
	}
	b.Run("urix", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		cpu := processCPU()
		for b.Loop() {
			for _, f := range files {
				for range Links(bytes.NewReader(f), Options{Type: Markdown, Base: "https://example.com/r/"}) {
				}
			}
		}
		reportCPUSpeed(b, size, processCPU()-cpu)
	})
	b.Run("goldmark", func(b *testing.B) {
		p := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()
		b.SetBytes(int64(size))
		b.ReportAllocs()
		cpu := processCPU()
		for b.Loop() {
			for _, f := range files {
				p.Parse(gtext.NewReader(f))
			}
		}
		reportCPUSpeed(b, size, processCPU()-cpu)
	})
}
