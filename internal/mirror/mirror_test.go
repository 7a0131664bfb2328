package mirror

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
)

// TestMirrorPageURI: a page's URI from its place in the mirror; a first
// segment that starts with dots but is no dot-segment ("..h", "...")
// is a name like any other (RFC 3986 §3.3), a page outside is refused.
func TestMirrorPageURI(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "m")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	m, err := New(dir, "http")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, want string }{
		{"m/h.example/index.html", "http://h.example/index.html"},
		{"m/h.example/..x/p.html", "http://h.example/..x/p.html"},
		{"m/..h/i.html", "http://..h/i.html"},
		{"m/.../i.html", "http://.../i.html"},
		{"m/h.example/%2E%2E/p.html", "http://h.example/%2E%2E/p.html"}, // wget's name for ".."
		{"m/..", ""},
		{"m/../m2/h.example/i.html", ""},
		{"m2/h.example/i.html", ""},
		{"m/i.html", ""},
		{"m", ""},
	}
	for _, tt := range tests {
		got, err := m.PageURI(filepath.Join(root, filepath.FromSlash(tt.name)))
		if tt.want == "" {
			if !errors.Is(err, ErrOutside) {
				t.Errorf("PageURI(%s) = %q, %v; want ErrOutside", tt.name, got, err)
			}
		} else if got != tt.want || err != nil {
			t.Errorf("PageURI(%s) = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

// TestMirrorFile: the file a URI maps to; segments that start with dots
// are names, and a URI whose decoded path climbs out of the mirror
// ("%2E%2E", which Resolve keeps) maps to no file, even one that exists.
func TestMirrorFile(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"m/h.example/..x/p.html", "m/h.example/.../q.html", "m/h.example/a/..b", "secret.html", "m2/h.example/s.html",
		"m/h.example/b.html", "m/o.example/s.html", "m/h.example/c/%2E%2E/d.html", "m/h.example/aA.html", "m/h.example/pct%.html"} {
		f := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := New(filepath.Join(root, "m"), "http")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ uri, want string }{
		{"http://h.example/..x/p.html", "m/h.example/..x/p.html"},
		{"http://h.example/.../q.html", "m/h.example/.../q.html"},
		{"http://h.example/a/..b", "m/h.example/a/..b"},
		{"http://h.example/%2E%2E/%2E%2E/secret.html", ""},
		{"http://h.example/%2E%2E/%2E%2E/m2/h.example/s.html", ""},
		{"http://h.example/..%2F..%2Fsecret.html", ""},
		// wget saves a segment that decodes to ".." as "%2E%2E": it is
		// no way to another file of the host, or to another host.
		{"http://h.example/a/%2e%2e/b.html", ""},
		{"http://h.example/%2E%2E/o.example/s.html", ""},
		{"http://h.example/c/%2e%2e/d.html", "m/h.example/c/%2E%2E/d.html"},
		{"http://h.example/c/.%2E/d.html", "m/h.example/c/%2E%2E/d.html"},
		{"http://h.example/c/%2E%2E/d.html", "m/h.example/c/%2E%2E/d.html"},
		// wget 1.21 decodes the path twice for the file name: "%2541" is "A".
		{"http://h.example/a%2541.html", "m/h.example/aA.html"},
		{"http://h.example/pct%2525.html", "m/h.example/pct%.html"},
	}
	for _, tt := range tests {
		u, err := uri.Parse(tt.uri)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := m.File(u)
		want := ""
		if tt.want != "" {
			want = filepath.Join(root, filepath.FromSlash(tt.want))
		}
		if got != want || ok != (want != "") {
			t.Errorf("File(%s) = %q, %v; want %q", tt.uri, got, ok, want)
		}
	}
}

// TestMirrorSymlink: a symbolic link in the mirror directory is neither a
// directory nor a file there, whatever it points to, out of the mirror or
// into it: the links whose URIs map through one stay absolute. Before, a
// link to ln/victim.html, ln pointing outside, became "../ln/victim.html".
func TestMirrorSymlink(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"outside/victim.html", "m/h.example/real/page.html", "m/h.example/index.html", "m2/o.example/x.html"} {
		f := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{
		"m/h.example/ln":        "../../outside",               // a directory outside
		"m/h.example/out.html":  "../../outside/victim.html",   // a file outside
		"m/h.example/inside":    "real",                        // a directory inside
		"m/h.example/same.html": "real/page.html",              // a file inside
		"m/o.example":           "../m2/o.example",             // a host directory
		"m/h.example/dangling":  filepath.Join(root, "absent"), // nowhere
	} {
		if err := os.Symlink(filepath.FromSlash(to), filepath.Join(root, filepath.FromSlash(link))); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	m, err := New(filepath.Join(root, "m"), "http")
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(root, "m", "h.example", "index.html")
	tests := []struct{ uri, want string }{
		{"http://h.example/real/page.html", "real/page.html"},
		{"http://h.example/", "index.html"},
		{"http://h.example/ln/victim.html", "http://h.example/ln/victim.html"},
		{"http://h.example/out.html", "http://h.example/out.html"},
		{"http://h.example/inside/page.html", "http://h.example/inside/page.html"},
		{"http://h.example/same.html", "http://h.example/same.html"},
		{"http://o.example/x.html", "http://o.example/x.html"},
		{"http://h.example/dangling", "http://h.example/dangling"},
	}
	for _, tt := range tests {
		got, ok := m.Value(page, extract.Link{URI: tt.uri})
		if !ok || got != tt.want {
			t.Errorf("Value(%s) = %q, %v; want %q", tt.uri, got, ok, tt.want)
		}
	}
}
