package charset

import (
	"strings"
	"testing"
)

func TestUTF16Order(t *testing.T) {
	tests := []struct {
		in      string
		big, ok bool
		name    string
	}{
		{"\xff\xfe", false, true, "LE BOM"},
		{"\xfe\xff", true, true, "BE BOM"},
		{"<\x00h\x00t\x00m\x00l\x00>\x00", false, true, "LE markup"},
		{"\x00<\x00h\x00t\x00m\x00l\x00>", true, true, "BE markup"},
		{"<html>\x00\x01binary", false, false, "a NUL or two"},
		{"\x00\x00\x00\x00\x00\x00\x00\x00", false, false, "all NUL"},
		{"<\x00", false, false, "too short to tell"},
		{"<\x00p\x00>\x00x\x00" + strings.Repeat("\xe5\x65\x2c\x67\x9e\x8a", 4), false, true, "LE, a quarter 7-bit"},
		{"<\x00p\x00>\x00x\x00" + strings.Repeat("\xe5\x65\x2c\x67\x9e\x8a", 6), false, false, "LE, less than a quarter 7-bit"},
	}
	for _, tt := range tests {
		big, ok := UTF16Order([]byte(tt.in))
		if big != tt.big || ok != tt.ok {
			t.Errorf("UTF16Order(%s %q) = %v, %v; want %v, %v", tt.name, tt.in, big, ok, tt.big, tt.ok)
		}
	}
}
