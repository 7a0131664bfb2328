package check

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The cache file is JSON lines: cacheHeader, then one cacheEntry a line,
// sorted, so that it diffs well and a CI cache step can key on it.
const cacheHeader = `{"urix":"check-cache","version":1}`

// maxCacheLine bounds a line read from the cache file: an entry holds at
// most the anchors of maxBody bytes of HTML.
const maxCacheLine = 2 * maxBody

// cacheEntry is an answer kept between runs.
type cacheEntry struct {
	URL      string    `json:"url"`
	Body     bool      `json:"body,omitempty"` // read with GET for its fragments
	Time     time.Time `json:"time"`
	Code     int       `json:"code"`
	Final    string    `json:"final,omitempty"`
	Location string    `json:"location,omitempty"`
	PermCode int       `json:"perm_code,omitempty"`
	Failure  string    `json:"failure,omitempty"`
	HTML     bool      `json:"html,omitempty"`
	Trunc    bool      `json:"truncated,omitempty"`
	Anchors  []string  `json:"anchors,omitempty"`
}

// cache is the cache file's entries still fresh, and this run's answers.
type cache struct {
	file    string
	ours    bool // the file is a cache or absent: Close may replace it
	entries map[pageKey]cacheEntry
}

// loadCache reads file, dropping entries older than maxAge. A missing file
// is an empty cache; a damaged line is skipped and warned about; a file
// that is not a cache at all is warned about and left alone.
func loadCache(file string, maxAge time.Duration, now time.Time, warn func(error)) *cache {
	c := &cache{file: file, ours: true, entries: make(map[pageKey]cacheEntry)}
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return c
	}
	if err != nil {
		warn(fmt.Errorf("check: cache: %w", err))
		return c
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), maxCacheLine)
	line := 0
	for {
		if !sc.Scan() { // blank or empty: a cache of nothing
			if sc.Err() != nil {
				warn(fmt.Errorf("check: cache %s: %w", file, sc.Err()))
			}
			return c
		}
		if line++; strings.TrimSpace(sc.Text()) != "" {
			break
		}
	}
	if strings.TrimSpace(sc.Text()) != cacheHeader {
		c.ours = false
		warn(fmt.Errorf("check: cache %s: not a urix check cache (version 1); it is neither read nor overwritten", file))
		return c
	}
	bad, first := 0, 0
	for sc.Scan() {
		line++
		var e cacheEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.URL == "" || e.Time.IsZero() {
			if bad++; first == 0 {
				first = line
			}
			continue
		}
		if age := now.Sub(e.Time); age > maxAge || age < -time.Hour {
			continue
		}
		c.entries[pageKey{e.URL, e.Body}] = e
	}
	if err := sc.Err(); err != nil {
		warn(fmt.Errorf("check: cache %s: after line %d: %w; the rest is ignored", file, line, err))
	}
	if bad > 0 {
		warn(fmt.Errorf("check: cache %s: line %d: not a cache entry (%d such lines skipped)", file, first, bad))
	}
	return c
}

// get returns the answer kept for (u, body): an entry read for the body
// answers for one without; a broken page needs no body.
func (c *cache) get(u string, body bool) (answer, bool) {
	e, ok := c.entries[pageKey{u, true}]
	if !ok {
		e, ok = c.entries[pageKey{u, false}]
		if ok && body && e.Code >= 200 && e.Code < 300 && e.Failure == "" {
			ok = false
		}
	}
	if !ok {
		return answer{}, false
	}
	return answer{code: e.Code, final: e.Final, location: e.Location, permCode: e.PermCode,
		failure: e.Failure, html: e.HTML, trunc: e.Trunc, anchors: e.Anchors}, true
}

func (c *cache) put(e cacheEntry) { c.entries[pageKey{e.URL, e.Body}] = e }

// entry is p's answer as a cache entry, when it is worth keeping.
func (p *page) entry(k pageKey, now time.Time) (cacheEntry, bool) {
	a := p.ans
	if p.cached || p.canceled || !a.cacheable() {
		return cacheEntry{}, false
	}
	return cacheEntry{URL: k.url, Body: k.body, Time: now, Code: a.code, Final: a.final,
		Location: a.location, PermCode: a.permCode, Failure: a.failure, HTML: a.html,
		Trunc: a.trunc, Anchors: a.anchors}, true
}

// save replaces the cache file with the entries, through a temporary file
// renamed over it, so that a reader or a crash never sees half a file.
func (c *cache) save() (err error) {
	if !c.ours {
		return nil
	}
	keys := slices.SortedFunc(maps.Keys(c.entries), func(a, b pageKey) int {
		if n := cmp.Compare(a.url, b.url); n != 0 {
			return n
		}
		return cmp.Compare(btoi(a.body), btoi(b.body))
	})
	dir, name := filepath.Split(c.file)
	f, err := os.CreateTemp(cmp.Or(dir, "."), "."+name+".tmp-*")
	if err != nil {
		return fmt.Errorf("check: cache: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			err = fmt.Errorf("check: cache %s: %w", c.file, err)
		}
	}()
	w := bufio.NewWriter(f)
	w.WriteString(cacheHeader + "\n")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, k := range keys {
		if err := enc.Encode(c.entries[k]); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(c.file); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := f.Chmod(mode); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), c.file)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
