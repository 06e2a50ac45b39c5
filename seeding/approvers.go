package seeding

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"formwork/process"

	"github.com/shopspring/decimal"
	"gopkg.in/yaml.v3"
)

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

// Approvers loads approvers.yaml of fsys, when there is one, into an empty
// approver configuration; it returns how many rows it wrote. A row with a
// bad amount or without an approver is an error naming it, and nothing is
// written.
func Approvers(ctx context.Context, fsys fs.FS, svc *process.Service) (int, error) {
	if stored, err := svc.ApproverConfigs(ctx); err != nil || len(stored) > 0 {
		return 0, err
	}
	b, err := fs.ReadFile(fsys, "approvers.yaml")
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil // no approver configuration to seed
	}
	if err != nil {
		return 0, fmt.Errorf("seeds: %w", err)
	}
	var seed approverSeed
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&seed); err != nil {
		return 0, fmt.Errorf("seeds/approvers.yaml: %w", err)
	}
	rows := make([]process.ApproverConfig, 0, len(seed.Approvers))
	for i, a := range seed.Approvers {
		row := process.ApproverConfig{CompanyCode: a.CompanyCode, CostCenter: a.CostCenter, BusinessType: a.BusinessType,
			Task1Approver: a.Task1Approver, Task2Approver: a.Task2Approver, Status: process.ConfigInForce, UpdateBy: "seed"}
		for _, bound := range []struct {
			text string
			to   **decimal.Decimal
		}{{a.MinAmount, &row.MinAmount}, {a.MaxAmount, &row.MaxAmount}} {
			if bound.text == "" {
				continue
			}
			d, err := decimal.NewFromString(strings.TrimSpace(bound.text))
			if err != nil {
				return 0, fmt.Errorf("seeds/approvers.yaml entry %d: %q is not an amount", i+1, bound.text)
			}
			*bound.to = &d
		}
		rows = append(rows, row)
	}
	n, err := svc.SeedApprovers(ctx, rows)
	if err != nil {
		return 0, fmt.Errorf("seeds/approvers.yaml: %w", err)
	}
	return n, nil
}
