// Package seeding loads demo data (seeds/) into an empty database through
// the domain packages' use cases, never through HTTP handlers.
package seeding

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"formwork/budget"
	"formwork/engine"

	"gopkg.in/yaml.v3"
)

// budgetSeed is seeds/budget.yaml: budget account titles, the mapping from
// documents to accounts, and budgets.
type budgetSeed struct {
	Accounts map[string]engine.Text `yaml:"accounts"`
	Mapping  []struct {
		DocType      string `yaml:"docType"`
		BusinessType string `yaml:"businessType"`
		CostType     string `yaml:"costType"`
		Account      string `yaml:"account"`
	} `yaml:"mapping"`
	Budgets []struct {
		CompanyCode string `yaml:"companyCode"`
		Department  string `yaml:"department"`
		Account     string `yaml:"account"`
		Project     string `yaml:"project"`
		Periods     string `yaml:"periods"` // 2026-01..2027-12, or one period
		Amount      string `yaml:"amount"`
		Control     string `yaml:"control"`
	} `yaml:"budgets"`
}

// DicBudgetAccount is the dictionary of budget account titles.
const DicBudgetAccount = "budgetAccount"

// Titles writes the titles of codes into a dictionary, keeping titles
// that are there already.
type Titles interface {
	AddTitles(ctx context.Context, dic string, titles map[string]engine.Text) error
}

// Budgets loads budget.yaml of fsys, when there is one: the account titles
// (into the dictionary DicBudgetAccount) and the mapping when there is no
// mapping yet, the budgets when there is no budget yet. It returns how many
// budgets it wrote (one per node and period). A seed with a bad amount,
// control or period is an error naming it, and nothing of it is written.
func Budgets(ctx context.Context, fsys fs.FS, budgets *budget.Service, titles Titles) (int, error) {
	if _, err := fs.Stat(fsys, "budget.yaml"); err != nil {
		return 0, nil // no budgets to seed
	}
	var seed budgetSeed
	if err := readBudgetYAML(fsys, &seed); err != nil {
		return 0, err
	}
	rows, err := seed.budgets()
	if err != nil {
		return 0, err
	}
	mapping := make([]budget.AccountMapping, len(seed.Mapping))
	for i, m := range seed.Mapping {
		mapping[i] = budget.AccountMapping{DocType: m.DocType, BusinessType: m.BusinessType, CostType: m.CostType, BudgetAccount: m.Account}
	}
	mapped, err := budgets.SeedMapping(ctx, mapping)
	if err != nil {
		return 0, fmt.Errorf("seeds/budget.yaml: %w", err)
	}
	if mapped && len(seed.Accounts) > 0 {
		if err := titles.AddTitles(ctx, DicBudgetAccount, seed.Accounts); err != nil {
			return 0, fmt.Errorf("seed budget accounts: %w", err)
		}
	}
	n, err := budgets.SeedBudgets(ctx, rows)
	if err != nil {
		return 0, fmt.Errorf("seeds/budget.yaml: %w", err)
	}
	return n, nil
}

// budgets are the seed's budgets, one per node and period.
func (seed budgetSeed) budgets() ([]budget.Budget, error) {
	var rows []budget.Budget
	for i, b := range seed.Budgets {
		amount, err := budget.ParseMoney(b.Amount)
		if err != nil {
			return nil, fmt.Errorf("seeds/budget.yaml budget %d: %w", i+1, err)
		}
		if !budget.ValidControl(b.Control) {
			return nil, fmt.Errorf("seeds/budget.yaml budget %d: control must be strong, weak or none", i+1)
		}
		periods, err := periodRange(b.Periods)
		if err != nil {
			return nil, fmt.Errorf("seeds/budget.yaml budget %d: %w", i+1, err)
		}
		for _, p := range periods {
			rows = append(rows, budget.Budget{CompanyCode: b.CompanyCode, Department: b.Department, BudgetAccount: b.Account, Project: b.Project,
				Period: p, Amount: amount, Control: b.Control, UpdateBy: "seed"})
		}
	}
	return rows, nil
}

// periodRange expands "2026-01..2026-03" to its months; one period is itself.
func periodRange(s string) ([]string, error) {
	from, to, isRange := strings.Cut(strings.TrimSpace(s), "..")
	if !isRange {
		to = from
	}
	a, err1 := time.Parse("2006-01", strings.TrimSpace(from))
	b, err2 := time.Parse("2006-01", strings.TrimSpace(to))
	if err1 != nil || err2 != nil || b.Before(a) {
		return nil, fmt.Errorf("periods %q: write yyyy-MM or yyyy-MM..yyyy-MM", s)
	}
	var out []string
	for m := a; !m.After(b); m = m.AddDate(0, 1, 0) {
		out = append(out, m.Format("2006-01"))
	}
	return out, nil
}

// readBudgetYAML reads budget.yaml of fsys strictly: an unknown key is an
// error.
func readBudgetYAML(fsys fs.FS, v any) error {
	b, err := fs.ReadFile(fsys, "budget.yaml")
	if err != nil {
		return fmt.Errorf("seeds: %w", err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("seeds/budget.yaml: %w", err)
	}
	return nil
}
