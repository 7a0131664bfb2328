package delimit

import (
	"fmt"
	"os"
	"testing"
)

func TestDump(t *testing.T) {
	for _, f := range []string{os.Getenv("F")} {
		b, _ := os.ReadFile(f)
		for _, m := range All(b, Options{}) {
			fmt.Printf("%d\t%s\t%v\t%s\n", m.Line, m.Style, m.Joined, m.URI)
		}
	}
}
