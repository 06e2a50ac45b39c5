package contracts

import (
	"fmt"
	"strings"

	"formwork/engine"
	"formwork/masterdata"
)

// AuthType is the master-data type of the contract finance authorisation
// (合同财务授权, HT3-2): which finance staff handle the contracts of a
// company, of one contract type or (blank) all.
const AuthType = "contractFinanceAuth"

// Authorisations are the contract finance authorisations as they stand,
// with the company and type of each contract. A company with no
// authorisation leaves its contracts to all its finance staff; once one is
// recorded for a company, only the staff it names pay against that
// company's contracts.
type Authorisations struct {
	grants    map[string][]string // company -> "employee|contractType" of each active record
	contracts map[string]masterdata.Record
}

// NewAuthorisations reads the authorisation records and the contracts
// (the active ones count).
func NewAuthorisations(auths, contracts []masterdata.Record) Authorisations {
	a := Authorisations{grants: map[string][]string{}, contracts: map[string]masterdata.Record{}}
	for _, r := range auths {
		if !r.Active {
			continue
		}
		company := text(r.Body, "company")
		a.grants[company] = append(a.grants[company], text(r.Body, "employee")+"|"+text(r.Body, "contractType"))
	}
	for _, r := range contracts {
		a.contracts[r.Key] = r
	}
	return a
}

// MayHandle is nil when username may handle, as finance, contract no; a
// contract the master does not hold is the company's (company) of any
// type. Otherwise an EFORBIDDEN refusal at contractNo naming the contract.
func (a Authorisations) MayHandle(username, company, no string) error {
	kind := ""
	if rec, ok := a.contracts[no]; ok {
		company = first(text(rec.Body, "company"), company)
		kind = text(rec.Body, "contractType")
	}
	grants, ruled := a.grants[company]
	if !ruled {
		return nil
	}
	for _, g := range grants {
		who, only, _ := strings.Cut(g, "|")
		if who == username && (only == "" || only == kind) {
			return nil
		}
	}
	shown := engine.Clip(no, 40)
	return engine.Refuse(engine.EFORBIDDEN, "contractNo", engine.Text{
		"zh": fmt.Sprintf("您没有公司%s合同%s的财务授权（合同财务授权 HT3-2）", company, shown),
		"en": fmt.Sprintf("you have no finance authorisation for contract %s of company %s (contract finance authorisation HT3-2)", shown, company),
		"th": fmt.Sprintf("คุณไม่มีสิทธิ์ด้านการเงินสำหรับสัญญา %s ของบริษัท %s (การมอบสิทธิ์ด้านการเงินของสัญญา HT3-2)", shown, company)})
}

func text(body map[string]any, field string) string {
	s, _ := body[field].(string)
	return strings.TrimSpace(s)
}
