package extract

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/urix/urix/extract/internal/mimepart"
)

// TestMailPositions checks the positions of the links of small messages
// in the file as stored: the raw line of a quoted-printable link (soft
// line breaks counted), the encoded line of a base64 one, the line of an
// mbox counted from its start, with the position in the decoded part
// kept as PartLine, PartColumn and PartOffset.
func TestMailPositions(t *testing.T) {
	const qp = "Subject: x\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"a long line that is soft broken =\nhere: http://example.org/a=3Db and =\n\nhttp://example.org/two\n"
	// "see http://example.org/b64 ok\n" in base64, in lines of 8.
	const b64 = "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n" +
		"c2VlIGh0\ndHA6Ly9l\neGFtcGxl\nLm9yZy9i\nNjQgb2sK\n"
	// "caf\xe9 http://example.org/\n" in windows-1252 and
	// quoted-printable.
	const latin = "Content-Type: text/plain; charset=windows-1252\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"caf=E9 =E9=E9 http://example.org/\n"
	const flowed = "Content-Type: text/plain; format=flowed\n\n" +
		"> quoted and \n> wrapped http://example.org/f\nnext http://example.org/g\n"
	const mbox = "From a Thu Aug 22 12:36:23 2002\nSubject: 1\n\nhttp://example.org/1\n>From here http://example.org/esc\n" +
		"From b Thu Aug 22 12:36:23 2002\nList-Help: <http://example.org/help>\n\nhttp://example.org/2\n"
	tests := []struct {
		name string
		in   string
		typ  Type
		want []string // uri line:col:offset part_line:part_col:part_offset
	}{
		{"quoted-printable", qp, Mail, []string{
			"http://example.org/a=b 6:7:121 1:39:38",
			"http://example.org/two 8:1:153 2:1:66",
		}},
		{"base64", b64, Mail, []string{
			"http://example.org/b64 4:5:64 1:5:4",
		}},
		{"charset", latin, Mail, []string{
			"http://example.org/ 4:15:106 1:12:11",
		}},
		{"flowed", flowed, Mail, []string{
			"http://example.org/f 4:11:65 1:22:21",
			"http://example.org/g 5:6:91 2:6:47",
		}},
		{"mbox", mbox, Mbox, []string{
			"http://example.org/1 4:1:44 1:1:0",
			"http://example.org/esc 5:12:76 2:11:31",
			"http://example.org/help 7:13:143 0:0:0",
			"http://example.org/2 9:1:169 1:1:0",
		}},
	}
	for _, tt := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(tt.in), Options{Type: tt.typ}) {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
				continue
			}
			got = append(got, fmt.Sprintf("%s %d:%d:%d %d:%d:%d", l.URI, l.Line, l.Column, l.Offset, l.PartLine, l.PartColumn, l.PartOffset))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// TestMailPositionsCorpus checks, over the SpamAssassin and phishing
// corpora, that each link of a mail body points into the mbox: its Line
// and Column are those of its Offset, and there, read as quoted-printable
// (soft line breaks and line breaks left out), are the first 8 characters
// of the link as written, unless the part is base64.
func TestMailPositionsCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus scan")
	}
	sa, _ := spamAssassinMbox(t)
	phishing, err := os.ReadFile(filepath.Join(sharedDir(t, "corpora/email/nazario-phishing"), "phishing0.mbox"))
	if err != nil {
		t.Fatal(err)
	}
	for name, mbox := range map[string][]byte{"spamassassin": sa, "phishing": phishing} {
		var starts []int // of the lines
		for i := 0; i >= 0; {
			starts = append(starts, i)
			j := bytes.IndexByte(mbox[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
		}
		checked, encoded, bad := 0, 0, 0
		lastLine := 0
		for l, err := range Links(bytes.NewReader(mbox), Options{Type: Mbox}) {
			if err != nil || l.PartLine == 0 {
				continue
			}
			if l.Line < lastLine && bad < 10 {
				t.Errorf("%s: message %d: %s on line %d after line %d", name, l.Message, l.URI, l.Line, lastLine)
			}
			lastLine = l.Line
			off := int(l.Offset)
			line := sort.SearchInts(starts, off+1)
			if off < 0 || off >= len(mbox) || line != l.Line || off-starts[line-1]+1 != l.Column {
				if bad++; bad <= 10 {
					t.Errorf("%s: message %d: %s at %d:%d, offset %d is at %d:%d", name, l.Message, l.URI, l.Line, l.Column, off, line, off-starts[line-1]+1)
				}
				continue
			}
			want := strings.Join(strings.Fields(l.Ref), "")
			want = want[:min(len(want), 8)]
			at := mbox[off:min(off+200, len(mbox))]
			if strings.HasPrefix(qpWords(at, true), want) || strings.HasPrefix(qpWords(at, false), want) {
				checked++
				continue
			}
			rawLine := mbox[starts[line-1]:min(off+80, len(mbox))]
			if i := bytes.IndexByte(rawLine, '\n'); i >= 0 {
				rawLine = rawLine[:i]
			}
			if isBase64Line(rawLine) {
				encoded++
				continue
			}
			if bad++; bad <= 40 {
				t.Errorf("%s: message %d part %s: %q (%q) at %d:%d: line %q", name, l.Message, l.Part, l.Ref, want, l.Line, l.Column, rawLine)
			}
		}
		t.Logf("%s: %d links found at their place, %d in base64 lines, %d wrong", name, checked, encoded, bad)
	}
}

// qpWords returns b, read as quoted-printable if qp, without its line
// breaks, the quote marks after them, and white space, with HTML
// character references decoded.
func qpWords(b []byte, qp bool) string {
	s := string(b)
	if qp {
		s = string(mimepart.AppendQuotedPrintable(nil, b))
	}
	s = quoteMarks.ReplaceAllString(s, "\n")
	return strings.Join(strings.Fields(html.UnescapeString(s)), "")
}

var quoteMarks = regexp.MustCompile(`\n[> ]*`)

// base64Alphabet is RFC 2045 §6.8's, Table 1.
const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

func isBase64Line(b []byte) bool {
	b = bytes.TrimRight(b, "\r\n")
	for _, c := range b {
		if strings.IndexByte(base64Alphabet, c) < 0 && c != '=' && c != '\r' && c != '\n' {
			return false
		}
	}
	return len(b) > 0
}

// TestNoPositions scans the fixtures of every type with and without
// Options.NoPositions: the same links, their positions zero with it, and
// some links of each kind of input with positions to leave out.
func TestNoPositions(t *testing.T) {
	placed, parts := 0, 0
	files := checkLeftOut(t, []string{"html/*.html", "html/*/*.html", "mail/*.eml", "mbox/*.mbox", "saved/*.html", "markdown/*.md", "text/*"},
		[]Options{{}, {NoText: true, NoEmptyRefs: true}, {TextAround: true, Emails: true}},
		func(o *Options) { o.NoPositions = true },
		func(l *Link) {
			if l.Line > 0 && l.Offset > 0 {
				placed++
			}
			if l.PartLine > 0 {
				parts++
			}
			l.Line, l.Column, l.Offset, l.PartLine, l.PartColumn, l.PartOffset = 0, 0, 0, 0, 0, 0
		})
	if files < 30 || placed < 1000 || parts < 100 {
		t.Fatalf("%d files, %d links placed, %d in a part: too few to tell", files, placed, parts)
	}
}
