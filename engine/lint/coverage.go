// Package lint reports on a catalogue beyond what stops it loading: how
// much of each business module the spec states (CoverageReport), and every
// text a person reads that lacks one of the languages (Languages).
package lint

import (
	"sort"
	"strings"

	"formwork/engine/model"
)

// Catalogue is what the coverage report reads of a loaded catalogue.
type Catalogue interface {
	DocTypes() []*model.DocType
}

// Coverage is, per module, how much of the catalogue the spec states.
type Coverage struct {
	Module        string   `json:"module"`
	DocTypes      int      `json:"docTypes"`
	SpecStated    int      `json:"specStated"`    // types whose fields the spec gives
	FamilyDefault int      `json:"familyDefault"` // types built from their family's groups
	WithRules     int      `json:"withRules"`     // types with at least one pre-save rule
	Rules         int      `json:"rules"`
	SpecFields    int      `json:"specFields"`
	FamilyFields  int      `json:"familyFields"`
	Types         []string `json:"types"`
}

// CoverageReport counts, per module, the types with their spec-stated fields
// and rules; modules sorted by name.
func CoverageReport(c Catalogue) []Coverage {
	by := map[string]*Coverage{}
	for _, d := range c.DocTypes() {
		m := d.Module
		if m == "" {
			m = "(none)"
		}
		cv := by[m]
		if cv == nil {
			cv = &Coverage{Module: m}
			by[m] = cv
		}
		count(cv, d)
	}
	out := make([]Coverage, 0, len(by))
	for _, cv := range by {
		out = append(out, *cv)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Module < out[j].Module })
	return out
}

// count adds document type d to the coverage of its module.
func count(cv *Coverage, d *model.DocType) {
	cv.DocTypes++
	cv.Types = append(cv.Types, d.Edition+"/"+d.Code)
	if d.Source == "family" {
		cv.FamilyDefault++
	} else {
		cv.SpecStated++
	}
	if len(d.Rules) > 0 {
		cv.WithRules++
		cv.Rules += len(d.Rules)
	}
	for _, s := range d.Sections {
		for _, f := range s.Fields {
			if f.Source == "family" || (f.Source == "" && s.Source == "family") {
				cv.FamilyFields++
			} else {
				cv.SpecFields++
			}
		}
	}
}

// WithoutTotals lists, as edition/code sorted, the document types with lines
// (a table with an amount column) whose head derives no total from them: no
// head field's value expression reads one of the type's tables. Such a type
// keeps its head amount entered, and its YAML says why (issue 12).
func WithoutTotals(c Catalogue) []string {
	var out []string
	for _, d := range c.DocTypes() {
		if hasAmountLines(d) && !derivesTotal(d) {
			out = append(out, d.Edition+"/"+d.Code)
		}
	}
	sort.Strings(out)
	return out
}

// hasAmountLines tells whether d has a table with a money column.
func hasAmountLines(d *model.DocType) bool {
	for _, s := range d.Sections {
		if !s.Table {
			continue
		}
		for _, f := range s.Fields {
			if f.Type == model.TypeMoney {
				return true
			}
		}
	}
	return false
}

// derivesTotal tells whether a field of d's head derives its value from one
// of d's tables.
func derivesTotal(d *model.DocType) bool {
	head := d.Section("head")
	if head == nil {
		return false
	}
	for _, f := range head.Fields {
		if f.Value == nil {
			continue
		}
		for _, s := range d.Sections {
			if s.Table && readsName(f.ValueSrc, s.Name) {
				return true
			}
		}
	}
	return false
}

// readsName tells whether expression src names name as a whole word.
func readsName(src, name string) bool {
	for i := strings.Index(src, name); i >= 0; {
		end := i + len(name)
		if (i == 0 || !wordByte(src[i-1])) && (end == len(src) || !wordByte(src[end])) {
			return true
		}
		next := strings.Index(src[i+1:], name)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

func wordByte(b byte) bool {
	return b == '_' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
