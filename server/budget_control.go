package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"formwork/engine"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// budgetMapping loads the budget account mapping.
func (s *Server) budgetMapping(ctx context.Context) ([]engine.BudgetAccountRule, error) {
	var rows []BudgetAccountMapping
	if err := s.db.WithContext(ctx).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load budget account mapping: %w", err)
	}
	out := make([]engine.BudgetAccountRule, len(rows))
	for i, r := range rows {
		out[i] = r.rule()
	}
	return out, nil
}

// budgetPlan is what a document draws: the node and the amount per account.
type budgetPlan struct {
	Node  engine.BudgetNode
	Draws []engine.BudgetDraw
}

// budgetPlanOf works out a document's draws (engine.BudgetDraws) with the
// mapping in force.
func (s *Server) budgetPlanOf(ctx context.Context, doc *engine.Document) (budgetPlan, error) {
	rules, err := s.budgetMapping(ctx)
	if err != nil {
		return budgetPlan{}, err
	}
	node, draws := engine.BudgetDraws(doc, rules, s.today())
	return budgetPlan{Node: node, Draws: draws}, nil
}

// nodeText names a budget node in messages: 1000/SAL02/660201/2026-11.
func nodeText(b *Budget) string {
	s := b.CompanyCode + "/" + b.Department + "/" + b.BudgetAccount
	if b.Project != "" {
		s += "/" + b.Project
	}
	return s + "/" + b.Period
}

// lockBudgets locks the budgets a document held (ids) and those of a
// plan's accounts for the rest of the transaction (SELECT ... FOR UPDATE on
// PostgreSQL; SQLite has one writer), in id order so that concurrent
// transactions lock alike and cannot deadlock.
func lockBudgets(tx *gorm.DB, ids []uint, node engine.BudgetNode, accounts []string) error {
	if len(ids) == 0 && len(accounts) == 0 {
		return nil
	}
	var locked []uint
	err := tx.Model(&Budget{}).Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("id IN ? OR company_code = ? AND department = ? AND project = ? AND period = ? AND budget_account IN ?",
			append(ids, 0), node.CompanyCode, node.Department, node.Project, node.Period, append(accounts, "")).
		Order("id").Pluck("id", &locked).Error
	if err != nil {
		return fmt.Errorf("lock budgets: %w", err)
	}
	return nil
}

// budgetsOf loads the budgets of a node's accounts, by account.
func budgetsOf(tx *gorm.DB, node engine.BudgetNode, accounts []string) (map[string]*Budget, error) {
	out := map[string]*Budget{}
	if len(accounts) == 0 {
		return out, nil
	}
	var rows []Budget
	err := tx.Where("company_code = ? AND department = ? AND project = ? AND period = ? AND budget_account IN ?", node.CompanyCode, node.Department, node.Project, node.Period, accounts).
		Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("load budgets: %w", err)
	}
	for i := range rows {
		out[rows[i].BudgetAccount] = &rows[i]
	}
	return out, nil
}

// occupyBudget makes a document hold its plan: what it held before is
// released first (a document occupies what it draws now, once), then each
// draw with a budget is checked against the budget's control and occupied.
// A draw beyond a strong budget is an error finding, beyond a weak one a
// confirm finding (rule ruleBudgetWeak) unless confirmed; findings come back
// with nothing done, and the caller rolls the transaction back. A draw whose
// node has no budget is not controlled and occupies nothing.
func occupyBudget(tx *gorm.DB, businessID, docType string, plan budgetPlan, confirmed map[string]bool, by string, now time.Time) ([]engine.Finding, error) {
	accounts := make([]string, 0, len(plan.Draws))
	for _, d := range plan.Draws {
		accounts = append(accounts, d.Account)
	}
	var held []uint
	if err := tx.Model(&BudgetEntry{}).Where("business_id = ? AND occupied > 0", businessID).Pluck("budget_id", &held).Error; err != nil {
		return nil, fmt.Errorf("load budget entries: %w", err)
	}
	if err := lockBudgets(tx, held, plan.Node, accounts); err != nil {
		return nil, err
	}
	if _, err := releaseBudget(tx, businessID, "", nil, by, now); err != nil {
		return nil, err
	}
	budgets, err := budgetsOf(tx, plan.Node, accounts)
	if err != nil {
		return nil, err
	}
	var findings []engine.Finding
	for _, d := range plan.Draws {
		b := budgets[d.Account]
		if b == nil {
			continue
		}
		need, avail := MoneyOf(d.Amount), b.Available()
		if need <= avail || b.Control == controlNone {
			continue
		}
		msg := engine.Text{
			"zh": fmt.Sprintf("预算%s不足：可用%s，本单占用%s", nodeText(b), avail, need),
			"en": fmt.Sprintf("budget %s is exceeded: %s available, this document needs %s", nodeText(b), avail, need),
		}
		switch {
		case b.Control == controlStrong:
			msg["zh"] += "（强控制，不能提交）"
			msg["en"] += " (strong control: it cannot go on)"
			findings = append(findings, engine.Finding{Path: "head.amount", Rule: ruleBudgetStrong, Severity: engine.SeverityError, Message: msg})
		case !confirmed[ruleBudgetWeak]:
			msg["zh"] += "，是否继续？"
			msg["en"] += "; go on anyway?"
			findings = append(findings, engine.Finding{Path: "head.amount", Rule: ruleBudgetWeak, Severity: engine.SeverityConfirm, Message: msg})
		}
	}
	if len(findings) > 0 {
		return findings, nil
	}
	status := budgetStatusOf(docType)
	for _, d := range plan.Draws {
		b := budgets[d.Account]
		if b == nil {
			continue
		}
		need := MoneyOf(d.Amount)
		// the condition holds under the lock; it is what guarantees strong
		// control should the lock ever be missing
		res := tx.Model(&Budget{}).Where("id = ? AND (control <> ? OR amount - occupied - consumed >= ?)", b.ID, controlStrong, int64(need)).
			Updates(map[string]any{"occupied": gorm.Expr("occupied + ?", int64(need)), "updated_at": now})
		if res.Error != nil {
			return nil, fmt.Errorf("occupy budget: %w", res.Error)
		}
		if res.RowsAffected == 0 {
			return []engine.Finding{{Path: "head.amount", Rule: ruleBudgetStrong, Severity: engine.SeverityError,
				Message: engine.Text{"zh": "预算" + nodeText(b) + "不足（强控制，不能提交）", "en": "budget " + nodeText(b) + " is exceeded (strong control)"}}}, nil
		}
		var entry BudgetEntry
		err := tx.Where("business_id = ? AND budget_id = ?", businessID, b.ID).Take(&entry).Error
		switch {
		case errors.Is(err, gorm.ErrRecordNotFound):
			entry = BudgetEntry{BusinessID: businessID, BudgetID: b.ID, BudgetStatus: status, Occupied: need, CreatedAt: now, UpdatedAt: now}
			err = tx.Create(&entry).Error
		case err == nil:
			err = tx.Model(&BudgetEntry{}).Where("id = ?", entry.ID).
				Updates(map[string]any{"occupied": gorm.Expr("occupied + ?", int64(need)), "budget_status": status, "updated_at": now}).Error
		}
		if err != nil {
			return nil, fmt.Errorf("record budget entry: %w", err)
		}
		if err := logMovement(tx, b.ID, businessID, movementOccupy, need, by, now); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// releaseBudget gives back what a document occupies: of its entries of
// posting status onlyStatus ("" for all), up to limit (nil: all of it), in
// entry order. It returns the amount released; asking for more than is
// occupied is ECONFLICT with nothing released.
func releaseBudget(tx *gorm.DB, businessID, onlyStatus string, limit *Money, by string, now time.Time) (Money, error) {
	q := tx.Where("business_id = ? AND occupied > 0", businessID)
	if onlyStatus != "" {
		q = q.Where("budget_status = ?", onlyStatus)
	}
	var entries []BudgetEntry
	if err := q.Order("budget_id").Find(&entries).Error; err != nil {
		return 0, fmt.Errorf("load budget entries: %w", err)
	}
	var held Money
	for _, e := range entries {
		held += e.Occupied
	}
	left := held
	if limit != nil {
		if *limit > held {
			return 0, engine.Errorf(engine.ECONFLICT, "amount", "document %s occupies %s of budget; %s cannot be released", businessID, held, *limit)
		}
		left = *limit
	}
	var released Money
	for _, e := range entries {
		if left == 0 {
			break
		}
		amt := min(e.Occupied, left)
		res := tx.Model(&Budget{}).Where("id = ? AND occupied >= ?", e.BudgetID, int64(amt)).
			Updates(map[string]any{"occupied": gorm.Expr("occupied - ?", int64(amt)), "updated_at": now})
		if res.Error != nil {
			return 0, fmt.Errorf("release budget: %w", res.Error)
		}
		if res.RowsAffected == 0 {
			return 0, fmt.Errorf("release budget %d: it occupies less than document %s holds", e.BudgetID, businessID)
		}
		res = tx.Model(&BudgetEntry{}).Where("id = ? AND occupied >= ?", e.ID, int64(amt)).
			Updates(map[string]any{"occupied": gorm.Expr("occupied - ?", int64(amt)), "released": gorm.Expr("released + ?", int64(amt)), "updated_at": now})
		if res.Error != nil || res.RowsAffected == 0 {
			return 0, fmt.Errorf("release budget entry %d: %v", e.ID, res.Error)
		}
		if err := logMovement(tx, e.BudgetID, businessID, movementRelease, amt, by, now); err != nil {
			return 0, err
		}
		left -= amt
		released += amt
	}
	return released, nil
}

// consumeBudget turns what an approved document occupies into consumption,
// for its entries of posting status "2"; a pre-application's ("1") stays
// occupied until releaseADVBudget.
func consumeBudget(tx *gorm.DB, businessID, by string, now time.Time) error {
	var entries []BudgetEntry
	if err := tx.Where("business_id = ? AND occupied > 0 AND budget_status = ?", businessID, budgetStatusClaim).Order("budget_id").Find(&entries).Error; err != nil {
		return fmt.Errorf("load budget entries: %w", err)
	}
	for _, e := range entries {
		amt := int64(e.Occupied)
		res := tx.Model(&Budget{}).Where("id = ? AND occupied >= ?", e.BudgetID, amt).
			Updates(map[string]any{"occupied": gorm.Expr("occupied - ?", amt), "consumed": gorm.Expr("consumed + ?", amt), "updated_at": now})
		if res.Error != nil || res.RowsAffected == 0 {
			return fmt.Errorf("consume budget %d for %s: %v", e.BudgetID, businessID, res.Error)
		}
		if err := tx.Model(&BudgetEntry{}).Where("id = ?", e.ID).
			Updates(map[string]any{"occupied": 0, "consumed": gorm.Expr("consumed + ?", amt), "updated_at": now}).Error; err != nil {
			return fmt.Errorf("consume budget entry: %w", err)
		}
		if err := logMovement(tx, e.BudgetID, businessID, movementConsume, e.Occupied, by, now); err != nil {
			return err
		}
	}
	return nil
}

func logMovement(tx *gorm.DB, budgetID uint, businessID, kind string, amount Money, by string, now time.Time) error {
	if err := tx.Create(&BudgetMovement{BudgetID: budgetID, BusinessID: businessID, Kind: kind, Amount: amount, At: now, Actor: by}).Error; err != nil {
		return fmt.Errorf("log budget movement: %w", err)
	}
	return nil
}
