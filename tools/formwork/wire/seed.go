package wire

import (
	"context"
	"io/fs"

	"formwork/seeding"
)

// Seeded says what Seed loaded: nothing of a part whose tables held data.
type Seeded struct {
	Identity   seeding.IdentitySeeded
	MasterData seeding.MasterDataCounts
	Workflow   WorkflowSeeded
	Documents  int
}

// WorkflowSeeded says what SeedWorkflow loaded.
type WorkflowSeeded struct {
	Approvers int // approver configuration rows
	Budgets   int // budgets (one per node and period)
}

// Seed loads the seeds folder fsys into an empty database: first the
// identities (menus.yaml, users.yaml) when there is no user, then the master
// data (masterdata/*.yaml) when there is no company, then the approver
// configuration and budgets where there are none, then the demo documents
// when there is no document. Every part goes through the use cases.
func (a *App) Seed(ctx context.Context, fsys fs.FS) (Seeded, error) {
	var done Seeded
	noUsers, err := a.Identity.Empty(ctx)
	if err != nil {
		return done, err
	}
	if noUsers {
		if done.Identity, err = a.SeedIdentity(ctx, fsys); err != nil {
			return done, err
		}
	}
	noMasterData, err := a.MasterData.Empty(ctx)
	if err != nil {
		return done, err
	}
	if noMasterData {
		if done.MasterData, err = a.SeedMasterData(ctx, fsys); err != nil {
			return done, err
		}
	}
	if done.Workflow, err = a.SeedWorkflow(ctx, fsys); err != nil {
		return done, err
	}
	docs, err := a.Documents.Count(ctx)
	if err != nil {
		return done, err
	}
	if docs == 0 {
		if done.Documents, err = a.SeedDocuments(ctx, fsys); err != nil {
			return done, err
		}
	}
	return done, nil
}

// SeedIdentity loads menus.yaml and users.yaml of fsys (seeding.Identity),
// then empties the identity cache.
func (a *App) SeedIdentity(ctx context.Context, fsys fs.FS) (seeding.IdentitySeeded, error) {
	done, err := seeding.Identity(ctx, fsys, a.identities, a.cfg.PasswordCost)
	a.Identity.ForgetAll()
	return done, err
}

// SeedMasterData loads every masterdata/*.yaml of fsys in one transaction
// (seeding.MasterData).
func (a *App) SeedMasterData(ctx context.Context, fsys fs.FS) (seeding.MasterDataCounts, error) {
	return seeding.MasterData(ctx, a.MasterData, fsys)
}

// SeedWorkflow loads approvers.yaml (when there is no approver
// configuration) and budget.yaml (the mapping and account titles when there
// is no mapping, the budgets when there are none) of fsys.
func (a *App) SeedWorkflow(ctx context.Context, fsys fs.FS) (WorkflowSeeded, error) {
	var done WorkflowSeeded
	var err error
	if done.Approvers, err = seeding.Approvers(ctx, fsys, a.Process); err != nil {
		return done, err
	}
	done.Budgets, err = seeding.Budgets(ctx, fsys, a.Budgets, a.MasterData)
	return done, err
}

// SeedDocuments loads the demo documents under documents/ in fsys
// (seeding.Documents).
func (a *App) SeedDocuments(ctx context.Context, fsys fs.FS) (int, error) {
	return seeding.Documents(ctx, fsys, a.Documents, a.Registry.Catalogue())
}

// DemoLogins lists the demo users of fsys whose password is still the one
// written there (seeding.DemoLogins): what `serve` prints.
func (a *App) DemoLogins(ctx context.Context, fsys fs.FS) []string {
	return seeding.DemoLogins(ctx, fsys, a.identities)
}
