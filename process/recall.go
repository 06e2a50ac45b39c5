package process

import (
	"context"
	"fmt"

	"formwork/documents"
	"formwork/engine"
)

// StatusRecalled ends an approval its applicant recalled before anyone
// decided on it.
const StatusRecalled = "recalled"

// actionRecall is the lifecycle action of a recall (schemas/_lifecycle.yaml).
const actionRecall = "recall"

// Recall takes a submitted document back before the first decision of an
// approver: it goes where the lifecycle's recall leads (draft), its
// approval ends with its open and pending tasks cancelled and the
// document off every to-do list, the budget it holds is released, and the
// event is written, all in one unit of work. Its owner (maker, reimburser,
// their delegates, an administrator) may recall it. Once someone decided
// (approve, reject, add-sign, supplement) it is ECONFLICT naming who and
// when; of a recall and a decision at the same moment exactly one wins:
// both first take the open task (the decision completes it, the recall
// cancels it, each only while it is open), then move the document from the
// version they read.
func (s *Service) Recall(ctx context.Context, r Request) (*View, error) {
	rec, doc, _, err := s.Load(ctx, r)
	if err != nil {
		return nil, err
	}
	if err := s.MustBeOwner(ctx, r.Who, rec, actionRecall); err != nil {
		return nil, err
	}
	to, err := s.Next(rec.BusinessID, doc.Type.Family, rec.Status, actionRecall, false)
	if err != nil {
		return nil, err
	}
	if err := s.mustBeUndecided(ctx, rec, r.Lang); err != nil {
		return nil, err
	}
	open, err := s.store.OpenTask(ctx, rec.BusinessID)
	if err != nil {
		return nil, err
	}
	now, me := s.now(), r.Who.Username()
	err = s.store.InTx(ctx, func(tx Tx) error {
		if open != nil {
			cancelled, err := tx.CancelTask(open.TaskID)
			if err != nil {
				return err
			}
			if !cancelled {
				return errRefused // decided meanwhile
			}
		}
		if err := writeTransition(tx, rec, doc, transition{Action: actionRecall, To: to, By: me, Comment: r.Comment, At: now}); err != nil {
			return err
		}
		if rec.ProcessID != "" {
			if err := tx.EndProcess(rec.ProcessID, StatusRecalled, now); err != nil {
				return err
			}
		}
		if err := tx.CloseTodos(rec.BusinessID, now); err != nil {
			return err
		}
		return s.releaseAll(tx, rec.BusinessID, me, now)
	})
	if err == errRefused || engine.ErrorCode(err) == engine.ECONFLICT {
		// someone was quicker: say who decided, if that is what happened
		if derr := s.mustBeUndecided(ctx, rec, r.Lang); derr != nil {
			return nil, derr
		}
		if err == errRefused {
			err = changedMeanwhile(rec.BusinessID)
		}
	}
	if err != nil {
		return nil, err
	}
	return s.View(ctx, r.Who, rec.BusinessID, r.Lang)
}

// mustBeUndecided refuses (ECONFLICT) a document of whose current approval
// a task was completed: someone decided, and the recall is too late.
func (s *Service) mustBeUndecided(ctx context.Context, rec *documents.Record, lang string) error {
	first, err := s.firstDecision(ctx, rec)
	if err != nil || first == nil {
		return err
	}
	name, at := s.displayName(ctx, first.CompleteBy), TimeText(first.CompleteAt)
	fam := ""
	if dt := s.docs.StoredType(rec); dt != nil {
		fam = dt.Family
	}
	return engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
		"zh": fmt.Sprintf("单据%s已由%s于%s审批（%s），不能再撤回", rec.BusinessID, name, at, s.ActionTitle(fam, first.TaskReult, "zh")),
		"en": fmt.Sprintf("document %s can no longer be recalled: %s decided on it at %s (%s)", rec.BusinessID, name, at, s.ActionTitle(fam, first.TaskReult, "en")),
		"th": fmt.Sprintf("เอกสาร %s ไม่สามารถเรียกคืนได้แล้ว: %s พิจารณาแล้วเมื่อ %s (%s)", rec.BusinessID, name, at, s.ActionTitle(fam, first.TaskReult, "th")),
	})
}

// firstDecision is the first completed task of the document's current
// approval; nil when nobody decided on it yet (or it is in none).
func (s *Service) firstDecision(ctx context.Context, rec *documents.Record) (*Task, error) {
	if rec.ProcessID == "" {
		return nil, nil
	}
	tasks, err := s.store.Tasks(ctx, rec.BusinessID)
	if err != nil {
		return nil, err
	}
	return FirstDecision(tasks, rec.ProcessID), nil
}

// FirstDecision is the earliest completed task of approval processID
// among tasks; nil when none was completed.
func FirstDecision(tasks []Task, processID string) *Task {
	var first *Task
	for i, t := range tasks {
		if t.ProcessID != processID || t.Status != TaskDone || t.CompleteAt == nil {
			continue
		}
		if first == nil || t.CompleteAt.Before(*first.CompleteAt) {
			first = &tasks[i]
		}
	}
	return first
}

// changedMeanwhile refuses a transition someone else's came before.
func changedMeanwhile(businessID string) error {
	return engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
		"zh": fmt.Sprintf("单据%s刚被他人处理，请重新加载后再试", businessID),
		"en": fmt.Sprintf("document %s was acted on meanwhile by someone else: reload it and try again", businessID),
		"th": fmt.Sprintf("เอกสาร %s เพิ่งถูกผู้อื่นดำเนินการ กรุณาโหลดใหม่แล้วลองอีกครั้ง", businessID)})
}
