package httpapi

import (
	"context"
	"formwork/adapters/httpapi/contract"
	"formwork/budget"
	"formwork/engine"
	"math"

	"formwork/process"

	"github.com/labstack/echo/v4"
)

func (s *Server) approverConfigView(ctx context.Context, a process.ApproverConfig) contract.ApproverConfigView {
	v := contract.ApproverConfigView{ID: a.ID, CompanyCode: a.CompanyCode, CostCenter: a.CostCenter, BusinessType: a.BusinessType,
		Task1Approver: a.Task1Approver, Task2Approver: a.Task2Approver, Status: a.Status, UpdateBy: a.UpdateBy, UpdatedAt: a.UpdatedAt}
	if a.MinAmount != nil {
		m := budget.MoneyOf(*a.MinAmount)
		v.MinAmount = &m
	}
	if a.MaxAmount != nil {
		m := budget.MoneyOf(*a.MaxAmount)
		v.MaxAmount = &m
	}
	if a.Task1Approver != "" {
		v.Task1ApproverTxt = s.idn.EmpName(ctx, a.Task1Approver)
	}
	if a.Task2Approver != "" {
		v.Task2ApproverTxt = s.idn.EmpName(ctx, a.Task2Approver)
	}
	return v
}

// listApproverConfigs: GET /api/galaxyform/cfg/approver/list. Every row, in
// force or not, by id.
func (s *Server) listApproverConfigs(c echo.Context) error {
	ctx := c.Request().Context()
	rows, err := s.process.ApproverConfigs(ctx)
	if err != nil {
		return err
	}
	out := make([]contract.ApproverConfigView, 0, len(rows))
	for _, r := range rows {
		out = append(out, s.approverConfigView(ctx, r))
	}
	return ok(c, out)
}

const approverExample = `{"companyCode": "1000", "costCenter": "", "businessType": "A01", "minAmount": 0, "maxAmount": 10000.00, "task1Approver": "manager01", "task2Approver": "finance01", "status": "1"}`

// saveApproverConfig: POST /api/galaxyform/cfg/approver/save. Adds a row,
// or with id changes one (process.Service.SaveApproverConfig).
func (s *Server) saveApproverConfig(c echo.Context) error {
	var in contract.ApproverConfigChange
	if err := readJSON(c, &in, true, approverExample); err != nil {
		return err
	}
	if err := checkRowID(in.ID); err != nil {
		return err
	}
	row := process.ApproverConfig{ID: in.ID, CompanyCode: in.CompanyCode, CostCenter: in.CostCenter, BusinessType: in.BusinessType,
		Task1Approver: in.Task1Approver, Task2Approver: in.Task2Approver, Status: in.Status}
	if in.MinAmount != nil {
		d := in.MinAmount.Decimal()
		row.MinAmount = &d
	}
	if in.MaxAmount != nil {
		d := in.MaxAmount.Decimal()
		row.MaxAmount = &d
	}
	ctx := c.Request().Context()
	saved, err := s.process.SaveApproverConfig(ctx, row, CurrentUser(c).Username())
	if err != nil {
		return err
	}
	return ok(c, s.approverConfigView(ctx, *saved))
}

// deleteApproverConfig: POST /api/galaxyform/cfg/approver/delete {id}.
func (s *Server) deleteApproverConfig(c echo.Context) error {
	var in contract.RowID
	if err := readJSON(c, &in, true, `{"id": 3}`); err != nil {
		return err
	}
	if err := checkRowID(in.ID); err != nil {
		return err
	}
	if err := s.process.DeleteApproverConfig(c.Request().Context(), in.ID); err != nil {
		return err
	}
	return ok(c, map[string]any{"id": in.ID})
}

// checkRowID refuses an id beyond the database's 8-byte integers (a 500 on
// PostgreSQL otherwise).
func checkRowID(id uint) error {
	if uint64(id) <= math.MaxInt64 {
		return nil
	}
	return engine.Refuse(engine.EINVALID, "id", engine.Text{
		"zh": "id 超出范围", "en": "id is out of range", "th": "id อยู่นอกช่วงที่อนุญาต"})
}
