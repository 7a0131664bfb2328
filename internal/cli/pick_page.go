package cli

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/pick"
)

// maxKept bounds the input pick keeps for its message view: a mailbox's
// worth. A link past it is shown with its context alone.
const maxKept = 64 << 20

// pageWindow bounds the text the message view shows around a link on
// each side: a message is seldom longer, and a log of gigabytes must
// not be wrapped whole for one look.
const pageWindow = 512 << 10

// keptInput is the input as pick read it, for the message view: a
// regular file is read again when a page is asked for, any other input
// is kept as it is read (Write, from the reading goroutine), up to
// maxKept bytes.
type keptInput struct {
	file *os.File // a regular file, else nil

	mu  sync.Mutex
	buf []byte
}

// Write keeps what p holds of the first maxKept bytes.
func (k *keptInput) Write(p []byte) (int, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if n := maxKept - len(k.buf); n > 0 {
		k.buf = append(k.buf, p[:min(n, len(p))]...)
	}
	return len(p), nil
}

// text returns the input's first bytes, those kept or read again.
func (k *keptInput) text() []byte {
	if k.file != nil {
		b, _ := io.ReadAll(io.NewSectionReader(k.file, 0, maxKept))
		return b
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.buf[:len(k.buf):len(k.buf)] // appended to, never changed
}

// page returns the message view of it: the lines of the MIME part the
// link is in, decoded, or those of the message as stored (of an mbox,
// from its "From " line to the next) or of the input, within pageWindow
// of the link, the link's line marked; the link's context alone for a
// document (a PDF's page, an Office entry: their offsets are in text urix
// extracted, not in the input) or past what was kept.
func (k *keptInput) page(it pick.Item, name string) pick.Page {
	l := it.Link
	title := it.Source
	if l.Message > 0 {
		title = "message " + strconv.Itoa(l.Message) + ", " + title
	} else if name == "-" {
		title = "standard input, " + title
	} else {
		title = format.Text(name) + ", " + title
	}
	text := k.text()
	if l.Offset < 0 || l.Offset >= int64(len(text)) || l.Message == 0 && l.Part != "" {
		if it.Text == "" { // a link annotation: no text around it
			return pick.Page{Title: title, Lines: []string{it.Show}, Mark: it.Show}
		}
		return pick.Page{Title: title, Lines: []string{it.Text}, Mark: it.Mark}
	}
	off := int(l.Offset)
	start, end := 0, len(text)
	if l.Message > 0 && bytes.HasPrefix(text, []byte("From ")) {
		start = bytes.LastIndex(text[:off], []byte("\nFrom ")) + 1
		if i := bytes.Index(text[off:], []byte("\nFrom ")); i >= 0 {
			end = off + i + 1
		}
	}
	if l.Message > 0 && l.Part != "" && l.PartLine > 0 {
		part, ok := decodedPart(text[start:end], l.Part, l.PartOffset+pageWindow)
		if ok && l.PartOffset < int64(len(part)) {
			if p := window([]byte(part), 0, len(part), int(l.PartOffset), l.Ref); p.Mark != "" {
				p.Title = title + " (decoded)"
				return p
			}
		}
	}
	p := window(text, start, end, off, l.Ref)
	p.Title = title
	return p
}

// window returns the page of the lines of text[start:end] within
// pageWindow of off, the line of off marked with ref when it holds it.
func window(text []byte, start, end, off int, ref string) pick.Page {
	start = max(start, lineStart(text, off-pageWindow))
	if off+pageWindow < end {
		end = lineStart(text, off+pageWindow)
	}
	lines := strings.Split(strings.TrimSuffix(string(text[start:end]), "\n"), "\n")
	for i, line := range lines {
		lines[i] = format.Text(expandTabs(strings.TrimSuffix(line, "\r")))
	}
	p := pick.Page{Lines: lines, At: bytes.Count(text[start:off], []byte("\n"))}
	if ref := format.Text(ref); p.At < len(lines) && strings.Contains(lines[p.At], ref) {
		p.Mark = ref
	}
	return p
}

// lineStart returns the start of the line that holds text[i], i kept
// within text.
func lineStart(text []byte, i int) int {
	i = max(0, min(i, len(text)))
	return bytes.LastIndexByte(text[:i], '\n') + 1
}

// expandTabs replaces the tabs of line with spaces to the next multiple
// of 8 columns, as a terminal shows them: the view wraps lines by width.
func expandTabs(line string) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	var b strings.Builder
	col := 0
	for _, r := range line {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}
