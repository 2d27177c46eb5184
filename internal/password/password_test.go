package password

import "testing"

func TestMasked(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// valid: exactly what the parser reads as the password
		{"http://u:pw@h/", "http://u:****@h/"},
		{"http://u:@h/", "http://u:@h/"},
		{"http://u@h/", "http://u@h/"},
		{"http://u:pw@[::1]:80/", "http://u:****@[::1]:80/"},
		{"//u:p:w@h", "//u:****@h"},
		{"http://h/a:b@c", "http://h/a:b@c"},
		{"mailto:a:b@c", "mailto:a:b@c"},
		// invalid: the '@' must come before any '['
		{"http://[::1]@host/", "http://[::1]@host/"},
		{"http://[::1]:80@u:pw@host/", "http://[::1]:80@u:pw@host/"},
		{"http://u:pw@[::1]@x/", "http://u:****@[::1]@x/"},
		{"http://u:pw@h:99999x/", "http://u:****@h:99999x/"},
		{"http://u:p w@h/", "http://u:****@h/"},
		{"http://u:pw@a@b/", "http://u:****@b/"},
		{"http://u:@a b/", "http://u:@a b/"},
	} {
		if got := Masked(c.in); got != c.want {
			t.Errorf("Masked(%q) = %q, want %q", c.in, got, c.want)
		}
		if start, end := Find(c.in); (start < end) != (c.in != c.want) {
			t.Errorf("Find(%q) = %d, %d", c.in, start, end)
		}
	}
}
