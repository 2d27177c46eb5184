package shape_test

import (
	"fmt"

	"github.com/uritool/uritool/internal/shape"
)

func ExampleOf() {
	s, vals, _ := shape.Of("https://example.com/users/42/edit?page=2&sort=name#top", shape.Options{})
	fmt.Println(s, vals["id"].Str, vals["page"].Str)
	s, _, _ = shape.Of("https://example.com/users/42/edit", shape.Options{Off: shape.Decimal})
	fmt.Println(s)
	// Output:
	// https://example.com/users/{id}/edit{?page,sort} 42 2
	// https://example.com/users/42/edit
}

func ExampleCounter() {
	var shaper shape.Shaper
	var c shape.Counter
	for _, in := range []string{"/a/1", "/b", "/a/2", "/b", "/c/3", "/a/4"} {
		s, _ := shaper.Shape(in)
		c.Add(s)
	}
	for s, n := range c.Sorted() {
		fmt.Println(n, s)
	}
	// Output:
	// 3 /a/{id}
	// 2 /b
	// 1 /c/{id}
}
