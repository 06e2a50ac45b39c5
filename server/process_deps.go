package server

import (
	"context"
	"fmt"
	"time"

	"formwork/adapters/sqldb"
	"formwork/budget"
	"formwork/engine"
	"formwork/process"
)

// processPeople answers what the approval workflow asks about users
// (process.People). transitional: identity answers it after the split.
type processPeople struct{ s *Server }

func (p processPeople) IsDelegate(ctx context.Context, delegate, delegator string) (bool, error) {
	return p.s.isDelegate(ctx, delegate, delegator)
}

func (p processPeople) Delegators(ctx context.Context, username string) ([]string, error) {
	ds, err := p.s.activeDelegators(ctx, username)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.AuthorBy
	}
	return out, nil
}

func (p processPeople) IsActiveUser(ctx context.Context, username string) (bool, error) {
	u, err := p.s.identityOf(ctx, username)
	if err != nil || u == nil {
		return false, err
	}
	return u.User.Status == userStatusActive, nil
}

func (p processPeople) DisplayNames(ctx context.Context, usernames []string) (map[string]string, error) {
	var found []User
	if err := p.s.db.WithContext(ctx).Select("username, emp_name").Where("username IN ?", usernames).Find(&found).Error; err != nil {
		return nil, fmt.Errorf("look up names: %w", err)
	}
	names := make(map[string]string, len(found))
	for _, u := range found {
		names[u.Username] = u.EmpName
	}
	return names, nil
}

// budgetSeam is the server's budget control as the approval workflow uses
// it (process.Budget), in the approval's transaction. transitional: each
// call becomes budget.Plan/Occupy/Release/Consume(sqldb.BudgetTx(...)) when
// package budget lands.
type budgetSeam struct{ s *Server }

func (b budgetSeam) Plan(ctx context.Context, doc *engine.Document) (process.BudgetPlan, error) {
	return b.s.budgets.PlanOf(ctx, doc)
}

func (b budgetSeam) Occupy(tx process.Tx, businessID, docType string, plan process.BudgetPlan, confirmed map[string]bool, by string, now time.Time) ([]engine.Finding, error) {
	return budget.Occupy(sqldb.BudgetTx(sqldb.GormTx(tx)), businessID, docType, plan.(budget.Plan), confirmed, by, now)
}

func (b budgetSeam) Release(tx process.Tx, businessID, by string, now time.Time) error {
	_, err := budget.Release(sqldb.BudgetTx(sqldb.GormTx(tx)), businessID, "", nil, by, now)
	return err
}

func (b budgetSeam) Consume(tx process.Tx, businessID, by string, now time.Time) error {
	return budget.Consume(sqldb.BudgetTx(sqldb.GormTx(tx)), businessID, by, now)
}
