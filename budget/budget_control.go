package budget

import (
	"fmt"
	"time"

	"formwork/engine"
)

// Tx is the budget's share of a transaction: the primitive reads and
// writes of occupy, release and consume. The approval workflow hands its
// own transaction over as a Tx, so that a document's transition and its
// budget commit together. Amounts are positive.
type Tx interface {
	// HeldEntries returns a document's entries that occupy something, of
	// posting status status ("" for every status), in budget id order.
	HeldEntries(businessID, status string) ([]Entry, error)
	// LockBudgets locks the budgets ids and those of node's accounts for
	// the rest of the transaction, in id order (so that transactions
	// locking alike cannot deadlock).
	LockBudgets(ids []uint, node Node, accounts []string) error
	// BudgetsOf loads the budgets of node's accounts, by account; an
	// account without a budget is missing.
	BudgetsOf(node Node, accounts []string) (map[string]Budget, error)
	// OccupyBudget adds amount to a budget's occupation unless it is under
	// strong control and has less than amount available: false then, and
	// nothing changed.
	OccupyBudget(id uint, amount Money, now time.Time) (bool, error)
	// AddToEntry adds amount to what a document occupies of a budget,
	// creating its entry if needed, and sets the entry's posting status.
	AddToEntry(businessID string, budgetID uint, status string, amount Money, now time.Time) error
	// ReleaseBudget takes amount off a budget's occupation if it occupies
	// that much: false, and nothing changed, when it does not.
	ReleaseBudget(id uint, amount Money, now time.Time) (bool, error)
	// ReleaseEntry moves amount of an entry's occupation to its released
	// if it occupies that much: false, and nothing changed, when not.
	ReleaseEntry(id int64, amount Money, now time.Time) (bool, error)
	// ConsumeBudget moves amount of a budget's occupation to its
	// consumption if it occupies that much: false, and nothing changed,
	// when it does not.
	ConsumeBudget(id uint, amount Money, now time.Time) (bool, error)
	// ConsumeEntry moves an entry's occupation, which must be amount, to
	// its consumption: false, and nothing changed, when it is not.
	ConsumeEntry(id int64, amount Money, now time.Time) (bool, error)
	// LogMovement writes a movement to the budget log.
	LogMovement(m Movement) error
}

// Occupy makes a document hold its plan: what it held before is released
// first (a document occupies what it draws now, once), then each draw with a
// budget is checked against the budget's control and occupied. A draw
// beyond a strong budget is an error finding (RuleStrong), beyond a weak one
// a confirm finding (RuleWeak) unless confirmed[RuleWeak]; findings come
// back with the transaction to be rolled back by the caller (what was
// released is not yet occupied again). A draw whose node has no budget
// occupies nothing and follows its account's own control (Draw.Control):
// strong refuses (RuleNoBudget), weak asks to confirm (RuleWeak), none
// lets it through. The budgets involved stay locked
// until the transaction ends.
func Occupy(tx Tx, businessID, docType string, plan Plan, confirmed map[string]bool, by string, now time.Time) ([]engine.Finding, error) {
	accounts := plan.Accounts()
	held, err := tx.HeldEntries(businessID, "")
	if err != nil {
		return nil, err
	}
	if err := tx.LockBudgets(budgetIDs(held), plan.Node, accounts); err != nil {
		return nil, err
	}
	if _, err := release(tx, businessID, "", nil, by, now); err != nil {
		return nil, err
	}
	budgets, err := tx.BudgetsOf(plan.Node, accounts)
	if err != nil {
		return nil, err
	}
	if findings := checkDraws(plan, budgets, confirmed); len(findings) > 0 {
		return findings, nil
	}
	status := StatusOf(docType)
	for _, d := range plan.Draws {
		b, ok := budgets[d.Account]
		if !ok {
			continue
		}
		need := MoneyOf(d.Amount)
		// the condition holds under the lock; it is what guarantees strong
		// control should the lock ever be missing
		done, err := tx.OccupyBudget(b.ID, need, now)
		if err != nil {
			return nil, err
		}
		if !done {
			return []engine.Finding{{Path: "head.amount", Rule: RuleStrong, Severity: engine.SeverityError, Message: exceededText(b)}}, nil
		}
		if err := tx.AddToEntry(businessID, b.ID, status, need, now); err != nil {
			return nil, err
		}
		if err := tx.LogMovement(Movement{BudgetID: b.ID, BusinessID: businessID, Kind: MovementOccupy, Amount: need, At: now, Actor: by}); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// checkDraws returns the findings of draws beyond their budgets, and of
// draws without one on accounts that control them.
func checkDraws(plan Plan, budgets map[string]Budget, confirmed map[string]bool) []engine.Finding {
	var findings []engine.Finding
	for _, d := range plan.Draws {
		var f *engine.Finding
		if b, ok := budgets[d.Account]; ok {
			f = exceeded(b, b.Available(), MoneyOf(d.Amount), confirmed)
		} else {
			f = unbudgeted(plan.Node, d, confirmed)
		}
		if f != nil {
			findings = append(findings, *f)
		}
	}
	return findings
}

// exceeded is the finding of a draw of need on budget b with avail
// available, as b's control says: nil when it fits, when b does not
// control, or when the user confirmed under weak control. The submit's
// refusal and the budget preview while drafting say it alike.
func exceeded(b Budget, avail, need Money, confirmed map[string]bool) *engine.Finding {
	if need <= avail || b.Control == ControlNone {
		return nil
	}
	node := NodeText(b)
	msg := engine.Text{
		"zh": fmt.Sprintf("预算%s不足：可用%s，本单占用%s", node, avail, need),
		"en": fmt.Sprintf("budget %s is exceeded: %s available, this document needs %s", node, avail, need),
		"th": fmt.Sprintf("งบประมาณ %s ไม่เพียงพอ: คงเหลือ %s แต่เอกสารนี้ต้องใช้ %s", node, avail, need),
	}
	switch {
	case b.Control == ControlStrong:
		msg["zh"] += "（强控制，不能提交）"
		msg["en"] += " (strong control: it cannot go on)"
		msg["th"] += " (ควบคุมแบบเข้มงวด: ไม่สามารถดำเนินการต่อได้)"
		return &engine.Finding{Path: "head.amount", Rule: RuleStrong, Severity: engine.SeverityError, Message: msg}
	case !confirmed[RuleWeak]:
		msg["zh"] += "，是否继续？"
		msg["en"] += "; go on anyway?"
		msg["th"] += " ต้องการดำเนินการต่อหรือไม่?"
		return &engine.Finding{Path: "head.amount", Rule: RuleWeak, Severity: engine.SeverityConfirm, Message: msg}
	}
	return nil
}

// unbudgeted is the finding of a draw whose node has no budget, as its
// account's control says: nil when it does not control it (or the user
// confirmed under weak control).
func unbudgeted(node Node, d Draw, confirmed map[string]bool) *engine.Finding {
	at := node.CompanyCode + "/" + node.Department + "/" + d.Account
	if node.Project != "" {
		at += "/" + node.Project
	}
	at += "/" + node.Period
	msg := engine.Text{
		"zh": fmt.Sprintf("部门%s在预算科目%s上没有预算（%s），本单占用%s", node.Department, d.Account, at, MoneyOf(d.Amount)),
		"en": fmt.Sprintf("department %s has no budget on budget account %s (%s); this document needs %s", node.Department, d.Account, at, MoneyOf(d.Amount)),
		"th": fmt.Sprintf("แผนก %s ไม่มีงบประมาณในบัญชีงบประมาณ %s (%s) แต่เอกสารนี้ต้องใช้ %s", node.Department, d.Account, at, MoneyOf(d.Amount)),
	}
	switch {
	case d.Control == ControlStrong:
		msg["zh"] += "（预算科目强控制，不能提交）"
		msg["en"] += " (the account is under strong control: it cannot go on)"
		msg["th"] += " (บัญชีนี้ควบคุมแบบเข้มงวด: ไม่สามารถดำเนินการต่อได้)"
		return &engine.Finding{Path: "head.amount", Rule: RuleNoBudget, Severity: engine.SeverityError, Message: msg}
	case d.Control == ControlWeak && !confirmed[RuleWeak]:
		msg["zh"] += "，是否继续？"
		msg["en"] += "; go on anyway?"
		msg["th"] += " ต้องการดำเนินการต่อหรือไม่?"
		return &engine.Finding{Path: "head.amount", Rule: RuleWeak, Severity: engine.SeverityConfirm, Message: msg}
	}
	return nil
}

// exceededText says a strong budget has not enough left.
func exceededText(b Budget) engine.Text {
	node := NodeText(b)
	return engine.Text{
		"zh": "预算" + node + "不足（强控制，不能提交）",
		"en": "budget " + node + " is exceeded (strong control)",
		"th": "งบประมาณ " + node + " ไม่เพียงพอ (ควบคุมแบบเข้มงวด)",
	}
}

// Release gives back what a document occupies: of its entries of posting
// status onlyStatus ("" for all), up to limit (nil: all of it), in budget
// order. It returns the amount released (0 when the document occupies
// nothing). Asking for more than is occupied is ECONFLICT (path amount) with
// nothing released. The budgets stay locked until the transaction ends, so
// that concurrent releases of one document each see what the others left.
func Release(tx Tx, businessID, onlyStatus string, limit *Money, by string, now time.Time) (Money, error) {
	held, err := tx.HeldEntries(businessID, onlyStatus)
	if err != nil {
		return 0, err
	}
	if len(held) > 0 {
		if err := tx.LockBudgets(budgetIDs(held), Node{}, nil); err != nil {
			return 0, err
		}
	}
	return release(tx, businessID, onlyStatus, limit, by, now)
}

// release is Release once the document's budgets are locked: it reads what
// the document occupies under the lock.
func release(tx Tx, businessID, onlyStatus string, limit *Money, by string, now time.Time) (Money, error) {
	entries, err := tx.HeldEntries(businessID, onlyStatus)
	if err != nil {
		return 0, err
	}
	var held Money
	for _, e := range entries {
		held += e.Occupied
	}
	left := held
	if limit != nil {
		if *limit > held {
			return 0, engine.Refuse(engine.ECONFLICT, "amount", engine.Text{
				"zh": fmt.Sprintf("单据%s占用预算%s，不能释放%s", businessID, held, *limit),
				"en": fmt.Sprintf("document %s occupies %s of budget; %s cannot be released", businessID, held, *limit),
				"th": fmt.Sprintf("เอกสาร %s ใช้งบประมาณอยู่ %s จึงไม่สามารถคืน %s ได้", businessID, held, *limit),
			})
		}
		left = *limit
	}
	var released Money
	for _, e := range entries {
		if left == 0 {
			break
		}
		amt := min(e.Occupied, left)
		done, err := tx.ReleaseBudget(e.BudgetID, amt, now)
		if err == nil && done {
			done, err = tx.ReleaseEntry(e.ID, amt, now)
		}
		if err != nil {
			return 0, err
		}
		if !done {
			return 0, changedMeanwhile(businessID)
		}
		if err := tx.LogMovement(Movement{BudgetID: e.BudgetID, BusinessID: businessID, Kind: MovementRelease, Amount: amt, At: now, Actor: by}); err != nil {
			return 0, err
		}
		left -= amt
		released += amt
	}
	return released, nil
}

// Consume turns what an approved document occupies into consumption, for
// its entries of posting status StatusClaim; a pre-application's
// (StatusAdvance) stays occupied until it is released.
func Consume(tx Tx, businessID, by string, now time.Time) error {
	held, err := tx.HeldEntries(businessID, StatusClaim)
	if err != nil || len(held) == 0 {
		return err
	}
	if err := tx.LockBudgets(budgetIDs(held), Node{}, nil); err != nil {
		return err
	}
	entries, err := tx.HeldEntries(businessID, StatusClaim)
	if err != nil {
		return err
	}
	for _, e := range entries {
		done, err := tx.ConsumeBudget(e.BudgetID, e.Occupied, now)
		if err == nil && done {
			done, err = tx.ConsumeEntry(e.ID, e.Occupied, now)
		}
		if err != nil {
			return err
		}
		if !done {
			return changedMeanwhile(businessID)
		}
		if err := tx.LogMovement(Movement{BudgetID: e.BudgetID, BusinessID: businessID, Kind: MovementConsume, Amount: e.Occupied, At: now, Actor: by}); err != nil {
			return err
		}
	}
	return nil
}

// changedMeanwhile is the refusal when a budget no longer holds what a
// document's entry says, read under the lock: someone changed it at the
// same moment. It cannot happen while the budgets are locked; should it,
// the transaction is refused (409) rather than break the books.
func changedMeanwhile(businessID string) error {
	return engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
		"zh": fmt.Sprintf("单据%s的预算同时被他人更改，请刷新后重试", businessID),
		"en": fmt.Sprintf("the budget of document %s was changed by someone else at the same moment: reload it and try again", businessID),
		"th": fmt.Sprintf("งบประมาณของเอกสาร %s ถูกผู้อื่นเปลี่ยนแปลงในเวลาเดียวกัน กรุณาโหลดใหม่แล้วลองอีกครั้ง", businessID),
	})
}

// budgetIDs are the budgets of entries.
func budgetIDs(entries []Entry) []uint {
	out := make([]uint, len(entries))
	for i, e := range entries {
		out[i] = e.BudgetID
	}
	return out
}
