package process

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// ApproverConfig is one row of the approver configuration
// (navigation-and-access.md 3.4), edited in the configuration center: for
// documents of CompanyCode, CostCenter and BusinessType (blank: any) whose
// amount lies within MinAmount and MaxAmount (both included; nil: no
// bound), the approvers of task 1 and task 2. Which row routes a document is
// SelectApproverRule's choice, made when the document is submitted.
type ApproverConfig struct {
	ID            uint
	CompanyCode   string
	CostCenter    string
	BusinessType  string
	MinAmount     *decimal.Decimal
	MaxAmount     *decimal.Decimal
	Task1Approver string
	Task2Approver string
	Status        string // ConfigInForce or ConfigOff
	UpdateBy      string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Statuses of a configuration row.
const (
	ConfigInForce = "1"
	ConfigOff     = "0"
)

// Rule is the row as routing reads it.
func (a ApproverConfig) Rule() ApproverRule {
	return ApproverRule{ID: a.ID, CompanyCode: a.CompanyCode, CostCenter: a.CostCenter, BusinessType: a.BusinessType,
		MinAmount: a.MinAmount, MaxAmount: a.MaxAmount, Approvers: [2]string{a.Task1Approver, a.Task2Approver}}
}

// ApproverRules are the rows in force, as routing reads them.
func (s *Service) ApproverRules(ctx context.Context) ([]ApproverRule, error) {
	rows, err := s.store.ApproverConfigs(ctx, true)
	if err != nil {
		return nil, err
	}
	out := make([]ApproverRule, len(rows))
	for i, r := range rows {
		out[i] = r.Rule()
	}
	return out, nil
}

// ApproverConfigs are every row, in force or not, by id.
func (s *Service) ApproverConfigs(ctx context.Context) ([]ApproverConfig, error) {
	return s.store.ApproverConfigs(ctx, false)
}

// SaveApproverConfig adds a row (ID 0) or changes the row with its ID (an
// unknown ID is ENOTFOUND), as by. Codes are trimmed, approvers lower-cased;
// a blank status is in force. Each approver must be an active user.
// Documents already submitted keep their route.
func (s *Service) SaveApproverConfig(ctx context.Context, c ApproverConfig, by string) (*ApproverConfig, error) {
	c.CompanyCode, c.CostCenter, c.BusinessType = strings.TrimSpace(c.CompanyCode), strings.TrimSpace(c.CostCenter), strings.TrimSpace(c.BusinessType)
	c.Task1Approver, c.Task2Approver = strings.ToLower(strings.TrimSpace(c.Task1Approver)), strings.ToLower(strings.TrimSpace(c.Task2Approver))
	c.UpdateBy = by
	if c.Status == "" {
		c.Status = ConfigInForce
	}
	if err := CheckApproverConfig(c); err != nil {
		return nil, err
	}
	for _, a := range []struct{ path, name string }{{"task1Approver", c.Task1Approver}, {"task2Approver", c.Task2Approver}} {
		if a.name == "" {
			continue
		}
		if active, err := s.people.IsActiveUser(ctx, a.name); err != nil {
			return nil, err
		} else if !active {
			return nil, notActiveUser(a.path, a.name)
		}
	}
	if c.ID != 0 {
		stored, err := s.store.ApproverConfig(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		if stored == nil {
			return nil, noApproverConfig(c.ID)
		}
		c.CreatedAt = stored.CreatedAt
	}
	if err := s.store.SaveApproverConfig(ctx, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

// DeleteApproverConfig deletes a row; an unknown or zero id is refused.
func (s *Service) DeleteApproverConfig(ctx context.Context, id uint) error {
	if id == 0 {
		return missing("id", "")
	}
	deleted, err := s.store.DeleteApproverConfig(ctx, id)
	if err != nil {
		return err
	}
	if !deleted {
		return noApproverConfig(id)
	}
	return nil
}

// SeedApprovers adds rows when there is no approver configuration yet; it
// returns how many it added. A row that breaks a rule is an error naming
// its place in rows, and nothing is added.
func (s *Service) SeedApprovers(ctx context.Context, rows []ApproverConfig) (int, error) {
	stored, err := s.store.ApproverConfigs(ctx, false)
	if err != nil || len(stored) > 0 || len(rows) == 0 {
		return 0, err
	}
	for i := range rows {
		r := &rows[i]
		r.Task1Approver, r.Task2Approver = strings.ToLower(r.Task1Approver), strings.ToLower(r.Task2Approver)
		if r.Status == "" {
			r.Status = ConfigInForce
		}
		if err := CheckApproverConfig(*r); err != nil {
			return 0, fmt.Errorf("approver configuration entry %d: %w", i+1, err)
		}
	}
	if err := s.store.AddApproverConfigs(ctx, rows); err != nil {
		return 0, err
	}
	return len(rows), nil
}

func noApproverConfig(id uint) error {
	return engine.Refuse(engine.ENOTFOUND, "id", engine.Text{
		"zh": fmt.Sprintf("审批人配置%d不存在", id),
		"en": fmt.Sprintf("no approver configuration %d", id),
		"th": fmt.Sprintf("ไม่พบการกำหนดผู้อนุมัติ %d", id)})
}

// CheckApproverConfig checks a row's own rules: field widths, status, at
// least one approver and two different ones, amounts of at most two
// decimals, a minimum not negative and a maximum not below it.
func CheckApproverConfig(c ApproverConfig) error {
	for _, f := range []struct {
		path, value string
		max         int
	}{{"companyCode", c.CompanyCode, 20}, {"costCenter", c.CostCenter, 40}, {"businessType", c.BusinessType, 20}} {
		if utf8.RuneCountInString(f.value) > f.max {
			return engine.Refuse(engine.EINVALID, f.path, engine.Text{
				"zh": fmt.Sprintf("%s超过%d个字符", f.path, f.max),
				"en": fmt.Sprintf("%s is longer than %d characters", f.path, f.max),
				"th": fmt.Sprintf("%s ยาวเกิน %d ตัวอักษร", f.path, f.max)})
		}
	}
	switch {
	case c.Status != ConfigInForce && c.Status != ConfigOff:
		return refuse("status", "status 须为 1（生效）或 0（停用）", "status must be 1 (in force) or 0 (off)", "status ต้องเป็น 1 (ใช้งาน) หรือ 0 (ปิด)")
	case c.Task1Approver == "" && c.Task2Approver == "":
		return refuse("task1Approver", "请至少指定一位审批人（task1Approver、task2Approver）",
			"name at least one approver (task1Approver, task2Approver)", "กรุณาระบุผู้อนุมัติอย่างน้อยหนึ่งคน (task1Approver, task2Approver)")
	case c.Task1Approver != "" && c.Task1Approver == c.Task2Approver:
		return refuse("task2Approver", "二级审批人须与一级审批人不同", "task 2 needs another approver than task 1",
			"ผู้อนุมัติขั้นที่สองต้องไม่ใช่คนเดียวกับขั้นที่หนึ่ง")
	}
	return checkAmounts(c.MinAmount, c.MaxAmount)
}

// checkAmounts checks an amount band.
func checkAmounts(min, max *decimal.Decimal) error {
	for _, a := range []struct {
		path string
		d    *decimal.Decimal
	}{{"minAmount", min}, {"maxAmount", max}} {
		if a.d != nil && !a.d.Equal(a.d.Round(2)) {
			return refuse(a.path, a.path+" 最多两位小数", a.path+" has more than 2 decimals", a.path+" มีทศนิยมเกิน 2 ตำแหน่ง")
		}
	}
	switch {
	case min != nil && min.IsNegative():
		return refuse("minAmount", "minAmount 不能为负数", "minAmount must not be negative", "minAmount ต้องไม่ติดลบ")
	case min != nil && max != nil && max.LessThan(*min):
		lo, hi := min.StringFixed(2), max.StringFixed(2)
		return engine.Refuse(engine.EINVALID, "maxAmount", engine.Text{
			"zh": fmt.Sprintf("maxAmount %s 小于 minAmount %s", hi, lo),
			"en": fmt.Sprintf("maxAmount %s is below minAmount %s", hi, lo),
			"th": fmt.Sprintf("maxAmount %s น้อยกว่า minAmount %s", hi, lo)})
	}
	return nil
}

// refuse is an EINVALID at path in zh, en and th.
func refuse(path, zh, en, th string) error {
	return engine.Refuse(engine.EINVALID, path, engine.Text{"zh": zh, "en": en, "th": th})
}
