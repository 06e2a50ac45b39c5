package wire_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"formwork/engine"
	"formwork/masterdata"
	"formwork/tools/formwork/wire"

	"golang.org/x/crypto/bcrypt"
)

// A budget draw carries its account's control from master data's budget
// accounts: what a draw whose node has no budget follows.
func TestBudgetPlanReadsTheAccountsControl(t *testing.T) {
	cat := repositoryCatalogue(t)
	app := wire.New(wire.Config{Catalogue: cat, DB: openSQLite(t), PasswordCost: bcrypt.MinCost})
	ctx := context.Background()
	seeds := os.DirFS(filepath.Join("..", "..", "..", "seeds"))
	if _, err := app.SeedMasterData(ctx, seeds); err != nil {
		t.Fatal(err)
	}
	if _, err := app.SeedWorkflow(ctx, seeds); err != nil { // the budget mapping
		t.Fatal(err)
	}
	// the seeds: 660201 is not controlled, 660205 strongly; a budget rule
	// of company 1000 makes 660201 strong there, and 1100's rule is no
	// part of 1000's control
	admin := masterdata.Actor{Username: "admin", Roles: []string{"admin"}}
	if _, err := app.MasterData.Create(ctx, admin, "budgetRule", map[string]any{"company": "1000", "budgetAccount": "660201", "control": "strong"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ company, account, want string }{{"1000", "660201", "strong"}, {"2000", "660201", "none"},
		{"1000", "660205", "strong"}, {"1100", "660204", "weak"}, {"1000", "660204", "none"}, {"1000", "999999", ""}} {
		if got, err := app.Budgets.AccountControl(ctx, tt.company, tt.account); err != nil || got != tt.want {
			t.Errorf("control of %s in %s: %q (%v), want %q", tt.account, tt.company, got, err, tt.want)
		}
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "seeds", "documents", "EX02-travel.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, _, err := engine.Decode(cat, b)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := app.Budgets.PlanOf(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range plan.Draws {
		got[d.Account] = d.Control
	}
	if got["660201"] != "strong" || got["660202"] != "none" || len(got) != 2 {
		t.Errorf("controls %v, want 660201 strong (the rule) and 660202 none (the account)", got)
	}
}
