package check

import (
	"context"
	"iter"
	"net/url"
	"strings"
	"sync"
)

// CheckAll checks links and yields the index in links and the result of
// each as it comes. It runs Concurrency workers that take the links of the
// hosts with a free slot in turn, so that the links of a busy host never
// hold the workers another host could use (a pool of workers calling Check
// on links in document order does: 200 links on 4 hosts, 50 of them at a
// time to one host, take 2.5 times as long). The links of one page (its
// fragments) are taken together: the page is fetched once. Stopping the
// iteration cancels the checks under way.
func (c *Online) CheckAll(ctx context.Context, links []string) iter.Seq2[int, Result] {
	return func(yield func(int, Result) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		type done struct {
			i int
			r Result
		}
		out := make(chan done, c.opts.Concurrency)
		s := newSchedule(links, c.opts.PerHost, c.opts.Concurrency)
		var wg sync.WaitGroup
		for range min(c.opts.Concurrency, len(links)) {
			wg.Go(func() {
				for {
					h, group := s.take()
					if h == nil {
						return
					}
					for _, i := range group {
						out <- done{i, c.Check(ctx, links[i])}
					}
					s.release(h)
				}
			})
		}
		go func() { wg.Wait(); close(out) }()
		for d := range out {
			if !yield(d.i, d.r) {
				cancel()
				for range out { // let the workers end
				}
				return
			}
		}
	}
}

// schedule hands out the links of hosts that have a free slot, host after
// host, a page's links at a time.
type schedule struct {
	mu    sync.Mutex
	cond  sync.Cond
	ready []*hostQueue // hosts with pages waiting and a free slot
	left  int          // pages not taken
}

type hostQueue struct {
	pages   [][]int // indexes of links, by page
	active  int
	max     int
	inReady bool
}

func newSchedule(links []string, perHost, all int) *schedule {
	s := &schedule{}
	s.cond.L = &s.mu
	hosts := make(map[string]*hostQueue)
	pages := make(map[string]int) // page -> its index in its host's pages
	for i, l := range links {
		page, _, _ := strings.Cut(l, "#")
		key, limit := "", all // not fetched or not parsed: no host limit
		if u, err := url.Parse(page); err == nil && u.Host != "" {
			key, limit = hostKey(u), perHost
		}
		h := hosts[key]
		if h == nil {
			h = &hostQueue{max: limit, inReady: true}
			hosts[key] = h
			s.ready = append(s.ready, h)
		}
		if j, ok := pages[page]; ok && key != "" {
			h.pages[j] = append(h.pages[j], i)
			continue
		}
		pages[page] = len(h.pages)
		h.pages = append(h.pages, []int{i})
		s.left++
	}
	return s
}

// take returns the next page's links and its host, or nil when none are
// left; it waits while every host with pages waiting is busy.
func (s *schedule) take() (*hostQueue, []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.ready) == 0 && s.left > 0 {
		s.cond.Wait()
	}
	if s.left == 0 {
		return nil, nil
	}
	h := s.ready[0]
	s.ready = s.ready[1:]
	group := h.pages[0]
	h.pages = h.pages[1:]
	h.active++
	if s.left--; s.left == 0 {
		s.cond.Broadcast() // the waiting workers end
	}
	if len(h.pages) > 0 && h.active < h.max {
		s.ready = append(s.ready, h) // to the back: the hosts take turns
	} else {
		h.inReady = false
	}
	return h, group
}

// release gives back the slot of h taken with a page.
func (s *schedule) release(h *hostQueue) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h.active--
	if len(h.pages) > 0 && !h.inReady {
		h.inReady = true
		s.ready = append(s.ready, h)
		s.cond.Signal()
	}
}
