package interop

import "testing"

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
