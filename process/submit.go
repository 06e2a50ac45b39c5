package process

import (
	"context"
	"fmt"

	"formwork/documents"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// SubmitRequest is a submit: the request and the weak-control rules the
// user confirmed.
type SubmitRequest struct {
	Request
	Confirmed map[string]bool
}

// Submit sends a draft or returned document into approval: it runs the
// full pre-save check, fixes the approval route from the approver
// configuration, occupies the document's budget (strong control refuses,
// weak control asks to confirm) and opens the first task, all in one unit
// of work. A refusal by the check, routing or budget control is a
// *CheckRefusal; it answers the approval as the user now sees it.
func (s *Service) Submit(ctx context.Context, r SubmitRequest) (*View, error) {
	rec, doc, structural, err := s.Load(ctx, r.Request)
	if err != nil {
		return nil, err
	}
	if err := s.MustBeOwner(ctx, r.Who, rec, "submit"); err != nil {
		return nil, err
	}
	to, err := s.Next(rec.BusinessID, doc.Type.Family, rec.Status, "submit", false)
	if err != nil {
		return nil, err
	}
	lookup, err := s.docs.RuleLookup(ctx, doc) // the standards the rules read, as they are now
	if err != nil {
		return nil, err
	}
	res := engine.Check(doc, structural, engine.Options{Action: "edit", Confirmed: r.Confirmed, Lookup: lookup})
	if err := s.docs.CheckReferences(ctx, doc, &res); err != nil { // master data may have changed since the save
		return nil, err
	}
	if err := s.docs.CheckAttachments(ctx, doc, &res); err != nil { // the files the guide requires
		return nil, err
	}
	if !res.Valid {
		return nil, &CheckRefusal{Check: res}
	}
	rule, steps, err := s.route(ctx, rec, doc)
	if err != nil {
		return nil, err
	}
	plan, err := s.budget.Plan(ctx, doc)
	if err != nil {
		return nil, err
	}
	started, err := s.store.CountProcesses(ctx, rec.BusinessID)
	if err != nil {
		return nil, err
	}
	processID := fmt.Sprintf("%s-%d", rec.BusinessID, started+1)
	now, me := s.now(), r.Who.Username()
	var findings []engine.Finding
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := writeTransition(tx, rec, doc, transition{Action: "submit", To: to, By: me, Comment: r.Comment, At: now,
			Edit: func(h engine.Values) { h["processId"] = processID }}); err != nil {
			return err
		}
		var err error
		if findings, err = s.budget.Occupy(tx, rec.BusinessID, rec.DocType, plan, r.Confirmed, me, now); err != nil || len(findings) > 0 {
			return firstErr(err, errRefused)
		}
		if findings, err = s.holdAdvances(tx, doc, me, now); err != nil || len(findings) > 0 {
			return firstErr(err, errRefused)
		}
		tasks := make([]Task, len(steps))
		for i, st := range steps {
			tasks[i] = Task{ProcessID: processID, BusinessID: rec.BusinessID, Seq: i + 1, Step: st.Step, Assignee: st.Assignee, Status: TaskPending, CreatedAt: now}
		}
		tasks[0].Status, tasks[0].OpenedAt = TaskOpen, &now
		if err := tx.AddProcess(Instance{ProcessID: processID, BusinessID: rec.BusinessID, Status: StatusRunning, RuleID: rule.ID, StartedBy: me, StartedAt: now}, tasks); err != nil {
			return err
		}
		return tx.OpenTodo(rec.BusinessID, tasks[0].Assignee, now)
	})
	if len(findings) > 0 {
		return nil, refusedBy(doc, findings...)
	}
	if err != nil {
		return nil, err
	}
	return s.View(ctx, r.Who, rec.BusinessID, r.Lang)
}

// route is the approver configuration row that routes a document now and
// the tasks of its route; none (or no one but the applicant or maker) is a
// *CheckRefusal at head.companyCode.
func (s *Service) route(ctx context.Context, rec *documents.Record, doc *engine.Document) (ApproverRule, []ApprovalStep, error) {
	rules, err := s.ApproverRules(ctx)
	if err != nil {
		return ApproverRule{}, nil, err
	}
	head := doc.Head()
	amount, _ := head["amount"].(decimal.Decimal)
	rule, found := SelectApproverRule(rules, RouteFacts{CompanyCode: rec.CompanyCode, CostCenter: head.String("costCenter"),
		DocType: rec.DocType, BusinessType1: rec.BusinessType1, BusinessType2: rec.BusinessType2, Amount: amount})
	steps := rule.ApprovalSteps(rec.Applicant, rec.CreateBy)
	if found && len(steps) > 0 {
		return rule, steps, nil
	}
	c, a := rec.CompanyCode, amount.StringFixed(2)
	return rule, nil, refusedBy(doc, engine.Finding{Path: "head.companyCode", Rule: "approvalRoute", Severity: engine.SeverityError,
		Message: engine.Text{
			"zh": fmt.Sprintf("没有适用于公司%s、金额%s的审批人配置（本人不能审批自己的单据），请联系系统管理员", c, a),
			"en": fmt.Sprintf("no approver is configured for company %s and amount %s (nobody approves their own document): ask the administrator", c, a),
			"th": fmt.Sprintf("ไม่มีการกำหนดผู้อนุมัติสำหรับบริษัท %s และจำนวนเงิน %s (ไม่มีใครอนุมัติเอกสารของตนเองได้) กรุณาติดต่อผู้ดูแลระบบ", c, a),
		}})
}
