package process

import (
	"context"
	"strings"

	"formwork/documents"
)

// TaskView is a task as answered (navigation-and-access.md 3.3:
// completeBy, completeAt, taskReult, taskReultComment).
type TaskView struct {
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

// EventView is a transition as answered.
type EventView struct {
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

// View is a document's approval as its user sees it: state, tasks,
// transitions and what the user may do now.
type View struct {
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
	// Actions are the lifecycle actions the user may take now.
	Actions []string `json:"actions"`
	// OpenTask is the open task when the user may complete it.
	OpenTask *TaskView   `json:"openTask"`
	Tasks    []TaskView  `json:"tasks"`
	Events   []EventView `json:"events"`
	// Returned says why a document the lifecycle's reject sent back was
	// returned: the last reject; nil in any other state.
	Returned *Rejection `json:"returned,omitempty"`
}

// History is a document's approval for someone who may read the document
// (documents.Service.MayRead).
func (s *Service) History(ctx context.Context, who documents.Actor, businessID, lang string) (*View, error) {
	if businessID = strings.TrimSpace(businessID); businessID == "" {
		return nil, missing("businessId", "")
	}
	rec, err := s.docs.Get(ctx, businessID)
	if err != nil {
		return nil, err
	}
	if err := s.docs.MayRead(ctx, who, rec); err != nil {
		return nil, err
	}
	return s.View(ctx, who, businessID, lang)
}

// View reads a document's approval as who sees it, with titles in lang;
// who may read it is the caller's to decide.
func (s *Service) View(ctx context.Context, who documents.Actor, businessID, lang string) (*View, error) {
	rec, err := s.docs.Get(ctx, businessID)
	if err != nil {
		return nil, err
	}
	family, edition := "", rec.Edition
	if dt := s.docs.StoredType(rec); dt != nil {
		family, edition = dt.Family, dt.Edition
	}
	tasks, err := s.store.Tasks(ctx, businessID)
	if err != nil {
		return nil, err
	}
	events, err := s.store.Events(ctx, businessID)
	if err != nil {
		return nil, err
	}
	name, err := s.namesOf(ctx, tasks, events)
	if err != nil {
		return nil, err
	}
	v := &View{BusinessID: rec.BusinessID, DocType: rec.DocType, Family: family, Edition: edition, SchemaVersion: rec.SchemaVersion,
		Status: rec.Status, StatusTxt: s.StateTitle(rec.Status, lang), ProcessID: rec.ProcessID, Version: rec.Version,
		Tasks: []TaskView{}, Events: []EventView{}}
	var open *Task
	for i, t := range tasks {
		v.Tasks = append(v.Tasks, s.taskView(t, family, lang, name))
		if t.Status == TaskOpen {
			open = &tasks[i]
		}
	}
	for _, e := range events {
		v.Events = append(v.Events, s.eventView(e, family, lang, name))
	}
	v.Returned = s.rejection(rec, family, events, name)
	actions, holds, err := s.userActions(ctx, who, rec, family, open, func() bool { return FirstDecision(tasks, rec.ProcessID) != nil })
	if err != nil {
		return nil, err
	}
	v.Actions = actions
	for i := range v.Tasks {
		if holds && v.Tasks[i].TaskID == open.TaskID {
			v.OpenTask = &v.Tasks[i]
		}
	}
	return v, nil
}

func (s *Service) taskView(t Task, family, lang string, name func(string) string) TaskView {
	tv := TaskView{TaskID: t.TaskID, ProcessID: t.ProcessID, Seq: t.Seq, Step: t.Step, StepTxt: StepTitle(t.Step, lang), Assignee: t.Assignee,
		AssigneeTxt: name(t.Assignee), Status: t.Status, AddedBy: t.AddedBy, Request: t.Request, CreatedAt: TimeText(&t.CreatedAt),
		CompleteBy: t.CompleteBy, CompleteByTxt: name(t.CompleteBy), CompleteAt: TimeText(t.CompleteAt), TaskReult: t.TaskReult,
		TaskReultComment: t.TaskReultComment}
	if t.TaskReult != "" {
		tv.TaskReultTxt = s.ActionTitle(family, t.TaskReult, lang)
	}
	return tv
}

func (s *Service) eventView(e documents.Event, family, lang string, name func(string) string) EventView {
	ev := EventView{At: TimeText(&e.At), By: e.Actor, ByTxt: name(e.Actor), From: e.FromStatus, To: e.ToStatus, Action: e.Action,
		Comment: e.Comment, TaskID: e.TaskID, ToTxt: s.StateTitle(e.ToStatus, lang), ActionTxt: s.eventTitle(family, e.Action, lang)}
	if e.FromStatus != "" {
		ev.FromTxt = s.StateTitle(e.FromStatus, lang)
	}
	return ev
}

// namesOf looks the display names of the people of tasks and events up at
// once; a user without one shows as the username, nobody as "".
func (s *Service) namesOf(ctx context.Context, tasks []Task, events []documents.Event) (func(string) string, error) {
	var users []string
	for _, t := range tasks {
		users = append(users, t.Assignee, t.CompleteBy)
	}
	for _, e := range events {
		users = append(users, e.Actor)
	}
	return s.nameLookup(ctx, users)
}

// nameLookup looks the display names of users up at once.
func (s *Service) nameLookup(ctx context.Context, users []string) (func(string) string, error) {
	seen := map[string]bool{}
	var list []string
	for _, u := range users {
		if u != "" && !seen[u] {
			seen[u] = true
			list = append(list, u)
		}
	}
	names := map[string]string{}
	if len(list) > 0 {
		var err error
		if names, err = s.people.DisplayNames(ctx, list); err != nil {
			return nil, err
		}
	}
	return func(u string) string {
		if n := names[u]; n != "" {
			return n
		}
		return u
	}, nil
}

// Actions are the lifecycle actions who may take on a stored document now
// (as its approval's view lists them).
func (s *Service) Actions(ctx context.Context, who documents.Actor, rec *documents.Record, family string) ([]string, error) {
	open, err := s.store.OpenTask(ctx, rec.BusinessID)
	if err != nil {
		return nil, err
	}
	decided := func() bool {
		first, err := s.firstDecision(ctx, rec)
		return err != nil || first != nil // unknown: recall is not offered
	}
	actions, _, err := s.userActions(ctx, who, rec, family, open, decided)
	return actions, err
}

// ActionsOfCreated is Actions of a document just stored new (its create
// answered now): it has no task and no decision yet, so none is read.
func (s *Service) ActionsOfCreated(ctx context.Context, who documents.Actor, rec *documents.Record, family string) ([]string, error) {
	actions, _, err := s.userActions(ctx, who, rec, family, nil, func() bool { return false })
	return actions, err
}

// userActions lists what who may do now: of the actions the lifecycle
// allows in the document's state, the owner's (save, tempSave, submit,
// void; finance staff of the company may void too; recall while nobody
// decided, which decided tells), the open task's when who holds it (never
// on their own document but for a supplement answer), and print. holds
// tells whether who may complete the open task.
func (s *Service) userActions(ctx context.Context, who documents.Actor, rec *documents.Record, family string, open *Task, decided func() bool) ([]string, bool, error) {
	owner, err := s.docs.IsOwner(ctx, who, rec)
	if err != nil {
		return nil, false, err
	}
	holds := false
	if open != nil {
		if holds, err = s.holdsTask(ctx, who, open); err != nil {
			return nil, false, err
		}
		self := who.Username() == rec.Applicant || who.Username() == rec.CreateBy
		holds = holds && (open.Step == StepSupplement || !self)
	}
	out := []string{}
	for _, a := range s.Lifecycle().Allowed(family, rec.Status) {
		var may bool
		switch a {
		case "save", "tempSave", "submit":
			may = owner
		case "void":
			may = owner || who.Scope() == documents.ScopeCompany && who.WorksFor(rec.CompanyCode)
		case "approve", "reject", "addSign":
			may = holds && open.Step != StepSupplement
		case "supplement":
			may = holds
		case actionRecall:
			may = owner && !decided()
		case "print":
			may = true
		}
		if may {
			out = append(out, a)
		}
	}
	return out, holds, nil
}

// Rejection is why a document was returned: the comment of the last
// reject, who rejected it (and their name) and when.
type Rejection struct {
	Reason string `json:"reason"`
	By     string `json:"by"`
	ByTxt  string `json:"byTxt"`
	At     string `json:"at"`
	TaskID *int64 `json:"taskId,omitempty"`
}

// Returned is why a stored document was returned (Rejection), for the top
// of its form; nil unless it is in the state the lifecycle's reject leads
// to. Who may read the document is the caller's to decide.
func (s *Service) Returned(ctx context.Context, rec *documents.Record, family string) (*Rejection, error) {
	if a := s.Lifecycle().Action(family, ActionReject); a == nil || a.To != rec.Status {
		return nil, nil
	}
	events, err := s.store.Events(ctx, rec.BusinessID)
	if err != nil {
		return nil, err
	}
	var by []string
	for _, e := range events {
		if e.Action == ActionReject {
			by = append(by, e.Actor)
		}
	}
	name, err := s.nameLookup(ctx, by)
	if err != nil {
		return nil, err
	}
	return s.rejection(rec, family, events, name), nil
}

// rejection is the last reject of a document in the state the lifecycle's
// reject leads to; nil in any other state or without one.
func (s *Service) rejection(rec *documents.Record, family string, events []documents.Event, name func(string) string) *Rejection {
	if a := s.Lifecycle().Action(family, ActionReject); a == nil || a.To != rec.Status {
		return nil
	}
	for i := len(events) - 1; i >= 0; i-- {
		if e := events[i]; e.Action == ActionReject {
			return &Rejection{Reason: e.Comment, By: e.Actor, ByTxt: name(e.Actor), At: TimeText(&e.At), TaskID: e.TaskID}
		}
	}
	return nil
}

// ActionReject is the lifecycle action that sends a document back to its
// applicant.
const ActionReject = "reject"
