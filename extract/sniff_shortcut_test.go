package extract

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// readAll is detectLegacy without its shortcuts: every encoding reads
// the whole sample.
func readAll(sample []byte) encoding.Encoding {
	if len(sample) == sniffSample {
		if i := bytes.LastIndexAny(sample, "\n>"); i > 0 {
			sample = sample[:i]
		}
	}
	best, bestScore := encoding.Encoding(charmap.Windows1252), 0
	var buf [4096]byte
	for _, l := range legacies {
		if score, _ := l.read(sample, buf[:], countHigh(sample), math.MinInt); score > bestScore {
			best, bestScore = l.enc, score
		}
	}
	return best
}

// TestDetectLegacyShortcuts checks that the encodings detectLegacy stops
// reading early, and the ASCII it leaves out at the end, change no
// answer: texts in each legacy encoding, random 8-bit bytes, between runs
// of ASCII of many lengths (pieces of the decoders' buffer end anywhere).
func TestDetectLegacyShortcuts(t *testing.T) {
	var texts [][]byte
	for _, l := range legacies {
		for _, s := range []string{"東京都の天気予報です。ページ", "中華民國 臺北市 欢迎来到我们的网站", "대한민국 정부", "Привет, мир!", "Café Müller, naïve"} {
			b, _ := encoding.ReplaceUnsupported(l.enc.NewEncoder()).Bytes([]byte(s))
			texts = append(texts, b)
		}
	}
	r := rand.New(rand.NewPCG(17, 1))
	ascii := bytes.Repeat([]byte("<p>some text, a line\n"), 4000)
	for n := range 1000 {
		var b []byte
		for range 1 + r.IntN(12) {
			switch r.IntN(3) {
			case 0:
				b = append(b, texts[r.IntN(len(texts))]...)
			case 1:
				for range 1 + r.IntN(8) {
					b = append(b, byte(0x80+r.IntN(0x80)))
				}
			}
			k := r.IntN(len(ascii))
			b = append(b, ascii[k:min(len(ascii), k+r.IntN(6000))]...)
		}
		if n%50 == 0 && len(b) < sniffSample { // as sniffEncoding cuts it
			b = append(b, ascii[:min(len(ascii), sniffSample-len(b))]...)
			b = append(b, bytes.Repeat([]byte("x"), sniffSample-len(b))...)
		}
		b = b[:min(len(b), sniffSample)]
		if got, want := detectLegacy(b), readAll(b); got != want {
			t.Fatalf("sample %d (%d bytes): detectLegacy = %s, reading all of it gives %s", n, len(b), encName(got), encName(want))
		}
	}
}
