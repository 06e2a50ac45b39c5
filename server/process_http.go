package server

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"formwork/adapters/sqldb"
	"formwork/budget"
	"formwork/engine"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

var submitFailed = engine.Text{"zh": "提交失败！", "en": "Submit failed! "}

// maxComment bounds a comment (characters).
const maxComment = 1000

// processInput is the body of the process calls.
type processInput struct {
	BusinessID string `json:"businessId"`
	Version    *int   `json:"version"` // optional: the version the user saw
	Comment    string `json:"comment"`
	TaskID     int64  `json:"taskId"`
	Result     string `json:"result"`
	Approver   string `json:"approver"` // addSign: whom to add
}

// readProcessInput reads the body and checks what every process call needs.
func readProcessInput(c echo.Context, example string) (processInput, error) {
	var in processInput
	if err := readJSON(c, &in, false, example); err != nil {
		return in, err
	}
	in.BusinessID = strings.TrimSpace(in.BusinessID)
	in.Comment = strings.TrimSpace(in.Comment)
	switch {
	case in.BusinessID == "":
		return in, engine.Errorf(engine.EINVALID, "businessId", "businessId is missing (send JSON such as %s)", example)
	case utf8.RuneCountInString(in.Comment) > maxComment:
		return in, engine.Errorf(engine.EINVALID, "comment", "comment is longer than %d characters", maxComment)
	}
	return in, nil
}

// documentToAct loads the document an action is about; a version the user
// saw that is no longer the latest is ECONFLICT.
func (s *Server) documentToAct(c echo.Context, in processInput) (*DocumentRecord, *engine.Document, []engine.Finding, error) {
	rec, doc, structural, err := s.storedDocument(c.Request().Context(), in.BusinessID)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := s.mayOpen(c, CurrentUser(c), rec); err != nil {
		return nil, nil, nil, err
	}
	if in.Version != nil && *in.Version != rec.Version {
		return nil, nil, nil, engine.Errorf(engine.ECONFLICT, "version", "document %s was changed by someone else (you have version %d, the latest is %d); reload it", rec.BusinessID, *in.Version, rec.Version)
	}
	return rec, doc, structural, nil
}

func (s *Server) mustBeOwner(c echo.Context, who *Identity, rec *DocumentRecord, action string) error {
	ok, err := s.isOwner(c, who, rec)
	if err != nil || ok {
		return err
	}
	return engine.Errorf(engine.EFORBIDDEN, "businessId", "%s", say(c,
		fmt.Sprintf("只有单据%s的制单人、报账人或其代理人可以%s", rec.BusinessID, s.actionTitle("", action, "zh")),
		fmt.Sprintf("only the maker or reimburser of document %s (or their delegate) may %s it", rec.BusinessID, action)))
}

// startProcess: POST /api/galaxyform/process/startProcess {businessId,
// version?, comment?}[?confirm=budget.weak,...]. Submits a draft or
// returned document: it runs the full pre-save check (refused: 422 with the
// check result), fixes the approval route from the approver configuration,
// occupies the document's budget (strong control refuses, weak asks to
// confirm), and opens the first task; all in one transaction.
func (s *Server) startProcess(c echo.Context) error {
	const example = `{"businessId": "EX02202611220001"}`
	in, err := readProcessInput(c, example)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	rec, doc, structural, err := s.documentToAct(c, in)
	if err != nil {
		return err
	}
	if err := s.mustBeOwner(c, who, rec, "submit"); err != nil {
		return err
	}
	to, err := s.nextState(c, rec.BusinessID, doc.Type.Family, rec.Status, "submit", false)
	if err != nil {
		return err
	}
	confirm := confirmed(c)
	if res := engine.Check(doc, structural, engine.Options{Action: "edit", Confirmed: confirm}); !res.Valid {
		return refuseAs(c, res, submitFailed)
	}
	rules, err := s.approverRules(ctx)
	if err != nil {
		return err
	}
	head := doc.Head()
	amount, _ := head["amount"].(decimal.Decimal)
	rule, found := engine.SelectApproverRule(rules, engine.RouteFacts{CompanyCode: rec.CompanyCode, CostCenter: head.String("costCenter"),
		DocType: rec.DocType, BusinessType1: rec.BusinessType1, BusinessType2: rec.BusinessType2, Amount: amount})
	steps := rule.ApprovalSteps(rec.Applicant, rec.CreateBy)
	if !found || len(steps) == 0 {
		return refuseAs(c, findingsResult(doc, engine.Finding{Path: "head.companyCode", Rule: "approvalRoute", Severity: engine.SeverityError,
			Message: engine.Text{
				"zh": fmt.Sprintf("没有适用于公司%s、金额%s的审批人配置（本人不能审批自己的单据），请联系系统管理员", rec.CompanyCode, amount.StringFixed(2)),
				"en": fmt.Sprintf("no approver is configured for company %s and amount %s (nobody approves their own document): ask the administrator", rec.CompanyCode, amount.StringFixed(2)),
			}}), submitFailed)
	}
	plan, err := s.budgets.PlanOf(ctx, doc)
	if err != nil {
		return err
	}
	var started int64
	if err := s.db.WithContext(ctx).Model(&ProcessInstance{}).Where("business_id = ?", rec.BusinessID).Count(&started).Error; err != nil {
		return fmt.Errorf("count processes: %w", err)
	}
	processID := fmt.Sprintf("%s-%d", rec.BusinessID, started+1)
	now, me := s.now(), who.Username()
	var findings []engine.Finding
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := writeTransition(tx, rec, doc, transition{Action: "submit", To: to, By: me, Comment: in.Comment, At: now,
			Edit: func(h engine.Values) { h["processId"] = processID }}); err != nil {
			return err
		}
		var err error
		if findings, err = budget.Occupy(sqldb.BudgetTx(tx), rec.BusinessID, rec.DocType, plan, confirm, me, now); err != nil || len(findings) > 0 {
			return firstErr(err, errRefused)
		}
		if err := tx.Create(&ProcessInstance{ProcessID: processID, BusinessID: rec.BusinessID, Status: processRunning, RuleID: rule.ID, StartedBy: me, StartedAt: now}).Error; err != nil {
			return fmt.Errorf("start process: %w", err)
		}
		tasks := make([]ProcessTask, len(steps))
		for i, st := range steps {
			tasks[i] = ProcessTask{ProcessID: processID, BusinessID: rec.BusinessID, Seq: i + 1, Step: st.Step, Assignee: st.Assignee, Status: taskPending, CreatedAt: now}
		}
		tasks[0].Status, tasks[0].OpenedAt = taskOpen, &now
		if err := tx.Create(&tasks).Error; err != nil {
			return fmt.Errorf("create tasks: %w", err)
		}
		return openTodo(tx, rec.BusinessID, tasks[0].Assignee, now)
	})
	if len(findings) > 0 {
		return refuseAs(c, findingsResult(doc, findings...), submitFailed)
	}
	if err != nil {
		return err
	}
	return s.answerProcess(c, rec.BusinessID)
}

// findingsResult is a refused check result of findings found outside the
// catalogue's rules (routing, budget control).
func findingsResult(doc *engine.Document, findings ...engine.Finding) engine.CheckResult {
	return engine.CheckResult{DocType: doc.Type.Code, SchemaVersion: doc.Type.Version, Valid: false, Errors: findings}
}

// taskResults are the results of POST process/complete: lifecycle actions.
var taskResults = []string{"approve", "reject", "addSign", "supplement"}

// completeTaskHandler: POST /api/galaxyform/process/complete {businessId,
// taskId, result, comment, approver?}. The task's assignee or an active
// delegate decides: approve (the next task opens, or the document is
// approved and its budget consumed), reject (back to the applicant as
// returned, budget released; a comment is required), addSign (approver
// decides next, before the following step), supplement (the applicant is
// asked for more: comment is the request; the applicant answers with result
// supplement on their own task, and the asking approver decides again).
// Nobody approves their own document. Two people completing one task: one
// wins, the other gets ECONFLICT.
func (s *Server) completeTaskHandler(c echo.Context) error {
	const example = `{"businessId": "EX02202611220001", "taskId": 1, "result": "approve", "comment": "同意"}`
	in, err := readProcessInput(c, example)
	if err != nil {
		return err
	}
	in.Approver = strings.ToLower(strings.TrimSpace(in.Approver))
	switch {
	case in.TaskID <= 0:
		return engine.Errorf(engine.EINVALID, "taskId", "taskId is missing (send JSON such as %s)", example)
	case !slices.Contains(taskResults, in.Result):
		return engine.Errorf(engine.EINVALID, "result", "result must be one of %s, not %q", strings.Join(taskResults, ", "), clipText(in.Result, 20))
	case (in.Result == "reject" || in.Result == "supplement") && in.Comment == "":
		return engine.Errorf(engine.EINVALID, "comment", "%s", say(c, "驳回或要求补充资料时请填写意见", "a reject or a supplement request needs a comment saying why or what"))
	case in.Result == "addSign" && in.Approver == "":
		return engine.Errorf(engine.EINVALID, "approver", "addSign needs the approver to add (approver: a username)")
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	me := who.Username()
	rec, doc, _, err := s.storedDocument(ctx, in.BusinessID)
	if err != nil {
		return err
	}
	var task ProcessTask
	err = s.db.WithContext(ctx).Where("task_id = ? AND business_id = ?", in.TaskID, rec.BusinessID).Take(&task).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return fmt.Errorf("load task: %w", err)
	}
	holds, herr := s.holdsTask(ctx, who, &task)
	if herr != nil {
		return herr
	}
	// who held the task or completed it is told what became of it (a
	// double click: 409), even once the document left their to-do list;
	// anyone else must be able to open the document first
	if !holds && (task.CompleteBy != me || me == "") {
		if err := s.mayOpen(c, who, rec); err != nil {
			return err
		}
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return engine.Errorf(engine.ENOTFOUND, "taskId", "document %s has no task %d", rec.BusinessID, in.TaskID)
	}
	if in.Version != nil && *in.Version != rec.Version {
		return engine.Errorf(engine.ECONFLICT, "version", "document %s was changed by someone else (you have version %d, the latest is %d); reload it", rec.BusinessID, *in.Version, rec.Version)
	}
	if task.Status != taskOpen {
		msg := say(c, fmt.Sprintf("任务%d已不在处理中（%s）", task.TaskID, task.Status), fmt.Sprintf("task %d is not open (%s)", task.TaskID, task.Status))
		if task.Status == taskDone {
			msg = say(c, fmt.Sprintf("任务%d已由%s于%s处理（%s）", task.TaskID, s.empName(ctx, task.CompleteBy), timeText(task.CompleteAt), task.TaskReult),
				fmt.Sprintf("task %d was completed by %s at %s (%s)", task.TaskID, task.CompleteBy, timeText(task.CompleteAt), task.TaskReult))
		}
		return engine.Errorf(engine.ECONFLICT, "taskId", "%s", msg)
	}
	if !holds {
		return engine.Errorf(engine.EFORBIDDEN, "taskId", "%s", say(c,
			fmt.Sprintf("任务%d的处理人是%s，您不是其代理人", task.TaskID, s.empName(ctx, task.Assignee)),
			fmt.Sprintf("task %d is %s's, and you are not their delegate", task.TaskID, task.Assignee)))
	}
	supplementTask := task.Step == stepSupplement
	if !supplementTask && (me == rec.Applicant || me == rec.CreateBy) {
		return engine.Errorf(engine.EFORBIDDEN, "taskId", "%s", say(c,
			fmt.Sprintf("不能审批自己的单据%s", rec.BusinessID),
			fmt.Sprintf("you cannot decide on your own document %s", rec.BusinessID)))
	}
	if supplementTask && in.Result != "supplement" {
		return engine.Errorf(engine.EINVALID, "result", "task %d asks the applicant for more: answer it with result supplement and the answer as comment", task.TaskID)
	}
	family := doc.Type.Family
	if _, err := s.nextState(c, rec.BusinessID, family, rec.Status, in.Result, false); err != nil {
		return err
	}
	if in.Result == "addSign" {
		if err := s.checkAddedApprover(c, rec, &task, in.Approver, me); err != nil {
			return err
		}
	}
	var previous ProcessTask // the approval task a supplement answer goes back to
	if supplementTask {
		if err := s.db.WithContext(ctx).Where("process_id = ? AND seq < ? AND step <> ?", task.ProcessID, task.Seq, stepSupplement).
			Order("seq DESC").Take(&previous).Error; err != nil {
			return fmt.Errorf("load the task that asked for more: %w", err)
		}
	}
	now := s.now()
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := completeTask(tx, &task, me, in.Result, in.Comment, now); err != nil {
			return err
		}
		last := false
		switch in.Result {
		case "approve":
			next, err := openNextTask(tx, task.ProcessID, now)
			if err != nil {
				return err
			}
			if last = next == nil; last {
				if err := endProcess(tx, task.ProcessID, processApproved, now); err != nil {
					return err
				}
				if err := budget.Consume(sqldb.BudgetTx(tx), rec.BusinessID, me, now); err != nil {
					return err
				}
			}
		case "reject":
			if err := endProcess(tx, task.ProcessID, processRejected, now); err != nil {
				return err
			}
			if _, err := budget.Release(sqldb.BudgetTx(tx), rec.BusinessID, "", nil, me, now); err != nil {
				return err
			}
		case "addSign":
			if _, err := insertTaskAfter(tx, &task, ProcessTask{Step: stepAddSign, Assignee: in.Approver, AddedBy: task.Assignee, Request: in.Comment}); err != nil {
				return err
			}
		case "supplement":
			next := ProcessTask{Step: stepSupplement, Assignee: rec.Applicant, AddedBy: task.Assignee, Request: in.Comment}
			if supplementTask {
				next = ProcessTask{Step: previous.Step, Assignee: previous.Assignee, AddedBy: previous.AddedBy, Request: previous.Request}
			}
			if _, err := insertTaskAfter(tx, &task, next); err != nil {
				return err
			}
		}
		to, err := s.Lifecycle().Next(family, rec.Status, in.Result, last)
		if err != nil {
			return err
		}
		_, err = writeTransition(tx, rec, doc, transition{Action: in.Result, To: to, By: me, Comment: in.Comment, TaskID: &task.TaskID, At: now})
		return err
	})
	if err != nil {
		return err
	}
	return s.answerProcess(c, rec.BusinessID)
}

// checkAddedApprover refuses an added approver who is no active user, the
// document's applicant or maker, or who holds the task already.
func (s *Server) checkAddedApprover(c echo.Context, rec *DocumentRecord, task *ProcessTask, approver, me string) error {
	u, err := s.identityOf(c.Request().Context(), approver)
	if err != nil {
		return err
	}
	switch {
	case u == nil || u.User.Status != userStatusActive:
		return engine.Errorf(engine.EINVALID, "approver", "%s is no active user", clipText(approver, 64))
	case approver == rec.Applicant || approver == rec.CreateBy:
		return engine.Errorf(engine.EINVALID, "approver", "%s", say(c,
			fmt.Sprintf("%s是单据%s的报账人或制单人，不能审批自己的单据", s.empName(c.Request().Context(), approver), rec.BusinessID),
			fmt.Sprintf("%s is the reimburser or maker of document %s and cannot approve it", approver, rec.BusinessID)))
	case approver == task.Assignee || approver == me:
		return engine.Errorf(engine.EINVALID, "approver", "add someone else than the task's own approver")
	}
	return nil
}

// voidDocument: POST /api/galaxyform/process/void {businessId, version?,
// comment?}. Voids a document for good (where the lifecycle allows it:
// draft or returned, gl only draft); it stays readable. Budget it holds is
// released. The owner (maker, reimburser, their delegates), finance staff of
// its company or an administrator may void it.
func (s *Server) voidDocument(c echo.Context) error {
	in, err := readProcessInput(c, `{"businessId": "EX02202611220001", "comment": "重复提交"}`)
	if err != nil {
		return err
	}
	who := CurrentUser(c)
	rec, doc, _, err := s.documentToAct(c, in)
	if err != nil {
		return err
	}
	if !(who.Scope() == scopeCompany && who.WorksFor(rec.CompanyCode)) {
		if err := s.mustBeOwner(c, who, rec, "void"); err != nil {
			return err
		}
	}
	to, err := s.nextState(c, rec.BusinessID, doc.Type.Family, rec.Status, "void", false)
	if err != nil {
		return err
	}
	now, me := s.now(), who.Username()
	err = s.db.WithContext(c.Request().Context()).Transaction(func(tx *gorm.DB) error {
		if _, err := writeTransition(tx, rec, doc, transition{Action: "void", To: to, By: me, Comment: in.Comment, At: now}); err != nil {
			return err
		}
		if rec.ProcessID != "" { // a lifecycle may allow voiding in approval
			if err := endProcess(tx, rec.ProcessID, processVoided, now); err != nil {
				return err
			}
			if err := tx.Model(&DocumentTodo{}).Where("business_id = ? AND done_at IS NULL", rec.BusinessID).Update("done_at", now).Error; err != nil {
				return fmt.Errorf("close to-do items: %w", err)
			}
		}
		_, err := budget.Release(sqldb.BudgetTx(tx), rec.BusinessID, "", nil, me, now)
		return err
	})
	if err != nil {
		return err
	}
	return s.answerProcess(c, rec.BusinessID)
}

// processHistory: GET /api/galaxyform/process/history?businessId=. The
// document's state, what the user may do now, its tasks, events and budget.
func (s *Server) processHistory(c echo.Context) error {
	id := strings.TrimSpace(c.QueryParam("businessId"))
	if id == "" {
		return engine.Errorf(engine.EINVALID, "businessId", "businessId is missing")
	}
	rec, err := s.docs.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if err := s.mayRead(c, CurrentUser(c), rec); err != nil {
		return err
	}
	return s.answerProcess(c, id)
}

func (s *Server) answerProcess(c echo.Context, businessID string) error {
	v, err := s.processView(c, businessID)
	if err != nil {
		return err
	}
	return ok(c, v)
}
