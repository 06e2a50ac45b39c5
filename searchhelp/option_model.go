package searchhelp

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Option is the spec's dropdown option (documents.md 3): a key, the value
// shown (in the request's language) and up to twelve attributes attr1 ..
// attr12 whose meaning each search help and dictionary states
// (docs/api.md). Empty attributes are left out of the JSON.
type Option struct {
	Key   string
	Value string
	Attrs [12]string
}

// Opt builds an option; attrs fill attr1, attr2, ... in order.
func Opt(key, value string, attrs ...string) Option {
	o := Option{Key: key, Value: value}
	copy(o.Attrs[:], attrs)
	return o
}

// MarshalJSON writes key, value, then the attributes that are set, in order.
func (o Option) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"key":`)
	writeJSONString(&b, o.Key)
	b.WriteString(`,"value":`)
	writeJSONString(&b, o.Value)
	for i, a := range o.Attrs {
		if a == "" {
			continue
		}
		b.WriteString(`,"attr` + strconv.Itoa(i+1) + `":`)
		writeJSONString(&b, a)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeJSONString(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s) // a string always marshals
	b.Write(q)
}

// yesNo is "Y" or "N".
func yesNo(b bool) string {
	if b {
		return "Y"
	}
	return "N"
}
