package model

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Masks of a master-data field (the field's `mask:`): how lists and pickers
// show its value to everyone, and the record's own answer to those who may
// not change it. The record's edit form (for its writers) shows the value
// whole.
//
// not done: the xlsx export (masterdata.Service.Export, open to the type's
// readers) and the change events (masterdata Events, the data-modify page)
// still carry masked fields whole; masterdata is at its size limit, and the
// export must round-trip through the import for its writers.
const (
	// MaskAccount shows an account or card number longer than
	// MaskKeep*2 characters with only its first and last MaskKeep
	// characters, the rest as '*' (navigation-and-access.md 2.4).
	MaskAccount = "account"
	MaskKeep    = 4
)

// MaskProblem is what is wrong with the field's mask, "" when nothing: a
// mask is one of the known ones, on a string field.
func (f *MasterDataField) MaskProblem() string {
	switch {
	case f.Mask == "":
		return ""
	case f.Mask != MaskAccount:
		return fmt.Sprintf("unknown mask %q (%s)", f.Mask, MaskAccount)
	case f.Type != TypeString:
		return fmt.Sprintf("mask is for string fields, not %s", f.Type)
	}
	return ""
}

// MaskAccountNumber shows an account number longer than 8 characters as its
// first 4 and last 4 characters with '*' between; a shorter one as it is.
// Masking a masked number gives it again.
func MaskAccountNumber(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= 2*MaskKeep {
		return s
	}
	r := []rune(s)
	return string(r[:MaskKeep]) + strings.Repeat("*", n-2*MaskKeep) + string(r[n-MaskKeep:])
}

// Masked is body with the values of the type's masked fields (in list rows
// too) masked. It never changes body (records share their bodies with a
// cache): it answers a copy of what it masks, body itself when the type
// masks nothing. A nil type masks nothing.
func (t *MasterDataType) Masked(body map[string]any) map[string]any {
	if t == nil || !masks(t.Fields) {
		return body
	}
	return maskedFields(t.Fields, body)
}

// Shown is a record's body and key as an answer shows them: whole for the
// record's own edit form (whole: asked by one who may change the type),
// else with the masked fields masked. The key is masked too when a key
// field is masked and the reader may not change the type (a writer needs
// the key to open the record, whose form shows it whole anyway).
func (t *MasterDataType) Shown(body map[string]any, key string, whole, writer bool) (map[string]any, string) {
	if whole || t == nil {
		return body, key
	}
	masked := t.Masked(body)
	for _, k := range t.Keys {
		if f := t.Field(k); f != nil && f.Mask != "" && !writer {
			return masked, t.Key(masked)
		}
	}
	return masked, key
}

func masks(fields []*MasterDataField) bool {
	for _, f := range fields {
		if f.Mask != "" || masks(f.Rows) {
			return true
		}
	}
	return false
}

func maskedFields(fields []*MasterDataField, body map[string]any) map[string]any {
	out := make(map[string]any, len(body))
	for k, v := range body {
		out[k] = v
	}
	for _, f := range fields {
		switch v := body[f.Name].(type) {
		case string:
			if f.Mask == MaskAccount {
				out[f.Name] = MaskAccountNumber(v)
			}
		case []any:
			if f.Type != TypeList || !masks(f.Rows) {
				continue
			}
			rows := make([]any, len(v))
			for i, row := range v {
				if m, ok := row.(map[string]any); ok {
					rows[i] = maskedFields(f.Rows, m)
				} else {
					rows[i] = row
				}
			}
			out[f.Name] = rows
		}
	}
	return out
}
