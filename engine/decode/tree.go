package decode

import (
	"encoding/json"
	"fmt"
	"strconv"

	"formwork/engine/model"

	"github.com/valyala/fastjson"
)

func decodeTree(dt *model.DocType, top *fastjson.Value) (*model.Document, []model.Finding) {
	doc := &model.Document{Type: dt, Objects: map[string]model.Values{"head": {}}, Tables: map[string][]model.Values{}}
	var findings []model.Finding
	obj, _ := top.Object()
	obj.Visit(func(k []byte, raw *fastjson.Value) {
		key := string(k)
		s := dt.Section(key)
		switch {
		case s == nil:
			shown := model.Clip(key, 40)
			findings = append(findings, structural(key, "unknownField", model.Text{"zh": shown + "不是" + dt.Code + "的组成部分",
				"en": shown + " is not part of a " + dt.Code + " document", "th": shown + " ไม่ใช่ส่วนหนึ่งของเอกสาร " + dt.Code}))
		case raw.Type() == fastjson.TypeNull:
		case s.Table:
			rows, fs := decodeTable(s, raw)
			findings = append(findings, fs...)
			if rows != nil {
				doc.Tables[key] = rows
			}
		case raw.Type() != fastjson.TypeObject:
			findings = append(findings, structural(key, "type", model.Text{"zh": key + "应为对象", "en": key + " must be an object", "th": key + " ต้องเป็นออบเจ็กต์"}))
		default:
			vals, fs := decodeObject(s, raw, -1)
			findings = append(findings, fs...)
			doc.Objects[key] = vals
		}
	})
	return doc, findings
}

// decodeTable decodes the rows of a table section; nil rows when the value
// is no list.
func decodeTable(s *model.Section, raw *fastjson.Value) ([]model.Values, []model.Finding) {
	rows, err := raw.Array()
	if err != nil {
		return nil, []model.Finding{structural(s.Name, "type", model.Text{"zh": s.Title.In("zh") + "应为列表", "en": s.Name + " must be a list of rows", "th": s.Name + " ต้องเป็นรายการของแถว"})}
	}
	var findings []model.Finding
	list := make([]model.Values, 0, len(rows))
	for i, r := range rows {
		if r.Type() != fastjson.TypeObject {
			findings = append(findings, structural(cellPath(s.Name, i, ""), "type", model.Text{"zh": fmt.Sprintf("第%d行应为对象", i+1),
				"en": fmt.Sprintf("row %d must be an object", i+1), "th": fmt.Sprintf("แถวที่ %d ต้องเป็นออบเจ็กต์", i+1)}))
			list = append(list, model.Values{})
			continue
		}
		vals, fs := decodeObject(s, r, i)
		findings = append(findings, fs...)
		list = append(list, vals)
	}
	return list, findings
}

// jsonAny turns a parsed JSON scalar into the form model.ParseValue reads:
// string, json.Number (the literal text), bool or nil; objects and arrays
// become a marker that no field accepts.
func jsonAny(v *fastjson.Value) any {
	switch v.Type() {
	case fastjson.TypeString:
		return string(v.GetStringBytes())
	case fastjson.TypeNumber:
		return json.Number(v.String())
	case fastjson.TypeTrue:
		return true
	case fastjson.TypeFalse:
		return false
	case fastjson.TypeNull:
		return nil
	}
	return compound{}
}

// compound stands for a JSON object or array where a scalar belongs.
type compound struct{}

// decodeObject decodes the head (row -1), another object section or row
// `row` of a table section.
func decodeObject(s *model.Section, obj *fastjson.Value, row int) (model.Values, []model.Finding) {
	o, _ := obj.Object()
	vals := make(model.Values, o.Len())
	var findings []model.Finding
	o.Visit(func(k []byte, raw *fastjson.Value) {
		name := string(k)
		f := s.Field(name)
		if f == nil {
			shown := model.Clip(name, 40)
			findings = append(findings, structural(cellPath(s.Name, row, name), "unknownField",
				model.RowText(row+1, model.Text{"zh": "未知字段" + shown, "en": "unknown field " + shown, "th": "ไม่รู้จักฟิลด์ " + shown})))
			return
		}
		v, p := model.ParseValue(f, jsonAny(raw))
		if p != nil {
			findings = append(findings, structural(cellPath(s.Name, row, name), p.Rule, model.RowText(row+1, p.Msg.Format(map[string]model.Text{"field": f.Label}))))
			return
		}
		if v != nil {
			vals[name] = v
		}
	})
	return vals, findings
}

// cellPath is the path of a field of an object section (row < 0) or of a
// row of a table (field "" for the row itself).
func cellPath(section string, row int, field string) string {
	p := section
	if row >= 0 {
		p += "[" + strconv.Itoa(row) + "]"
	}
	if field != "" {
		p += "." + field
	}
	return p
}

func structural(path, rule string, msg model.Text) model.Finding {
	return model.Finding{Path: path, Rule: rule, Severity: model.SeverityError, Message: msg}
}
