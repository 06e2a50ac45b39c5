package contract

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// Request values the web sends loosely (search helps and dictionaries).

// LooseString is a request value that the web may send as a JSON string, a
// number or a boolean (sob "1000" or 1000, showChild "Y" or true); null is
// "". It is trimmed. An array or object is a type error naming the field.
type LooseString string

func (l *LooseString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*l = ""
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*l = LooseString(strings.TrimSpace(s))
	case string(b) == "true" || string(b) == "false":
		*l = LooseString(b)
	case b[0] == '-' || b[0] >= '0' && b[0] <= '9':
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		*l = LooseString(n.String())
	default:
		return &json.UnmarshalTypeError{Value: "array or object", Type: reflect.TypeFor[string]()}
	}
	return nil
}

func (l LooseString) String() string { return string(l) }

// Yes reads a flag: Y, yes, true and 1 are yes.
func (l LooseString) Yes() bool {
	switch strings.ToLower(string(l)) {
	case "y", "yes", "true", "1":
		return true
	}
	return false
}

// LooseList is a list of codes: a JSON array of strings or numbers, or one
// string of codes separated by commas.
type LooseList []string

func (l *LooseList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var items []LooseString
		if err := json.Unmarshal(b, &items); err != nil {
			return &json.UnmarshalTypeError{Value: "list of lists", Type: reflect.TypeFor[[]string]()}
		}
		*l = nil
		for _, it := range items {
			if it != "" {
				*l = append(*l, string(it))
			}
		}
		return nil
	}
	var one LooseString
	if err := one.UnmarshalJSON(b); err != nil {
		return err
	}
	*l = nil
	for _, part := range strings.Split(string(one), ",") {
		if part = strings.TrimSpace(part); part != "" {
			*l = append(*l, part)
		}
	}
	return nil
}
