package defaultscheme

import "testing"

func TestStartsLikeHost(t *testing.T) {
	for in, want := range map[string]bool{
		"example.com/x": true, "localhost:8080": true, "localhost": true, "127.0.0.1/x": true,
		"[::1]:80/": true, "www.example.co.uk?q#f": true, "a-b.example:443": true,
		"mailto:a@b": false, "urn:x:y": false, "a:b": false, "/path": false, "": false,
		"http://example.com": false, "example": false, "1.5/x": false, "example.com:80x": false,
		"-a.example": false, "a..b": false, "[::1": false, "user@example.com": false,
	} {
		if got := startsLikeHost(in); got != want {
			t.Errorf("startsLikeHost(%q) = %v, want %v", in, got, want)
		}
	}
}
