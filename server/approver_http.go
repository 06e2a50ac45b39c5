package server

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// approverConfigView is a configuration row with the approvers' names.
type approverConfigView struct {
	ApproverConfig
	Task1ApproverTxt string `json:"task1ApproverTxt"`
	Task2ApproverTxt string `json:"task2ApproverTxt"`
}

func (s *Server) approverConfigView(c echo.Context, a ApproverConfig) approverConfigView {
	ctx := c.Request().Context()
	v := approverConfigView{ApproverConfig: a}
	if a.Task1Approver != "" {
		v.Task1ApproverTxt = s.empName(ctx, a.Task1Approver)
	}
	if a.Task2Approver != "" {
		v.Task2ApproverTxt = s.empName(ctx, a.Task2Approver)
	}
	return v
}

// listApproverConfigs: GET /api/galaxyform/cfg/approver/list. Every row, in
// force or not, by id.
func (s *Server) listApproverConfigs(c echo.Context) error {
	var rows []ApproverConfig
	if err := s.db.WithContext(c.Request().Context()).Order("id").Find(&rows).Error; err != nil {
		return fmt.Errorf("list approver configuration: %w", err)
	}
	out := make([]approverConfigView, 0, len(rows))
	for _, r := range rows {
		out = append(out, s.approverConfigView(c, r))
	}
	return ok(c, out)
}

const approverExample = `{"companyCode": "1000", "costCenter": "", "businessType": "A01", "minAmount": 0, "maxAmount": 10000.00, "task1Approver": "manager01", "task2Approver": "finance01", "status": "1"}`

// saveApproverConfig: POST /api/galaxyform/cfg/approver/save. Adds a row,
// or with id changes one. Documents already submitted keep their route.
func (s *Server) saveApproverConfig(c echo.Context) error {
	ctx := c.Request().Context()
	var in struct {
		ID            uint   `json:"id"`
		CompanyCode   string `json:"companyCode"`
		CostCenter    string `json:"costCenter"`
		BusinessType  string `json:"businessType"`
		MinAmount     *Money `json:"minAmount"`
		MaxAmount     *Money `json:"maxAmount"`
		Task1Approver string `json:"task1Approver"`
		Task2Approver string `json:"task2Approver"`
		Status        string `json:"status"`
	}
	if err := readJSON(c, &in, true, approverExample); err != nil {
		return err
	}
	row := ApproverConfig{ID: in.ID, CompanyCode: strings.TrimSpace(in.CompanyCode), CostCenter: strings.TrimSpace(in.CostCenter),
		BusinessType: strings.TrimSpace(in.BusinessType), MinAmount: in.MinAmount, MaxAmount: in.MaxAmount,
		Task1Approver: strings.ToLower(strings.TrimSpace(in.Task1Approver)), Task2Approver: strings.ToLower(strings.TrimSpace(in.Task2Approver)),
		Status: in.Status, UpdateBy: CurrentUser(c).Username()}
	if row.Status == "" {
		row.Status = configActive
	}
	for _, f := range []struct {
		path, value string
		max         int
	}{{"companyCode", row.CompanyCode, 20}, {"costCenter", row.CostCenter, 40}, {"businessType", row.BusinessType, 20}} {
		if utf8.RuneCountInString(f.value) > f.max {
			return engine.Errorf(engine.EINVALID, f.path, "%s is longer than %d characters", f.path, f.max)
		}
	}
	switch {
	case row.Status != configActive && row.Status != "0":
		return engine.Errorf(engine.EINVALID, "status", "status must be 1 (in force) or 0 (off)")
	case row.Task1Approver == "" && row.Task2Approver == "":
		return engine.Errorf(engine.EINVALID, "task1Approver", "name at least one approver (task1Approver, task2Approver)")
	case row.Task1Approver != "" && row.Task1Approver == row.Task2Approver:
		return engine.Errorf(engine.EINVALID, "task2Approver", "task 2 needs another approver than task 1")
	case row.MinAmount != nil && *row.MinAmount < 0:
		return engine.Errorf(engine.EINVALID, "minAmount", "minAmount must not be negative")
	case row.MinAmount != nil && row.MaxAmount != nil && *row.MaxAmount < *row.MinAmount:
		return engine.Errorf(engine.EINVALID, "maxAmount", "maxAmount %s is below minAmount %s", row.MaxAmount, row.MinAmount)
	}
	for _, a := range []struct{ path, name string }{{"task1Approver", row.Task1Approver}, {"task2Approver", row.Task2Approver}} {
		if a.name == "" {
			continue
		}
		if u, err := s.identityOf(ctx, a.name); err != nil {
			return err
		} else if u == nil || u.User.Status != userStatusActive {
			return engine.Errorf(engine.EINVALID, a.path, "%s is no active user", clipText(a.name, 64))
		}
	}
	if row.ID != 0 {
		var stored ApproverConfig
		err := s.db.WithContext(ctx).Where("id = ?", row.ID).Take(&stored).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return engine.Errorf(engine.ENOTFOUND, "id", "no approver configuration %d", row.ID)
		}
		if err != nil {
			return fmt.Errorf("load approver configuration: %w", err)
		}
		row.CreatedAt = stored.CreatedAt
	}
	if err := s.db.WithContext(ctx).Save(&row).Error; err != nil {
		return fmt.Errorf("save approver configuration: %w", err)
	}
	return ok(c, s.approverConfigView(c, row))
}

// deleteApproverConfig: POST /api/galaxyform/cfg/approver/delete {id}.
func (s *Server) deleteApproverConfig(c echo.Context) error {
	var in struct {
		ID uint `json:"id"`
	}
	if err := readJSON(c, &in, true, `{"id": 3}`); err != nil {
		return err
	}
	if in.ID == 0 {
		return engine.Errorf(engine.EINVALID, "id", "id is missing")
	}
	res := s.db.WithContext(c.Request().Context()).Delete(&ApproverConfig{}, in.ID)
	if res.Error != nil {
		return fmt.Errorf("delete approver configuration: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return engine.Errorf(engine.ENOTFOUND, "id", "no approver configuration %d", in.ID)
	}
	return ok(c, map[string]any{"id": in.ID})
}
