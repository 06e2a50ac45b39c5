package wire

import (
	"context"
	"slices"
	"strings"
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

// budgetAccountControls reads how a budget account is controlled in a
// company where a node has no budget (strong, weak, none): the active
// budget rule (budgetRule) of the company and account when there is one,
// else the budget account's own control. An account master data does not
// have controls nothing.
type budgetAccountControls struct{ md *masterdata.Service }

func (c budgetAccountControls) AccountControl(ctx context.Context, company, account string) (string, error) {
	// the snapshots' records, shared (Get would copy the record's body)
	all, err := c.md.RuleRecords(ctx, controlTypes)
	if err != nil {
		return "", err
	}
	if company != "" {
		if control := activeControl(all["budgetRule"], company+"/"+account); control != "" {
			return control, nil
		}
	}
	return activeControl(all["budgetAccount"], account), nil
}

// controlTypes are the master-data types a budget account's control is
// read from: a company's budget rules, then the accounts.
var controlTypes = []string{"budgetRule", "budgetAccount"}

// activeControl is the control of the active record of key in records
// (sorted by key): "" when there is none.
func activeControl(records []masterdata.Record, key string) string {
	i, found := slices.BinarySearchFunc(records, key, func(r masterdata.Record, key string) int { return strings.Compare(r.Key, key) })
	if !found || !records[i].Active {
		return ""
	}
	control, _ := records[i].Body["control"].(string)
	return control
}
