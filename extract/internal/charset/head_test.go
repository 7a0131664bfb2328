package charset

import (
	"strings"
	"testing"
)

// FuzzHeadCharset checks that headCharset neither panics nor loops on any
// head, put after 1024 bytes of text so that it is read.
func FuzzHeadCharset(f *testing.F) {
	for _, s := range []string{`<meta charset="koi8-r">`, `<script>a<b</script><meta charset=x>`, `<!-- -- --><meta`, `</`, `<!`, `<a`, `<meta a="b`, `<title></title`} {
		f.Add([]byte(s))
	}
	pad := []byte(strings.Repeat(" ", 1025))
	f.Fuzz(func(t *testing.T, b []byte) {
		headCharset(append(pad[:len(pad):len(pad)], b...))
	})
}
