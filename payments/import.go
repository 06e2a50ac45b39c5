package payments

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"formwork/engine"
)

// ImportRow is one row of the bank's results (the payment import): the
// line, paid with the bank's reference or failed with its message. Row is
// the row of the file (for the findings).
type ImportRow struct {
	Row         int
	BusinessID  string
	Item        int
	Result      string // StatusPaid or StatusFailed
	BankRef     string
	BankMessage string
}

// ImportRefusal is an import refused for its rows' findings: nothing was
// written.
type ImportRefusal struct{ Findings []engine.Finding }

func (r *ImportRefusal) Error() string {
	return fmt.Sprintf("the payment import has %d findings: nothing was imported", len(r.Findings))
}

// Import books the bank's results, all or nothing: every row moves its
// pending line to paid or failed, in one transaction; a row that cannot
// (unknown line, not pending, not of the user's companies, a second row of
// the same line, a missing reference or message) is a finding and nothing
// is written. It answers the lines moved.
func (s *Service) Import(ctx context.Context, who Actor, rows []ImportRow) ([]Line, error) {
	if !IsFinance(who) {
		return nil, notFinance()
	}
	if len(rows) == 0 {
		return nil, refuse(engine.EINVALID, "file", "文件中没有付款结果行", "the file has no payment result rows", "ไฟล์ไม่มีแถวผลการจ่ายเงิน")
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.BusinessID
	}
	statuses, err := s.statuses(ctx, ids)
	if err != nil {
		return nil, err
	}
	may, err := s.authority(ctx)
	if err != nil {
		return nil, err
	}
	var moved []Line
	var findings []engine.Finding
	err = s.store.InTx(ctx, func(tx Tx) error {
		seen := map[string]int{}
		for _, r := range rows {
			key := fmt.Sprintf("%s#%d", strings.TrimSpace(r.BusinessID), r.Item)
			if at, dup := seen[key]; dup {
				findings = append(findings, rowFinding(r, "item", refuse(engine.EINVALID, "item",
					fmt.Sprintf("与第%d行重复", at), fmt.Sprintf("the same line as row %d", at), fmt.Sprintf("ซ้ำกับแถวที่ %d", at))))
				continue
			}
			seen[key] = r.Row
			l, err := s.importRow(tx, who, r, statuses, may)
			var refusal *engine.Error
			switch {
			case errors.As(err, &refusal):
				findings = append(findings, rowFinding(r, refusal.Path, err))
			case err != nil:
				return err
			default:
				moved = append(moved, *l)
			}
		}
		if len(findings) > 0 {
			return &ImportRefusal{Findings: findings}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return moved, nil
}

// importRow moves the line of r in tx.
func (s *Service) importRow(tx Tx, who Actor, r ImportRow, statuses map[string]string, may Authority) (*Line, error) {
	c := Change{BusinessID: r.BusinessID, Item: r.Item, BankRef: r.BankRef, BankMessage: r.BankMessage}
	var m move
	switch strings.ToLower(strings.TrimSpace(r.Result)) {
	case StatusPaid:
		m = movePaid
	case StatusFailed:
		m = moveFailed
	default:
		return nil, badChoice("result", r.Result, []string{StatusPaid, StatusFailed})
	}
	l, err := lineOf(tx, who, c, statuses, may)
	if err != nil {
		return nil, err
	}
	return s.change(tx, who, l, c, m)
}

// rowFinding is the finding of row r of the import: err's message, at the
// row's column path.
func rowFinding(r ImportRow, path string, err error) engine.Finding {
	var e *engine.Error
	msg := err.Error()
	t := engine.Text{"zh": msg, "en": msg, "th": msg}
	if errors.As(err, &e) && e.Text != nil {
		t = e.Text
	}
	if path == "" {
		path = "businessId"
	}
	return engine.Finding{Path: fmt.Sprintf("rows[%d].%s", r.Row, path), Rule: "payments.import", Severity: engine.SeverityError, Message: engine.RowText(r.Row, t)}
}
