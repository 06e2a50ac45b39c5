package server

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"formwork/engine"

	"gorm.io/gorm"
)

// ApproverConfig is one row of the approver configuration
// (navigation-and-access.md 3.4), edited in the configuration center: for
// documents of CompanyCode, CostCenter and BusinessType (blank: any) whose
// amount lies within MinAmount and MaxAmount (both included; nil: no
// bound), the approvers of task 1 and task 2. Which row routes a document is
// engine.SelectApproverRule; it is chosen when the document is submitted.
type ApproverConfig struct {
	ID            uint      `gorm:"primaryKey" json:"id"`
	CompanyCode   string    `gorm:"size:20;not null;index" json:"companyCode"`
	CostCenter    string    `gorm:"size:40;not null" json:"costCenter"`
	BusinessType  string    `gorm:"size:20;not null" json:"businessType"`
	MinAmount     *Money    `json:"minAmount"`
	MaxAmount     *Money    `json:"maxAmount"`
	Task1Approver string    `gorm:"size:64;not null" json:"task1Approver"`
	Task2Approver string    `gorm:"size:64;not null" json:"task2Approver"`
	Status        string    `gorm:"size:1;not null" json:"status"` // "1" in force, "0" off
	UpdateBy      string    `gorm:"size:64" json:"updateBy"`
	CreatedAt     time.Time `json:"-"`
	UpdatedAt     time.Time `json:"updatedAt"`
}

// TableName is the approver configuration table.
func (ApproverConfig) TableName() string { return "approver_configs" }

// configActive is the status of a configuration row in force.
const configActive = "1"

// rule is the row as the engine's routing reads it.
func (a ApproverConfig) rule() engine.ApproverRule {
	r := engine.ApproverRule{ID: a.ID, CompanyCode: a.CompanyCode, CostCenter: a.CostCenter, BusinessType: a.BusinessType,
		Approvers: [2]string{a.Task1Approver, a.Task2Approver}}
	if a.MinAmount != nil {
		d := a.MinAmount.Decimal()
		r.MinAmount = &d
	}
	if a.MaxAmount != nil {
		d := a.MaxAmount.Decimal()
		r.MaxAmount = &d
	}
	return r
}

// approverRules loads the rows in force.
func (s *Server) approverRules(ctx context.Context) ([]engine.ApproverRule, error) {
	var rows []ApproverConfig
	if err := s.db.WithContext(ctx).Where("status = ?", configActive).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load approver configuration: %w", err)
	}
	out := make([]engine.ApproverRule, len(rows))
	for i, r := range rows {
		out[i] = r.rule()
	}
	return out, nil
}

// approverSeed is seeds/approvers.yaml.
type approverSeed struct {
	Approvers []struct {
		CompanyCode   string `yaml:"companyCode"`
		CostCenter    string `yaml:"costCenter"`
		BusinessType  string `yaml:"businessType"`
		MinAmount     string `yaml:"minAmount"`
		MaxAmount     string `yaml:"maxAmount"`
		Task1Approver string `yaml:"task1Approver"`
		Task2Approver string `yaml:"task2Approver"`
	} `yaml:"approvers"`
}

// seedApprovers loads approvers.yaml of fsys when the table is empty; it
// returns how many rows it wrote.
func seedApprovers(ctx context.Context, db *gorm.DB, fsys fs.FS) (int, error) {
	var n int64
	if err := db.WithContext(ctx).Model(&ApproverConfig{}).Count(&n).Error; err != nil || n > 0 {
		return 0, err
	}
	var seed approverSeed
	if err := readYAML(fsys, "approvers.yaml", &seed); err != nil {
		if _, statErr := fs.Stat(fsys, "approvers.yaml"); statErr != nil {
			return 0, nil // no approver configuration to seed
		}
		return 0, err
	}
	var rows []ApproverConfig
	for i, a := range seed.Approvers {
		row := ApproverConfig{CompanyCode: a.CompanyCode, CostCenter: a.CostCenter, BusinessType: a.BusinessType,
			Task1Approver: strings.ToLower(a.Task1Approver), Task2Approver: strings.ToLower(a.Task2Approver), Status: configActive, UpdateBy: "seed"}
		for _, b := range []struct {
			text string
			to   **Money
		}{{a.MinAmount, &row.MinAmount}, {a.MaxAmount, &row.MaxAmount}} {
			if b.text == "" {
				continue
			}
			m, err := parseMoney(b.text)
			if err != nil {
				return 0, fmt.Errorf("seeds/approvers.yaml entry %d: %w", i+1, err)
			}
			*b.to = &m
		}
		if row.Task1Approver == "" && row.Task2Approver == "" {
			return 0, fmt.Errorf("seeds/approvers.yaml entry %d names no approver", i+1)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	if err := db.WithContext(ctx).Create(&rows).Error; err != nil {
		return 0, fmt.Errorf("seed approver configuration: %w", err)
	}
	return len(rows), nil
}
