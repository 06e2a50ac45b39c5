package model

import "reflect"

// Rules may read master data: record("employee", head.applicant) is the
// record of a key, standard("travelStandard", {rank: ..., cityType: ...},
// row.startDate) the record of a standard valid on a date, each as the
// master-data type's typed record (a field it lacks reads as its type's
// zero value). The engine compiles both; the caller of a check supplies the
// records through a Lookup, one per check. Without one (lint, the form's
// evaluation without master data) both answer an empty record.

// Lookup answers the master-data records the rules of one check read, for
// the company and date of the document being checked. A record's body is
// its JSON object as the store keeps it.
type Lookup interface {
	// Record is the body of the record of type typ with key: nil when
	// there is none, or it is not active on the document's date, or it
	// belongs to another company than the document's. Keys match exactly.
	Record(typ, key string) map[string]any
	// Standard is the body of the record of type typ whose fields hold
	// exactly the values of match, active and valid on date (validFrom on
	// or before it, validTo blank or on or after it), the one with the
	// latest validFrom; nil when none is. A record of a company-scoped type
	// must belong to the document's company or to the whole group.
	Standard(typ string, match map[string]string, date string) map[string]any
}

// RuleContext is what the rule functions read beyond the document: the
// master data (record, standard) and the weak-control rules the user has
// confirmed (confirmed). The environment of an evaluation holds one, at
// EnvContextName; nil reads as no master data and nothing confirmed.
type RuleContext struct {
	Lookup    Lookup
	Confirmed map[string]bool
	values    map[string]any
}

// Value is build's value for key, built once per context: the rules of one
// check read the same records many times. A context serves one evaluation
// at a time.
func (c *RuleContext) Value(key string, build func() any) any {
	if v, ok := c.values[key]; ok {
		return v
	}
	v := build()
	if c.values == nil {
		c.values = map[string]any{}
	}
	c.values[key] = v
	return v
}

// RuleContextType is the Go type of the rule context in an environment.
var RuleContextType = reflect.TypeOf((*RuleContext)(nil))

// EnvContextName is the name of the rule context in a rule environment:
// only the compiler's rewrites of record, standard and confirmed name it.
const EnvContextName = "$ctx"

// RecordType is the Go struct a record of the type is in a rule (nil
// before BuildEnv).
func (t *MasterDataType) RecordType() reflect.Type {
	if t.env == nil {
		return nil
	}
	return t.env.record
}

// RecordValue is a record's body as the typed struct rules read (see
// RecordType): nil or an unreadable value reads as the zero value.
func (t *MasterDataType) RecordValue(body map[string]any) any {
	v := reflect.New(t.env.record).Elem()
	if body != nil {
		vals, _ := parseMDObject(t.Fields, body, "", 0)
		fillMD(v, t.Fields, vals)
	}
	return v.Interface()
}
