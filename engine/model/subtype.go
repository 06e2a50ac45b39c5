package model

import "strings"

// SubType is a business type node (businessType1 -> businessType2 -> ...).
type SubType struct {
	Key   string
	Title Text
	Sobs  []string // sets of books offering it; empty: all
	Show  []string
	Hide  []string
	// CreditLines are the tables whose line amounts may be negative (credit
	// lines) in this sub-type and its children: their minimum of 0.01 is
	// waived, a zero amount stays refused.
	CreditLines []string
	Children    []*SubType
}

// CreditLines are the tables of the sub-type path whose amounts may be
// negative.
func CreditLines(path []*SubType) map[string]bool {
	out := map[string]bool{}
	for _, n := range path {
		for _, t := range n.CreditLines {
			out[t] = true
		}
	}
	return out
}

// SubTypePath returns the sub-type nodes chosen by the business types
// (businessType1, businessType2, businessType3; trailing ones may be
// empty). ok is false when a given key is not a sub-type at its level, or a
// level is skipped.
func (d *DocType) SubTypePath(keys ...string) (path []*SubType, ok bool) {
	list := d.SubTypes
	for i, k := range keys {
		if k == "" {
			for _, rest := range keys[i:] {
				if rest != "" {
					return path, false
				}
			}
			return path, true
		}
		n := FindSubType(list, k)
		if n == nil {
			return path, false
		}
		path = append(path, n)
		list = n.Children
	}
	return path, true
}

// OfferedIn tells whether the sub-type is offered in the set of books sob:
// a sub-type without a sobs list is offered in every one.
func (s *SubType) OfferedIn(sob string) bool {
	if len(s.Sobs) == 0 || sob == "" {
		return true
	}
	for _, x := range s.Sobs {
		if x == sob {
			return true
		}
	}
	return false
}

// SubTypeKeys are the head fields that choose a sub-type, outermost first.
var SubTypeKeys = []string{"businessType1", "businessType2", "businessType3"}

// FindSubType returns the sub-type of list with the given key, or nil.
func FindSubType(list []*SubType, key string) *SubType {
	for _, s := range list {
		if s.Key == key {
			return s
		}
	}
	return nil
}

// ParseSubType splits "A01.A0101.A010101" into the business types.
func ParseSubType(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ".")
}

// HiddenSet is what is hidden for a choice of sub-types: section names and
// section.field paths.
type HiddenSet map[string]bool

// Field tells whether a field is hidden, itself or with its section.
func (h HiddenSet) Field(f *Field) bool {
	return h[f.Section.Name] || h[f.key]
}

// Hidden computes what is hidden for the chosen sub-types: the sections and
// fields marked hidden, then each sub-type's show and hide, outermost first.
func (d *DocType) Hidden(path []*SubType) HiddenSet {
	h := HiddenSet{}
	for _, s := range d.Sections {
		if s.Hidden {
			h[s.Name] = true
		}
		for _, f := range s.Fields {
			if f.Hidden {
				h[s.Name+"."+f.Name] = true
			}
		}
	}
	for _, n := range path {
		for _, p := range n.Show {
			delete(h, p)
		}
		for _, p := range n.Hide {
			h[p] = true
		}
	}
	return h
}
