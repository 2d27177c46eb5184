//go:build unix && (amd64 || arm64)

package uri

import (
	"errors"
	"syscall"
	"testing"
	"unsafe"
)

// TestMaxLen parses inputs of MaxLen and MaxLen+1 bytes without the
// memory: they are views of a private anonymous mapping, whose pages are
// never touched because the parse stops at the first byte (NUL is not a
// URI character) or at the length check.
func TestMaxLen(t *testing.T) {
	mem, err := syscall.Mmap(-1, 0, MaxLen+1, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.Fatalf("mmap of %d bytes: %v", MaxLen+1, err)
	}
	defer syscall.Munmap(mem)

	for _, c := range []struct {
		n    int
		rule string
		want string
	}{
		// Within the limit the NUL is the error.
		{MaxLen, "path", "invalid character U+0000 in path at offset 0"},
		{MaxLen + 1, "URI-reference", "reference longer than uri.MaxLen (2147483647) bytes at offset 2147483647"},
	} {
		_, err := Parse(unsafe.String(&mem[0], c.n))
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Error() != c.want || pe.Rule != c.rule {
			t.Errorf("Parse of %d bytes: %v, want %q in %s", c.n, err, c.want, c.rule)
		}
	}
}
