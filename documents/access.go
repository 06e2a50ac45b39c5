package documents

import (
	"context"
	"fmt"
	"strings"

	"formwork/engine"
)

// MayOpen decides whether who may read and change a stored document: its
// maker or reimburser (applicant), an active delegate of either, the owner
// of an open to-do item on it (or their delegate), finance staff (scope
// company) of its company, an administrator (scope all). Anyone else gets
// EFORBIDDEN.
func (s *Service) MayOpen(ctx context.Context, who Actor, rec *Record) error {
	me := who.Username()
	switch {
	case who.Scope() == ScopeAll, rec.CreateBy == me, rec.Applicant == me:
		return nil
	case who.Scope() == ScopeCompany && who.WorksFor(rec.CompanyCode):
		return nil
	}
	for _, owner := range []string{rec.CreateBy, rec.Applicant} {
		if ok, err := s.people.IsDelegate(ctx, me, owner); err != nil || ok {
			return err
		}
	}
	if ok, err := s.store.OnTodoList(ctx, me, rec.BusinessID, s.today()); err != nil || ok {
		return err
	}
	return engine.Refuse(engine.EFORBIDDEN, "businessId", engine.Text{
		"zh": fmt.Sprintf("您无权查看或修改单据%s：它既不是您的单据，也不在您的待办中", rec.BusinessID),
		"en": fmt.Sprintf("you may not open document %s: it is neither yours (as maker or reimburser) nor on your to-do list", rec.BusinessID),
		"th": fmt.Sprintf("คุณไม่มีสิทธิ์เปิดเอกสาร %s: ไม่ใช่เอกสารของคุณ (ในฐานะผู้จัดทำหรือผู้เบิก) และไม่อยู่ในรายการรอดำเนินการของคุณ", rec.BusinessID),
	})
}

// MayRead is MayOpen for reading only (load, history, print): it also lets
// in whoever decided on the document (an approver who approved or rejected
// it keeps it in their completed list), without letting them change it.
func (s *Service) MayRead(ctx context.Context, who Actor, rec *Record) error {
	err := s.MayOpen(ctx, who, rec)
	if engine.ErrorCode(err) != engine.EFORBIDDEN {
		return err
	}
	decided, qerr := s.store.HasDecided(ctx, who.Username(), rec.BusinessID)
	if qerr != nil {
		return qerr
	}
	if decided {
		return nil
	}
	return err
}

// IsOwner reports whether who acts for the document's owner: its maker,
// its reimburser, an active delegate of either, or an administrator.
func (s *Service) IsOwner(ctx context.Context, who Actor, rec *Record) (bool, error) {
	me := who.Username()
	if who.Scope() == ScopeAll || me == rec.CreateBy || me == rec.Applicant {
		return true, nil
	}
	for _, owner := range []string{rec.CreateBy, rec.Applicant} {
		if ok, err := s.people.IsDelegate(ctx, me, owner); err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// FillFiler completes a new document's reimburser before it is checked:
// authorBy files it for that person (who must be their active delegate;
// head.applicant becomes authorBy), a blank applicant is the user. The
// company is not filled in: it picks the document's edition when the body
// is read, so the client sends it. The maker (head.createBy) is always the
// signed-in user, written after the check.
func (s *Service) FillFiler(ctx context.Context, who Actor, authorBy string, head engine.Values) error {
	applicant := strings.TrimSpace(head.String("applicant"))
	authorBy = strings.ToLower(strings.TrimSpace(authorBy))
	if authorBy == "" {
		if applicant == "" {
			head["applicant"] = who.Username()
		}
		return nil
	}
	a, b := engine.Clip(applicant, 64), engine.Clip(authorBy, 64)
	if applicant != "" && applicant != authorBy {
		return engine.Refuse(engine.EINVALID, "head.applicant", engine.Text{
			"zh": fmt.Sprintf("报账人为%s，但代理制单的委托人为%s：为他人制单时报账人须为委托人", a, b),
			"en": fmt.Sprintf("head.applicant is %s but authorBy is %s: a document filed for someone names them as its reimburser", a, b),
			"th": fmt.Sprintf("ผู้เบิกคือ %s แต่ผู้มอบอำนาจคือ %s: เอกสารที่จัดทำแทนผู้อื่นต้องระบุผู้มอบอำนาจเป็นผู้เบิก", a, b),
		})
	}
	ok, err := s.people.IsDelegate(ctx, who.Username(), authorBy)
	if err != nil {
		return err
	}
	if !ok {
		return engine.Refuse(engine.EFORBIDDEN, "authorBy", engine.Text{
			"zh": fmt.Sprintf("%s今天没有授权您代理制单", b),
			"en": fmt.Sprintf("%s has not authorised you to file documents for them today", b),
			"th": fmt.Sprintf("%s ไม่ได้มอบอำนาจให้คุณจัดทำเอกสารแทนในวันนี้", b),
		})
	}
	head["applicant"] = authorBy
	return nil
}

// MayFileFor decides whether who may save a document whose reimburser is
// applicant in company: for themself in one of their companies; for a
// delegator in one of the delegator's companies; finance staff for anyone
// in one of their companies; administrators for anyone anywhere. A blank
// company is left to the document's check, which names it.
func (s *Service) MayFileFor(ctx context.Context, who Actor, applicant, company string) error {
	if who.Scope() == ScopeAll {
		return nil
	}
	a, c := engine.Clip(applicant, 64), engine.Clip(company, 20)
	notYourCompany := func() error { // made only when refused: most saves are allowed
		return engine.Refuse(engine.EFORBIDDEN, "head.companyCode", engine.Text{
			"zh": fmt.Sprintf("%s不属于公司%s，不能以该公司报账", a, c),
			"en": fmt.Sprintf("%s does not work for company %s: file the document in one of their companies", a, c),
			"th": fmt.Sprintf("%s ไม่ได้สังกัดบริษัท %s: กรุณาจัดทำเอกสารในบริษัทที่สังกัด", a, c),
		})
	}
	if applicant == who.Username() {
		if company != "" && !who.WorksFor(company) {
			return notYourCompany()
		}
		return nil
	}
	delegate, err := s.people.IsDelegate(ctx, who.Username(), applicant)
	if err != nil {
		return err
	}
	if delegate {
		if company == "" {
			return nil
		}
		works, err := s.people.WorksFor(ctx, applicant, company)
		if err != nil || works {
			return err
		}
		return notYourCompany()
	}
	if who.Scope() == ScopeCompany && (company == "" || who.WorksFor(company)) {
		return nil
	}
	return engine.Refuse(engine.EFORBIDDEN, "head.applicant", engine.Text{
		"zh": fmt.Sprintf("您只能为本人或授权您代理制单的人报账，不能为%s报账", a),
		"en": fmt.Sprintf("you may file documents only for yourself or for someone who authorised you (?authorBy=), not for %s", a),
		"th": fmt.Sprintf("คุณจัดทำเอกสารได้เฉพาะของตนเองหรือของผู้ที่มอบอำนาจให้คุณ (?authorBy=) เท่านั้น ไม่ใช่ของ %s", a),
	})
}
