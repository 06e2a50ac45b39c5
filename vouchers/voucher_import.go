package vouchers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"formwork/documents"
	"formwork/engine"
	"formwork/outbound"
)

// ImportMenu is the voucher import's menu (凭证导入, finance /CW).
const ImportMenu = "CW00002"

// ResultRow is one row of the voucher import: the posting result of a
// document's voucher posted outside the adapter. Row is the file's row.
type ResultRow struct {
	Row        int
	BusinessID string
	SapBelnr   string // the accounting document number (posted)
	FiscalYear string // its fiscal year (posted)
	Status     string // StatusPosted (S) or StatusFailed (E)
	Message    string // the accounting system's message (required when E)
}

// ImportRefusal is an import refused for its rows' findings: nothing was
// written.
type ImportRefusal struct{ Findings []engine.Finding }

func (r *ImportRefusal) Error() string {
	return fmt.Sprintf("the voucher import has %d findings: nothing was imported", len(r.Findings))
}

var yearPattern = regexp.MustCompile(`^[0-9]{4}$`)

// Import books the posting results of vouchers posted outside the
// adapter, all or nothing: each row's voucher (kept, or generated now from
// an approved document the user may read) becomes posted with its
// accounting number and fiscal year, or failed with the message, and a
// push-log entry records the row. A row that cannot (unknown or not
// approved document, a voucher posted or reversed already, a repeated
// document, a missing number, year or message, a status other than S or
// E) is a finding at rows[n].column and nothing is written.
func (s *Service) Import(ctx context.Context, who documents.Actor, rows []ResultRow) ([]*Voucher, error) {
	if len(rows) == 0 {
		return nil, engine.Refuse(engine.EINVALID, "file", engine.Text{"zh": "文件中没有凭证过账结果行",
			"en": "the file has no voucher posting result rows", "th": "ไฟล์ไม่มีแถวผลการผ่านรายการใบสำคัญ"})
	}
	var out []*Voucher
	var findings []engine.Finding
	seen := map[string]int{}
	for _, r := range rows {
		r.BusinessID = strings.TrimSpace(r.BusinessID)
		if at, dup := seen[r.BusinessID]; dup && r.BusinessID != "" {
			findings = append(findings, rowFinding(r, "businessId", engine.Text{"zh": fmt.Sprintf("与第%d行是同一单据", at),
				"en": fmt.Sprintf("the same document as row %d", at), "th": fmt.Sprintf("เป็นเอกสารเดียวกับแถวที่ %d", at)}))
			continue
		}
		seen[r.BusinessID] = r.Row
		v, err := s.importRow(ctx, who, r)
		var refusal *engine.Error
		switch {
		case errors.As(err, &refusal):
			findings = append(findings, rowFinding(r, refusal.Path, refusal.Text))
		case err != nil:
			return nil, err
		default:
			out = append(out, v)
		}
	}
	if len(findings) > 0 {
		return nil, &ImportRefusal{Findings: findings}
	}
	if err := s.store.PutAll(ctx, out); err != nil {
		return nil, err
	}
	s.logImport(ctx, who, rows)
	return out, nil
}

// importRow checks row r and answers its voucher with the result applied.
func (s *Service) importRow(ctx context.Context, who documents.Actor, r ResultRow) (*Voucher, error) {
	status := strings.ToUpper(strings.TrimSpace(r.Status))
	switch {
	case r.BusinessID == "":
		return nil, missing("businessId", "单据编号", "the document number", "เลขที่เอกสาร")
	case status != StatusPosted && status != StatusFailed:
		return nil, engine.Refuse(engine.EINVALID, "status", engine.Text{"zh": fmt.Sprintf("状态 %q 无效：应为 S（已过账）或 E（失败）", r.Status),
			"en": fmt.Sprintf("status %q: S (posted) or E (failed)", r.Status), "th": fmt.Sprintf("สถานะ %q ไม่ถูกต้อง: S (ผ่านรายการแล้ว) หรือ E (ล้มเหลว)", r.Status)})
	case status == StatusPosted && strings.TrimSpace(r.SapBelnr) == "":
		return nil, missing("sapBelnr", "会计凭证号", "the accounting document number", "เลขที่เอกสารบัญชี")
	case status == StatusPosted && !yearPattern.MatchString(strings.TrimSpace(r.FiscalYear)):
		return nil, engine.Refuse(engine.EINVALID, "fiscalYear", engine.Text{"zh": "会计年度应为四位数字", "en": "the fiscal year is four digits",
			"th": "ปีบัญชีต้องเป็นตัวเลขสี่หลัก"})
	case status == StatusFailed && strings.TrimSpace(r.Message) == "":
		return nil, missing("message", "失败消息", "the failure's message", "ข้อความความล้มเหลว")
	}
	v, err := s.Get(ctx, who, r.BusinessID)
	if err != nil {
		var e *engine.Error
		if errors.As(err, &e) {
			return nil, engine.Refuse(e.Code, "businessId", e.Text)
		}
		return nil, err
	}
	if v.SapStatus == StatusPosted || v.SapStatus == StatusReversed {
		return nil, engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
			"zh": fmt.Sprintf("凭证已过账（%s），不能再导入结果", v.SapBelnr), "en": fmt.Sprintf("the voucher is posted already (%s)", v.SapBelnr),
			"th": fmt.Sprintf("ใบสำคัญผ่านรายการแล้ว (%s)", v.SapBelnr)})
	}
	v.SapStatus, v.SapMsg, v.UpdatedAt = status, strings.TrimSpace(r.Message), s.cfg.Now()
	if status == StatusPosted {
		v.SapBelnr, v.FiscalYear = strings.TrimSpace(r.SapBelnr), strings.TrimSpace(r.FiscalYear)
		v.PostedBy, v.PostedAt = who.Username(), s.cfg.Now()
	}
	return v, nil
}

// logImport records each imported row in the push log (the voucher log),
// where postings through the adapter are recorded too.
func (s *Service) logImport(ctx context.Context, who documents.Actor, rows []ResultRow) {
	if s.cfg.Sender == nil || s.cfg.Sender.Log == nil {
		return
	}
	for _, r := range rows {
		req, _ := json.Marshal(map[string]string{"businessId": r.BusinessID, "sapBelnr": r.SapBelnr, "fiscalYear": r.FiscalYear,
			"sapStatus": strings.ToUpper(r.Status), "sapMsg": r.Message})
		st := outbound.StatusOK
		if strings.ToUpper(strings.TrimSpace(r.Status)) == StatusFailed {
			st = outbound.StatusFailed
		}
		// The entry records an import already kept: a log that fails to
		// write does not undo it.
		_ = s.cfg.Sender.Log.Record(ctx, outbound.Call{System: System, URL: "import/" + ImportMenu, Method: "IMPORT", ReqData: string(req),
			Response: r.SapBelnr + " " + r.Message, Status: st, BusinessID: r.BusinessID, At: s.cfg.Now(), By: who.Username(), Try: 1})
	}
}

func missing(path, zh, en, th string) error {
	return engine.Refuse(engine.EINVALID, path, engine.Text{"zh": "缺少" + zh, "en": en + " is required", "th": "ต้องระบุ" + th})
}

// rowFinding is the finding of row r at its column path.
func rowFinding(r ResultRow, path string, t engine.Text) engine.Finding {
	if path == "" {
		path = "businessId"
	}
	return engine.Finding{Path: fmt.Sprintf("rows[%d].%s", r.Row, path), Rule: "vouchers.import", Severity: engine.SeverityError, Message: engine.RowText(r.Row, t)}
}
