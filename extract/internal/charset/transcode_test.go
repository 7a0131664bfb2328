package charset

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// statelessEncodings are the encodings whose ASCII runs Transcode copies.
var statelessEncodings = []encoding.Encoding{
	japanese.ShiftJIS, japanese.EUCJP, korean.EUCKR, simplifiedchinese.GBK,
	simplifiedchinese.GB18030, traditionalchinese.Big5,
}

// checkTranscode checks Transcode against the decoder of enc reading src
// whole.
func checkTranscode(t *testing.T, enc encoding.Encoding, src []byte) {
	t.Helper()
	want, err := enc.NewDecoder().Bytes(src)
	if err != nil {
		t.Fatalf("%v: %q: %v", enc, src, err)
	}
	if got := Transcode([]byte("x"), enc, src); !bytes.Equal(got[1:], want) {
		t.Fatalf("%v: Transcode(%q) = %q, want %q", enc, src, got[1:], want)
	}
}

// TestTranscodeASCIIRuns checks Transcode, which copies runs of ASCII,
// against the decoders on texts made of lead and trail bytes of every
// kind (GB18030's four-byte forms end in ASCII digits; EUC-JP's 0x8f
// leads three) and runs of ASCII just short of asciiRun and past it.
func TestTranscodeASCIIRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{
		"a", "0", "9", "@", "~", "\n", strings.Repeat("x", asciiRun-2), strings.Repeat("y", asciiRun-1),
		strings.Repeat("z", asciiRun), strings.Repeat("w", 2*asciiRun+3),
		"\x80", "\x81", "\x8e", "\x8f", "\xa1", "\xa4", "\xb0", "\xc8", "\xfe", "\xff",
		"\x81\x30\x81\x30", "\x84\x31\xa4\x39", "\xe3\x32\x9a\x35", "\x8f\xa2\xaf", "\xa4\xa2",
	}
	for range 3000 {
		var sb strings.Builder
		for range rng.IntN(30) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		for _, enc := range statelessEncodings {
			checkTranscode(t, enc, []byte(sb.String()))
		}
	}
}

func FuzzTranscode(f *testing.F) {
	f.Add([]byte("\x81" + strings.Repeat("0", 20) + "\xa4\xa2 \x8f" + strings.Repeat("A", 17) + "\xfe"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, enc := range statelessEncodings {
			checkTranscode(t, enc, b)
		}
	})
}
