package interop

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	whatwg "github.com/nlnwa/whatwg-url/url"
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

// wptExpectedFailures are the inputs of the cases that the WHATWG parser
// behind Read gets wrong, in file order. A fix upstream shows here as a
// test failure too: update the list and the count.
var wptExpectedFailures = []string{
	"non-special:opaque  ?hi", "non-special:opaque  #hi", "non-special:opaque \t\t  \t#hi",
	"non-special:opaque \t\t  #hi", "non-special:opaque\t\t  \r #hi",
	"foo://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~", "wss://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~",
}

const wptExpectedPasses = 862

// TestWPT runs the web-platform-tests URL data (testdata/README.md)
// through the parser Read uses for whatwg, so that what Read reports as
// the WHATWG reading is known to be the standard's to this extent.
func TestWPT(t *testing.T) {
	cases := loadWPT(t)
	var failed []string
	passed := 0
	for _, c := range cases {
		if why := c.check(); why != "" {
			failed = append(failed, c.Input)
			t.Logf("%q (base %v): %s", c.Input, c.Base, why)
			continue
		}
		passed++
	}
	t.Logf("%d of %d cases pass", passed, len(cases))
	if passed != wptExpectedPasses {
		t.Errorf("%d of %d cases pass, want %d", passed, len(cases), wptExpectedPasses)
	}
	if !slices.Equal(failed, wptExpectedFailures) {
		t.Errorf("failing inputs:\n%#v\nwant\n%#v", failed, wptExpectedFailures)
	}
}

// loadWPT returns the test objects of urltestdata.json, skipping the
// strings that comment on them.
func loadWPT(t *testing.T) []wptCase {
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

// check parses the case as the URL constructor would and returns what
// differs from the expectation, or "". A case without a base is also read
// by Read, whose whatwg reading must match it.
func (c wptCase) check() string {
	u, err := c.parse()
	if c.Base == nil {
		if why := c.checkReading(Read(c.Input)[1]); why != "" {
			return "Read: " + why
		}
	}
	switch {
	case c.Failure && err == nil:
		return "accepted, want failure: " + u.Href(false)
	case c.Failure:
		return ""
	case err != nil:
		return "rejected: " + err.Error()
	}
	got := [...]string{u.Href(false), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash()}
	want := [...]string{c.Href, c.Protocol, c.Username, c.Password, c.Host, c.Hostname, c.Port, c.Pathname, c.Search, c.Hash}
	names := [...]string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	for i := range got {
		if got[i] != want[i] {
			return names[i] + " " + strconv.Quote(got[i]) + ", want " + strconv.Quote(want[i])
		}
	}
	return ""
}

func (c wptCase) parse() (*whatwg.Url, error) {
	if c.Base == nil {
		return whatwg.Parse(c.Input)
	}
	base, err := whatwg.Parse(*c.Base)
	if err != nil {
		return nil, err
	}
	return base.Parse(c.Input)
}

// checkReading compares the whatwg reading of Read with the case: the
// components, and whether the host, query and fragment are defined, which
// the expected href shows.
func (c wptCase) checkReading(r Reading) string {
	if r.OK == c.Failure {
		return "OK is " + strconv.FormatBool(r.OK) + ": " + r.Err
	}
	if !r.OK {
		return ""
	}
	userinfo := c.Username
	if c.Password != "" {
		userinfo += ":" + c.Password
	}
	beforeHash, _, hasHash := strings.Cut(c.Href, "#")
	got := [...]any{r.Scheme + ":", r.Userinfo, r.Host, r.Port, r.Path, query(r), fragment(r),
		r.HasHost, r.HasQuery, r.HasFragment}
	want := [...]any{c.Protocol, userinfo, c.Hostname, c.Port, c.Pathname, c.Search, c.Hash,
		strings.HasPrefix(c.Href[len(c.Protocol):], "//"), strings.Contains(beforeHash, "?"), hasHash}
	names := [...]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment",
		"HasHost", "HasQuery", "HasFragment"}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Sprintf("%s %#v, want %#v", names[i], got[i], want[i])
		}
	}
	return ""
}

// query and fragment write a reading's query and fragment as the URL API
// does (search and hash): with the delimiter, and "" when empty.
func query(r Reading) string {
	if r.Query == "" {
		return ""
	}
	return "?" + r.Query
}

func fragment(r Reading) string {
	if r.Fragment == "" {
		return ""
	}
	return "#" + r.Fragment
}
