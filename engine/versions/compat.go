package versions

import (
	"fmt"
	"sort"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
)

// Change is one difference between two versions of a document type.
type Change struct {
	Path     string `json:"path"`     // section.field, rule id, sub-type key
	Kind     string `json:"kind"`     // fieldRemoved, fieldAdded, typeChanged, ...
	Breaking bool   `json:"breaking"` // documents valid under the old version may be invalid under the new
	Message  string `json:"message"`
}

// Compare lists the changes from old to new. formwork's compatibility rule
// is BACKWARD in Confluent's terms: a new version must accept every document
// the previous version accepted, because stored documents are checked again
// when they are saved. A change that can make such a document invalid is
// breaking: a removed or retyped field, a narrowed enumeration or bound, a
// field newly required, a new or changed rule (formwork cannot prove a
// changed expression is not stricter, so it counts as stricter), a raised
// severity, a removed section or sub-type. Added optional fields, widened
// enumerations and bounds, removed rules, lowered severities and changes to
// labels, titles, messages, visibility and editability are compatible.
// FORWARD (old readers accept new documents) and FULL (both) are not
// enforced: old versions never read new documents here.
func Compare(old, new *model.DocType) []Change {
	var out []Change
	add := func(path, kind string, breaking bool, format string, args ...any) {
		out = append(out, Change{Path: path, Kind: kind, Breaking: breaking, Message: fmt.Sprintf(format, args...)})
	}
	for _, os := range old.Sections {
		ns := new.Section(os.Name)
		if ns == nil {
			add(os.Name, "sectionRemoved", true, "section %s removed", os.Name)
			continue
		}
		if os.Table != ns.Table {
			add(os.Name, "sectionRetyped", true, "section %s changed between table and object", os.Name)
			continue
		}
		for _, of := range os.Fields {
			p := os.Name + "." + of.Name
			nf := ns.Field(of.Name)
			if nf == nil {
				add(p, "fieldRemoved", true, "field %s removed", p)
				continue
			}
			compareField(p, of, nf, add)
		}
		for _, nf := range ns.Fields {
			if os.Field(nf.Name) == nil {
				p := ns.Name + "." + nf.Name
				if isRequired(nf) {
					add(p, "requiredAdded", true, "field %s added as required", p)
				} else {
					add(p, "fieldAdded", false, "field %s added", p)
				}
			}
		}
	}
	for _, ns := range new.Sections {
		if old.Section(ns.Name) == nil {
			add(ns.Name, "sectionAdded", false, "section %s added", ns.Name)
		}
	}
	compareSubTypes("", old.SubTypes, new.SubTypes, add)
	compareRules(old.Rules, new.Rules, add)
	if !sameText(old.Title, new.Title) {
		add("title", "titleChanged", false, "title changed")
	}
	sortChanges(out)
	return out
}

// sortChanges puts the breaking changes first, each part by path.
func sortChanges(out []Change) {
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Breaking != out[j].Breaking {
			return out[i].Breaking
		}
		return out[i].Path < out[j].Path
	})
}

// compareRules lists the changes of the rules: a new or changed rule and a
// raised severity break, a removed rule, a lowered severity and a new
// message do not.
func compareRules(old, new []*model.Rule, add func(string, string, bool, string, ...any)) {
	oldRules := map[string]*model.Rule{}
	for _, r := range old {
		oldRules[r.ID] = r
	}
	for _, r := range new {
		o := oldRules[r.ID]
		delete(oldRules, r.ID)
		switch {
		case o == nil:
			add(r.ID, "ruleAdded", true, "rule %s added", r.ID)
		case o.Src != r.Src || o.WhenSrc != r.WhenSrc || o.Table != r.Table || o.Path != r.Path:
			add(r.ID, "ruleChanged", true, "rule %s changed", r.ID)
		case severityRank[r.Severity] > severityRank[o.Severity]:
			add(r.ID, "severityRaised", true, "rule %s raised from %s to %s", r.ID, o.Severity, r.Severity)
		case severityRank[r.Severity] < severityRank[o.Severity]:
			add(r.ID, "severityLowered", false, "rule %s lowered from %s to %s", r.ID, o.Severity, r.Severity)
		case !sameText(o.Message, r.Message):
			add(r.ID, "messageChanged", false, "rule %s has a new message", r.ID)
		}
	}
	for id := range oldRules {
		add(id, "ruleRemoved", false, "rule %s removed", id)
	}
}

var severityRank = map[model.Severity]int{model.SeverityWarning: 0, model.SeverityConfirm: 1, model.SeverityError: 2}

func isRequired(f *model.Field) bool {
	return f.Required != nil && (f.Required.Prog != nil || f.Required.Const)
}

func condSrc(c *model.Cond) string {
	switch {
	case c == nil:
		return ""
	case c.Prog != nil:
		return c.Src
	default:
		return fmt.Sprint(c.Const)
	}
}

func compareField(p string, of, nf *model.Field, add func(string, string, bool, string, ...any)) {
	if of.Type != nf.Type {
		add(p, "typeChanged", true, "field %s changed type from %s to %s", p, of.Type, nf.Type)
		return
	}
	if of.Enum != nil && nf.Enum != nil {
		var removed, added []string
		for _, v := range of.Enum.Values {
			if !nf.Enum.Has(v.Key) {
				removed = append(removed, v.Key)
			}
		}
		for _, v := range nf.Enum.Values {
			if !of.Enum.Has(v.Key) {
				added = append(added, v.Key)
			}
		}
		if len(removed) > 0 {
			add(p, "enumNarrowed", true, "field %s no longer offers %v", p, removed)
		}
		if len(added) > 0 {
			add(p, "enumWidened", false, "field %s now also offers %v", p, added)
		}
	}
	if of.MaxLength != nf.MaxLength {
		narrowed := nf.MaxLength > 0 && (of.MaxLength == 0 || nf.MaxLength < of.MaxLength)
		add(p, "maxLengthChanged", narrowed, "field %s max length %d -> %d", p, of.MaxLength, nf.MaxLength)
	}
	if b, changed := boundChange(of.Min, nf.Min, true); changed {
		add(p, "minChanged", b, "field %s minimum changed", p)
	}
	if b, changed := boundChange(of.Max, nf.Max, false); changed {
		add(p, "maxChanged", b, "field %s maximum changed", p)
	}
	if condSrc(of.Required) != condSrc(nf.Required) {
		if isRequired(nf) {
			add(p, "requiredAdded", true, "field %s is now required (%s)", p, condSrc(nf.Required))
		} else {
			add(p, "requiredRemoved", false, "field %s is no longer required", p)
		}
	}
	if of.ReadOnly != nf.ReadOnly && nf.ReadOnly {
		add(p, "readOnlyAdded", false, "field %s is now written by the server only", p)
	}
	if of.ValueSrc != nf.ValueSrc {
		add(p, "valueChanged", false, "field %s derives its value differently", p)
	}
}

// boundChange tells whether a bound changed, and whether the change narrows
// what is accepted: a new bound, a higher minimum or a lower maximum.
func boundChange(o, n *decimal.Decimal, isMin bool) (breaking, changed bool) {
	switch {
	case o == nil && n == nil:
		return false, false
	case o == nil:
		return true, true
	case n == nil:
		return false, true
	case o.Equal(*n):
		return false, false
	case isMin:
		return n.GreaterThan(*o), true
	default:
		return n.LessThan(*o), true
	}
}

func compareSubTypes(prefix string, old, new []*model.SubType, add func(string, string, bool, string, ...any)) {
	for _, o := range old {
		n := model.FindSubType(new, o.Key)
		p := prefix + o.Key
		if n == nil {
			add("subTypes."+p, "subTypeRemoved", true, "sub-type %s removed", p)
			continue
		}
		for _, sob := range o.Sobs {
			if !n.OfferedIn(sob) {
				add("subTypes."+p, "subTypeNarrowed", true, "sub-type %s no longer offered in set of books %s", p, sob)
			}
		}
		if len(o.Sobs) == 0 && len(n.Sobs) > 0 {
			add("subTypes."+p, "subTypeNarrowed", true, "sub-type %s now offered only in %v", p, n.Sobs)
		}
		compareSubTypes(p+".", o.Children, n.Children, add)
	}
	for _, n := range new {
		if model.FindSubType(old, n.Key) == nil {
			add("subTypes."+prefix+n.Key, "subTypeAdded", false, "sub-type %s added", prefix+n.Key)
		}
	}
}
