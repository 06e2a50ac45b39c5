// Package export writes a document type as the generic form renders it: a
// JSON Schema (draft 2020-12) of its structure and an rjsf uiSchema of its
// presentation (widgets, order, read-only and hidden fields) for a sub-type
// and an action mode, with the sub-type tree and the toolbar buttons. It is
// installed as model.DocType.Export when the package is initialised.
package export

import (
	"encoding/json"
	"reflect"
	"strconv"

	"formwork/engine/model"

	"github.com/expr-lang/expr"
	"github.com/shopspring/decimal"
)

// SchemaDialect is the JSON Schema draft of every export.
const SchemaDialect = "https://json-schema.org/draft/2020-12/schema"

func init() { model.SetExporter(Form) }

// Form builds the JSON Schema (draft 2020-12) and uiSchema of the document
// type for subType ("", "A01" or "A01.A0101") under action, with titles in
// lang. The JSON Schema describes structure only: every field of the type
// with its type, format, bounds and enumeration, and the fields that are
// always required; a field with a ref carries "x-ref": <master-data type>
// and the picker (ui:widget "ref", ui:options.ref) unless it is an
// enumeration. Rules and conditional states come from Evaluate.
// It returns an *Error (ENOTFOUND) for an unknown sub-type and (EINVALID) for
// an unknown action.
func Form(d *model.DocType, subType, action, lang string) (*model.Form, error) {
	if action == "" {
		action = "new"
	}
	mode := d.Mode(action)
	if mode == nil {
		return nil, model.Errorf(model.EINVALID, "action", "unknown action %q", action)
	}
	keys := model.ParseSubType(subType)
	if len(keys) > len(model.SubTypeKeys) {
		return nil, model.Errorf(model.ENOTFOUND, "subType", "%s has no sub-type %q", d.Code, subType)
	}
	path, ok := d.SubTypePath(keys...)
	if !ok {
		return nil, model.Errorf(model.ENOTFOUND, "subType", "%s has no sub-type %q", d.Code, subType)
	}
	hidden := d.Hidden(path)
	env := subTypeEnv(d, keys, action)

	props := map[string]any{}
	ui := map[string]any{}
	var order []string
	for _, s := range d.Sections {
		obj, objUI := exportSection(d, s, hidden, mode, env, lang)
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
	f := &model.Form{DocType: d.Code, Family: d.Family, Edition: d.Edition, Version: d.Version, Title: d.Title.In(lang),
		LeadPage: d.LeadPage.In(lang), Description: d.Description.In(lang), Schema: schema, UISchema: ui,
		SubTypes: map[string][]model.SubTypeOption{"businessType1": subTypeOptions(d.SubTypes, lang)}, Buttons: []string{}}
	for _, b := range mode.Buttons {
		c := d.Buttons[b]
		if c == nil || c.Prog == nil && c.Const {
			f.Buttons = append(f.Buttons, b)
			continue
		}
		if c.Prog != nil {
			if runBool(c, env) {
				f.Buttons = append(f.Buttons, b)
			}
		}
	}
	return f, nil
}

func subTypeOptions(list []*model.SubType, lang string) []model.SubTypeOption {
	out := make([]model.SubTypeOption, 0, len(list))
	for _, s := range list {
		out = append(out, model.SubTypeOption{Key: s.Key, Value: s.Title.In(lang), Children: subTypeOptions(s.Children, lang)})
	}
	return out
}

// subTypeEnv is a document environment with only the sub-type and action
// set, for conditions evaluated at export (buttons, constant states).
func subTypeEnv(d *model.DocType, keys []string, action string) any {
	env := reflect.New(d.Env().Doc)
	head := d.Section("head")
	var hv reflect.Value
	for i, s := range d.Sections {
		if s.Table {
			continue
		}
		obj := reflect.New(s.RowType()) // every object is there, blank
		env.Elem().Field(i).Set(obj)
		if s == head {
			hv = obj.Elem()
		}
	}
	if f := head.Field("docType"); f != nil {
		model.SetGo(hv, f, d.Code)
	}
	for i, k := range keys {
		if f := head.Field(model.SubTypeKeys[i]); f != nil {
			model.SetGo(hv, f, k)
		}
	}
	env.Elem().Field(d.Env().NSec + model.EnvActionOffset).SetString(action)
	return env.Interface()
}

func exportSection(d *model.DocType, s *model.Section, hidden model.HiddenSet, mode *model.Mode, env any, lang string) (map[string]any, map[string]any) {
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
		case model.TypeMoney:
			fu["ui:widget"] = "money"
		case model.TypeDate:
			fu["ui:widget"] = "date"
		case model.TypeText:
			fu["ui:widget"] = "textarea"
		}
		if f.Display != "" {
			fu["ui:options"] = map[string]any{"display": f.Display}
		}
		if f.Ref != "" {
			// the key of a master-data record: the picker (an enumeration keeps its select)
			p["x-ref"] = f.Ref
			if f.Type != model.TypeEnum {
				fu["ui:widget"] = "ref"
			}
			fu["ui:options"] = withOption(fu["ui:options"], "ref", f.Ref)
		}
		if Hidden(f, hidden) {
			fu["ui:widget"] = "hidden"
		}
		if !drawnEditable(f, mode, env) {
			fu["ui:readonly"] = true
		}
		if Required(f, hidden) {
			required = append(required, f.Name)
			if f.Type == model.TypeString || f.Type == model.TypeText {
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

func fieldSchema(f *model.Field, lang string) map[string]any {
	p := map[string]any{"title": f.Label.In(lang)}
	switch f.Type {
	case model.TypeMoney, model.TypeNumber:
		p["type"] = "number"
		lo, hi := model.MoneyBound.Neg(), model.MoneyBound
		if f.Min != nil {
			lo = *f.Min
		}
		if f.Max != nil {
			hi = *f.Max
		}
		p["minimum"], p["maximum"] = jsonNum(lo), jsonNum(hi)
		if f.Type == model.TypeMoney {
			p["multipleOf"] = jsonNum(decimal.New(1, -model.MoneyPlaces))
		}
	case model.TypeInteger:
		// the bounds the decoder holds integers to (model.ParseValue)
		p["type"] = "integer"
		lo, hi := decimal.New(-1<<31, 0), decimal.New(1<<31, 0)
		if f.Min != nil {
			lo = *f.Min
		}
		if f.Max != nil {
			hi = *f.Max
		}
		p["minimum"], p["maximum"] = jsonNum(lo), jsonNum(hi)
	case model.TypeDate:
		p["type"], p["format"] = "string", "date"
	case model.TypeEnum:
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
func schemaID(d *model.DocType, subType, action string) string {
	id := "https://formwork.schemas/" + d.Edition + "/" + d.Code + "/v" + strconv.Itoa(d.Version) + "/" + action
	if subType != "" {
		id += "/" + subType
	}
	return id
}

// runBool runs a condition against env; false when it fails.
func runBool(c *model.Cond, env any) bool {
	out, err := expr.Run(c.Prog, env)
	if err != nil {
		return false
	}
	b, _ := out.(bool)
	return b
}

func jsonNum(d decimal.Decimal) json.Number { return json.Number(d.String()) }
