package budget

import (
	"context"
	"fmt"
)

// SeedMapping writes the budget account mapping when there is none yet; it
// says whether it did. A row without an account is an error, and nothing
// is written.
func (s *Service) SeedMapping(ctx context.Context, rows []AccountMapping) (bool, error) {
	for i, m := range rows {
		if m.BudgetAccount == "" {
			return false, fmt.Errorf("mapping %d names no account", i+1)
		}
	}
	has, err := s.store.HasMapping(ctx)
	if err != nil || has {
		return false, err
	}
	if len(rows) > 0 {
		if err := s.store.AddMappings(ctx, rows); err != nil {
			return false, err
		}
	}
	return true, nil
}

// SeedBudgets adds budgets when there is no budget yet; it returns how many
// it added. A budget with an unknown control or a negative amount is an
// error, and nothing is written.
func (s *Service) SeedBudgets(ctx context.Context, rows []Budget) (int, error) {
	for i, b := range rows {
		if !ValidControl(b.Control) {
			return 0, fmt.Errorf("budget %d (%s): control must be strong, weak or none", i+1, NodeText(b))
		}
		if b.Amount < 0 {
			return 0, fmt.Errorf("budget %d (%s): the amount must not be negative", i+1, NodeText(b))
		}
	}
	has, err := s.store.HasBudgets(ctx)
	if err != nil || has || len(rows) == 0 {
		return 0, err
	}
	if err := s.store.AddBudgets(ctx, rows); err != nil {
		return 0, err
	}
	return len(rows), nil
}
