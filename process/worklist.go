package process

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"formwork/documents"

	"github.com/shopspring/decimal"
)

// The worklists (documents.md 2: draft box, my to-do, my applications, my
// completed; navigation-and-access.md 2.2: my returned documents).
const (
	ListDraft    = "draft"    // my drafts: status draft, I made it or claim with it
	ListTodo     = "todo"     // my to-do: open tasks of mine or of those I act for today
	ListApplied  = "applied"  // my applications: mine, submitted at least once
	ListDone     = "done"     // my completed: documents I decided on (approve, reject, addSign, supplement)
	ListReturned = "returned" // my returned documents: mine, status returned
	ListRecall   = "recall"   // my documents to recall (MY00006): mine, in approval, nobody decided yet
)

// Lists are the worklists.
var Lists = []string{ListDraft, ListTodo, ListApplied, ListDone, ListReturned, ListRecall}

// Query is the worklist query of navigation-and-access.md 3.8; the page is
// Limit documents after Offset.
type Query struct {
	List          string   `json:"list"`
	BusinessID    string   `json:"businessId"` // a number or its beginning
	ProcessID     string   `json:"processId"`
	Types         []string `json:"types"` // document types
	Applicant     string   `json:"applicant"`
	CreateBy      string   `json:"createBy"`
	Assignee      string   `json:"assignee"` // todo: whose task (me or someone I act for)
	CompanyCode   string   `json:"companyCode"`
	CreateAtFrom  string   `json:"createAtFrom"` // yyyy-MM-dd, included
	CreateAtTo    string   `json:"createAtTo"`   // yyyy-MM-dd, included
	QuickRange    int      `json:"quickRange"`   // created in the last 1, 7, 30 or 90 days
	ProcessStatus string   `json:"processStatus"`
	OrderBy       string   `json:"orderBy"`
	Sorts         string   `json:"sorts"` // desc (default) or asc

	Limit  int `json:"-"`
	Offset int `json:"-"`
}

// Filter is a checked worklist query, as a store reads it: every criterion
// that is not blank applies.
type Filter struct {
	List string
	Me   string
	// Owners are whose open tasks the to-do list shows: Me and those Me
	// acts for today, or the one the query named.
	Owners []string
	// NotOwnDocuments leaves out of the to-do list tasks of others on
	// documents Me made or claims with (nobody decides on their own
	// document), but for supplement answers.
	NotOwnDocuments  bool
	BusinessIDPrefix string
	ProcessID        string
	Types            []string
	Applicant        string
	CreateBy         string
	CompanyCode      string
	States           []string
	CreatedFrom      time.Time // included; zero: no bound
	CreatedBefore    time.Time // excluded; zero: no bound
	// RecallStates are the states the lifecycle's recall starts from and
	// NoRecallTypes the document types whose family allows none of them:
	// the recall list reads documents of the one but not of the other,
	// whose current approval has no completed task.
	RecallStates  []string
	NoRecallTypes []string
	// Order is one of OrderKeys; receivedAt only for todo, completeAt only
	// for done. The business id breaks ties in the same direction.
	Order  string
	Asc    bool
	Limit  int
	Offset int
}

// Filtered reports whether the filter has criteria besides the list's own.
func (f Filter) Filtered() bool {
	return f.BusinessIDPrefix != "" || f.ProcessID != "" || len(f.Types) > 0 || f.Applicant != "" || f.CreateBy != "" ||
		f.CompanyCode != "" || len(f.States) > 0 || !f.CreatedFrom.IsZero() || !f.CreatedBefore.IsZero()
}

// WorklistRow is one document of a worklist as the store reads it.
type WorklistRow struct {
	BusinessID    string
	DocType       string
	Edition       string
	SchemaVersion int
	BusinessType1 string
	BusinessType2 string
	Applicant     string
	CreateBy      string
	CompanyCode   string
	Amount        decimal.Decimal
	Status        string
	ProcessID     string
	Description   string
	Version       int
	CreatedAt     time.Time
	UpdatedAt     time.Time
	// todo: the open task
	TaskID   *int64
	Step     *string
	Assignee *string
	OpenedAt *time.Time
	// done: the latest decision
	CompleteAt *time.Time
	TaskReult  *string
	// returned: the last reject's comment and who rejected it
	RejectReason *string
	RejectBy     *string
}

// WorklistItem is one document of a worklist as answered.
type WorklistItem struct {
	BusinessID    string      `json:"businessId"`
	DocType       string      `json:"docType"`
	DocTypeTxt    string      `json:"docTypeTxt"`
	Family        string      `json:"family"`
	BusinessType1 string      `json:"businessType1"`
	BusinessType2 string      `json:"businessType2"`
	Applicant     string      `json:"applicant"`
	ApplicantTxt  string      `json:"applicantTxt"`
	CreateBy      string      `json:"createBy"`
	CreateByTxt   string      `json:"createByTxt"`
	CompanyCode   string      `json:"companyCode"`
	Amount        json.Number `json:"amount"`
	Status        string      `json:"status"`
	StatusTxt     string      `json:"statusTxt"`
	ProcessID     string      `json:"processId"`
	Description   string      `json:"description"`
	Version       int         `json:"version"`
	CreateAt      string      `json:"createAt"`
	UpdatedAt     string      `json:"updatedAt"`
	// todo: the open task
	TaskID      *int64 `json:"taskId,omitempty"`
	Step        string `json:"step,omitempty"`
	StepTxt     string `json:"stepTxt,omitempty"`
	Assignee    string `json:"assignee,omitempty"`
	AssigneeTxt string `json:"assigneeTxt,omitempty"`
	ReceivedAt  string `json:"receivedAt,omitempty"`
	// done: when and how the user last decided on it
	CompleteAt   string `json:"completeAt,omitempty"`
	TaskReult    string `json:"taskReult,omitempty"`
	TaskReultTxt string `json:"taskReultTxt,omitempty"`
	// returned: why it was returned (the last reject) and by whom
	RejectReason string `json:"rejectReason,omitempty"`
	RejectBy     string `json:"rejectBy,omitempty"`
	RejectByTxt  string `json:"rejectByTxt,omitempty"`
}

// Worklist is one page of a worklist of who, with titles in lang, and how
// many documents the list holds in all (newest first unless the query
// orders otherwise). A query that breaks a rule is EINVALID naming the
// field.
func (s *Service) Worklist(ctx context.Context, who documents.Actor, q Query, lang string) ([]WorklistItem, int64, error) {
	var actsFor []string
	if q.List == ListTodo {
		var err error
		if actsFor, err = s.people.Delegators(ctx, who.Username()); err != nil {
			return nil, 0, err
		}
	}
	states := map[string]bool{}
	for k := range s.Lifecycle().States {
		states[k] = true
	}
	f, err := CompileQuery(q, who.Username(), actsFor, states, s.now())
	if err != nil {
		return nil, 0, err
	}
	if f.List == ListRecall {
		f.RecallStates, f.NoRecallTypes = s.recallScope()
	}
	rows, total, err := s.store.Worklist(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	items, err := s.worklistItems(ctx, lang, rows)
	return items, total, err
}

// worklistItems renders rows with display names, looked up at once.
func (s *Service) worklistItems(ctx context.Context, lang string, rows []WorklistRow) ([]WorklistItem, error) {
	var users []string
	for _, r := range rows {
		users = append(users, r.Applicant, r.CreateBy)
		if r.Assignee != nil {
			users = append(users, *r.Assignee)
		}
		if r.RejectBy != nil {
			users = append(users, *r.RejectBy)
		}
	}
	name, err := s.nameLookup(ctx, users)
	if err != nil {
		return nil, err
	}
	cat := s.cat()
	out := make([]WorklistItem, 0, len(rows))
	for _, r := range rows {
		it := WorklistItem{BusinessID: r.BusinessID, DocType: r.DocType, BusinessType1: r.BusinessType1, BusinessType2: r.BusinessType2,
			Applicant: r.Applicant, ApplicantTxt: name(r.Applicant), CreateBy: r.CreateBy, CreateByTxt: name(r.CreateBy),
			CompanyCode: r.CompanyCode, Amount: json.Number(r.Amount.StringFixed(2)), Status: r.Status, StatusTxt: s.StateTitle(r.Status, lang),
			ProcessID: r.ProcessID, Description: r.Description, Version: r.Version, CreateAt: TimeText(&r.CreatedAt), UpdatedAt: TimeText(&r.UpdatedAt),
			TaskID: r.TaskID, ReceivedAt: TimeText(r.OpenedAt), CompleteAt: TimeText(r.CompleteAt)}
		edition := r.Edition
		if edition == "" {
			edition = cat.DefaultEdition
		}
		if dt := cat.DocTypeIn(edition, r.DocType); dt != nil {
			it.DocTypeTxt, it.Family = dt.Title.In(lang), dt.Family
		}
		if r.Step != nil {
			it.Step, it.StepTxt = *r.Step, StepTitle(*r.Step, lang)
		}
		if r.Assignee != nil {
			it.Assignee, it.AssigneeTxt = *r.Assignee, name(*r.Assignee)
		}
		if r.TaskReult != nil {
			it.TaskReult, it.TaskReultTxt = *r.TaskReult, s.ActionTitle(it.Family, *r.TaskReult, lang)
		}
		if r.RejectBy != nil {
			it.RejectBy, it.RejectByTxt = *r.RejectBy, name(*r.RejectBy)
		}
		if r.RejectReason != nil {
			it.RejectReason = *r.RejectReason
		}
		out = append(out, it)
	}
	return out, nil
}

// recallScope is what the recall list reads: the states the lifecycle's
// recall starts from, and the document types of the catalogue whose
// family's recall starts from none of them (general-ledger postings).
func (s *Service) recallScope() (states, noRecall []string) {
	lc := s.Lifecycle()
	a := lc.Action("", actionRecall)
	if a == nil {
		return []string{}, nil // a lifecycle without recall: the list is empty
	}
	states = append(states, a.From...)
	if len(states) == 0 {
		return []string{}, nil
	}
	seen := map[string]bool{}
	for _, dt := range s.cat().DocTypes() {
		fa := lc.Action(dt.Family, actionRecall)
		if seen[dt.Code] || slices.ContainsFunc(states, func(st string) bool { return slices.Contains(fa.From, st) }) {
			continue
		}
		seen[dt.Code] = true
		noRecall = append(noRecall, dt.Code)
	}
	return states, noRecall
}
