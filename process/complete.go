package process

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/documents"
	"formwork/engine"
)

// Results are the results of completing a task: lifecycle actions.
var Results = []string{"approve", "reject", "addSign", "supplement"}

// CompleteRequest completes a task: TaskID with Result (approve, reject,
// addSign, supplement), the comment (required for reject and supplement:
// why, or what to supplement), and for addSign the Approver to add.
type CompleteRequest struct {
	Request
	TaskID   int64
	Result   string
	Approver string
}

// Check checks Request and what completing a task needs besides.
func (r *CompleteRequest) Check(example string) error {
	if err := r.Request.Check(example); err != nil {
		return err
	}
	r.Approver = strings.ToLower(strings.TrimSpace(r.Approver))
	switch {
	case r.TaskID <= 0:
		return missing("taskId", example)
	case !slices.Contains(Results, r.Result):
		list, got := strings.Join(Results, ", "), engine.Clip(r.Result, 20)
		return engine.Refuse(engine.EINVALID, "result", engine.Text{
			"zh": fmt.Sprintf("result 须为 %s 之一，而不是 %q", list, got),
			"en": fmt.Sprintf("result must be one of %s, not %q", list, got),
			"th": fmt.Sprintf("result ต้องเป็นหนึ่งใน %s ไม่ใช่ %q", list, got)})
	case (r.Result == "reject" || r.Result == "supplement") && r.Comment == "":
		return engine.Refuse(engine.EINVALID, "comment", engine.Text{
			"zh": "驳回或要求补充资料时请填写意见",
			"en": "a reject or a supplement request needs a comment saying why or what",
			"th": "การตีกลับหรือการขอข้อมูลเพิ่มเติมต้องระบุความเห็นว่าเพราะอะไรหรือต้องการอะไร"})
	case r.Result == "addSign" && r.Approver == "":
		return engine.Refuse(engine.EINVALID, "approver", engine.Text{
			"zh": "加签须指定加签人（approver：用户名）",
			"en": "addSign needs the approver to add (approver: a username)",
			"th": "การเพิ่มผู้อนุมัติต้องระบุผู้อนุมัติที่จะเพิ่ม (approver: ชื่อผู้ใช้)"})
	}
	return nil
}

// Complete completes an open task as its assignee or their active
// delegate: approve (the next task opens, or the document is approved and
// its budget consumed), reject (back to the applicant as returned, budget
// released), addSign (Approver decides next, before the following step),
// supplement (the applicant is asked for more; the applicant answers with
// result supplement on their own task, and the asking approver decides
// again). Nobody decides on their own document. Of two people completing
// one task one wins, the other gets ECONFLICT.
func (s *Service) Complete(ctx context.Context, r CompleteRequest) (*View, error) {
	rec, doc, _, err := s.docs.Stored(ctx, r.BusinessID)
	if err != nil {
		return nil, err
	}
	task, err := s.taskToComplete(ctx, r, rec)
	if err != nil {
		return nil, err
	}
	family := doc.Type.Family
	if _, err := s.Next(rec.BusinessID, family, rec.Status, r.Result, false); err != nil {
		return nil, err
	}
	if r.Result == "addSign" {
		if err := s.checkAddedApprover(ctx, rec, task, r.Approver, r.Who.Username()); err != nil {
			return nil, err
		}
	}
	var asking *Task // the approval task a supplement answer goes back to
	if task.Step == StepSupplement {
		if asking, err = s.store.AskingTask(ctx, task.ProcessID, task.Seq); err != nil {
			return nil, err
		}
	}
	now := s.now()
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := completeTask(tx, task, r.Who.Username(), r.Result, r.Comment, now); err != nil {
			return err
		}
		last, err := s.advance(tx, rec, doc, task, asking, r, now)
		if err != nil {
			return err
		}
		to, err := s.Lifecycle().Next(family, rec.Status, r.Result, last)
		if err != nil {
			return err
		}
		return writeTransition(tx, rec, doc, transition{Action: r.Result, To: to, By: r.Who.Username(), Comment: r.Comment, TaskID: &task.TaskID, At: now})
	})
	if err != nil {
		return nil, err
	}
	return s.View(ctx, r.Who, rec.BusinessID, r.Lang)
}

// taskToComplete loads the task and decides whether the user may complete
// it now. Who held the task or completed it is told what became of it (a
// double click: ECONFLICT), even once the document left their to-do list;
// anyone else must be able to open the document first.
func (s *Service) taskToComplete(ctx context.Context, r CompleteRequest, rec *documents.Record) (*Task, error) {
	me := r.Who.Username()
	task, err := s.store.Task(ctx, rec.BusinessID, r.TaskID)
	if err != nil {
		return nil, err
	}
	holds := false
	if task != nil {
		if holds, err = s.holdsTask(ctx, r.Who, task); err != nil {
			return nil, err
		}
	}
	if !holds && (task == nil || task.CompleteBy != me || me == "") {
		if err := s.docs.MayOpen(ctx, r.Who, rec); err != nil {
			return nil, err
		}
	}
	if task == nil {
		return nil, engine.Refuse(engine.ENOTFOUND, "taskId", engine.Text{
			"zh": fmt.Sprintf("单据%s没有任务%d", rec.BusinessID, r.TaskID),
			"en": fmt.Sprintf("document %s has no task %d", rec.BusinessID, r.TaskID),
			"th": fmt.Sprintf("เอกสาร %s ไม่มีงาน %d", rec.BusinessID, r.TaskID)})
	}
	if err := sameVersion(rec, r.Version); err != nil {
		return nil, err
	}
	if task.Status != TaskOpen {
		return nil, s.notOpen(ctx, task)
	}
	if !holds {
		name := s.displayName(ctx, task.Assignee)
		return nil, engine.Refuse(engine.EFORBIDDEN, "taskId", engine.Text{
			"zh": fmt.Sprintf("任务%d的处理人是%s，您不是其代理人", task.TaskID, name),
			"en": fmt.Sprintf("task %d is %s's, and you are not their delegate", task.TaskID, task.Assignee),
			"th": fmt.Sprintf("งาน %d เป็นของ %s และคุณไม่ใช่ผู้รับมอบอำนาจ", task.TaskID, name)})
	}
	supplement := task.Step == StepSupplement
	if !supplement && (me == rec.Applicant || me == rec.CreateBy) {
		return nil, engine.Refuse(engine.EFORBIDDEN, "taskId", engine.Text{
			"zh": fmt.Sprintf("不能审批自己的单据%s", rec.BusinessID),
			"en": fmt.Sprintf("you cannot decide on your own document %s", rec.BusinessID),
			"th": fmt.Sprintf("คุณไม่สามารถพิจารณาเอกสาร %s ของตนเองได้", rec.BusinessID)})
	}
	if supplement && r.Result != "supplement" {
		return nil, engine.Refuse(engine.EINVALID, "result", engine.Text{
			"zh": fmt.Sprintf("任务%d请申请人补充资料：请以 result supplement 答复，意见即补充内容", task.TaskID),
			"en": fmt.Sprintf("task %d asks the applicant for more: answer it with result supplement and the answer as comment", task.TaskID),
			"th": fmt.Sprintf("งาน %d ขอข้อมูลเพิ่มเติมจากผู้ขอ: กรุณาตอบด้วย result supplement และใส่คำตอบเป็นความเห็น", task.TaskID)})
	}
	return task, nil
}

// notOpen is the ECONFLICT of a task that is no longer open: who completed
// it, when and how, or its status.
func (s *Service) notOpen(ctx context.Context, task *Task) error {
	if task.Status != TaskDone {
		return engine.Refuse(engine.ECONFLICT, "taskId", engine.Text{
			"zh": fmt.Sprintf("任务%d已不在处理中（%s）", task.TaskID, task.Status),
			"en": fmt.Sprintf("task %d is not open (%s)", task.TaskID, task.Status),
			"th": fmt.Sprintf("งาน %d ไม่ได้อยู่ระหว่างดำเนินการ (%s)", task.TaskID, task.Status)})
	}
	name, at := s.displayName(ctx, task.CompleteBy), TimeText(task.CompleteAt)
	return engine.Refuse(engine.ECONFLICT, "taskId", engine.Text{
		"zh": fmt.Sprintf("任务%d已由%s于%s处理（%s）", task.TaskID, name, at, task.TaskReult),
		"en": fmt.Sprintf("task %d was completed by %s at %s (%s)", task.TaskID, task.CompleteBy, at, task.TaskReult),
		"th": fmt.Sprintf("งาน %d ดำเนินการแล้วโดย %s เมื่อ %s (%s)", task.TaskID, name, at, task.TaskReult)})
}

// checkAddedApprover refuses an added approver who is no active user, the
// document's applicant or maker, or who holds the task already.
func (s *Service) checkAddedApprover(ctx context.Context, rec *documents.Record, task *Task, approver, me string) error {
	active, err := s.people.IsActiveUser(ctx, approver)
	if err != nil {
		return err
	}
	switch {
	case !active:
		return notActiveUser("approver", approver)
	case approver == rec.Applicant || approver == rec.CreateBy:
		name := s.displayName(ctx, approver)
		return engine.Refuse(engine.EINVALID, "approver", engine.Text{
			"zh": fmt.Sprintf("%s是单据%s的报账人或制单人，不能审批自己的单据", name, rec.BusinessID),
			"en": fmt.Sprintf("%s is the reimburser or maker of document %s and cannot approve it", approver, rec.BusinessID),
			"th": fmt.Sprintf("%s เป็นผู้เบิกหรือผู้จัดทำเอกสาร %s จึงอนุมัติเอกสารนี้ไม่ได้", name, rec.BusinessID)})
	case approver == task.Assignee || approver == me:
		return engine.Refuse(engine.EINVALID, "approver", engine.Text{
			"zh": "请加签任务处理人以外的其他人",
			"en": "add someone else than the task's own approver",
			"th": "กรุณาเพิ่มผู้อื่นที่ไม่ใช่ผู้อนุมัติของงานนี้"})
	}
	return nil
}

// notActiveUser refuses a username that is no user who may sign in.
func notActiveUser(path, username string) error {
	u := engine.Clip(username, 64)
	return engine.Refuse(engine.EINVALID, path, engine.Text{
		"zh": fmt.Sprintf("%s不是有效用户", u),
		"en": fmt.Sprintf("%s is no active user", u),
		"th": fmt.Sprintf("%s ไม่ใช่ผู้ใช้ที่ใช้งานอยู่", u)})
}

// advance moves the approval on after task was completed with r.Result;
// last tells whether it was the route's last approval.
func (s *Service) advance(tx Tx, rec *documents.Record, doc *engine.Document, task, asking *Task, r CompleteRequest, now time.Time) (last bool, err error) {
	me := r.Who.Username()
	switch r.Result {
	case "approve":
		next, err := openNextTask(tx, task.ProcessID, now)
		if err != nil || next != nil {
			return false, err
		}
		if err := tx.EndProcess(task.ProcessID, StatusApproved, now); err != nil {
			return true, err
		}
		if err := s.budget.Consume(tx, rec.BusinessID, me, now); err != nil || s.advances == nil {
			return true, err
		}
		return true, s.advances.Approve(tx, doc, me, now)
	case "reject":
		if err := tx.EndProcess(task.ProcessID, StatusRejected, now); err != nil {
			return false, err
		}
		return false, s.releaseAll(tx, rec.BusinessID, me, now)
	case "addSign":
		return false, insertTaskAfter(tx, task, Task{Step: StepAddSign, Assignee: r.Approver, AddedBy: task.Assignee, Request: r.Comment})
	default: // supplement: asked of the applicant, or answered back to the asking approver
		next := Task{Step: StepSupplement, Assignee: rec.Applicant, AddedBy: task.Assignee, Request: r.Comment}
		if asking != nil {
			next = Task{Step: asking.Step, Assignee: asking.Assignee, AddedBy: asking.AddedBy, Request: asking.Request}
		}
		return false, insertTaskAfter(tx, task, next)
	}
}

// completeTask marks an open task done by who with result and comment,
// puts the document on who's completed list (a supplement answer is no
// decision) and off the assignee's to-do list; a task no longer open
// (someone was quicker) is ECONFLICT.
func completeTask(tx Tx, t *Task, by, result, comment string, at time.Time) error {
	done, err := tx.CompleteTask(t.TaskID, by, result, comment, at)
	if err != nil {
		return err
	}
	if !done {
		return engine.Refuse(engine.ECONFLICT, "taskId", engine.Text{
			"zh": fmt.Sprintf("单据%s的任务%d刚被他人处理", t.BusinessID, t.TaskID),
			"en": fmt.Sprintf("task %d of document %s was completed meanwhile by someone else", t.TaskID, t.BusinessID),
			"th": fmt.Sprintf("งาน %d ของเอกสาร %s เพิ่งถูกผู้อื่นดำเนินการ", t.TaskID, t.BusinessID)})
	}
	t.Status, t.CompleteBy, t.CompleteAt, t.TaskReult, t.TaskReultComment = TaskDone, by, &at, result, comment
	if t.Step != StepSupplement {
		if err := tx.RecordDecision(Decision{BusinessID: t.BusinessID, Owner: by, CompleteAt: at, TaskID: t.TaskID, TaskReult: result}); err != nil {
			return err
		}
	}
	return tx.CloseTodo(t.BusinessID, t.Assignee, at)
}

// openNextTask opens the first pending task of an approval, if any, and
// puts the document on its assignee's to-do list; it returns the task or
// nil.
func openNextTask(tx Tx, processID string, at time.Time) (*Task, error) {
	next, err := tx.NextPendingTask(processID)
	if err != nil || next == nil {
		return nil, err
	}
	if err := tx.MarkOpen(next.TaskID, at); err != nil {
		return nil, err
	}
	next.Status, next.OpenedAt = TaskOpen, &at
	return next, tx.OpenTodo(next.BusinessID, next.Assignee, at)
}

// insertTaskAfter opens a new task right after task after (add-sign,
// supplement): later pending tasks move one place back.
func insertTaskAfter(tx Tx, after *Task, t Task) error {
	t.ProcessID, t.BusinessID, t.Seq, t.Status = after.ProcessID, after.BusinessID, after.Seq+1, TaskOpen
	t.CreatedAt, t.OpenedAt = *after.CompleteAt, after.CompleteAt
	if err := tx.InsertTask(&t); err != nil {
		return err
	}
	return tx.OpenTodo(t.BusinessID, t.Assignee, t.CreatedAt)
}

// displayName is a user's display name, or the username.
func (s *Service) displayName(ctx context.Context, username string) string {
	names, err := s.people.DisplayNames(ctx, []string{username})
	if err != nil || names[username] == "" {
		return username
	}
	return names[username]
}
