package uritemplate

import "fmt"

// Expand expands t with vals by RFC 6570 section 3.2. The only error is a
// prefix modifier on a list or associative array (section 2.4.1), which
// is an *Error at the variable's offset.
func (t *Template) Expand(vals Values) (string, error) {
	var b []byte
	for _, p := range t.parts {
		if p.op == nil {
			b = append(b, p.out...)
			continue
		}
		var err error
		if b, err = p.expand(b, vals); err != nil {
			return "", err
		}
	}
	return string(b), nil
}

// expand appends the expansion of expression p (Appendix A).
func (p *part) expand(b []byte, vals Values) ([]byte, error) {
	op := p.op
	first := true
	for _, v := range p.vars {
		val := vals[v.name]
		if !val.defined() {
			continue
		}
		if v.prefix > 0 && val.Kind != StringKind {
			return nil, &Error{v.off, fmt.Sprintf("prefix modifier on %s %s", val.Kind, v.name)}
		}
		if first {
			b = append(b, op.first...)
			first = false
		} else {
			b = append(b, op.sep...)
		}
		switch {
		case val.Kind == StringKind:
			s := truncate(val.Str, v.prefix)
			b = appendName(b, op, v.name, s == "")
			b = appendEncoded(b, s, op.reserved)
		case !v.explode:
			b = appendName(b, op, v.name, false)
			for i, s := range flatten(val) {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendEncoded(b, s, op.reserved)
			}
		case val.Kind == ListKind:
			for i, s := range val.List {
				if i > 0 {
					b = append(b, op.sep...)
				}
				b = appendName(b, op, v.name, s == "")
				b = appendEncoded(b, s, op.reserved)
			}
		default: // exploded associative array: the keys take the names' place
			for i, kv := range val.Pairs {
				if i > 0 {
					b = append(b, op.sep...)
				}
				b = appendEncoded(b, kv.Key, op.reserved)
				switch {
				case kv.Value != "":
					b = append(b, '=')
				case op.named:
					b = append(b, op.ifemp...)
					continue
				default:
					b = append(b, '=')
				}
				b = appendEncoded(b, kv.Value, op.reserved)
			}
		}
	}
	return b, nil
}

// appendName appends "name=" for named operators, or name and ifemp
// when the value is empty.
func appendName(b []byte, op *operator, name string, empty bool) []byte {
	if !op.named {
		return b
	}
	b = append(b, name...)
	if empty {
		return append(b, op.ifemp...)
	}
	return append(b, '=')
}

// flatten lists a composite value's members as they appear, comma-joined,
// in a non-exploded expansion.
func flatten(v Value) []string {
	if v.Kind == ListKind {
		return v.List
	}
	s := make([]string, 0, 2*len(v.Pairs))
	for _, kv := range v.Pairs {
		s = append(s, kv.Key, kv.Value)
	}
	return s
}

// truncate returns the first n characters of s, or s when n is 0 or s is
// shorter; section 2.4.1 counts characters, not bytes or triplets.
func truncate(s string, n int) string {
	if n == 0 {
		return s
	}
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
