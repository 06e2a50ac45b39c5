package model

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/vm"
	"github.com/shopspring/decimal"
)

var (
	wantBool = Text{"zh": "是或否", "en": "true or false", "th": "จริงหรือเท็จ"}
	wantName = Text{"zh": "各语言的名称（zh、en、th）", "en": "a name in each language ({zh, en, th})", "th": "ชื่อในแต่ละภาษา ({zh, en, th})"}
	wantRows = Text{"zh": "行的列表", "en": "a list of rows", "th": "รายการของแถว"}

	msgMDRequired = Text{"zh": "{field}不能为空", "en": "{field} is required", "th": "กรุณาระบุ{field}"}
	msgValidity   = Text{"zh": "有效期至不能早于有效期从", "en": "Valid to must not be before valid from", "th": "วันที่มีผลถึงต้องไม่ก่อนวันที่มีผลตั้งแต่"}
)

// Check checks a master-data record (a JSON object as decoded by
// encoding/json, numbers as json.Number or float64) against the type: every
// key a field of the type, every value of its field's type (text within its
// maximum length, a number within its bounds and places, a date, an option
// of its enumeration, a name object for text, rows for a list), the
// required fields (the key fields always) given, then the type's rules. It
// returns one *Error (code ECHECK) per finding, with the field's path
// (`parent`, `accounts[1].cnaps`: rows count from 0) and a message in every
// language; none for a valid record. A dated type's validTo must not be
// before its validFrom. It does not look up the records that
// ref fields name: that is the store's business (see Refs).
func (t *MasterDataType) Check(record map[string]any) []*Error {
	vals, errs := parseMDObject(t.Fields, record, "", 0)
	if from, to := vals.String(ValidFromField), vals.String(ValidToField); t.Dated && from != "" && to != "" && to < from {
		errs = append(errs, Refuse(ECHECK, ValidToField, msgValidity))
	}
	errs = append(errs, t.runRules(vals)...)
	sort.SliceStable(errs, func(i, j int) bool { return ComparePaths(errs[i].Path, errs[j].Path) < 0 })
	return errs
}

// Normalize returns the record as the store keeps it: dates as yyyy-MM-dd,
// money with two decimals, numbers as JSON numbers, blank values left out.
// Values Check refuses are left out too: normalise a record Check accepts.
func (t *MasterDataType) Normalize(record map[string]any) map[string]any {
	vals, _ := parseMDObject(t.Fields, record, "", 0)
	return mdJSON(t.Fields, vals)
}

// Refs lists the references the record holds: every non-empty text value
// of a field with Ref, rows of list fields included (`accounts[0].cnaps`),
// in field order.
func (t *MasterDataType) Refs(record map[string]any) []Ref {
	var out []Ref
	for _, f := range t.Fields {
		switch {
		case f.Type == TypeList:
			rows, _ := record[f.Name].([]any)
			for i, r := range rows {
				row, _ := r.(map[string]any)
				for _, rf := range f.Rows {
					out = appendRef(out, rf, row[rf.Name], f.Name+"["+strconv.Itoa(i)+"]."+rf.Name)
				}
			}
		default:
			out = appendRef(out, f, record[f.Name], f.Name)
		}
	}
	return out
}

func appendRef(out []Ref, f *MasterDataField, v any, path string) []Ref {
	if s, ok := v.(string); ok && f.Ref != "" && s != "" {
		out = append(out, Ref{Path: path, Type: f.Ref, Code: s})
	}
	return out
}

// DocumentRefs lists the references a document holds: every non-empty value
// of a field with a Ref, with its path (`head.department`,
// `lineList[2].costType`); rows marked deleted hold none.
func DocumentRefs(doc *Document) []Ref {
	var out []Ref
	for _, s := range doc.Type.Sections {
		if !s.Table {
			out = appendDocRefs(out, s, doc.Objects[s.Name], s.Name+".")
			continue
		}
		for i, row := range doc.Tables[s.Name] {
			if !RowDeleted(row) {
				out = appendDocRefs(out, s, row, s.Name+"["+strconv.Itoa(i)+"].")
			}
		}
	}
	return out
}

func appendDocRefs(out []Ref, s *Section, vals Values, prefix string) []Ref {
	for _, f := range s.Fields {
		if f.Ref != "" && vals.String(f.Name) != "" { // a map lookup for a field with a Ref only
			ref := Ref{Path: prefix + f.Name, Type: f.Ref, Code: vals.String(f.Name)}
			if f.RefCompany != "" {
				ref.Company = vals.String(f.RefCompany)
			}
			out = append(out, ref)
		}
	}
	return out
}

// parseMDObject reads the values of one record (prefix "") or row (prefix
// "accounts[0].", rowNo 1) into their typed form: string, decimal.Decimal,
// int, bool, Text, or []Values for a list.
func parseMDObject(fields []*MasterDataField, obj map[string]any, prefix string, rowNo int) (Values, []*Error) {
	vals := Values{}
	var errs []*Error
	refuse := func(path string, t Text) { errs = append(errs, Refuse(ECHECK, prefix+path, RowText(rowNo, t))) }
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if findMDField(fields, k) == nil {
			shown := Clip(k, 40)
			refuse(k, Text{"zh": "未知字段" + shown, "en": "unknown field " + shown, "th": "ไม่รู้จักฟิลด์ " + shown})
		}
	}
	for _, f := range fields {
		label := map[string]Text{"field": f.Label}
		v, p, rowErrs := parseMDValue(f, obj[f.Name], prefix+f.Name)
		errs = append(errs, rowErrs...)
		switch {
		case p != nil:
			refuse(f.Name, p.Msg.Format(label))
		case v == nil && f.Required:
			refuse(f.Name, msgMDRequired.Format(label))
		case v != nil:
			vals[f.Name] = v
		}
	}
	return vals, errs
}

// parseMDValue reads one value of field f: nil when blank; a problem when
// it does not fit; the findings of a list's rows.
func parseMDValue(f *MasterDataField, v any, path string) (any, *ValueProblem, []*Error) {
	if v == nil {
		return nil, nil, nil
	}
	switch f.Type {
	case TypeBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, typeProblem(wantBool), nil
		}
		return b, nil, nil
	case TypeText:
		t, p := parseName(f, v)
		return t, p, nil
	case TypeList:
		return parseRows(f, v, path)
	case TypeMoney, TypeNumber, TypeInteger:
		v = jsonNumber(v)
	}
	out, p := ParseValue(f.AsField(), v)
	if s, ok := out.(string); ok && strings.TrimSpace(s) == "" {
		return nil, p, nil // only spaces: blank
	}
	return out, p, nil
}

// jsonNumber turns the numbers a decoded JSON or YAML value may hold into a
// json.Number; other values are returned as they are.
func jsonNumber(v any) any {
	switch x := v.(type) {
	case float64:
		return json.Number(strconv.FormatFloat(x, 'f', -1, 64))
	case int:
		return json.Number(strconv.Itoa(x))
	case int64:
		return json.Number(strconv.FormatInt(x, 10))
	}
	return v
}

// AsField is the field as a document field: how ParseValue reads its values
// and the form export describes them (a text as a string: each language of
// a name is one).
func (f *MasterDataField) AsField() *Field {
	t := f.Type
	if t == TypeText {
		t = TypeString
	}
	return &Field{FieldDef: &FieldDef{Name: f.Name, Label: f.Label, Type: t, Enum: f.Enum, MaxLength: f.MaxLength, Min: f.Min, Max: f.Max}, Name: f.Name, Label: f.Label}
}

// parseName reads a text: an object of languages, each text within the
// field's maximum length. Blank when no language has a name; a required
// name needs the default language.
func parseName(f *MasterDataField, v any) (any, *ValueProblem) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, typeProblem(wantName)
	}
	out := Text{}
	for k, x := range m {
		s, ok := x.(string)
		if !ok || !slices.Contains(Languages, k) {
			return nil, typeProblem(wantName)
		}
		if _, p := ParseValue((&MasterDataField{Name: f.Name, Label: f.Label, Type: TypeString, MaxLength: f.MaxLength}).AsField(), s); p != nil {
			return nil, p
		}
		if strings.TrimSpace(s) != "" {
			out[k] = s
		}
	}
	if len(out) == 0 || (f.Required && out[DefaultLang] == "") {
		return nil, nil
	}
	return out, nil
}

// parseRows reads the rows of a list field; an empty list is blank.
func parseRows(f *MasterDataField, v any, path string) (any, *ValueProblem, []*Error) {
	list, ok := v.([]any)
	if !ok {
		return nil, typeProblem(wantRows), nil
	}
	var errs []*Error
	rows := make([]Values, 0, len(list))
	for i, r := range list {
		obj, ok := r.(map[string]any)
		if !ok {
			return nil, typeProblem(wantRows), nil
		}
		row, rowErrs := parseMDObject(f.Rows, obj, path+"["+strconv.Itoa(i)+"].", i+1)
		errs = append(errs, rowErrs...)
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, nil, errs
	}
	return rows, nil, errs
}

// runRules runs the type's rules over the parsed record.
func (t *MasterDataType) runRules(vals Values) []*Error {
	if t.env == nil || len(t.Rules) == 0 {
		return nil
	}
	env := reflect.New(t.env.doc)
	fillMD(env.Elem().Field(0), t.Fields, vals)
	var errs []*Error
	for _, r := range t.Rules {
		if r.Table == "" {
			errs = append(errs, t.runRule(r, env.Interface(), r.Path, 0)...)
			continue
		}
		f := t.Field(r.Table)
		rows, _ := vals[r.Table].([]Values)
		te := reflect.New(t.env.tables[r.Table])
		te.Elem().Field(0).Set(env.Elem().Field(0))
		for i, row := range rows {
			rv := reflect.New(te.Elem().Field(1).Type()).Elem()
			fillMD(rv, f.Rows, row)
			te.Elem().Field(1).Set(rv)
			te.Elem().Field(2).SetInt(int64(i + 1))
			path := r.Table + "[" + strconv.Itoa(i) + "]"
			if r.Path != "" {
				path += "." + r.Path
			}
			errs = append(errs, t.runRule(r, te.Interface(), path, i+1)...)
		}
	}
	return errs
}

// runRule runs one rule in env: a finding at path when its check fails (or
// cannot be evaluated), none when its condition does not hold.
func (t *MasterDataType) runRule(r *MasterDataRule, env any, path string, rowNo int) []*Error {
	if r.When != nil {
		if ok, err := runMDBool(r.When, env); err != nil || !ok {
			return nil
		}
	}
	ok, err := runMDBool(r.Check, env)
	if err != nil {
		return []*Error{Refuse(ECHECK, path, Text{"zh": r.ID + "计算失败：" + err.Error(), "en": r.ID + " could not be evaluated: " + err.Error(),
			"th": r.ID + " คำนวณไม่สำเร็จ: " + err.Error()})}
	}
	if ok {
		return nil
	}
	label := Text{}
	if f := t.Field(r.Path); f != nil && r.Table == "" {
		label = f.Label
	} else if tf := t.Field(r.Table); tf != nil && tf.Row(r.Path) != nil {
		label = tf.Row(r.Path).Label
	}
	msg := r.Message.Format(map[string]Text{"row": {"zh": strconv.Itoa(rowNo), "en": strconv.Itoa(rowNo), "th": strconv.Itoa(rowNo)}, "field": label})
	return []*Error{Refuse(ECHECK, path, msg)}
}

func runMDBool(p *vm.Program, env any) (bool, error) {
	out, err := vm.Run(p, env)
	if err != nil {
		return false, err
	}
	b, _ := out.(bool)
	return b, nil
}

// fillMD sets the fields of sv (a zero struct of mdStruct(fields)) from vals.
func fillMD(sv reflect.Value, fields []*MasterDataField, vals Values) {
	for _, f := range fields {
		v, ok := vals[f.Name]
		if !ok {
			continue
		}
		fv := sv.Field(f.index)
		switch x := v.(type) {
		case string:
			fv.SetString(x)
		case int:
			fv.SetInt(int64(x))
		case bool:
			fv.SetBool(x)
		case decimal.Decimal:
			fv.Set(reflect.ValueOf(x))
		case Text:
			fv.Field(0).SetString(x["zh"])
			fv.Field(1).SetString(x["en"])
			fv.Field(2).SetString(x["th"])
		case []Values:
			list := reflect.MakeSlice(fv.Type(), len(x), len(x))
			for i, row := range x {
				fillMD(list.Index(i), f.Rows, row)
			}
			fv.Set(list)
		}
	}
}

// mdJSON renders parsed values as the JSON object the store keeps.
func mdJSON(fields []*MasterDataField, vals Values) map[string]any {
	out := make(map[string]any, len(vals))
	for _, f := range fields {
		v, ok := vals[f.Name]
		if !ok {
			continue
		}
		switch x := v.(type) {
		case Text:
			m := make(map[string]any, len(x))
			for k, s := range x {
				m[k] = s
			}
			out[f.Name] = m
		case []Values:
			rows := make([]any, len(x))
			for i, r := range x {
				rows[i] = mdJSON(f.Rows, r)
			}
			out[f.Name] = rows
		default:
			out[f.Name] = JSONValue(f.AsField(), v)
		}
	}
	return out
}
