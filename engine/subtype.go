package engine

import "strings"

// SubTypePath returns the sub-type nodes chosen by businessType1 and
// businessType2 (either may be empty). ok is false when a given key is not a
// sub-type of the document type.
func (d *DocType) SubTypePath(bt1, bt2 string) (path []*SubType, ok bool) {
	if bt1 == "" {
		return nil, bt2 == ""
	}
	n := findSubType(d.SubTypes, bt1)
	if n == nil {
		return nil, false
	}
	path = append(path, n)
	if bt2 == "" {
		return path, true
	}
	c := findSubType(n.Children, bt2)
	if c == nil {
		return path, false
	}
	return append(path, c), true
}

func findSubType(list []*SubType, key string) *SubType {
	for _, s := range list {
		if s.Key == key {
			return s
		}
	}
	return nil
}

// ParseSubType splits "A01.A0101" into businessType1 and businessType2.
func ParseSubType(s string) (bt1, bt2 string) {
	bt1, bt2, _ = strings.Cut(s, ".")
	return bt1, bt2
}

// hiddenSet is what a sub-type hides: section names and section.field paths.
type hiddenSet map[string]bool

// Hidden tells whether a field (or, with name "", a section) is hidden.
func (h hiddenSet) field(f *Field) bool {
	return h[f.Section.Name] || h[f.Section.Name+"."+f.Name]
}

// hidden computes what is hidden for the chosen sub-types: the sections and
// fields marked hidden, then each sub-type's show and hide, outermost first.
func (d *DocType) hidden(path []*SubType) hiddenSet {
	h := hiddenSet{}
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
