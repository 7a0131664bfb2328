package check

import (
	"context"
	"net"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestOnlineConnectTimeout connects to a listener whose queue is full, so
// that the kernel drops the handshake: the connect timeout ends the wait,
// well before the request's.
func TestOnlineConnectTimeout(t *testing.T) {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Skip(err)
	}
	defer syscall.Close(fd)
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Skip(err)
	}
	if err := syscall.Listen(fd, 0); err != nil {
		t.Skip(err)
	}
	sa, _ := syscall.Getsockname(fd)
	addr := "127.0.0.1:" + strconv.Itoa(sa.(*syscall.SockaddrInet4).Port)
	// Fill the queue: with a backlog of 0 the kernel keeps one or two.
	for range 3 {
		if c, err := net.DialTimeout("tcp", addr, 50*time.Millisecond); err == nil {
			defer c.Close()
		}
	}
	d := net.Dialer{Timeout: 50 * time.Millisecond}
	if c, err := d.Dial("tcp", addr); err == nil {
		c.Close()
		t.Skip("the kernel still completes handshakes on a full queue")
	}
	c := testOnline(t, OnlineOptions{ConnectTimeout: 80 * time.Millisecond, Timeout: 5 * time.Second, Retries: -1})
	start := time.Now()
	if r := c.Check(context.Background(), "http://"+addr+"/"); r.Status != Broken || r.Reason != "connect timeout" {
		t.Errorf("got %+v, want Broken connect timeout", r)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v, want about the connect timeout", d)
	}
}
