package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWithConfig: where the file's options go, and when they do not.
func TestWithConfig(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "urixrc")
	if err := os.WriteFile(cfg, []byte("# c\n\n  -n \n--type\nhtml\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	app := newApp(&env{})
	for _, tt := range []struct{ args, want string }{
		{"urix a.txt", "urix -n --type html a.txt"},
		{"urix", "urix -n --type html"},
		{"urix scan -c a.txt", "urix scan -n --type html -c a.txt"},
		{"urix --no-config a.txt", "urix --no-config a.txt"},
		{"urix -- --no-config", "urix -n --type html -- --no-config"}, // a file named so
		{"urix resolve http://a/ b", "urix resolve http://a/ b"},
		{"urix pick m.eml", "urix pick m.eml"},
		{"urix help", "urix help"},
	} {
		got, err := withConfig(app, strings.Fields(tt.args), cfg)
		if err != nil || !slices.Equal(got, strings.Fields(tt.want)) {
			t.Errorf("withConfig(%q) = %q, %v; want %q", tt.args, got, err, tt.want)
		}
	}
	big := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("-n\n", maxConfigSize)), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := withConfig(app, []string{"urix", "a.txt"}, big); err == nil {
		t.Errorf("a file of %d bytes: no error", 3*maxConfigSize)
	}
}
