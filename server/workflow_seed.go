package server

import (
	"context"
	"io/fs"

	"formwork/seeding"
)

// workflowModels are the tables of budget control (the approval's are
// sqldb.ProcessModels).
func workflowModels() []any {
	return []any{&Budget{}, &BudgetAccountMapping{}, &BudgetEntry{}, &BudgetMovement{}}
}

// WorkflowSeeded says what SeedWorkflow loaded.
type WorkflowSeeded struct {
	Approvers int // approver configuration rows
	Budgets   int // budgets (one per node and period)
}

// SeedWorkflow loads approvers.yaml (when there is no approver
// configuration) and budget.yaml (the mapping when there is none, the
// budgets when there are none) of fsys.
func (s *Server) SeedWorkflow(ctx context.Context, fsys fs.FS) (WorkflowSeeded, error) {
	var done WorkflowSeeded
	n, err := seeding.Approvers(ctx, fsys, s.process)
	if err != nil {
		return done, err
	}
	done.Approvers = n
	if done.Budgets, err = seedBudgets(ctx, s.db, fsys); err != nil {
		return done, err
	}
	return done, nil
}
