package budget

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"formwork/engine"
)

// AdjustTx is what adjustments, imports and confirmations write in a
// transaction besides Tx's locks and log.
type AdjustTx interface {
	Tx
	// LoadBudget loads a budget (nil: none with that id).
	LoadBudget(id uint) (*Budget, error)
	// PutBudget writes b's amount, control, pending change and UpdateBy at
	// now; with covered, only while b.Amount still covers what the budget
	// has occupied and consumed: false, and nothing changed, when not.
	PutBudget(b Budget, now time.Time, covered bool) (bool, error)
	// InsertBudget adds a budget and sets its id; ErrNodeTaken when its
	// node has one already.
	InsertBudget(b *Budget) error
}

// Adjustment raises (Delta > 0) or lowers (Delta < 0) a budget's amount,
// for a reason.
type Adjustment struct {
	ID     uint
	Delta  *Money
	Reason string
}

// maxReason is the longest reason kept, in characters.
const maxReason = 200

// Adjust raises or lowers a budget's confirmed amount by in.Delta, in one
// transaction with its movement (MovementAdjust, with the reason). Lowering
// counts at once and, under strong control, never below what the budget
// has occupied and consumed (ECHECK at delta). Raising waits for a second
// person's confirmation (Confirm): the budget's Pending is the raised
// amount, and control reads the confirmed amount until then. A budget that
// waits already is ECONFLICT; a delta or reason missing EINVALID naming it.
func (s *Service) Adjust(ctx context.Context, in Adjustment, scope Scope, by string) (Budget, error) {
	reason := strings.TrimSpace(in.Reason)
	switch {
	case in.Delta == nil || *in.Delta == 0:
		return Budget{}, refuse(engine.EINVALID, "delta", "调整金额（delta）未填写或为0", "delta is missing or 0", "ยังไม่ได้ระบุจำนวนเงินที่ปรับ (delta) หรือเป็น 0")
	case reason == "":
		return Budget{}, refuse(engine.EINVALID, "reason", "调整原因（reason）未填写", "reason is missing: say why the budget changes", "ยังไม่ได้ระบุเหตุผลการปรับ (reason)")
	case utf8.RuneCountInString(reason) > maxReason:
		return Budget{}, refuse(engine.EINVALID, "reason", fmt.Sprintf("调整原因（reason）超过%d个字符", maxReason),
			fmt.Sprintf("reason is longer than %d characters", maxReason), fmt.Sprintf("เหตุผล (reason) ยาวเกิน %d ตัวอักษร", maxReason))
	}
	delta, now := *in.Delta, s.now()
	var out Budget
	err := s.store.InAdjustTx(ctx, func(tx AdjustTx) error {
		b, err := lockedBudget(tx, in.ID, scope)
		if err != nil {
			return err
		}
		if b.Pending != nil {
			return waitsForConfirmation(*b)
		}
		target := b.Amount + delta
		if target < 0 || b.Control == ControlStrong && target < b.Occupied+b.Consumed {
			return belowFloor(*b, target)
		}
		b.UpdateBy = by
		if delta > 0 {
			b.Pending, b.PendingKind, b.PendingBy, b.PendingReason, b.PendingAt = &target, MovementAdjust, by, reason, &now
		} else {
			b.Amount = target
		}
		done, err := tx.PutBudget(*b, now, delta < 0 && b.Control == ControlStrong)
		if err == nil && !done {
			err = belowFloor(*b, target)
		}
		if err == nil {
			err = tx.LogMovement(Movement{BudgetID: b.ID, Kind: MovementAdjust, Amount: delta, At: now, Actor: by, Reason: reason, Pending: delta > 0})
		}
		out = *b
		return err
	})
	return out, err
}

// Decision confirms or rejects a budget's pending change.
type Decision struct {
	ID      uint
	Confirm bool
	Reason  string // why it is rejected (required then)
}

// Decide confirms (the pending amount becomes the budget's amount) or
// rejects (it is dropped) a budget's pending change, with a movement
// (MovementConfirm with the raise, or MovementReject with the reason), in
// one transaction. Only a second person decides: the one who asked is
// EFORBIDDEN. A budget with nothing pending is ECONFLICT.
func (s *Service) Decide(ctx context.Context, in Decision, scope Scope, by string) (Budget, error) {
	reason := strings.TrimSpace(in.Reason)
	if !in.Confirm && reason == "" {
		return Budget{}, refuse(engine.EINVALID, "reason", "驳回原因（reason）未填写", "reason is missing: say why the change is rejected", "ยังไม่ได้ระบุเหตุผลการปฏิเสธ (reason)")
	}
	if utf8.RuneCountInString(reason) > maxReason {
		return Budget{}, refuse(engine.EINVALID, "reason", fmt.Sprintf("原因（reason）超过%d个字符", maxReason),
			fmt.Sprintf("reason is longer than %d characters", maxReason), fmt.Sprintf("เหตุผล (reason) ยาวเกิน %d ตัวอักษร", maxReason))
	}
	now := s.now()
	var out Budget
	err := s.store.InAdjustTx(ctx, func(tx AdjustTx) error {
		b, err := lockedBudget(tx, in.ID, scope)
		if err != nil {
			return err
		}
		if b.Pending == nil {
			node := NodeText(*b)
			return refuse(engine.ECONFLICT, "id", "预算"+node+"没有待确认的调整", "budget "+node+" has no change waiting for confirmation",
				"งบประมาณ "+node+" ไม่มีการเปลี่ยนแปลงที่รอการยืนยัน")
		}
		if b.PendingBy == by {
			return refuse(engine.EFORBIDDEN, "id", "预算调整须由另一人确认：您不能确认自己提交的调整",
				"a second person confirms a budget change: you cannot decide on your own", "การเปลี่ยนแปลงงบประมาณต้องให้ผู้อื่นยืนยัน: คุณไม่สามารถยืนยันรายการของตนเองได้")
		}
		raise := *b.Pending - b.Amount
		m := Movement{BudgetID: b.ID, Kind: MovementReject, Amount: raise, At: now, Actor: by, Reason: reason}
		if in.Confirm {
			b.Amount, m.Kind = *b.Pending, MovementConfirm
		}
		b.Pending, b.PendingKind, b.PendingBy, b.PendingReason, b.PendingAt, b.UpdateBy = nil, "", "", "", nil, by
		if _, err := tx.PutBudget(*b, now, false); err != nil {
			return err
		}
		out = *b
		return tx.LogMovement(m)
	})
	return out, err
}

// lockedBudget locks and loads a budget of scope: ENOTFOUND when there is
// none (or it is out of scope).
func lockedBudget(tx AdjustTx, id uint, scope Scope) (*Budget, error) {
	if err := tx.LockBudgets([]uint{id}, Node{}, nil); err != nil {
		return nil, err
	}
	b, err := tx.LoadBudget(id)
	if err != nil {
		return nil, err
	}
	if b == nil || !scope.Covers(b.CompanyCode) {
		return nil, refuse(engine.ENOTFOUND, "id", fmt.Sprintf("没有预算%d", id), fmt.Sprintf("no budget %d", id), fmt.Sprintf("ไม่พบงบประมาณ %d", id))
	}
	return b, nil
}

// waitsForConfirmation refuses a change of a budget whose last change
// waits for confirmation.
func waitsForConfirmation(b Budget) error {
	node := NodeText(b)
	return refuse(engine.ECONFLICT, "id", fmt.Sprintf("预算%s有待确认的调整（%s，%s提交）：请先确认或驳回", node, *b.Pending, b.PendingBy),
		fmt.Sprintf("budget %s has a change waiting for confirmation (%s, by %s): confirm or reject it first", node, *b.Pending, b.PendingBy),
		fmt.Sprintf("งบประมาณ %s มีการเปลี่ยนแปลงที่รอการยืนยัน (%s โดย %s): กรุณายืนยันหรือปฏิเสธก่อน", node, *b.Pending, b.PendingBy))
}

// belowFloor refuses an amount below zero, or under strong control below
// what the budget holds (ECHECK: 422 at delta).
func belowFloor(b Budget, target Money) error {
	node := NodeText(b)
	if target < 0 {
		return refuse(engine.ECHECK, "delta", fmt.Sprintf("预算%s调整后为%s：金额不能为负数", node, target),
			fmt.Sprintf("budget %s would be %s: an amount cannot be negative", node, target),
			fmt.Sprintf("งบประมาณ %s จะเป็น %s: จำนวนเงินติดลบไม่ได้", node, target))
	}
	return refuse(engine.ECHECK, "delta", fmt.Sprintf("预算%s已占用%s、已消耗%s：强控制下不能降至%s", node, b.Occupied, b.Consumed, target),
		fmt.Sprintf("budget %s has %s occupied and %s consumed: under strong control it cannot drop to %s", node, b.Occupied, b.Consumed, target),
		fmt.Sprintf("งบประมาณ %s มียอดใช้อยู่ %s และใช้ไปแล้ว %s: ภายใต้การควบคุมแบบเข้มงวดจึงลดเหลือ %s ไม่ได้", node, b.Occupied, b.Consumed, target))
}
