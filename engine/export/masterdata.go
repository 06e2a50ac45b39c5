package export

import (
	"strconv"

	"formwork/engine/model"
)

// languageTitles name the languages of a text's inputs.
var languageTitles = map[string]model.Text{
	"zh": {"zh": "中文", "en": "Chinese", "th": "ภาษาจีน"},
	"en": {"zh": "英文", "en": "English", "th": "ภาษาอังกฤษ"},
	"th": {"zh": "泰文", "en": "Thai", "th": "ภาษาไทย"},
}

// MasterData builds the JSON Schema (draft 2020-12) and rjsf uiSchema of a
// master-data record's body, with titles in lang: every field with its
// type, bounds and enumeration, the required fields, a text as an object of
// languages (zh required when the field is), a list as an array of rows. A
// ref field carries "x-ref": <type> and the picker widget (ui:widget "ref",
// ui:options.ref); key fields are marked (ui:options.key) so that the form
// can lock them once a record exists; a masked field carries its mask
// (ui:options.mask). Rules are the server's business.
func MasterData(t *model.MasterDataType, lang string) (schema, ui map[string]any) {
	obj, objUI := mdObject(t.Fields, t.Keys, lang)
	obj["$schema"] = SchemaDialect
	obj["$id"] = "https://formwork.schemas/masterdata/" + t.Code + "/v" + strconv.Itoa(t.Version)
	obj["title"] = t.Title.In(lang)
	if d := t.Description.In(lang); d != "" {
		obj["description"] = d
	}
	return obj, objUI
}

func mdObject(fields []*model.MasterDataField, keys []string, lang string) (map[string]any, map[string]any) {
	props := map[string]any{}
	ui := map[string]any{}
	order := []string{}
	required := []string{}
	for _, f := range fields {
		order = append(order, f.Name)
		p, fu := mdFieldSchema(f, lang)
		if isKey(keys, f.Name) {
			fu["ui:options"] = withOption(fu["ui:options"], "key", true)
		}
		if f.Required {
			required = append(required, f.Name)
		}
		props[f.Name] = p
		if len(fu) > 0 {
			ui[f.Name] = fu
		}
	}
	ui["ui:order"] = append(order, "*")
	obj := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		obj["required"] = required
	}
	return obj, ui
}

// mdFieldSchema is the schema and uiSchema of one field.
func mdFieldSchema(f *model.MasterDataField, lang string) (map[string]any, map[string]any) {
	ui := map[string]any{}
	var p map[string]any
	switch f.Type {
	case model.TypeBoolean:
		p = map[string]any{"type": "boolean"}
	case model.TypeText:
		p = nameSchema(f, lang)
	case model.TypeList:
		items, itemsUI := mdObject(f.Rows, nil, lang)
		p = map[string]any{"type": "array", "items": items}
		ui["items"], ui["ui:field"] = itemsUI, "lineTable"
	default:
		p = fieldSchema(f.AsField(), lang)
		switch {
		case f.Type == model.TypeMoney:
			ui["ui:widget"] = "money"
		case f.Type == model.TypeDate:
			ui["ui:widget"] = "date"
		case f.Multiline:
			ui["ui:widget"] = "textarea"
		}
		if f.Required && f.Type == model.TypeString {
			p["pattern"] = `\S` // only spaces is blank to the engine
		}
	}
	p["title"] = f.Label.In(lang)
	if f.Ref != "" {
		p["x-ref"] = f.Ref
		if f.Type != model.TypeEnum {
			ui["ui:widget"] = "ref"
		}
		ui["ui:options"] = withOption(ui["ui:options"], "ref", f.Ref)
	}
	if f.ReadOnly {
		p["readOnly"] = true
		ui["ui:readonly"] = true
	}
	if f.Mask != "" { // lists and read mode show it masked; the edit form whole
		ui["ui:options"] = withOption(ui["ui:options"], "mask", f.Mask)
	}
	return p, ui
}

// nameSchema is a text: an object with a name per language.
func nameSchema(f *model.MasterDataField, lang string) map[string]any {
	props := map[string]any{}
	for _, l := range model.Languages {
		s := map[string]any{"type": "string", "title": languageTitles[l].In(lang)}
		if f.MaxLength > 0 {
			s["maxLength"] = f.MaxLength
		}
		props[l] = s
	}
	p := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if f.Required {
		p["required"] = []string{model.DefaultLang}
		props[model.DefaultLang].(map[string]any)["pattern"] = `\S`
	}
	return p
}

func isKey(keys []string, name string) bool {
	for _, k := range keys {
		if k == name {
			return true
		}
	}
	return false
}

// withOption adds one option to a uiSchema's ui:options (nil: none yet).
func withOption(opts any, key string, v any) map[string]any {
	m, _ := opts.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	m[key] = v
	return m
}
