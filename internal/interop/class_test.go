package interop

import "testing"

// classNames are the names Class returns, as its documentation lists them.
var classNames = []string{
	"tab-newline", "c0-space", "backslash", "missing-slashes", "file",
	"userinfo-at", "delimiter-in-authority", "idna", "numeric-ipv4", "ipv4-sign", "ipv6",
	"percent-encoded-host", "port", "percent-encoded-path", "semicolon-query",
}

func TestClass(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"http://example.com/", ""},
		{"//a/b", ""},
		{"a:b", ""},
		{"HTTP:a", "missing-slashes"},
		{"ws:///x", "missing-slashes"},
		{"foo:/x", ""}, // not special: no host to find
		{"http://a\t/", "tab-newline"},
		{"http://a\\@b/\t", "tab-newline"}, // the removal comes first
		{"http://a/\x7f", ""},              // DEL is not trimmed
		{"http://a/\x1f", "c0-space"},
		{"http://0X7F.1/", "numeric-ipv4"},
		{"http://0x/", "numeric-ipv4"},
		{"http://1.2.3.4/", ""},
		{"http://1.2.3.04/", "numeric-ipv4"},
		{"http://a.1/", "numeric-ipv4"}, // ends in a number: WHATWG rejects it
		{"http://1.a/", ""},
		{"http://u:p@0x7f.1:80/", "numeric-ipv4"},
		{"http://[::1]:80/", "ipv6"},
		{"http://a:8080/", "port"},
		{"http://a:8080/%2e", "port"},
		{"http://a/%2E%2e/", "percent-encoded-path"},
		{"http://a/?%2e", ""},
		{"http://a/#;", ""},
		{"foo://a/?x;y", "semicolon-query"},
		{"http://a@b#@c/", "userinfo-at"},
		{"http://a#b@c/", "delimiter-in-authority"},
		{"http://a/#b@c", ""},
		{"http://xn--nxasmq6b.com/", "idna"},
		{"http://a.XN--nxasmq6b/", "idna"},
		{"http://%C3%BC/", "idna"},
		{"http://%30x7f.1/", "numeric-ipv4"},
		{"http://1.2.3.4%2e/", "numeric-ipv4"},
		{"foo://0x7f.1/", ""}, // an opaque host to WHATWG
		{"foo://%C3%BC/", ""},
		{"foo://[::1]:1/", "ipv6"},
		{"http://-1/", "ipv4-sign"},
		{"http://0+7.1/", "ipv4-sign"},
		{"http://-1.0x/", "ipv4-sign"},
		{"http://a-b.1/", "numeric-ipv4"}, // a hyphen, not a sign
		{"http://0x-/", ""},
		{"http://+/", ""},
		{"http://0-9/", ""}, // not octal: a domain to WHATWG too
	}
	for _, tt := range tests {
		if got := Class(tt.in); got != tt.want {
			t.Errorf("Class(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestEndsInNumber pins what whatwg-url v0.6.2 takes for an IPv4 address,
// as its parser reads these hosts.
func TestEndsInNumber(t *testing.T) {
	tests := []struct {
		host string
		want bool
	}{
		{"1", true},
		{"a.1.", true},
		{"a.08", true}, // digits end in a number even when not octal
		{"0x", true},
		{"0X7F", true},
		{"-1", true},
		{"+0x7f.1", true},
		{"0x+7f000001", true},
		{"0x-1", true},
		{"0-1", true},
		{"1.0-0", true},
		{"99999999999999999999", true}, // out of range is still a number
		{"", false},
		{".", false},
		{"a.1..", false},
		{"1.a", false},
		{"0x-", false},
		{"+", false},
		{"0-9", false},
		{"-0x7f", false},
		{"+-1", false},
		{"0xg", false},
	}
	for _, tt := range tests {
		if got := EndsInNumber(tt.host); got != tt.want {
			t.Errorf("EndsInNumber(%q) = %v, want %v", tt.host, got, tt.want)
		}
	}
}
