package xmlscan

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"testing"
)

// benchParts returns the XML parts of extract's benchmark documents
// (LibreOffice's DOCX, ODT and XLSX of long sources with many links).
func benchParts(b *testing.B) map[string][]byte {
	parts := map[string][]byte{}
	for _, c := range []struct{ file, part string }{
		{"links.docx", "word/document.xml"}, {"links.odt", "content.xml"}, {"sheet.xlsx", "xl/worksheets/sheet1.xml"},
	} {
		zr, err := zip.OpenReader("../../testdata/bench/" + c.file)
		if err != nil {
			b.Skip(err)
		}
		for _, f := range zr.File {
			if f.Name == c.part {
				rc, _ := f.Open()
				parts[c.file], _ = io.ReadAll(rc)
				rc.Close()
			}
		}
		zr.Close()
	}
	return parts
}

// BenchmarkScan reads the parts with a Scanner, the text and the
// attributes' values decoded, and with encoding/xml's Token beside it.
func BenchmarkScan(b *testing.B) {
	for name, in := range benchParts(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			s := NewScanner(nil)
			for b.Loop() {
				s.Reset(bytes.NewReader(in))
				for k := s.Next(); k != EOF; k = s.Next() {
					if k == Text {
						s.Text()
					}
				}
			}
		})
		b.Run(name+"/encoding-xml", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				d := xml.NewDecoder(bytes.NewReader(in))
				for {
					if _, err := d.Token(); err != nil {
						break
					}
				}
			}
		})
	}
}
