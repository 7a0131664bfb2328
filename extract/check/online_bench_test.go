package check

import (
	"context"
	"sync"
	"testing"
	"time"
)

// BenchmarkOnlineFloor checks 200 links on 4 hosts that answer after 50 ms,
// 2 requests at once per host: the limit allows no less than
// 200/4/2*50 ms = 1.25 s, and x-floor is the time taken over that.
//
//	go test -run '^$' -bench OnlineFloor -benchtime 5x ./extract/check
func BenchmarkOnlineFloor(b *testing.B) {
	const (
		n, nhosts, per = 200, 4, 2
		delay          = 50 * time.Millisecond
	)
	urls, _, all := hosts(b, nhosts, delay, 0)
	ls := spread(urls, n/nhosts)
	floor := time.Duration(n/nhosts/per) * delay
	for _, bb := range []struct {
		name string
		run  func(*Online, []string)
	}{
		{"goroutine-per-link", func(c *Online, ls []string) { checkAll(c, ls) }},
		// A pool of Concurrency workers fed the links host by host: the
		// way not to call Check (workers wait on a busy host's slots).
		{"pool-by-host", func(c *Online, ls []string) { pool(c, byHost(ls, nhosts), 32) }},
		{"CheckAll-by-host", func(c *Online, ls []string) {
			for range c.CheckAll(context.Background(), byHost(ls, nhosts)) {
			}
		}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			var total time.Duration
			all.busy.Store(0)
			for b.Loop() {
				c := NewOnline(OnlineOptions{AllowPrivate: true, PerHost: per})
				start := time.Now()
				bb.run(c, ls)
				total += time.Since(start)
				c.Close()
			}
			b.ReportMetric(float64(total)/float64(b.N)/float64(floor), "x-floor")
			// The server's sleeps overrun on a loaded machine: the floor
			// with the delays as they were.
			served := time.Duration(all.busy.Load() / int64(b.N*n))
			b.ReportMetric(float64(served)/float64(time.Millisecond), "ms-served")
			b.ReportMetric(float64(total)/float64(b.N)/float64(time.Duration(n/nhosts/per)*served), "x-served-floor")
		})
	}
}

// byHost orders links made by spread host by host.
func byHost(ls []string, nhosts int) []string {
	var out []string
	for h := range nhosts {
		for i := h; i < len(ls); i += nhosts {
			out = append(out, ls[i])
		}
	}
	return out
}

func pool(c *Online, ls []string, workers int) {
	next := make(chan string)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for l := range next {
				c.Check(context.Background(), l)
			}
		})
	}
	for _, l := range ls {
		next <- l
	}
	close(next)
	wg.Wait()
}
