package versions

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"

	"formwork/engine/model"

	"gopkg.in/yaml.v3"
)

// CompareMasterData lists the changes from one version of a master-data
// type to another, by the same BACKWARD rule as Compare: a new version must
// accept every record the old one accepted. Changed keys or scope, a
// removed or retyped field, a field that refers to another type, a narrowed
// enumeration, length or bound, a field newly required (or added as
// required) and a new or changed rule break; added optional fields, widened
// bounds, removed rules and changes of labels, titles, messages, menu,
// area, search, display and permissions do not.
func CompareMasterData(old, new *model.MasterDataType) []Change {
	var out []Change
	add := func(path, kind string, breaking bool, format string, args ...any) {
		out = append(out, Change{Path: path, Kind: kind, Breaking: breaking, Message: fmt.Sprintf(format, args...)})
	}
	if !slices.Equal(old.Keys, new.Keys) {
		add("keys", "keysChanged", true, "keys changed from %v to %v", old.Keys, new.Keys)
	}
	if old.Scope != new.Scope {
		add("scope", "scopeChanged", true, "scope changed from %s to %s", old.Scope, new.Scope)
	}
	compareMDFields("", old.Fields, new.Fields, add)
	compareRules(mdRules(old.Rules), mdRules(new.Rules), add)
	if !sameText(old.Title, new.Title) {
		add("title", "titleChanged", false, "title changed")
	}
	sortChanges(out)
	return out
}

// compareMDFields compares the fields of a record (prefix "") or of a
// list's rows (prefix "accounts[].").
func compareMDFields(prefix string, old, new []*model.MasterDataField, add func(string, string, bool, string, ...any)) {
	find := func(list []*model.MasterDataField, name string) *model.MasterDataField {
		i := slices.IndexFunc(list, func(f *model.MasterDataField) bool { return f.Name == name })
		if i < 0 {
			return nil
		}
		return list[i]
	}
	for _, of := range old {
		p := prefix + of.Name
		nf := find(new, of.Name)
		switch {
		case nf == nil:
			add(p, "fieldRemoved", true, "field %s removed", p)
		case of.Type != nf.Type:
			add(p, "typeChanged", true, "field %s changed type from %s to %s", p, of.Type, nf.Type)
		case of.Ref != nf.Ref:
			add(p, "refChanged", true, "field %s refers to %q instead of %q", p, nf.Ref, of.Ref)
		default:
			compareField(p, mdField(of), mdField(nf), add)
			if of.Type == model.TypeList {
				compareMDFields(p+"[].", of.Rows, nf.Rows, add)
			}
		}
	}
	for _, nf := range new {
		if find(old, nf.Name) != nil {
			continue
		}
		if p := prefix + nf.Name; nf.Required {
			add(p, "requiredAdded", true, "field %s added as required", p)
		} else {
			add(p, "fieldAdded", false, "field %s added", p)
		}
	}
}

// mdField is a master-data field as compareField reads it.
func mdField(f *model.MasterDataField) *model.Field {
	out := f.AsField()
	out.ReadOnly = f.ReadOnly
	if f.Required {
		out.Required = &model.Cond{Const: true}
	}
	return out
}

// mdRules are master-data rules as compareRules reads them (every one an error).
func mdRules(rules []*model.MasterDataRule) []*model.Rule {
	out := make([]*model.Rule, len(rules))
	for i, r := range rules {
		out[i] = &model.Rule{ID: r.ID, Table: r.Table, Path: r.Path, Src: r.Src, WhenSrc: r.WhenSrc, Severity: model.SeverityError, Message: r.Message}
	}
	return out
}

// SnapshotMasterData writes a master-data type as a self-contained YAML
// file: every field with its type and label written out (those taken from
// the field catalogue or from the type a field refers to included), its
// enumerations inline (localEnums), its rules. `formwork lint --release`
// files it under ReleasedDir/_masterdata, and Load reads it back as that
// version, unchanged by later edits of the catalogue.
func SnapshotMasterData(t *model.MasterDataType) []byte {
	root := mapping()
	add(root, "code", str(t.Code))
	add(root, "version", scalar("!!int", strconv.Itoa(t.Version)))
	add(root, "title", text(t.Title))
	if len(t.Description) > 0 {
		add(root, "description", text(t.Description))
	}
	add(root, "area", str(t.Area))
	if t.Menu != "" {
		add(root, "menu", str(t.Menu))
	}
	add(root, "keys", strList(t.Keys))
	add(root, "scope", str(t.Scope))
	add(root, "display", str(t.Display))
	add(root, "search", strList(t.Search))
	if t.Dated {
		add(root, "dated", boolean(true))
	}
	perms := flow(mapping())
	add(perms, "read", strList(t.Read))
	add(perms, "write", strList(t.Write))
	add(root, "permissions", perms)
	enums := map[string]*model.Enum{}
	add(root, "fields", mdFieldNodes(t.Fields, enums))
	if len(enums) > 0 {
		en := mapping()
		for _, k := range sortedKeys(enums) {
			add(en, k, enumNode(enums[k]))
		}
		add(root, "localEnums", en)
	}
	if len(t.Rules) > 0 {
		add(root, "rules", mdRuleNodes(t.Rules))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Released snapshot of master-data type %s version %d, written by `formwork lint --release`.\n# Records saved under this version check with it. Do not edit.\n", t.Code, t.Version)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	_ = enc.Encode(root)
	_ = enc.Close()
	return b.Bytes()
}

// mdFieldNodes writes fields (and collects the enumerations they use).
func mdFieldNodes(fields []*model.MasterDataField, enums map[string]*model.Enum) *yaml.Node {
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, f := range fields {
		m := flow(mapping())
		add(m, "name", str(f.Name))
		add(m, "type", str(string(f.Type)))
		add(m, "label", text(f.Label))
		if f.Ref != "" {
			add(m, "ref", str(f.Ref))
		}
		if f.Enum != nil {
			add(m, "enum", str(f.Enum.Name))
			enums[f.Enum.Name] = f.Enum
		}
		for _, b := range []struct {
			key string
			on  bool
		}{{"required", f.Required}, {"readOnly", f.ReadOnly}, {"multiline", f.Multiline}} {
			if b.on {
				add(m, b.key, boolean(true))
			}
		}
		if f.MaxLength > 0 {
			add(m, "maxLength", scalar("!!int", strconv.Itoa(f.MaxLength)))
		}
		if f.Mask != "" {
			add(m, "mask", str(f.Mask))
		}
		if f.Min != nil {
			add(m, "min", quoted(f.Min.String()))
		}
		if f.Max != nil {
			add(m, "max", quoted(f.Max.String()))
		}
		if f.Type == model.TypeList {
			m.Style = 0 // rows nest: block style
			add(m, "rows", mdFieldNodes(f.Rows, enums))
		}
		list.Content = append(list.Content, m)
	}
	return list
}

func mdRuleNodes(rules []*model.MasterDataRule) *yaml.Node {
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, r := range rules {
		m := mapping()
		add(m, "id", str(r.ID))
		if r.Table != "" {
			add(m, "table", str(r.Table))
		}
		if r.WhenSrc != "" {
			add(m, "when", expression(r.WhenSrc))
		}
		add(m, "check", expression(r.Src))
		if r.Path != "" {
			add(m, "path", str(r.Path))
		}
		add(m, "message", text(r.Message))
		list.Content = append(list.Content, m)
	}
	return list
}

func strList(list []string) *yaml.Node {
	seq := flow(&yaml.Node{Kind: yaml.SequenceNode})
	for _, s := range list {
		seq.Content = append(seq.Content, str(s))
	}
	return seq
}
