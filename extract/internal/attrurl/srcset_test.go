package attrurl

import (
	"reflect"
	"testing"
)

func TestSrcsetURLs(t *testing.T) {
	// Cases follow the HTML Living Standard §4.8.4.3.10 "parse a srcset
	// attribute" step by step.
	tests := []struct {
		in   string
		want []string
	}{
		{"a.png", []string{"a.png"}},
		{"a.png 1x, b.png 2x", []string{"a.png", "b.png"}},
		{"  a.png   100w ,b.png 200w", []string{"a.png", "b.png"}},
		{"a.png,b.png", []string{"a.png,b.png"}},      // no space: one URL with a comma inside
		{"a.png, b.png", []string{"a.png", "b.png"}},  // a trailing comma ends the URL
		{"a.png,, b.png", []string{"a.png", "b.png"}}, // several trailing commas removed
		{",a.png 1x", []string{"a.png"}},              // leading commas skipped
		{"data:image/png;base64,AAA= 1x", []string{"data:image/png;base64,AAA="}},
		{"a.png 1x 2x, b.png", []string{"!a.png", "b.png"}},   // two densities: marked invalid
		{"a.png 100w 1x, b.png", []string{"!a.png", "b.png"}}, // width and density: marked invalid
		{"a.png 100h, b.png", []string{"!a.png", "b.png"}},    // height without width: marked invalid
		{"a.png 100w 50h, b.png", []string{"a.png", "b.png"}},
		{"a.png 0w, b.png", []string{"!a.png", "b.png"}}, // width must be positive
		{"a.png 1.5x", []string{"a.png"}},
		{"a.png 1e1x", []string{"a.png"}},
		{"a.png -1x, b.png", []string{"!a.png", "b.png"}},
		{"a.png foo(1, 2) 1x, b.png", []string{"!a.png", "b.png"}}, // parentheses keep the comma; unknown descriptor
		{"a.png 1x,b.png 2x", []string{"a.png", "b.png"}},
		{"", nil},
		{" , ", nil},
		{"a.png 1000px, b.png 800px", []string{"!a.png", "!b.png"}}, // html-proofer's srcset_picture_pixel-density
	}
	for _, tc := range tests {
		var got []string
		for s := range Srcset(tc.in) {
			u := tc.in[s.Start:s.End]
			if !s.Valid {
				u = "!" + u
			}
			got = append(got, u)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Srcset(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
