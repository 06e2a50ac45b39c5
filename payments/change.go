package payments

import (
	"context"
	"fmt"
	"strings"

	"formwork/engine"
)

// Change is what finance does to one payment line: the line (document and
// item), the version it saw, the bank's reference (paid) or message
// (failed, re-sent) and, for an account change, the payee account.
type Change struct {
	BusinessID  string `json:"businessId"`
	Item        int    `json:"item"`
	Version     int64  `json:"version"`
	BankRef     string `json:"bankRef,omitempty"`
	BankMessage string `json:"bankMessage,omitempty"`
	AccountName string `json:"accountName,omitempty"`
	Bank        string `json:"bank,omitempty"`
	Cnaps       string `json:"cnaps,omitempty"`
	Account     string `json:"account,omitempty"`
}

// move is one kind of change: what it does to a line (an error refuses it).
type move struct {
	action string
	apply  func(l *Line, c Change) error
}

var (
	// a pending line is paid, with the bank's reference.
	movePaid = move{ActionPaid, func(l *Line, c Change) error {
		if err := from(l, StatusPending); err != nil {
			return err
		}
		ref, err := required("bankRef", c.BankRef, 60, "银行流水号", "bank reference", "เลขอ้างอิงธนาคาร")
		l.Status, l.BankRef, l.BankMessage = StatusPaid, ref, ""
		return err
	}}
	// a pending line failed, with the bank's message.
	moveFailed = move{ActionFailed, func(l *Line, c Change) error {
		if err := from(l, StatusPending); err != nil {
			return err
		}
		msg, err := required("bankMessage", c.BankMessage, 400, "银行反馈信息", "bank message", "ข้อความจากธนาคาร")
		l.Status, l.BankMessage = StatusFailed, msg
		return err
	}}
	// a failed line is sent again (its message may be corrected).
	moveResend = move{ActionResend, func(l *Line, c Change) error {
		if err := from(l, StatusFailed); err != nil {
			return err
		}
		if m := strings.TrimSpace(c.BankMessage); m != "" {
			l.BankMessage = engine.Clip(m, 400)
		}
		l.Status = StatusPending
		return nil
	}}
	// a failed line's message is corrected, the line stays failed.
	moveMessage = move{ActionFailed, func(l *Line, c Change) error {
		if err := from(l, StatusFailed); err != nil {
			return err
		}
		msg, err := required("bankMessage", c.BankMessage, 400, "银行反馈信息", "bank message", "ข้อความจากธนาคาร")
		l.BankMessage = msg
		return err
	}}
	// the payee account of a line that has none yet (not paid).
	moveAddAccount = move{ActionAccount, func(l *Line, c Change) error {
		if l.Status == StatusPaid {
			return alreadyPaid(l)
		}
		if l.Account != "" {
			return refuse(engine.ECONFLICT, "account", "该付款行已有收款账户，请修改账户", "the payment line has an account already: modify it",
				"รายการจ่ายเงินนี้มีบัญชีแล้ว กรุณาแก้ไขบัญชี")
		}
		return setAccount(l, c)
	}}
	// the payee account of a failed line is corrected.
	moveAccount = move{ActionAccount, func(l *Line, c Change) error {
		if err := from(l, StatusFailed); err != nil {
			return err
		}
		return setAccount(l, c)
	}}
)

// MarkPaid records that the bank paid a pending line (bankRef).
func (s *Service) MarkPaid(ctx context.Context, who Actor, c Change) (*Line, error) {
	return s.apply(ctx, who, c, movePaid)
}

// MarkFailed records that the bank refused a pending line (bankMessage):
// it returns to finance.
func (s *Service) MarkFailed(ctx context.Context, who Actor, c Change) (*Line, error) {
	return s.apply(ctx, who, c, moveFailed)
}

// CorrectFailure changes a failed line's message, or sends it again
// (pending) when resend.
func (s *Service) CorrectFailure(ctx context.Context, who Actor, c Change, resend bool) (*Line, error) {
	if resend {
		return s.apply(ctx, who, c, moveResend)
	}
	return s.apply(ctx, who, c, moveMessage)
}

// SetAccount gives a line without one its payee account (create), or
// corrects the account of a failed line.
func (s *Service) SetAccount(ctx context.Context, who Actor, c Change, create bool) (*Line, error) {
	if create {
		return s.apply(ctx, who, c, moveAddAccount)
	}
	return s.apply(ctx, who, c, moveAccount)
}

// apply makes change c of a line by finance staff who, in one transaction
// against the version c saw.
func (s *Service) apply(ctx context.Context, who Actor, c Change, m move) (*Line, error) {
	if !IsFinance(who) {
		return nil, notFinance()
	}
	statuses, err := s.statuses(ctx, []string{c.BusinessID})
	if err != nil {
		return nil, err
	}
	may, err := s.authority(ctx)
	if err != nil {
		return nil, err
	}
	var out *Line
	err = s.store.InTx(ctx, func(tx Tx) error {
		l, err := lineOf(tx, who, c, statuses, may)
		if err != nil {
			return err
		}
		if c.Version != l.Version {
			return stale(l)
		}
		if out, err = s.change(tx, who, l, c, m); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// change applies m to l (of version l.Version) in tx.
func (s *Service) change(tx Tx, who Actor, l *Line, c Change, m move) (*Line, error) {
	version := l.Version
	if err := m.apply(l, c); err != nil {
		return nil, err
	}
	now := s.now()
	stamp(l, who.Username(), now)
	ok, err := tx.UpdateLine(*l, version)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, stale(l)
	}
	if m.action == ActionPaid && s.contracts != nil {
		if err := s.contracts.Paid(tx, *l, who.Username(), now); err != nil {
			return nil, err
		}
	}
	msg := l.BankMessage
	if m.action == ActionPaid {
		msg = l.BankRef
	}
	if m.action == ActionAccount {
		msg = engine.MaskAccountNumber(l.Account)
	}
	return l, tx.AddEvent(l.BusinessID, Event{LineID: l.ID, Action: m.action, Status: l.Status, Message: msg, By: who.Username(), At: now})
}

// statuses are the documents' statuses by business id ("" none), read
// before a transaction (SQLite has one connection: a read beside the
// transaction would wait for it).
func (s *Service) statuses(ctx context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{}
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if _, done := out[id]; done || id == "" {
			continue
		}
		st, err := s.docs.Status(ctx, id)
		if err != nil {
			return nil, err
		}
		out[id] = st
	}
	return out, nil
}

// lineOf is the line c names that finance staff who may move: ENOTFOUND
// for an unknown document or line, ECONFLICT for a document not approved
// yet (statuses: the documents' statuses), EFORBIDDEN for a line of a
// company not theirs or of contracts they are not authorised for (may).
func lineOf(tx Tx, who Actor, c Change, statuses map[string]string, may Authority) (*Line, error) {
	id := strings.TrimSpace(c.BusinessID)
	if id == "" {
		return nil, refuse(engine.EINVALID, "businessId", "请填写单号", "businessId is missing", "กรุณาระบุเลขที่เอกสาร")
	}
	l, err := tx.Line(id, c.Item)
	if err != nil || l != nil {
		if l != nil && !mayPay(who, *l) {
			return nil, refuse(engine.EFORBIDDEN, "businessId", fmt.Sprintf("单据%s不属于您的公司", id),
				fmt.Sprintf("document %s is not of your companies", id), fmt.Sprintf("เอกสาร %s ไม่ใช่ของบริษัทของคุณ", id))
		}
		if l != nil {
			if err := may(who, *l); err != nil {
				return nil, err
			}
		}
		return l, err
	}
	shown := engine.Clip(id, 40)
	switch statuses[id] {
	case "":
		return nil, refuse(engine.ENOTFOUND, "businessId", fmt.Sprintf("没有单号为%s的单据", shown),
			fmt.Sprintf("there is no document %s", shown), fmt.Sprintf("ไม่มีเอกสาร %s", shown))
	case Approved:
		return nil, refuse(engine.ENOTFOUND, "item", fmt.Sprintf("单据%s没有第%d行付款", shown, c.Item),
			fmt.Sprintf("document %s has no payment line %d", shown, c.Item), fmt.Sprintf("เอกสาร %s ไม่มีรายการจ่ายเงินที่ %d", shown, c.Item))
	}
	return nil, refuse(engine.ECONFLICT, "businessId", fmt.Sprintf("单据%s尚未审批完成，不能付款", shown),
		fmt.Sprintf("document %s is not approved yet: it cannot be paid", shown), fmt.Sprintf("เอกสาร %s ยังไม่ได้รับอนุมัติ จึงจ่ายเงินไม่ได้", shown))
}

// from refuses a move of l unless it is in status want.
func from(l *Line, want string) error {
	switch {
	case l.Status == want:
		return nil
	case l.Status == StatusPaid:
		return alreadyPaid(l)
	case want == StatusFailed:
		return refuse(engine.ECONFLICT, "status", fmt.Sprintf("第%d行付款未失败（%s）", l.Item, l.Status),
			fmt.Sprintf("payment line %d has not failed (it is %s)", l.Item, l.Status), fmt.Sprintf("รายการจ่ายเงินที่ %d ไม่ได้ล้มเหลว (%s)", l.Item, l.Status))
	}
	return refuse(engine.ECONFLICT, "status", fmt.Sprintf("第%d行付款已失败，请更正后重新发送", l.Item),
		fmt.Sprintf("payment line %d failed: correct it and send it again first", l.Item), fmt.Sprintf("รายการจ่ายเงินที่ %d ล้มเหลว กรุณาแก้ไขแล้วส่งใหม่ก่อน", l.Item))
}

func alreadyPaid(l *Line) error {
	return refuse(engine.ECONFLICT, "status", fmt.Sprintf("第%d行已付款（%s）", l.Item, l.BankRef),
		fmt.Sprintf("payment line %d is paid already (%s)", l.Item, l.BankRef), fmt.Sprintf("รายการจ่ายเงินที่ %d จ่ายแล้ว (%s)", l.Item, l.BankRef))
}

func stale(l *Line) error {
	return refuse(engine.ECONFLICT, "version", fmt.Sprintf("第%d行付款已被他人修改（当前版本%d），请刷新", l.Item, l.Version),
		fmt.Sprintf("payment line %d was changed meanwhile (version %d now): reload it", l.Item, l.Version),
		fmt.Sprintf("รายการจ่ายเงินที่ %d ถูกแก้ไขไปแล้ว (เวอร์ชัน %d) กรุณาโหลดใหม่", l.Item, l.Version))
}

// required is a trimmed value of at most n characters, refused when blank.
func required(path, v string, n int, zh, en, th string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", refuse(engine.EINVALID, path, "请填写"+zh, en+" is missing", "กรุณาระบุ"+th)
	}
	if len([]rune(v)) > n {
		return "", refuse(engine.EINVALID, path, fmt.Sprintf("%s不能超过%d个字符", zh, n), fmt.Sprintf("the %s has more than %d characters", en, n),
			fmt.Sprintf("%s ต้องไม่เกิน %d ตัวอักษร", th, n))
	}
	return v, nil
}

// setAccount sets l's payee account from c: the account number is
// required, digits (spaces and dashes dropped), at most 34.
func setAccount(l *Line, c Change) error {
	acc := strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(c.Account))
	if acc == "" {
		return refuse(engine.EINVALID, "account", "请填写收款账号", "account is missing", "กรุณาระบุเลขที่บัญชี")
	}
	if len(acc) > 34 || strings.ContainsFunc(acc, func(r rune) bool { return r < '0' || r > '9' }) {
		return refuse(engine.EINVALID, "account", "收款账号须为不超过34位的数字", "the account number has digits only, at most 34",
			"เลขที่บัญชีต้องเป็นตัวเลขไม่เกิน 34 หลัก")
	}
	if name := strings.TrimSpace(c.AccountName); name != "" {
		l.AccountName = engine.Clip(name, 100)
	}
	if b := strings.TrimSpace(c.Bank); b != "" {
		l.Bank = engine.Clip(b, 100)
	}
	if n := strings.TrimSpace(c.Cnaps); n != "" {
		l.Cnaps = engine.Clip(n, 20)
	}
	l.Account = acc
	return nil
}
