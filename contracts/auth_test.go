package contracts

import (
	"testing"

	"formwork/engine"
	"formwork/masterdata"
)

// Who may pay against which contract, by the HT3-2 records.
func TestAuthorisations(t *testing.T) {
	auth := func(emp, company, kind string, active bool) masterdata.Record {
		r := masterdata.NewRecord(AuthType, emp+"|"+company, map[string]any{"employee": emp, "company": company, "contractType": kind})
		r.Active = active
		return r
	}
	contract := func(no, company, kind string) masterdata.Record {
		return masterdata.NewRecord(Type, no, map[string]any{"contractNo": no, "company": company, "contractType": kind})
	}
	a := NewAuthorisations(
		[]masterdata.Record{auth("fin1", "1000", "", true), auth("fin2", "1000", "H02", true), auth("fin3", "2000", "", false)},
		[]masterdata.Record{contract("C1", "1000", "H01"), contract("C2", "1000", "H02"), contract("C3", "2000", "H01")})
	for _, c := range []struct {
		who, company, no string
		may              bool
	}{
		{"fin1", "1000", "C1", true},    // all types of company 1000
		{"fin2", "1000", "C1", false},   // H02 only
		{"fin2", "1000", "C2", true},    // its type
		{"fin9", "1000", "C2", false},   // not named for 1000
		{"fin9", "2000", "C3", true},    // 2000's only record is inactive: not ruled
		{"fin9", "1000", "NONE", false}, // an unknown contract is the line's company's
		{"fin9", "3000", "NONE", true},  // of an unruled company
		{"fin9", "3000", "C1", false},   // the contract's company rules, not the line's
	} {
		err := a.MayHandle(c.who, c.company, c.no)
		if c.may != (err == nil) {
			t.Errorf("%s %s %s: %v, want may=%v", c.who, c.company, c.no, err, c.may)
		}
		if e, _ := err.(*engine.Error); err != nil && (e == nil || e.Path != "contractNo" || e.Code != engine.EFORBIDDEN || len(e.Text) != 3) {
			t.Errorf("%s %s: refusal %v, want EFORBIDDEN at contractNo in three languages", c.who, c.no, err)
		}
	}
}
