// Package lint reports on a catalogue beyond what stops it loading: how
// much of each business module the spec states (CoverageReport), and every
// text a person reads that lacks one of the languages (Languages).
package lint

import (
	"sort"

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
