package wire

import (
	"context"
	"time"

	"formwork/adapters/sqldb"
	"formwork/budget"
	"formwork/engine"
	"formwork/masterdata"
	"formwork/process"
)

// approvalBudget is budget control as the approval workflow uses it
// (process.Budget): occupy, release and consume write in the approval's own
// transaction (the SQL store's unit of work), so that they commit with the
// transition.
type approvalBudget struct{ budgets *budget.Service }

func (b approvalBudget) Plan(ctx context.Context, doc *engine.Document) (process.BudgetPlan, error) {
	return b.budgets.PlanOf(ctx, doc)
}

func (approvalBudget) Occupy(tx process.Tx, businessID, docType string, plan process.BudgetPlan, confirmed map[string]bool, by string, now time.Time) ([]engine.Finding, error) {
	return budget.Occupy(sqldb.ApprovalBudgetTx(tx), businessID, docType, plan.(budget.Plan), confirmed, by, now)
}

func (approvalBudget) Release(tx process.Tx, businessID, by string, now time.Time) error {
	_, err := budget.Release(sqldb.ApprovalBudgetTx(tx), businessID, "", nil, by, now)
	return err
}

func (approvalBudget) Consume(tx process.Tx, businessID, by string, now time.Time) error {
	return budget.Consume(sqldb.ApprovalBudgetTx(tx), businessID, by, now)
}

// budgetAccountControls reads a budget account's own control (strong, weak,
// none) from master data's budget accounts: what a draw whose node has no
// budget follows. An account master data does not have controls nothing.
type budgetAccountControls struct{ md *masterdata.Service }

func (c budgetAccountControls) AccountControl(ctx context.Context, account string) (string, error) {
	r, err := c.md.Get(ctx, masterdata.Actor{Username: "budget control"}, "budgetAccount", account)
	if err != nil && engine.ErrorCode(err) == engine.ENOTFOUND {
		return "", nil
	}
	if err != nil || !r.Active {
		return "", err
	}
	control, _ := r.Body["control"].(string)
	return control, nil
}
