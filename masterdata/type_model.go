package masterdata

import (
	"slices"
	"strings"
	"unicode"

	"formwork/engine"
)

// Type describes a master-data type (a schemas/_masterdata/<code>.yaml of
// the catalogue): what the service needs of it. The wiring fills it from
// the engine's master-data type, whose Check and Refs it passes on.
type Type struct {
	Code  string
	Title engine.Text
	// Area groups the type in the configuration centre (organisation,
	// people, partners, finance, ...); Menu is the menu path it serves.
	Area, Menu string
	// Keys are the key fields: a record's key is their values joined by
	// "/", in this order.
	Keys []string
	// CompanyScoped: each record belongs to one company (its field
	// `company`); otherwise the records are shared by the group.
	CompanyScoped bool
	// Display is the field shown beside the key; Search the fields a
	// picker's text searches (the key is always searched).
	Display string
	Search  []string
	// Dated: the records have validFrom and validTo.
	Dated bool
	// Read and Write are the roles that may read and change the records;
	// AnyRole lets every signed-in user.
	Read, Write []string
	// Fields in form order (the columns of an xlsx export).
	Fields []*Field
	// Check checks a record's body: its structure (types, required,
	// lengths, enumerations) and the type's rules, with paths that are
	// field names ("parent", "accounts[1].cnaps"). It does not check that
	// references exist (CheckRefs does). Nil: no check.
	Check func(body map[string]any) []*engine.Error
	// Refs lists the non-empty references of a body with their paths. Nil:
	// none.
	Refs func(body map[string]any) []Ref
	// Normalize is a checked body as the store keeps it (dates, money with
	// two places); KeepServerFields sets the fields only the server writes
	// to those of the stored body (nil: a new record). Nil: neither.
	Normalize        func(body map[string]any) map[string]any
	KeepServerFields func(body, stored map[string]any)
}

// AnyRole in Type.Read or Type.Write lets any signed-in user.
const AnyRole = "any"

// Field types of a master-data field (Field.Type).
const (
	FieldString  = "string"
	FieldText    = "text" // a name in each language: {zh, en, th}
	FieldNumber  = "number"
	FieldInteger = "integer"
	FieldMoney   = "money"
	FieldDate    = "date" // YYYY-MM-DD
	FieldBoolean = "boolean"
	FieldEnum    = "enum"
	FieldRef     = "ref"  // the key of a record of type Ref
	FieldList    = "list" // rows of Rows' fields
)

// Field is a field of a master-data type.
type Field struct {
	Name  string
	Label engine.Text
	// Type is one of the Field* types (a field with Ref set is FieldRef).
	Type string
	// Ref is the master-data type a ref field names; Enum the enumeration
	// of an enum field.
	Ref, Enum string
	Required  bool
	MaxLength int
	// Rows are the fields of each row of a list field.
	Rows []*Field
}

// Actor is who asks: a signed-in user and the roles they hold.
type Actor struct {
	Username string
	Roles    []string
}

// may reports whether one of the actor's roles is among roles (or roles
// let anyone).
func (a Actor) may(roles []string) bool {
	if slices.Contains(roles, AnyRole) {
		return a.Username != ""
	}
	for _, r := range a.Roles {
		if slices.Contains(roles, r) {
			return true
		}
	}
	return false
}

// TypeInfo is a type as a user sees it in the configuration centre: what
// it is and what they may do with it.
type TypeInfo struct {
	Code     string      `json:"code"`
	Title    engine.Text `json:"title"`
	Area     string      `json:"area"`
	Menu     string      `json:"menu,omitempty"`
	CanRead  bool        `json:"canRead"`
	CanWrite bool        `json:"canWrite"`
}

// Key is the record key of a body: the key fields' values joined by "/".
// A key value is a string, not empty, without "/", spaces around it or
// characters that do not print (a zero-width space): else the refusal
// names the field.
func (t *Type) Key(body map[string]any) (string, *engine.Error) {
	if len(t.Keys) == 0 {
		return "", engine.Refuse(engine.EINTERNAL, "", engine.Text{"zh": t.Code + "没有主键字段",
			"en": t.Code + " has no key fields", "th": t.Code + " ไม่มีฟิลด์คีย์"})
	}
	values := make([]string, len(t.Keys))
	for i, k := range t.Keys {
		v, _ := body[k].(string)
		label := t.label(k)
		switch {
		case v == "":
			return "", engine.Refuse(engine.ECHECK, k, engine.Text{"zh": label.In("zh") + "不能为空",
				"en": label.In("en") + " is required", "th": "ต้องระบุ" + label.In("th")})
		case !plainCode(v):
			return "", engine.Refuse(engine.ECHECK, k, engine.Text{
				"zh": label.In("zh") + "不能含有“/”、首尾空格或不可见字符",
				"en": label.In("en") + ` may not hold "/", spaces around it or characters that do not print`,
				"th": label.In("th") + ` ต้องไม่มี "/" ช่องว่างหน้าหรือหลัง หรืออักขระที่พิมพ์ไม่ได้`})
		}
		values[i] = v
	}
	return strings.Join(values, "/"), nil
}

// plainCode reports whether a key value has no "/", no spaces around it
// and only characters that print (no control or format character).
func plainCode(v string) bool {
	if strings.TrimSpace(v) != v || strings.Contains(v, "/") {
		return false
	}
	for _, r := range v {
		if !unicode.IsPrint(r) { // control and format characters (U+200B) too
			return false
		}
	}
	return true
}

// check is the type's check of a body; none without a Check.
func (t *Type) check(body map[string]any) []*engine.Error {
	if t.Check == nil {
		return nil
	}
	return t.Check(body)
}

// normalized is a checked body as the store keeps it.
func (t *Type) normalized(body map[string]any) map[string]any {
	if t.Normalize == nil {
		return body
	}
	return t.Normalize(body)
}

// refs are the references of a body; none without Refs.
func (t *Type) refs(body map[string]any) []Ref {
	if t.Refs == nil {
		return nil
	}
	return t.Refs(body)
}

// label is a field's label, its name when the type has no such field.
func (t *Type) label(name string) engine.Text {
	if f := t.field(name); f != nil && len(f.Label) > 0 {
		return f.Label
	}
	return untranslated(name)
}

// field is the field of a name; nil when the type has none.
func (t *Type) field(name string) *Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// title is the type's title, its code when it has none.
func (t *Type) title() engine.Text {
	if len(t.Title) > 0 {
		return t.Title
	}
	return untranslated(t.Code)
}

// untranslated is a text that is the same in every language (a code).
func untranslated(s string) engine.Text { return engine.Text{"zh": s, "en": s, "th": s} }
