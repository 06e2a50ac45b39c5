package lint

import (
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// RuleLanguages is the rule of a text that lacks a language.
const RuleLanguages = "text.languages"

// textDirs are the folders whose YAML holds texts a person reads; released
// snapshots are left out (they never change) and so are the rule fixtures
// (QA's, not shown to anyone).
var textDirs = []string{"schemas", "rules"}

func skipped(p string) bool {
	return strings.HasPrefix(p, "schemas/_released") || strings.HasPrefix(p, "rules/fixtures") || strings.HasPrefix(p, "rules/examples")
}

// Languages reads every catalogue YAML file of fsys (schemas/ and rules/)
// and returns one problem, of the given severity, for every text (a title,
// label, rule message, enumeration title, description, sub-type title,
// lifecycle or menu title: any mapping of language codes) that lacks one of
// model.Languages, at the text's file, line and column, naming what the
// text is (its keys from the top of the file) and the languages it lacks.
// A file that does not parse is left to the loader, which reports it.
func Languages(fsys fs.FS, severity string) []model.Problem {
	var out []model.Problem
	for _, dir := range textDirs {
		_ = fs.WalkDir(fsys, dir, func(p string, e fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil
			case e.IsDir() && skipped(p):
				return fs.SkipDir
			case e.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")):
				return nil
			}
			out = append(out, fileLanguages(fsys, p, severity)...)
			return nil
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	return out
}

func fileLanguages(fsys fs.FS, file, severity string) []model.Problem {
	b, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil
	}
	var root yaml.Node
	if yaml.Unmarshal(b, &root) != nil {
		return nil
	}
	body := yamlx.Body(&root)
	if body == nil {
		return nil
	}
	var out []model.Problem
	walkTexts(body, "", func(where string, n *yaml.Node, t model.Text) {
		missing := t.Missing()
		if len(missing) == 0 {
			return
		}
		out = append(out, model.Problem{File: file, Line: n.Line, Column: n.Column, Rule: RuleLanguages, Severity: severity,
			Message: "text " + where + " lacks " + strings.Join(missing, ", "), Snippet: model.Snippet(b, n.Line, n.Column)})
	})
	return out
}

// walkTexts calls found for every text under n, with its place: the keys
// (and [index]es) from the top of the file, dot-separated.
func walkTexts(n *yaml.Node, where string, found func(where string, n *yaml.Node, t model.Text)) {
	switch n.Kind {
	case yaml.MappingNode:
		if t, ok := asText(n); ok {
			found(where, n, t)
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := n.Content[i].Value
			if where != "" {
				key = where + "." + key
			}
			walkTexts(n.Content[i+1], key, found)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			walkTexts(c, where+"["+strconv.Itoa(i)+"]", found)
		}
	}
}

var langKey = regexp.MustCompile(`^[a-z]{2}(-[A-Za-z]+)?$`)

// asText reads a mapping as a text: every key a language tag, at least one
// of them one of model.Languages, every value a scalar.
func asText(n *yaml.Node) (model.Text, bool) {
	t := model.Text{}
	known := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !langKey.MatchString(k.Value) || v.Kind != yaml.ScalarNode {
			return nil, false
		}
		for _, l := range model.Languages {
			known = known || k.Value == l
		}
		t[k.Value] = v.Value
	}
	return t, known
}
