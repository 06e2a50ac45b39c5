package engine

import (
	"reflect"

	"github.com/shopspring/decimal"
)

// SchemaDialect is the JSON Schema draft of every export.
const SchemaDialect = "https://json-schema.org/draft/2020-12/schema"

// Form is the export of one document type for a sub-type and action mode:
// what the generic form renders.
type Form struct {
	DocType     string                     `json:"docType"`
	Family      string                     `json:"family"`
	Edition     string                     `json:"edition"`
	Version     int                        `json:"version"`
	Title       string                     `json:"title"`
	LeadPage    string                     `json:"leadPage"`
	Description string                     `json:"description"`
	Schema      map[string]any             `json:"schema"`
	UISchema    map[string]any             `json:"uiSchema"`
	SubTypes    map[string][]SubTypeOption `json:"subTypes"`
	Buttons     []string                   `json:"buttons"`
}

// SubTypeOption is a business type the form offers, with its children.
type SubTypeOption struct {
	Key      string          `json:"key"`
	Value    string          `json:"value"`
	Children []SubTypeOption `json:"children,omitempty"`
}

// Export builds the JSON Schema (draft 2020-12) and uiSchema of the document
// type for subType ("", "A01" or "A01.A0101") under action, with titles in
// lang. The JSON Schema describes structure only: every field of the type
// with its type, format, bounds and enumeration, and the fields that are
// always required. Rules and conditional states come from Evaluate.
// It returns an *Error (ENOTFOUND) for an unknown sub-type and (EINVALID) for
// an unknown action.
func (d *DocType) Export(subType, action, lang string) (*Form, error) {
	if action == "" {
		action = "new"
	}
	mode := d.modes[action]
	if mode == nil {
		return nil, Errorf(EINVALID, "action", "unknown action %q", action)
	}
	keys := ParseSubType(subType)
	if len(keys) > len(SubTypeKeys) {
		return nil, Errorf(ENOTFOUND, "subType", "%s has no sub-type %q", d.Code, subType)
	}
	path, ok := d.SubTypePath(keys...)
	if !ok {
		return nil, Errorf(ENOTFOUND, "subType", "%s has no sub-type %q", d.Code, subType)
	}
	hidden := d.hidden(path)
	env := d.subTypeEnv(keys, action)

	props := map[string]any{}
	ui := map[string]any{}
	var order []string
	for _, s := range d.Sections {
		obj, objUI := d.exportSection(s, hidden, mode, env, lang)
		order = append(order, s.Name)
		if s.Table {
			props[s.Name] = map[string]any{"type": "array", "title": s.Title.In(lang), "items": obj}
			objUI = map[string]any{"items": objUI, "ui:field": "lineTable"}
			opts := map[string]any{}
			if s.StatusField != "" {
				opts["statusField"] = s.StatusField
			}
			if hidden[s.Name] {
				opts["hidden"] = true
			}
			if len(opts) > 0 {
				objUI["ui:options"] = opts
			}
		} else {
			props[s.Name] = obj
			if hidden[s.Name] {
				objUI["ui:options"] = map[string]any{"hidden": true}
			}
		}
		ui[s.Name] = objUI
	}
	ui["ui:order"] = append(order, "*")
	schema := map[string]any{
		"$schema": SchemaDialect, "$id": schemaID(d, subType, action),
		"title": d.Title.In(lang), "type": "object", "properties": props, "required": []string{"head"}, "additionalProperties": false,
	}
	f := &Form{DocType: d.Code, Family: d.Family, Edition: d.Edition, Version: d.Version, Title: d.Title.In(lang),
		LeadPage: d.LeadPage.In(lang), Description: d.Description.In(lang), Schema: schema, UISchema: ui,
		SubTypes: map[string][]SubTypeOption{"businessType1": subTypeOptions(d.SubTypes, lang)}, Buttons: []string{}}
	for _, b := range mode.Buttons {
		c := d.Buttons[b]
		if c == nil || c.Prog == nil && c.Const {
			f.Buttons = append(f.Buttons, b)
			continue
		}
		if c.Prog != nil {
			if ok, _ := runBool(c, env); ok {
				f.Buttons = append(f.Buttons, b)
			}
		}
	}
	return f, nil
}

func subTypeOptions(list []*SubType, lang string) []SubTypeOption {
	out := make([]SubTypeOption, 0, len(list))
	for _, s := range list {
		out = append(out, SubTypeOption{Key: s.Key, Value: s.Title.In(lang), Children: subTypeOptions(s.Children, lang)})
	}
	return out
}

// subTypeEnv is a document environment with only the sub-type and action
// set, for conditions evaluated at export (buttons, constant states).
func (d *DocType) subTypeEnv(keys []string, action string) any {
	env := reflect.New(d.env.doc)
	head := d.sections["head"]
	hv := env.Elem().Field(0)
	for i, s := range d.Sections {
		if s == head {
			hv = env.Elem().Field(i)
		}
	}
	if f := head.fields["docType"]; f != nil {
		setGo(hv, f, d.Code)
	}
	for i, k := range keys {
		if f := head.fields[SubTypeKeys[i]]; f != nil {
			setGo(hv, f, k)
		}
	}
	env.Elem().FieldByName(envActionField).SetString(action)
	return env.Interface()
}

func (d *DocType) exportSection(s *Section, hidden hiddenSet, mode *Mode, env any, lang string) (map[string]any, map[string]any) {
	props := map[string]any{}
	ui := map[string]any{}
	var order, required []string
	for _, f := range s.Fields {
		order = append(order, f.Name)
		p := fieldSchema(f, lang)
		if f.Name == "docType" && s.Name == "head" {
			p["const"] = d.Code
		}
		props[f.Name] = p
		fu := map[string]any{}
		switch f.Type {
		case TypeMoney:
			fu["ui:widget"] = "money"
		case TypeDate:
			fu["ui:widget"] = "date"
		case TypeText:
			fu["ui:widget"] = "textarea"
		}
		if f.Display != "" {
			fu["ui:options"] = map[string]any{"display": f.Display}
		}
		isHidden := hidden.field(f) || (f.Visible != nil && f.Visible.Prog == nil && !f.Visible.Const)
		if isHidden {
			fu["ui:widget"] = "hidden"
		}
		editable := !f.ReadOnly && mode.Editable
		if f.Editable != nil {
			if f.Editable.Prog == nil {
				editable = !f.ReadOnly && f.Editable.Const
			} else if !s.Table {
				ok, _ := runBool(f.Editable, env)
				editable = !f.ReadOnly && ok
			}
		}
		if !editable {
			fu["ui:readonly"] = true
		}
		if !isHidden && f.Value == nil && f.Required != nil && f.Required.Prog == nil && f.Required.Const {
			required = append(required, f.Name)
			if f.Type == TypeString || f.Type == TypeText {
				// a required text of only spaces is blank to the engine
				p["pattern"] = `\S`
			}
		}
		if len(fu) > 0 {
			ui[f.Name] = fu
		}
	}
	ui["ui:order"] = append(order, "*")
	obj := map[string]any{"type": "object", "title": s.Title.In(lang), "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		obj["required"] = required
	}
	return obj, ui
}

func fieldSchema(f *Field, lang string) map[string]any {
	p := map[string]any{"title": f.Label.In(lang)}
	switch f.Type {
	case TypeMoney, TypeNumber:
		p["type"] = "number"
		lo, hi := MoneyBound.Neg(), MoneyBound
		if f.Min != nil {
			lo = *f.Min
		}
		if f.Max != nil {
			hi = *f.Max
		}
		p["minimum"], p["maximum"] = jsonNum(lo), jsonNum(hi)
		if f.Type == TypeMoney {
			p["multipleOf"] = jsonNum(decimal.New(1, -moneyPlaces))
		}
	case TypeInteger:
		// the bounds the decoder holds integers to (value.go)
		p["type"] = "integer"
		lo, hi := decimal.New(-1<<31, 0), decimal.New(1<<31, 0)
		if f.Min != nil {
			lo = *f.Min
		}
		if f.Max != nil {
			hi = *f.Max
		}
		p["minimum"], p["maximum"] = jsonNum(lo), jsonNum(hi)
	case TypeDate:
		p["type"], p["format"] = "string", "date"
	case TypeEnum:
		p["type"] = "string"
		var opts []any
		if f.Enum != nil {
			for _, v := range f.Enum.Values {
				opts = append(opts, map[string]any{"const": v.Key, "title": v.Label.In(lang)})
			}
		}
		p["oneOf"] = opts
	default:
		p["type"] = "string"
		if f.MaxLength > 0 {
			p["maxLength"] = f.MaxLength
		}
	}
	if f.ReadOnly {
		p["readOnly"] = true
	}
	return p
}

// schemaID names one export: validators cache compiled schemas by $id, so
// exports that differ (another sub-type, action or version) must not share one.
func schemaID(d *DocType, subType, action string) string {
	id := "https://formwork.schemas/" + d.Edition + "/" + d.Code + "/v" + itoa(d.Version) + "/" + action
	if subType != "" {
		id += "/" + subType
	}
	return id
}
