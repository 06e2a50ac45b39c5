package server

import (
	"context"
	"fmt"
	"time"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// timeLayout is how the API writes a moment (as head.createAt).
const timeLayout = "2006-01-02 15:04:05"

// timeText writes a moment in the server's time zone; "" for none.
func timeText(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.In(time.Local).Format(timeLayout)
}

// taskView is a task as answered (navigation-and-access.md 3.3: completeBy,
// completeAt, taskReult, taskReultComment).
type taskView struct {
	TaskID           int64  `json:"taskId"`
	ProcessID        string `json:"processId"`
	Seq              int    `json:"seq"`
	Step             string `json:"step"`
	StepTxt          string `json:"stepTxt"`
	Assignee         string `json:"assignee"`
	AssigneeTxt      string `json:"assigneeTxt"`
	Status           string `json:"status"`
	AddedBy          string `json:"addedBy,omitempty"`
	Request          string `json:"request,omitempty"`
	CreatedAt        string `json:"createdAt"`
	CompleteBy       string `json:"completeBy"`
	CompleteByTxt    string `json:"completeByTxt"`
	CompleteAt       string `json:"completeAt"`
	TaskReult        string `json:"taskReult"`
	TaskReultTxt     string `json:"taskReultTxt"`
	TaskReultComment string `json:"taskReultComment"`
}

// eventView is a transition as answered.
type eventView struct {
	At        string `json:"at"`
	By        string `json:"by"`
	ByTxt     string `json:"byTxt"`
	From      string `json:"from"`
	FromTxt   string `json:"fromTxt"`
	To        string `json:"to"`
	ToTxt     string `json:"toTxt"`
	Action    string `json:"action"`
	ActionTxt string `json:"actionTxt"`
	Comment   string `json:"comment"`
	TaskID    *int64 `json:"taskId,omitempty"`
}

// budgetEntryView is what a document holds of one budget.
type budgetEntryView struct {
	BudgetID      uint   `json:"budgetId"`
	CompanyCode   string `json:"companyCode"`
	Department    string `json:"department"`
	BudgetAccount string `json:"budgetAccount"`
	Project       string `json:"project"`
	Period        string `json:"period"`
	BudgetStatus  string `json:"budgetStatus"`
	Occupied      Money  `json:"occupied"`
	Consumed      Money  `json:"consumed"`
	Released      Money  `json:"released"`
}

// processView is a document's approval as answered by the process calls.
type processView struct {
	BusinessID string `json:"businessId"`
	DocType    string `json:"docType"`
	Family     string `json:"family"`
	// Edition and SchemaVersion are what the document was saved under: the
	// form renders it with that export.
	Edition       string `json:"edition"`
	SchemaVersion int    `json:"schemaVersion"`
	Status        string `json:"status"`
	StatusTxt     string `json:"statusTxt"`
	ProcessID     string `json:"processId"`
	Version       int    `json:"version"`
	// Actions are the lifecycle actions the signed-in user may take now.
	Actions []string `json:"actions"`
	// OpenTask is the open task when the signed-in user may complete it.
	OpenTask *taskView         `json:"openTask"`
	Tasks    []taskView        `json:"tasks"`
	Events   []eventView       `json:"events"`
	Budget   []budgetEntryView `json:"budget"`
}

var stepTitles = map[string]engine.Text{
	"task1":        {"zh": "一级审批", "en": "First approval"},
	"task2":        {"zh": "二级审批", "en": "Second approval"},
	stepAddSign:    {"zh": "加签审批", "en": "Added approval"},
	stepSupplement: {"zh": "补充资料", "en": "Supplement"},
}

var extraActionTitles = map[string]engine.Text{
	"create":       {"zh": "创建", "en": "Create"},
	actionPartEdit: {"zh": "审批中修改", "en": "Change in approval"},
}

// names looks display names up once per request.
type names struct {
	s     *Server
	ctx   context.Context
	cache map[string]string
}

func (n *names) of(username string) string {
	if username == "" {
		return ""
	}
	if v, ok := n.cache[username]; ok {
		return v
	}
	v := n.s.empName(n.ctx, username)
	n.cache[username] = v
	return v
}

// processView reads a document's approval as the signed-in user sees it.
func (s *Server) processView(c echo.Context, businessID string) (*processView, error) {
	ctx := c.Request().Context()
	l := lang(c)
	rec, err := s.docs.Get(ctx, businessID)
	if err != nil {
		return nil, err
	}
	family, edition := "", rec.Edition
	if dt := s.storedType(rec); dt != nil {
		family, edition = dt.Family, dt.Edition
	}
	nm := &names{s: s, ctx: ctx, cache: map[string]string{}}
	v := &processView{BusinessID: rec.BusinessID, DocType: rec.DocType, Family: family, Edition: edition, SchemaVersion: rec.SchemaVersion, Status: rec.Status, StatusTxt: s.stateTitle(rec.Status, l),
		ProcessID: rec.ProcessID, Version: rec.Version, Actions: []string{}, Tasks: []taskView{}, Events: []eventView{}, Budget: []budgetEntryView{}}
	var tasks []ProcessTask
	if err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Order("process_id, seq").Find(&tasks).Error; err != nil {
		return nil, fmt.Errorf("load tasks: %w", err)
	}
	var open *ProcessTask
	for i, t := range tasks {
		tv := taskView{TaskID: t.TaskID, ProcessID: t.ProcessID, Seq: t.Seq, Step: t.Step, StepTxt: stepTitles[t.Step].In(l), Assignee: t.Assignee,
			AssigneeTxt: nm.of(t.Assignee), Status: t.Status, AddedBy: t.AddedBy, Request: t.Request, CreatedAt: timeText(&t.CreatedAt),
			CompleteBy: t.CompleteBy, CompleteByTxt: nm.of(t.CompleteBy), CompleteAt: timeText(t.CompleteAt), TaskReult: t.TaskReult,
			TaskReultComment: t.TaskReultComment}
		if t.TaskReult != "" {
			tv.TaskReultTxt = s.actionTitle(family, t.TaskReult, l)
		}
		v.Tasks = append(v.Tasks, tv)
		if t.Status == taskOpen {
			open = &tasks[i]
		}
	}
	var events []DocumentEvent
	if err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Order("at, id").Find(&events).Error; err != nil {
		return nil, fmt.Errorf("load events: %w", err)
	}
	for _, e := range events {
		ev := eventView{At: timeText(&e.At), By: e.Actor, ByTxt: nm.of(e.Actor), From: e.FromStatus, To: e.ToStatus, Action: e.Action,
			Comment: e.Comment, TaskID: e.TaskID}
		if e.FromStatus != "" {
			ev.FromTxt = s.stateTitle(e.FromStatus, l)
		}
		ev.ToTxt = s.stateTitle(e.ToStatus, l)
		if t, ok := extraActionTitles[e.Action]; ok {
			ev.ActionTxt = t.In(l)
		} else {
			ev.ActionTxt = s.actionTitle(family, e.Action, l)
		}
		v.Events = append(v.Events, ev)
	}
	var entries []struct {
		BudgetEntry
		CompanyCode, Department, BudgetAccount, Project, Period string
	}
	err = s.db.WithContext(ctx).Table("budget_entries AS e").
		Select("e.*, b.company_code, b.department, b.budget_account, b.project, b.period").
		Joins("JOIN budgets b ON b.id = e.budget_id").Where("e.business_id = ?", businessID).Order("e.budget_id").Scan(&entries).Error
	if err != nil {
		return nil, fmt.Errorf("load budget entries: %w", err)
	}
	for _, e := range entries {
		v.Budget = append(v.Budget, budgetEntryView{BudgetID: e.BudgetID, CompanyCode: e.CompanyCode, Department: e.Department, BudgetAccount: e.BudgetAccount,
			Project: e.Project, Period: e.Period, BudgetStatus: e.BudgetStatus, Occupied: e.Occupied, Consumed: e.Consumed, Released: e.Released})
	}
	v.Actions, v.OpenTask, err = s.userActions(c, rec, family, open, v.Tasks)
	return v, err
}

// userActions lists what the signed-in user may do now: of the actions the
// lifecycle allows in the document's state, the owner's (save, tempSave,
// submit, void; finance staff of the company may void too), the open
// task's when the user holds it (never on their own document but for a
// supplement answer), and print.
func (s *Server) userActions(c echo.Context, rec *DocumentRecord, family string, open *ProcessTask, tasks []taskView) ([]string, *taskView, error) {
	who := CurrentUser(c)
	owner, err := s.isOwner(c, who, rec)
	if err != nil {
		return nil, nil, err
	}
	holds := false
	if open != nil {
		if holds, err = s.holdsTask(c.Request().Context(), who, open); err != nil {
			return nil, nil, err
		}
		self := who.Username() == rec.Applicant || who.Username() == rec.CreateBy
		holds = holds && (open.Step == stepSupplement || !self)
	}
	out := []string{}
	for _, a := range s.Lifecycle().Allowed(family, rec.Status) {
		var may bool
		switch a {
		case "save", "tempSave", "submit":
			may = owner
		case "void":
			may = owner || who.Scope() == scopeCompany && who.WorksFor(rec.CompanyCode)
		case "approve", "reject", "addSign":
			may = holds && open.Step != stepSupplement
		case "supplement":
			may = holds
		case "print":
			may = true
		}
		if may {
			out = append(out, a)
		}
	}
	var openView *taskView
	if holds {
		for i := range tasks {
			if tasks[i].TaskID == open.TaskID {
				openView = &tasks[i]
			}
		}
	}
	return out, openView, nil
}
