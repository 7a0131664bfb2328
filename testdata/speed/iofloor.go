//go:build ignore

// iofloor reads every regular file under the directories named with the
// system calls a scan of them must make (openat, fstat, read, close) and
// does nothing else: the CPU a tree of small files costs over one file of
// the same bytes, whatever reads them (#30's goal 2). It prints the files
// and the bytes read. Usage:
//
//	go build -o /tmp/iofloor testdata/speed/iofloor.go
//	perf stat -r 5 /tmp/iofloor ../shared/corpora/email/spamassassin
package main

import (
	"fmt"
	"os"
	"syscall"
)

var buf = make([]byte, 1<<20)

func walk(dir string) (files, bytes int) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 0, 0
	}
	for _, e := range ents {
		name := dir + "/" + e.Name()
		if e.IsDir() {
			f, b := walk(name)
			files, bytes = files+f, bytes+b
			continue
		}
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
		if err != nil {
			continue
		}
		var st syscall.Stat_t
		syscall.Fstat(fd, &st)
		for {
			n, _ := syscall.Read(fd, buf)
			bytes += max(n, 0)
			if n < len(buf) { // a short read of a regular file is its end
				break
			}
		}
		syscall.Close(fd)
		files++
	}
	return files, bytes
}

func main() {
	files, bytes := 0, 0
	for _, dir := range os.Args[1:] {
		f, b := walk(dir)
		files, bytes = files+f, bytes+b
	}
	fmt.Println(files, bytes)
}
