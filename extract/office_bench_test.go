package extract

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// officeBench are the documents of BenchmarkOfficeXML: LibreOffice's
// DOCX, ODT, XLSX and PPTX of long sources with many links
// (testdata/bench/README.md), and pandoc's and LibreOffice's small ones.
var officeBench = []string{
	"bench/links.docx", "bench/links.odt", "bench/sheet.xlsx", "bench/slides.pptx",
	"docs/sample.docx", "writers/frag.docx",
}

// xmlRead returns the entries of the zip container in that Links reads
// as XML, and their bytes uncompressed: all of an OpenDocument file's
// content.xml and styles.xml; an Office file's relationships and its
// parts but the content types and those that hold formatting, not text,
// unless they have relationships of their own.
func xmlRead(b testing.TB, in []byte, typ Type) ([]*zip.File, int64) {
	zr, err := zip.NewReader(bytes.NewReader(in), int64(len(in)))
	if err != nil {
		b.Fatal(err)
	}
	rels := map[string]bool{}
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, ".rels") {
			rels[strings.Replace(strings.TrimSuffix(f.Name, ".rels"), "_rels/", "", 1)] = true
		}
	}
	var files []*zip.File
	var size int64
	for _, f := range zr.File {
		read := f.Name == "content.xml" || f.Name == "styles.xml"
		if typ == OOXML {
			read = strings.HasSuffix(f.Name, ".rels") || strings.HasSuffix(f.Name, ".xml") &&
				f.Name != "[Content_Types].xml" && (!ooxmlNoText(f.Name) || rels[f.Name])
		}
		if read {
			files, size = append(files, f), size+int64(f.UncompressedSize64)
		}
	}
	return files, size
}

// BenchmarkOfficeXML scans Office and OpenDocument files: MB/s and
// MB/cpu-s of the XML that Links reads (uncompressed), for issue 27's
// goal (50 MB of XML a CPU-second); and beside it, "unzip", the floor:
// those entries inflated and thrown away.
func BenchmarkOfficeXML(b *testing.B) {
	for _, name := range officeBench {
		in, err := os.ReadFile("testdata/" + name)
		if err != nil {
			b.Fatal(err)
		}
		typ := Detect(name, in)
		files, size := xmlRead(b, in, typ)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				for _, err := range Links(bytes.NewReader(in), Options{Type: typ, Name: name}) {
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			reportCPUSpeed(b, int(size), processCPU()-cpu)
		})
		b.Run(name+"/unzip", func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				for _, f := range files {
					rc, err := f.Open()
					if err != nil {
						b.Fatal(err)
					}
					io.Copy(io.Discard, rc)
					rc.Close()
				}
			}
			reportCPUSpeed(b, int(size), processCPU()-cpu)
		})
	}
}
