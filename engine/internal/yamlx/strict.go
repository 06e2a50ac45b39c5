// Package yamlx holds the YAML helpers the catalogue's readers share: keys
// checked against the Go type they decode into, mappings read in order with
// their lines, and yaml.v3 errors turned into lines and messages.
package yamlx

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

var (
	unmarshalerType = reflect.TypeOf((*yaml.Unmarshaler)(nil)).Elem()
	nodeType        = reflect.TypeOf(yaml.Node{})
	yamlKeys        sync.Map // reflect.Type -> map[string]reflect.Type
)

// StrictKeys reports the first mapping key in n that decoding into a value
// of type t would silently drop: what yaml.v3's KnownFields does, on a node
// parsed once (decoding the same bytes twice cost half of a catalogue load).
// Types that unmarshal themselves check their own keys.
func StrictKeys(n *yaml.Node, t reflect.Type) error {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.DocumentNode {
		for _, c := range n.Content {
			if err := StrictKeys(c, t); err != nil {
				return err
			}
		}
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nodeType || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil // the decoder reports the wrong kind
		}
		fields := structKeys(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			ft, ok := fields[k.Value]
			if !ok {
				return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: field %s not found in type %s", k.Line, k.Value, t)}}
			}
			if err := StrictKeys(n.Content[i+1], ft); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n.Kind == yaml.MappingNode {
			for i := 1; i < len(n.Content); i += 2 {
				if err := StrictKeys(n.Content[i], t.Elem()); err != nil {
					return err
				}
			}
		}
	case reflect.Slice:
		if n.Kind == yaml.SequenceNode {
			for _, c := range n.Content {
				if err := StrictKeys(c, t.Elem()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func structKeys(t reflect.Type) map[string]reflect.Type {
	if m, ok := yamlKeys.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		name := strings.Split(tag, ",")[0]
		switch {
		case strings.Contains(tag, ",inline"):
			for k, v := range structKeys(f.Type) {
				m[k] = v
			}
		case name == "-" || !f.IsExported():
		case name == "":
			m[strings.ToLower(f.Name)] = f.Type
		default:
			m[name] = f.Type
		}
	}
	yamlKeys.Store(t, m)
	return m
}
