package check

import (
	"bufio"
	"cmp"
	"io"
	"maps"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/urix/urix/extract"
)

// fragSet is the fragments a target has, read once.
type fragSet struct {
	ids map[string]struct{}
	// markdown: a fragment matches a heading's id without regard to
	// case, and with GitHub's "user-content-" prefix, as GitHub's page
	// script finds it.
	markdown bool
	html     bool     // "top" names the top of any HTML page
	pdf      *pdfInfo // a PDF's pages and named destinations
	lines    int      // a text file's lines, for GitHub's #L10 and #L10-L20
	refresh  string   // an HTML page's immediate meta refresh URL, as written
	// unchecked names the type of a target whose fragments are not
	// known ("text"); "" when they are.
	unchecked string
	err       string // the target could not be read

	sortOnce sync.Once
	sorted   []string // ids, sorted, for near
}

func (fs *fragSet) add(id string) {
	if fs.ids == nil {
		fs.ids = make(map[string]struct{})
	}
	fs.ids[id] = struct{}{}
}

// has reports whether the set has the fragment frag, as written in the
// URI (percent-encoded), matched as the target's type matches it.
func (fs *fragSet) has(frag string) bool {
	// A text fragment ("#:~:text=...", "#id:~:text=..."): what follows
	// the fragment directive's ":~:" is no id (URL Fragment Text
	// Directives, §3.3); what comes before it is one, or nothing.
	if i := strings.Index(frag, ":~:"); i >= 0 {
		if frag = frag[:i]; frag == "" {
			return true
		}
	}
	if fs.pdf != nil {
		return fs.pdf.has(frag)
	}
	dec, err := url.PathUnescape(frag)
	if err != nil {
		dec = frag
	}
	for _, f := range []string{frag, dec} {
		if _, ok := fs.ids[f]; ok {
			return true
		}
		// HTML: "" and "top" are the top of the page (HTML, "scroll to
		// the fragment").
		if fs.html && (f == "" || strings.EqualFold(f, "top")) {
			return true
		}
		if fs.markdown {
			g := strings.ToLower(strings.TrimPrefix(f, "user-content-"))
			if _, ok := fs.ids[g]; ok || g == "" {
				return true
			}
		}
		if fs.lines > 0 && lineAnchor(f, fs.lines) {
			return true
		}
	}
	return false
}

// lineAnchor reports whether f is GitHub's anchor of a line, or of a
// range of lines, of a file of n lines: "L10", "L10-L20".
func lineAnchor(f string, n int) bool {
	from, to, isRange := strings.Cut(f, "-")
	ok := func(s string) bool {
		d, found := strings.CutPrefix(s, "L")
		v, err := strconv.Atoi(d)
		return found && err == nil && v >= 1 && v <= n
	}
	return ok(from) && (!isRange || ok(to))
}

// fragment checks that the target t has the fragment frag.
func (c *Offline) fragment(t *target, frag string) Result {
	fs := c.files.fragments(t)
	switch {
	case fs.err != "":
		return Result{Status: Broken, Reason: fs.err}
	case fs.unchecked != "":
		return Result{Status: OK, Reason: "fragment not checked in " + fs.unchecked}
	case fs.has(frag):
		return Result{Status: OK}
	}
	return Result{Status: Broken, Reason: "no such fragment", Near: fs.near(frag)}
}

// fragments returns the fragments of t, reading it the first time.
func (fc *fileCache) fragments(t *target) *fragSet {
	t.fragOnce.Do(func() {
		t.frags = fc.readFragments(t)
		if t.frags.html {
			// What the page redirects to is known now: no need to
			// read its head again (see redirect).
			t.redirOnce.Do(func() { t.redirect = resolveFrom(t.path, t.frags.refresh) })
		}
	})
	return t.frags
}

// maxFragmentLine is the longest line the line-based readers (Markdown,
// AsciiDoc, reST, text) look at; the rest of a longer line is skipped.
const maxFragmentLine = 1 << 20

func (fc *fileCache) readFragments(t *target) *fragSet {
	rc, name, err := fc.read(t)
	if err != nil {
		return &fragSet{err: "cannot read it: " + err.Error()}
	}
	defer rc.Close()
	br := readers.Get().(*bufio.Reader)
	br.Reset(rc)
	defer func() {
		br.Reset(nil)
		readers.Put(br)
	}()
	head, _ := br.Peek(4096)
	fs := &fragSet{}
	switch typ := typeOf(name, head); typ {
	case extract.HTML:
		fs.html = true
		err = htmlFragments(br, fs)
	case extract.Markdown:
		fs.markdown = true
		err = markdownFragments(br, fs)
	case extract.AsciiDoc:
		err = asciidocFragments(br, fs)
	case extract.RST:
		err = rstFragments(br, fs)
	case extract.PDF:
		fs.pdf, err = pdfFragments(br)
	case extract.ODF:
		if t.entry != nil {
			fs.unchecked = "a package inside a package"
			break
		}
		err = odfFragments(fc.pkg(t), fs)
	case extract.Text:
		fs.lines, err = countLines(br)
	default:
		fs.unchecked = typ.String()
	}
	if err != nil {
		fs.err = "cannot read it: " + err.Error()
	}
	return fs
}

// readers are the buffers files are read through, reused: a tree's
// pages are many, and a new 64 KiB buffer for each cost more than reading
// a small one.
var readers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 64<<10) }}

// typeOf is the type of the file name whose first bytes are head: by its
// extension where that tells, else as extract detects it.
func typeOf(name string, head []byte) extract.Type {
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".htm", ".xhtml", ".xht", ".shtml":
		return extract.HTML
	case ".md", ".markdown", ".mdown", ".mkd", ".mkdn", ".mdx":
		return extract.Markdown
	case ".adoc", ".asciidoc", ".asc":
		return extract.AsciiDoc
	case ".rst", ".rest":
		return extract.RST
	case ".pdf":
		return extract.PDF
	case ".odt", ".ods", ".odp", ".odg", ".ott":
		return extract.ODF
	}
	return extract.Detect(name, head)
}

// countLines counts the lines of r, the last one unended too.
func countLines(r *bufio.Reader) (int, error) {
	n, last := 0, byte('\n')
	buf := make([]byte, 32<<10)
	for {
		k, err := r.Read(buf)
		for _, b := range buf[:k] {
			if b == '\n' {
				n++
			}
		}
		if k > 0 {
			last = buf[k-1]
		}
		if err == io.EOF {
			if last != '\n' {
				n++
			}
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// maxNear is how many of the fragments nearest a missing one are told.
const maxNear = 3

// near returns the fragments of fs nearest to frag (see nearest), as
// the target's type matches them.
func (fs *fragSet) near(frag string) []string {
	if dec, err := url.PathUnescape(frag); err == nil {
		frag = dec
	}
	if fs.markdown {
		frag = strings.ToLower(frag)
	}
	fs.sortOnce.Do(func() {
		fs.sorted = slices.Sorted(maps.Keys(fs.ids))
	})
	return nearest(frag, fs.sorted)
}

// nearest returns the ids of sorted nearest to frag by edit distance, at
// most maxNear, nearest first, leaving out those that share too little
// with it to be a likely meant one (a distance of more than half the
// longer of the two as compared), unless one starts with the other
// ("applying" for "applying-changesets").
func nearest(frag string, sorted []string) []string {
	type cand struct {
		id string
		d  int
	}
	var best []cand
	for _, id := range candidates(sorted, frag) {
		d := editDistance(frag, id)
		prefix := len(frag) >= 3 && (strings.HasPrefix(id, frag) || strings.HasPrefix(frag, id) && len(id) >= 3)
		if limit := min(max(len(frag), len(id)), maxCompared) / 2; d > limit && !prefix {
			continue
		}
		best = append(best, cand{id, d})
	}
	slices.SortFunc(best, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.id, b.id))
	})
	var out []string
	for i := 0; i < len(best) && i < maxNear; i++ {
		out = append(out, best[i].id)
	}
	return out
}

// maxCandidates is how many of a target's fragments a missing one is
// compared with at most: all of them up to this many, else this many
// around it in sorted order; so that a broken link costs the same on a
// page of any size (a page of 100,000 ids, each the target of a broken
// link, would cost the square of that).
const maxCandidates = 128

// candidates returns the ids of sorted that nearest compares frag with.
func candidates(sorted []string, frag string) []string {
	if len(sorted) <= maxCandidates {
		return sorted
	}
	i, _ := slices.BinarySearch(sorted, frag)
	lo := max(0, min(i-maxCandidates/2, len(sorted)-maxCandidates))
	return sorted[lo : lo+maxCandidates]
}

// maxCompared is the longest prefix of the strings editDistance compares,
// so that one broken link costs little whatever the page's ids.
const maxCompared = 48

// editDistance is the Levenshtein distance between the first maxCompared
// runes of a and b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	ra, rb = ra[:min(len(ra), maxCompared)], rb[:min(len(rb), maxCompared)]
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			sub := prev[j-1]
			if ra[i-1] != rb[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// lazyRegexp returns a function that compiles expr at its first call and
// returns it then on: the expressions of the fragment readers are compiled
// when a target needs them, not at the start of every run of the command.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
