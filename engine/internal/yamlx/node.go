package yamlx

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// OrderedMap calls each for the entries of a YAML mapping node in order,
// with the line of each key. A nil or empty node has no entries; another
// kind of node is an error (the caller knows where the node is: n.Line).
func OrderedMap(n *yaml.Node, each func(key string, line int, v *yaml.Node) error) error {
	if n == nil || n.Kind == 0 {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return errNotMapping
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if err := each(k.Value, k.Line, v); err != nil {
			return err
		}
	}
	return nil
}

// Body is the top node of a parsed file: the document's content, or nil for
// a file that declares nothing (empty, comments only, or a lone null).
func Body(root *yaml.Node) *yaml.Node {
	if root == nil || root.Kind == 0 {
		return nil
	}
	body := root
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return nil
		}
		body = root.Content[0]
	}
	if body.Kind == yaml.ScalarNode && body.Tag == "!!null" {
		return nil
	}
	return body
}

// KeyLine is the line of a top-level key of a YAML document, or 1.
func KeyLine(root *yaml.Node, key string) int {
	body := Body(root)
	if body == nil {
		return 1
	}
	for i := 0; i+1 < len(body.Content); i += 2 {
		if body.Content[i].Value == key {
			return body.Content[i].Line
		}
	}
	return 1
}

// Message is one problem of a yaml.v3 error, at a line (0 when unknown).
type Message struct {
	Line int
	Text string
}

var errNotMapping = errors.New("expected a mapping")

var (
	unknownFieldRe = regexp.MustCompile(`field (\S+) not found in type .*$`)
	unmarshalRe    = regexp.MustCompile("cannot unmarshal !!(\\w+)( `[^`]*`)? into (.*)$")
)

// yamlKinds and goKinds name, in an analyst's words, what yaml.v3 found and
// what the Go type it decodes into expects.
var yamlKinds = map[string]string{"seq": "a list", "map": "a mapping", "str": "text", "int": "a number", "float": "a number", "bool": "true or false", "null": "nothing", "binary": "binary data", "timestamp": "a date"}

func expected(goType string) string {
	switch {
	case strings.HasPrefix(goType, "map[") || strings.HasPrefix(goType, "struct") || strings.Contains(goType, "."):
		return "a mapping"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case goType == "string":
		return "text"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "float"):
		return "a number"
	}
	return goType
}

// plain rewrites a yaml.v3 decoding message without Go type names.
func plain(m string) string {
	m = unknownFieldRe.ReplaceAllString(m, `unknown key "$1"`)
	if sub := unmarshalRe.FindStringSubmatch(m); sub != nil {
		found := yamlKinds[sub[1]]
		if found == "" {
			found = sub[1]
		}
		m = "expected " + expected(sub[3]) + ", found " + found + sub[2]
	}
	return m
}

// Messages splits a yaml.v3 (or StrictKeys) error into its problems with
// their lines, in an analyst's words ("unknown key" for a misspelt key).
func Messages(err error) []Message {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		out := make([]Message, 0, len(te.Errors))
		for _, m := range te.Errors {
			line, text := splitLine(m)
			out = append(out, Message{line, plain(text)})
		}
		return out
	}
	line, text := splitLine(msg)
	return []Message{{line, plain(text)}}
}

// splitLine reads "line N: text" as N and text.
func splitLine(m string) (int, string) {
	line := 0
	if _, err := fmt.Sscanf(m, "line %d:", &line); err == nil {
		return line, strings.TrimSpace(m[strings.Index(m, ":")+1:])
	}
	return 0, m
}

// SeqLines returns the line of each item of the sequence under a top-level
// key of a YAML document (nil when there is none), for items decoded
// without their place.
func SeqLines(root *yaml.Node, key string) []int {
	body := Body(root)
	if body == nil || body.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(body.Content); i += 2 {
		if body.Content[i].Value == key && body.Content[i+1].Kind == yaml.SequenceNode {
			lines := make([]int, len(body.Content[i+1].Content))
			for j, item := range body.Content[i+1].Content {
				lines[j] = item.Line
			}
			return lines
		}
	}
	return nil
}
