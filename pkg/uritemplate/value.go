package uritemplate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Kind is the type of a variable's value (RFC 6570 section 2.3).
type Kind uint8

const (
	UndefinedKind Kind = iota
	StringKind
	ListKind
	AssocKind
)

func (k Kind) String() string {
	if int(k) >= len(kindNames) {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

var kindNames = [...]string{"undefined", "string", "list", "associative array"}

// Pair is one name-value pair of an associative array.
type Pair struct{ Key, Value string }

// Value is the value of one variable. The zero value is undefined. Kind
// says which of Str, List and Pairs holds it; Pairs keeps the order in
// which they are expanded.
type Value struct {
	Kind  Kind
	Str   string
	List  []string
	Pairs []Pair
}

// String returns a string value.
func String(s string) Value { return Value{Kind: StringKind, Str: s} }

// List returns a list value.
func List(items ...string) Value { return Value{Kind: ListKind, List: items} }

// Assoc returns an associative array value with the pairs in the given
// order.
func Assoc(pairs ...Pair) Value { return Value{Kind: AssocKind, Pairs: pairs} }

// defined reports whether v takes part in expansion: section 2.3 counts
// an empty list or associative array as undefined.
func (v Value) defined() bool {
	switch v.Kind {
	case StringKind:
		return true
	case ListKind:
		return len(v.List) > 0
	case AssocKind:
		return len(v.Pairs) > 0
	}
	return false
}

// MarshalJSON encodes v as a JSON string, array or object (keeping the
// order of pairs), or null when undefined.
func (v Value) MarshalJSON() ([]byte, error) {
	switch v.Kind {
	case StringKind:
		return json.Marshal(v.Str)
	case ListKind:
		if v.List == nil {
			return []byte("[]"), nil
		}
		return json.Marshal(v.List)
	case AssocKind:
		b := []byte{'{'}
		for i, p := range v.Pairs {
			if i > 0 {
				b = append(b, ',')
			}
			k, _ := json.Marshal(p.Key)
			val, _ := json.Marshal(p.Value)
			b = append(append(append(b, k...), ':'), val...)
		}
		return append(b, '}'), nil
	}
	return []byte("null"), nil
}

// Values maps variable names to values; a missing name is undefined, so
// the nil Values leaves every variable undefined.
type Values map[string]Value

// ValuesFromJSON decodes a JSON object in the form of the "variables" of
// the uritemplate-test suite: each member is a string, a number or
// boolean (kept as its JSON text, so 37.76 expands as "37.76"), null
// (undefined), an array of such scalars (a list) or an object of them (an
// associative array, in the object's order).
func ValuesFromJSON(data []byte) (Values, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	vals := Values{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name := tok.(string) // object keys are always strings
		v, err := decodeValue(dec)
		if err != nil {
			return nil, fmt.Errorf("variable %q: %w", name, err)
		}
		vals[name] = v
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("uritemplate: data after the JSON object")
	}
	return vals, nil
}

func expectDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != d {
		return fmt.Errorf("uritemplate: want JSON %v, got %v", d, tok)
	}
	return nil
}

func decodeValue(dec *json.Decoder) (Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return Value{}, err
	}
	switch tok {
	case nil:
		return Value{}, nil
	case json.Delim('['):
		v := Value{Kind: ListKind, List: []string{}}
		for dec.More() {
			s, err := decodeScalar(dec)
			if err != nil {
				return Value{}, err
			}
			v.List = append(v.List, s)
		}
		_, err := dec.Token()
		return v, err
	case json.Delim('{'):
		v := Value{Kind: AssocKind, Pairs: []Pair{}}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return Value{}, err
			}
			s, err := decodeScalar(dec)
			if err != nil {
				return Value{}, err
			}
			v.Pairs = append(v.Pairs, Pair{k.(string), s})
		}
		_, err := dec.Token()
		return v, err
	}
	return String(scalarText(tok)), nil
}

// decodeScalar decodes a list member or pair value: composite values do
// not nest (section 2.3).
func decodeScalar(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	if _, ok := tok.(json.Delim); ok || tok == nil {
		return "", fmt.Errorf("uritemplate: want a string, number or boolean, got %v", tok)
	}
	return scalarText(tok), nil
}

func scalarText(tok json.Token) string {
	switch t := tok.(type) {
	case string:
		return t
	case json.Number:
		return t.String()
	}
	return strconv.FormatBool(tok.(bool))
}
