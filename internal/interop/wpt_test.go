package interop

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wptCase is one test of the web-platform-tests URL data: an input, an
// optional base, and either failure or the URL's attributes.
type wptCase struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Failure bool    `json:"failure"`

	Href     string `json:"href"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// wptExpectedFailures are the inputs of the cases that the whatwg column
// gets wrong, in file order: none since whatwg.go's corrections. A newer
// copy of the data can add some; list them here with the new count, or
// correct the column.
var wptExpectedFailures = []string{}

const wptExpectedPasses = 869

// TestWPT runs every case of the web-platform-tests URL data
// (testdata/README.md) through the whatwg column, failures included, and
// holds the reading to the case's expected attributes: what interop shows
// as the WHATWG reading is the Standard's to this extent. bench/wpt-counts
// prints the counts it logs.
func TestWPT(t *testing.T) {
	cases := loadWPT(t)
	var failed []string
	passed, withBase, failures := 0, 0, 0
	for _, c := range cases {
		if c.Base != nil {
			withBase++
		}
		if c.Failure {
			failures++
		}
		if why := c.check(c.read()); why != "" {
			failed = append(failed, c.Input)
			t.Logf("%q (base %v): %s", c.Input, c.Base, why)
			continue
		}
		passed++
	}
	t.Logf("WPT urltestdata.json, whatwg column: %d cases (%d with a base, %d expecting failure): %d pass, %d fail, 0 not run",
		len(cases), withBase, failures, passed, len(failed))
	if passed != wptExpectedPasses {
		t.Errorf("%d of %d cases pass, want %d", passed, len(cases), wptExpectedPasses)
	}
	if !slices.Equal(failed, wptExpectedFailures) {
		t.Errorf("failing inputs:\n%#v\nwant\n%#v", failed, wptExpectedFailures)
	}
}

// loadWPT returns the test objects of urltestdata.json, skipping the
// strings that comment on them.
func loadWPT(t testing.TB) []wptCase {
	t.Helper()
	data, err := os.ReadFile("testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var c wptCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// read is the whatwg reading of the case's input: Read's without a base,
// Base.Read's with one.
func (c wptCase) read() Reading {
	if c.Base == nil {
		return readOf(Read, c.Input)[1]
	}
	return readOf(ParseBase(*c.Base).Read, c.Input)[1]
}

// check returns what differs between a whatwg reading and the case, or
// "": its acceptance, and each attribute of the URL API, href included,
// as the Standard serializes them from the reading's components.
func (c wptCase) check(r Reading) string {
	switch {
	case c.Failure && r.OK:
		return "accepted, want failure: " + whatwgHref(r)
	case c.Failure:
		return ""
	case !r.OK:
		return "rejected: " + r.Err
	}
	username, password, _ := strings.Cut(r.Userinfo, ":")
	host := r.Host
	if r.HasPort {
		host += ":" + r.Port
	}
	got := [...]string{whatwgHref(r), r.Scheme + ":", username, password, host, r.Host, r.Port, r.Path, attribute("?", r.Query), attribute("#", r.Fragment)}
	want := [...]string{c.Href, c.Protocol, c.Username, c.Password, c.Host, c.Hostname, c.Port, c.Pathname, c.Search, c.Hash}
	names := [...]string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	for i := range got {
		if got[i] != want[i] {
			return names[i] + " " + strconv.Quote(got[i]) + ", want " + strconv.Quote(want[i])
		}
	}
	return ""
}

// whatwgHref serializes a whatwg reading as the URL Standard's URL
// serializer does, so that the href shows whether the host, userinfo,
// port, query and fragment are null or empty.
func whatwgHref(r Reading) string {
	var b strings.Builder
	b.WriteString(r.Scheme + ":")
	switch {
	case r.HasHost:
		b.WriteString("//")
		if r.HasUserinfo {
			b.WriteString(r.Userinfo + "@")
		}
		b.WriteString(r.Host)
		if r.HasPort {
			b.WriteString(":" + r.Port)
		}
	case strings.HasPrefix(r.Path, "//"):
		// No host and a path that would read as one.
		b.WriteString("/.")
	}
	b.WriteString(r.Path)
	if r.HasQuery {
		b.WriteString("?" + r.Query)
	}
	if r.HasFragment {
		b.WriteString("#" + r.Fragment)
	}
	return b.String()
}

// attribute writes a query or fragment as the URL API's search and hash
// do: with its delimiter, and "" when empty.
func attribute(delim, v string) string {
	if v == "" {
		return ""
	}
	return delim + v
}
