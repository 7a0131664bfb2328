package extract

import "testing"

// TestWARCName checks the names that make an input WARC or WAT whatever
// its bytes: the suffixes in any case, and nothing else.
func TestWARCName(t *testing.T) {
	for _, c := range []struct {
		name      string
		warc, wat bool
	}{
		{"crawl.warc", true, false},
		{"dir/CRAWL.WARC.GZ", true, false},
		{"a.Warc.Gz", true, false},
		{"x.warc.wat", true, true},
		{"X.WARC.WAT.GZ", true, true},
		{"é.WaRc", true, false},
		{".warc", true, false},
		{"warc", false, false},
		{"arc", false, false},
		{"", false, false},
		{"a.warc.txt", false, false},
		{"a.wat", false, false},
		{"a.warc.gzip", false, false},
		{"a.war\u212a", false, false}, // KELVIN SIGN: no "c" by case
	} {
		if got := isWARCName(c.name); got != c.warc {
			t.Errorf("isWARCName(%q) = %v, want %v", c.name, got, c.warc)
		}
		if got := isWATName(c.name); got != c.wat {
			t.Errorf("isWATName(%q) = %v, want %v", c.name, got, c.wat)
		}
	}
}
