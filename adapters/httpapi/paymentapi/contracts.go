package paymentapi

import (
	"cmp"
	"slices"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/contracts"

	"github.com/labstack/echo/v4"
)

// queryContracts: POST /api/galaxyform/contract/queryContractHead {page,
// size, contractNo, companyCode, vendor}: the contracts not deleted
// (deleteFlag N) of the user's companies, by contract number.
func (a *API) queryContracts(c echo.Context) error {
	var req contract.ContractQuery
	if err := kit.ReadJSON(c, &req, false, `{"page":1,"size":999}`); err != nil {
		return err
	}
	page, size := max(req.Page, 1), req.Size
	if size <= 0 || size > 999 {
		size = 999
	}
	recs, err := a.masterData.RuleRecords(c.Request().Context(), []string{contracts.Type})
	if err != nil {
		return err
	}
	who := kit.CurrentUser(c)
	var rows []contract.ContractHead
	for _, r := range recs[contracts.Type] {
		h := contract.HeadOfContract(r.Body)
		switch {
		case !r.Active, h.DeleteFlag != "N",
			who.Scope() != "all" && r.Company != "" && !who.WorksFor(r.Company),
			req.ContractNo != "" && !strings.Contains(h.ContractNo, strings.TrimSpace(req.ContractNo)),
			req.CompanyCode != "" && r.Company != req.CompanyCode,
			req.Vendor != "" && h.Vendor != req.Vendor:
			continue
		}
		rows = append(rows, h)
	}
	slices.SortFunc(rows, func(x, y contract.ContractHead) int { return cmp.Compare(x.ContractNo, y.ContractNo) })
	out := contract.ContractPage{Total: len(rows), Page: page, Size: size, Rows: []contract.ContractHead{}}
	if from := (page - 1) * size; from < len(rows) {
		out.Rows = rows[from:min(from+size, len(rows))]
	}
	return kit.OK(c, out)
}
