package sqldb

import (
	"context"
	"errors"
	"fmt"

	"formwork/process"

	"gorm.io/gorm"
)

func approverRowOf(c process.ApproverConfig) approverConfigRow {
	return approverConfigRow{ID: c.ID, CompanyCode: c.CompanyCode, CostCenter: c.CostCenter, BusinessType: c.BusinessType,
		MinAmount: cents(c.MinAmount), MaxAmount: cents(c.MaxAmount), Task1Approver: c.Task1Approver, Task2Approver: c.Task2Approver,
		Status: c.Status, UpdateBy: c.UpdateBy, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
}

func (r approverConfigRow) config() process.ApproverConfig {
	return process.ApproverConfig{ID: r.ID, CompanyCode: r.CompanyCode, CostCenter: r.CostCenter, BusinessType: r.BusinessType,
		MinAmount: amountOf(r.MinAmount), MaxAmount: amountOf(r.MaxAmount), Task1Approver: r.Task1Approver, Task2Approver: r.Task2Approver,
		Status: r.Status, UpdateBy: r.UpdateBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// ApproverConfigs are the rows by id: all, or those in force.
func (s *ProcessStore) ApproverConfigs(ctx context.Context, inForceOnly bool) ([]process.ApproverConfig, error) {
	q := s.db.WithContext(ctx).Order("id")
	if inForceOnly {
		q = q.Where("status = ?", process.ConfigInForce)
	}
	var rows []approverConfigRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load approver configuration: %w", err)
	}
	out := make([]process.ApproverConfig, len(rows))
	for i, r := range rows {
		out[i] = r.config()
	}
	return out, nil
}

// ApproverConfig loads one row; nil when none.
func (s *ProcessStore) ApproverConfig(ctx context.Context, id uint) (*process.ApproverConfig, error) {
	var row approverConfigRow
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load approver configuration: %w", err)
	}
	c := row.config()
	return &c, nil
}

// SaveApproverConfig adds or writes over a row.
func (s *ProcessStore) SaveApproverConfig(ctx context.Context, c *process.ApproverConfig) error {
	row := approverRowOf(*c)
	if err := s.db.WithContext(ctx).Save(&row).Error; err != nil {
		return fmt.Errorf("save approver configuration: %w", err)
	}
	*c = row.config()
	return nil
}

// DeleteApproverConfig deletes a row; false when there was none.
func (s *ProcessStore) DeleteApproverConfig(ctx context.Context, id uint) (bool, error) {
	res := s.db.WithContext(ctx).Delete(&approverConfigRow{}, id)
	if res.Error != nil {
		return false, fmt.Errorf("delete approver configuration: %w", res.Error)
	}
	return res.RowsAffected > 0, nil
}

// AddApproverConfigs adds rows at once.
func (s *ProcessStore) AddApproverConfigs(ctx context.Context, rows []process.ApproverConfig) error {
	out := make([]approverConfigRow, len(rows))
	for i, c := range rows {
		out[i] = approverRowOf(c)
	}
	if err := s.db.WithContext(ctx).Create(&out).Error; err != nil {
		return fmt.Errorf("seed approver configuration: %w", err)
	}
	return nil
}
