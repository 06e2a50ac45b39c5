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
	admin := masterdata.Actor{Username: "admin", Roles: []string{"admin"}}
	if _, err := app.MasterData.Create(ctx, admin, "budgetAccount", map[string]any{"code": "660201",
		"name": map[string]any{"zh": "差旅费-交通费", "en": "Travel - transport", "th": "ค่าพาหนะ"}, "control": "strong"}); err != nil {
		t.Fatal(err)
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
	if got["660201"] != "strong" || got["660202"] != "" || len(got) != 2 {
		t.Errorf("controls %v, want 660201 strong and 660202 (no such budget account) none", got)
	}
}
