package masterdata

import (
	"sync"

	"formwork/engine"
)

// CatalogueTypes are the master-data types of a catalogue as the service
// takes them (Config.Types), in the catalogue's order; converted once per
// catalogue (the last one asked is kept).
func CatalogueTypes(cat *engine.Catalogue) []*Type {
	converted.mu.Lock()
	defer converted.mu.Unlock()
	if cat != converted.cat {
		converted.cat, converted.types = cat, nil
		if cat != nil {
			for _, t := range cat.MasterDataTypes() {
				converted.types = append(converted.types, TypeOf(t))
			}
		}
	}
	return converted.types
}

var converted struct {
	mu    sync.Mutex
	cat   *engine.Catalogue
	types []*Type
}

// TypeOf is a master-data type of the engine as the service takes it: its
// description, and its Check, Refs, Normalize and KeepServerFields.
func TypeOf(t *engine.MasterDataType) *Type {
	return &Type{Code: t.Code, Title: t.Title, Area: t.Area, Menu: t.Menu, Keys: t.Keys, CompanyScoped: t.CompanyScoped(),
		Display: t.Display, Search: t.Search, Dated: t.Dated, Read: t.Read, Write: t.Write, Fields: fieldsOf(t.Fields),
		Check: t.Check, Refs: t.Refs, Normalize: t.Normalize, KeepServerFields: t.KeepServerFields}
}

func fieldsOf(fields []*engine.MasterDataField) []*Field {
	out := make([]*Field, len(fields))
	for i, f := range fields {
		out[i] = &Field{Name: f.Name, Label: f.Label, Type: string(f.Type), Ref: f.Ref, Required: f.Required,
			MaxLength: f.MaxLength, Rows: fieldsOf(f.Rows)}
		if f.Ref != "" {
			out[i].Type = FieldRef
		}
		if f.Enum != nil {
			out[i].Enum = f.Enum.Name
		}
	}
	return out
}
