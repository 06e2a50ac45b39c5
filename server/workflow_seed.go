package server

import (
	"context"
	"io/fs"

	"formwork/adapters/sqldb"
	"formwork/seeding"
)

// workflowModels are the tables of budget control (the approval's are
// sqldb.ProcessModels).
func workflowModels() []any {
	return sqldb.BudgetModels()
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
	if done.Budgets, err = seeding.Budgets(ctx, fsys, s.budgets, dictionaryTitles{db: s.db}); err != nil {
		return done, err
	}
	return done, nil
}
