package formwork_test

import (
	"reflect"
	"strings"
	"testing"

	"formwork"
	"formwork/engine"
	"formwork/masterdata"
)

// The master-data types of the kinds masterdata/record_model.go keeps typed
// name every field of their Go struct by its yaml tag, with a type that
// holds its values, so that a stored record's body decodes into the struct
// (mdcontract.md: "the YAML field names are exactly the yaml tags"; an
// untagged field binds nothing).
func TestMasterDataTypesHoldTheRecordModel(t *testing.T) {
	cat, err := engine.Load(formwork.Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]any{
		"setOfBooks": masterdata.SetOfBooks{}, "company": masterdata.Company{}, "department": masterdata.Department{},
		"costCenter": masterdata.CostCenter{}, "profitCenter": masterdata.ProfitCenter{}, "businessRange": masterdata.BusinessRange{},
		"employee": masterdata.Employee{}, "vendor": masterdata.Vendor{}, "customer": masterdata.Customer{}, "bank": masterdata.Bank{},
		"project": masterdata.Project{}, "specialAccount": masterdata.SpecialAccount{}, "dictionary": masterdata.DictionaryEntry{},
	}
	nameType := reflect.TypeOf(masterdata.Name{})
	for code, v := range kinds {
		md := cat.MasterDataType(code)
		if md == nil {
			t.Errorf("no master-data type %s", code)
			continue
		}
		for name, goType := range recordFields(reflect.TypeOf(v)) {
			f := md.Field(name)
			var ok bool
			switch {
			case f == nil:
				t.Errorf("%s: no field %s (%T)", code, name, v)
				continue
			case goType == nameType:
				ok = f.Type == engine.TypeText
			case goType.Kind() == reflect.String:
				ok = f.Type == engine.TypeString || f.Type == engine.TypeEnum
			case goType.Kind() == reflect.Int:
				ok = f.Type == engine.TypeInteger
			case goType.Kind() == reflect.Slice && goType.Elem().Kind() == reflect.Struct: // rows
				ok = f.Type == engine.TypeList
				for row := range recordFields(goType.Elem()) {
					if f.Row(row) == nil {
						t.Errorf("%s.%s: no row field %s", code, name, row)
					}
				}
			}
			if !ok {
				t.Errorf("%s.%s is of type %s, which does not decode into %s", code, name, f.Type, goType)
			}
		}
	}
}

// recordFields are the yaml names of a struct's tagged fields.
func recordFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		if strings.Contains(tag, ",inline") {
			for k, v := range recordFields(f.Type) {
				out[k] = v
			}
			continue
		}
		if name := strings.Split(tag, ",")[0]; name != "" && name != "-" {
			out[name] = f.Type
		}
	}
	return out
}
