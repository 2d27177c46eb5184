package uritemplate_test

import (
	"encoding/json"
	"fmt"

	"github.com/uritool/uritool/pkg/uritemplate"
)

func ExampleTemplate_Expand() {
	t, err := uritemplate.Parse("https://example.com/users/{id}/files{/path*}{?q,lang}")
	if err != nil {
		panic(err)
	}
	s, err := t.Expand(uritemplate.Values{
		"id":   uritemplate.String("42"),
		"path": uritemplate.List("a b", "c.txt"),
		"q":    uritemplate.String("café"),
	})
	fmt.Println(s, err)
	// Output: https://example.com/users/42/files/a%20b/c.txt?q=caf%C3%A9 <nil>
}

func ExampleParse_error() {
	_, err := uritemplate.Parse("/search{?q,lang:0}")
	fmt.Println(err)
	// Output: uritemplate: offset 16: prefix length must not begin with 0
}

func ExampleTemplate_Match() {
	t := uritemplate.MustParse("/users/{id}/edit{?page,sort}")
	vals, ok := t.Match("/users/42/edit?sort=name%20asc")
	b, _ := json.Marshal(vals)
	fmt.Println(string(b), ok)
	_, ok = t.Match("/users/42/view")
	fmt.Println(ok)
	// Output:
	// {"id":"42","sort":"name asc"} true
	// false
}

func ExampleTemplate_Matchable() {
	fmt.Println(uritemplate.MustParse("/{name}{.ext}").Matchable())
	// Output: uritemplate: offset 1: where this expression ends is ambiguous: it may contain '.', which may also begin what follows
}

func ExampleValuesFromJSON() {
	vals, err := uritemplate.ValuesFromJSON([]byte(`{"keys": {"semi": ";", "dot": "."}, "n": 6}`))
	if err != nil {
		panic(err)
	}
	s, _ := uritemplate.MustParse("{?keys*,n}").Expand(vals)
	fmt.Println(s)
	// Output: ?semi=%3B&dot=.&n=6
}
