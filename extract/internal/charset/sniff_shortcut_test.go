package charset

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// readAll is detectLegacy without its shortcuts: every encoding decodes
// the whole sample (readDecoded).
func readAll(sample []byte) encoding.Encoding {
	if len(sample) == sniffSample {
		if i := bytes.LastIndexAny(sample, "\n>"); i > 0 {
			sample = sample[:i]
		}
	}
	best, bestScore := encoding.Encoding(charmap.Windows1252), 0
	var buf [4096]byte
	for _, l := range legacies {
		if score := readDecoded(l, sample, buf[:]); score > bestScore {
			best, bestScore = l.enc, score
		}
	}
	return best
}

// readDecoded is legacy.read without its shortcuts: the whole sample
// through the decoder, into buf piece by piece.
func readDecoded(l legacy, sample, buf []byte) int {
	dec := l.enc.NewDecoder()
	score, prev := 0, rune(' ')
	for len(sample) > 0 {
		nDst, nSrc, _ := dec.Transform(buf, sample, true)
		if nSrc == 0 {
			break
		}
		sample = sample[nSrc:]
		score, prev = l.scoreText(buf[:nDst], score, prev)
	}
	return score
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
		if n%50 == 0 && len(b) < sniffSample { // as Sniff cuts it
			b = append(b, ascii[:min(len(ascii), sniffSample-len(b))]...)
			b = append(b, bytes.Repeat([]byte("x"), sniffSample-len(b))...)
		}
		b = b[:min(len(b), sniffSample)]
		if got, want := detectLegacy(b), readAll(b); got != want {
			t.Fatalf("sample %d (%d bytes): detectLegacy = %s, reading all of it gives %s", n, len(b), encName(got), encName(want))
		}
	}
}

// TestLegacyReadSkips checks that legacy.read, which counts runs of
// ASCII without decoding them, scores every sample as decoding all of it
// does, with buffers of many sizes (pieces that end anywhere: inside the
// runs counted, on a character cut, on the last byte of one).
func TestLegacyReadSkips(t *testing.T) {
	var texts [][]byte
	for _, l := range legacies {
		for _, s := range []string{"東京都の天気予報です。", "中華民國 欢迎", "대한민국", "Привет", "Café Müller"} {
			b, _ := encoding.ReplaceUnsupported(l.enc.NewEncoder()).Bytes([]byte(s))
			texts = append(texts, b)
		}
	}
	r := rand.New(rand.NewPCG(17, 2))
	for n := range 3000 {
		var b []byte
		for range 1 + r.IntN(10) {
			switch r.IntN(4) {
			case 0:
				b = append(b, texts[r.IntN(len(texts))]...)
			case 1:
				for range 1 + r.IntN(4) {
					b = append(b, byte(0x80+r.IntN(0x80)))
				}
			}
			b = append(b, bytes.Repeat([]byte{"ab\n<>=0"[r.IntN(7)]}, r.IntN(3*asciiRun))...)
		}
		buf := make([]byte, []int{4, 5, 7, 16, 33, 100, 4096}[n%7])
		for _, l := range legacies {
			got, ok := l.read(b, buf, countHigh(b), math.MinInt)
			if want := readDecoded(l, b, buf); got != want || !ok {
				t.Fatalf("%s, buffer %d, sample %q: read %d (%v), decoding all %d", encName(l.enc), len(buf), b, got, ok, want)
			}
		}
	}
}
