package errfinding_test

import (
	"errors"
	"testing"

	"github.com/uritool/uritool/internal/edit"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/pkg/uri"
	"github.com/uritool/uritool/pkg/uritemplate"
)

func TestOf(t *testing.T) {
	_, parseErr := uri.Parse("http://a b/")
	_, iriErr := iri.ToURI("http://a/\u0041\u030a", iri.Options{})
	_, pctErr := pct.Decode("a%zz")
	_, tmplErr := uritemplate.Parse("{x")
	_, buildErr := uri.Builder{Scheme: ptr("1x")}.Build()
	u, _ := uri.Parse("http://a/")
	op, err := edit.ParseSet("--set", "port=x")
	if err != nil {
		t.Fatal(err)
	}
	_, editErr := edit.Apply(u, []edit.Op{op}, edit.Options{Separator: '&'})
	zone, err := edit.ParseSet("--set", "host=fe80::1%eth0")
	if err != nil {
		t.Fatal(err)
	}
	_, zoneErr := edit.Apply(u, []edit.Op{zone}, edit.Options{})
	for _, c := range []struct {
		name string
		err  error
		want finding.Finding
	}{
		{"parse", parseErr, finding.Finding{Offset: 8, Rule: "host", Message: "invalid character ' ' in host"}},
		{"iri", iriErr, finding.Finding{Offset: 9, Rule: "nfc"}},
		{"pct", pctErr, finding.Finding{Offset: 2, Rule: "pct-encoded"}},
		{"template", tmplErr, finding.Finding{Offset: 0, Rule: "expansion"}},
		{"build", buildErr, finding.Finding{Rule: "scheme"}},
		{"edit", editErr, finding.Finding{Rule: "port"}},
		{"edit's own rule", zoneErr, finding.Finding{Rule: "IP-literal",
			Message: "--set host=fe80::1%eth0: host: IPv6 zone identifiers (%eth0) are not allowed by RFC 3986 (section 3.2.2)"}},
		{"other", errors.New("boom"), finding.Finding{Rule: "expansion", Message: "boom"}},
	} {
		got := errfinding.Of(c.err, "expansion")
		if got.Offset != c.want.Offset || got.Rule != c.want.Rule || c.want.Message != "" && got.Message != c.want.Message {
			t.Errorf("%s: Of(%v) = %+v, want %+v", c.name, c.err, *got, c.want)
		}
		if got.Message == "" {
			t.Errorf("%s: no message", c.name)
		}
	}
}

func ptr(s string) *string { return &s }
