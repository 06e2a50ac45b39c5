package process

import (
	"context"
	"fmt"

	"formwork/documents"
	"formwork/engine"
)

// LoadToPostBudget loads a document whose owner posts its budget before
// submitting it: as Load does, then EFORBIDDEN unless who acts for its
// owner (as a save needs), then ECONFLICT when its state cannot be changed
// any more (its budget was occupied on submit).
func (s *Service) LoadToPostBudget(ctx context.Context, r Request) (*documents.Record, *engine.Document, error) {
	rec, doc, _, err := s.Load(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	if err := s.MustBeOwner(ctx, r.Who, rec, "save"); err != nil {
		return nil, nil, err
	}
	if st := s.Lifecycle().States[rec.Status]; st == nil || !st.Editable {
		return nil, nil, engine.Refuse(engine.ECONFLICT, "status", engine.Text{
			"zh": fmt.Sprintf("单据%s当前状态为%s，预算已随提交占用，不能再过账", rec.BusinessID, s.StateTitle(rec.Status, "zh")),
			"en": fmt.Sprintf("document %s is %s: its budget was posted on submit", rec.BusinessID, s.StateTitle(rec.Status, "en")),
			"th": fmt.Sprintf("เอกสาร %s อยู่ในสถานะ %s: งบประมาณถูกตั้งใช้ไปแล้วเมื่อส่งอนุมัติ จึงตั้งใช้อีกไม่ได้", rec.BusinessID, s.StateTitle(rec.Status, "th")),
		})
	}
	return rec, doc, nil
}
