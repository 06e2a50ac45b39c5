package server

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// budgetSeed is seeds/budget.yaml: budget account titles, the mapping from
// documents to accounts, and budgets.
type budgetSeed struct {
	Accounts map[string]map[string]string `yaml:"accounts"`
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

// dicBudgetAccount is the dictionary of budget account titles.
const dicBudgetAccount = "budgetAccount"

// seedBudgets loads budget.yaml of fsys: the account titles and the
// mapping when there is no mapping yet, the budgets when there is no
// budget yet. It returns how many budgets it wrote.
func seedBudgets(ctx context.Context, db *gorm.DB, fsys fs.FS) (int, error) {
	if _, err := fs.Stat(fsys, "budget.yaml"); err != nil {
		return 0, nil // no budgets to seed
	}
	var seed budgetSeed
	if err := readYAML(fsys, "budget.yaml", &seed); err != nil {
		return 0, err
	}
	db = db.WithContext(ctx)
	var mappings, budgets int64
	if err := db.Model(&BudgetAccountMapping{}).Count(&mappings).Error; err != nil {
		return 0, err
	}
	if err := db.Model(&Budget{}).Count(&budgets).Error; err != nil {
		return 0, err
	}
	n := 0
	err := db.Transaction(func(tx *gorm.DB) error {
		if mappings == 0 {
			var titles []DictionaryEntry
			for code, t := range seed.Accounts {
				titles = append(titles, DictionaryEntry{DicID: dicBudgetAccount, Code: code, Zh: t["zh"], En: t["en"], Th: t["th"]})
			}
			if len(titles) > 0 {
				if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&titles).Error; err != nil {
					return fmt.Errorf("seed budget accounts: %w", err)
				}
			}
			var rows []BudgetAccountMapping
			for i, m := range seed.Mapping {
				if m.Account == "" {
					return fmt.Errorf("seeds/budget.yaml mapping %d names no account", i+1)
				}
				rows = append(rows, BudgetAccountMapping{DocType: m.DocType, BusinessType: m.BusinessType, CostType: m.CostType, BudgetAccount: m.Account})
			}
			if len(rows) > 0 {
				if err := tx.Create(&rows).Error; err != nil {
					return fmt.Errorf("seed budget mapping: %w", err)
				}
			}
		}
		if budgets > 0 {
			return nil
		}
		var rows []Budget
		for i, b := range seed.Budgets {
			amount, err := parseMoney(b.Amount)
			if err != nil {
				return fmt.Errorf("seeds/budget.yaml budget %d: %w", i+1, err)
			}
			if b.Control != controlStrong && b.Control != controlWeak && b.Control != controlNone {
				return fmt.Errorf("seeds/budget.yaml budget %d: control must be strong, weak or none", i+1)
			}
			periods, err := periodRange(b.Periods)
			if err != nil {
				return fmt.Errorf("seeds/budget.yaml budget %d: %w", i+1, err)
			}
			for _, p := range periods {
				rows = append(rows, Budget{CompanyCode: b.CompanyCode, Department: b.Department, BudgetAccount: b.Account, Project: b.Project,
					Period: p, Amount: amount, Control: b.Control, UpdateBy: "seed"})
			}
		}
		if len(rows) > 0 {
			if err := tx.CreateInBatches(&rows, 200).Error; err != nil {
				return fmt.Errorf("seed budgets: %w", err)
			}
		}
		n = len(rows)
		return nil
	})
	return n, err
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
