package server

import (
	"context"
	"fmt"
	"strings"
	"time"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// DocumentTodo is an open item of someone's to-do list: the document waits
// for Owner (an approver, or the applicant asked for more). The approval
// workflow (process_store.go) writes these; while one is open (DoneAt nil)
// the owner and the owner's active delegates may open the document.
type DocumentTodo struct {
	BusinessID string    `gorm:"primaryKey;size:40"`
	Owner      string    `gorm:"primaryKey;size:64"`
	CreatedAt  time.Time `gorm:"not null"`
	DoneAt     *time.Time
}

// mayOpen decides whether the user may read and change a stored document:
// its maker or reimburser (applicant), an active delegate of either, the
// owner of an open to-do item on it, finance staff (scope company) of its
// company, an administrator (scope all). Anyone else gets EFORBIDDEN.
func (s *Server) mayOpen(c echo.Context, id *Identity, rec *DocumentRecord) error {
	me := id.Username()
	switch {
	case id.Scope() == scopeAll, rec.CreateBy == me, rec.Applicant == me:
		return nil
	case id.Scope() == scopeCompany && id.WorksFor(rec.CompanyCode):
		return nil
	}
	ctx := c.Request().Context()
	for _, owner := range []string{rec.CreateBy, rec.Applicant} {
		if ok, err := s.isDelegate(ctx, me, owner); err != nil || ok {
			return err
		}
	}
	if ok, err := s.onTodoList(ctx, me, rec.BusinessID); err != nil || ok {
		return err
	}
	return engine.Errorf(engine.EFORBIDDEN, "businessId", "%s", say(c,
		fmt.Sprintf("您无权查看或修改单据%s：它既不是您的单据，也不在您的待办中", rec.BusinessID),
		fmt.Sprintf("you may not open document %s: it is neither yours (as maker or reimburser) nor on your to-do list", rec.BusinessID)))
}

// onTodoList reports whether the document is on the to-do list of owner or
// of someone owner acts for today (an active delegation: a delegate
// completes the delegator's tasks).
// mayRead is mayOpen for reading only (load, history, print): it also lets
// in whoever decided on the document (an approver who approved or rejected
// it keeps it in their completed list), without letting them change it.
func (s *Server) mayRead(c echo.Context, id *Identity, rec *DocumentRecord) error {
	err := s.mayOpen(c, id, rec)
	if engine.ErrorCode(err) != engine.EFORBIDDEN {
		return err
	}
	var n int64
	if qerr := s.db.WithContext(c.Request().Context()).Model(&DocumentDone{}).
		Where("business_id = ? AND owner = ?", rec.BusinessID, id.Username()).Count(&n).Error; qerr != nil {
		return fmt.Errorf("look up completed list: %w", qerr)
	}
	if n > 0 {
		return nil
	}
	return err
}

func (s *Server) onTodoList(ctx context.Context, owner, businessID string) (bool, error) {
	var n int64
	db := s.db.WithContext(ctx)
	today := s.today()
	delegators := db.Model(&Delegation{}).Select("author_by").
		Where("author_to = ? AND author_status = ? AND active_from <= ? AND active_to >= ?", owner, delegationActive, today, today)
	err := db.Model(&DocumentTodo{}).Where("business_id = ? AND done_at IS NULL AND (owner = ? OR owner IN (?))", businessID, owner, delegators).Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("look up to-do list: %w", err)
	}
	return n > 0, nil
}

// fillFiler completes a new document's reimburser from the request before
// it is checked: ?authorBy=X files it for X (the user must be X's active
// delegate; head.applicant becomes X), a blank applicant is the user. The
// company is not filled in: it picks the document's edition when the body
// is read, so the client sends it (the X-company context or the user's
// compId). The maker (head.createBy) is always the signed-in user, written
// after the check.
func (s *Server) fillFiler(c echo.Context, id *Identity, head engine.Values) error {
	applicant := strings.TrimSpace(head.String("applicant"))
	if authorBy := strings.ToLower(strings.TrimSpace(c.QueryParam("authorBy"))); authorBy != "" {
		if applicant != "" && applicant != authorBy {
			return engine.Errorf(engine.EINVALID, "head.applicant", "head.applicant is %s but authorBy is %s: a document filed for someone names them as its reimburser",
				clipText(applicant, 64), clipText(authorBy, 64))
		}
		ok, err := s.isDelegate(c.Request().Context(), id.Username(), authorBy)
		if err != nil {
			return err
		}
		if !ok {
			return engine.Errorf(engine.EFORBIDDEN, "authorBy", "%s", say(c,
				fmt.Sprintf("%s今天没有授权您代理制单", clipText(authorBy, 64)),
				fmt.Sprintf("%s has not authorised you to file documents for them today", clipText(authorBy, 64))))
		}
		head["applicant"] = authorBy
	} else if applicant == "" {
		head["applicant"] = id.Username()
	}
	return nil
}

// mayFileFor decides whether the user may save a document whose reimburser
// is applicant in company: for themself in one of their companies; for a
// delegator in one of the delegator's companies; finance staff for anyone
// in one of their companies; administrators for anyone anywhere. A blank
// company is left to the document's check, which names it.
func (s *Server) mayFileFor(c echo.Context, id *Identity, applicant, company string) error {
	if id.Scope() == scopeAll {
		return nil
	}
	ctx := c.Request().Context()
	notYourCompany := func() error {
		return engine.Errorf(engine.EFORBIDDEN, "head.companyCode", "%s", say(c,
			fmt.Sprintf("%s不属于公司%s，不能以该公司报账", clipText(applicant, 64), clipText(company, 20)),
			fmt.Sprintf("%s does not work for company %s: file the document in one of their companies", clipText(applicant, 64), clipText(company, 20))))
	}
	if applicant == id.Username() {
		if company != "" && !id.WorksFor(company) {
			return notYourCompany()
		}
		return nil
	}
	delegate, err := s.isDelegate(ctx, id.Username(), applicant)
	if err != nil {
		return err
	}
	if delegate {
		delegator, err := s.identityOf(ctx, applicant)
		if err != nil {
			return err
		}
		if delegator == nil || company != "" && !delegator.WorksFor(company) {
			return notYourCompany()
		}
		return nil
	}
	if id.Scope() == scopeCompany && (company == "" || id.WorksFor(company)) {
		return nil
	}
	return engine.Errorf(engine.EFORBIDDEN, "head.applicant", "%s", say(c,
		fmt.Sprintf("您只能为本人或授权您代理制单的人报账，不能为%s报账", clipText(applicant, 64)),
		fmt.Sprintf("you may file documents only for yourself or for someone who authorised you (?authorBy=), not for %s", clipText(applicant, 64))))
}
