//go:build linux && amd64 && !purego

package uri

import (
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestSkipPageStart holds skip and skipThenPath to loops over bytes for
// strings shorter than 32 bytes that start at, or just after, the start
// of a page whose page before cannot be read. The vector scan reads the
// 32 bytes that end where such a string ends only where they are in one
// page: where it read across, this test would die of SIGSEGV.
func TestSkipPageStart(t *testing.T) {
	if !wide {
		t.Skip("no AVX2")
	}
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Skip(err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skip(err)
	}
	patterns := []string{"a", "ab/c/./d?e", "/./././", "host.example/a/.b"}
	for off := 0; off <= 33; off++ {
		for n := 1; n <= 40; n++ {
			for _, p := range patterns {
				b := mem[page+off : page+off+n]
				copy(b, strings.Repeat(p, n/len(p)+1))
				s := unsafe.String(&b[0], n)
				for i := 0; i <= n; i++ {
					checkSkip(t, "path", s, i, &pathChar)
					checkSkip(t, "query", s, i, &queryChar)
					checkSkipThenPath(t, s, i)
				}
			}
		}
	}
}
