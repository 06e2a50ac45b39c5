package server

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// worklistItem is one document of a worklist as answered.
type worklistItem struct {
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
}

// queryWorklist: POST /api/galaxyform/worklist/query with the worklist query
// (navigation-and-access.md 3.8) and list: draft, todo, applied, done or
// returned. Answers {list, total, pageSize, currentPage}, newest first
// unless orderBy and sorts say otherwise.
func (s *Server) queryWorklist(c echo.Context) error {
	var q worklistQuery
	if err := readJSON(c, &q, true, `{"list": "todo", "types": ["EX02"], "quickRange": 30, "pageSize": 10, "currentPage": 1}`); err != nil {
		return err
	}
	pg, err := pageOf(q.PageSize, q.CurrentPage)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	who := CurrentUser(c)
	var actsFor []string
	if q.List == listTodo {
		ds, err := s.activeDelegators(ctx, who.Username())
		if err != nil {
			return err
		}
		for _, d := range ds {
			actsFor = append(actsFor, d.AuthorBy)
		}
	}
	states := map[string]bool{}
	for k := range s.Lifecycle().States {
		states[k] = true
	}
	scope, counted, order, err := worklistScope(s.db.WithContext(ctx), q, who.Username(), actsFor, states, s.now())
	if err != nil {
		return err
	}
	var total int64
	if err := counted.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return fmt.Errorf("count worklist: %w", err)
	}
	cols := "d.business_id, d.doc_type, d.edition, d.schema_version, d.business_type1, d.business_type2, d.applicant, d.create_by, d.company_code, " +
		"d.amount, d.status, d.process_id, d.description, d.version, d.created_at, d.updated_at"
	switch q.List {
	case listTodo:
		cols += ", t.task_id, t.step, t.assignee, t.opened_at"
	case listDone:
		cols += ", t.complete_at, t.task_reult"
	}
	var rows []worklistRow
	if total > 0 {
		if err := scope.Session(&gorm.Session{}).Select(cols).Order(order).Limit(pg.size).Offset(pg.offset()).Scan(&rows).Error; err != nil {
			return fmt.Errorf("read worklist: %w", err)
		}
	}
	return ok(c, pageAnswer{List: s.worklistItems(ctx, lang(c), rows), Total: total, PageSize: pg.size, CurrentPage: pg.current})
}

// worklistItems renders rows with display names, looked up in one query.
func (s *Server) worklistItems(ctx context.Context, l string, rows []worklistRow) []worklistItem {
	users := map[string]bool{}
	for _, r := range rows {
		users[r.Applicant], users[r.CreateBy] = true, true
		if r.Assignee != nil {
			users[*r.Assignee] = true
		}
	}
	nameOf := s.empNames(ctx, users)
	cat := s.Catalogue()
	out := make([]worklistItem, 0, len(rows))
	for _, r := range rows {
		it := worklistItem{BusinessID: r.BusinessID, DocType: r.DocType, BusinessType1: r.BusinessType1, BusinessType2: r.BusinessType2,
			Applicant: r.Applicant, ApplicantTxt: nameOf(r.Applicant), CreateBy: r.CreateBy, CreateByTxt: nameOf(r.CreateBy),
			CompanyCode: r.CompanyCode, Amount: json.Number(r.Amount.StringFixed(2)), Status: r.Status, StatusTxt: s.stateTitle(r.Status, l),
			ProcessID: r.ProcessID, Description: r.Description, Version: r.Version, CreateAt: timeText(&r.CreatedAt), UpdatedAt: timeText(&r.UpdatedAt),
			TaskID: r.TaskID, ReceivedAt: timeText(r.OpenedAt), CompleteAt: timeText(r.CompleteAt)}
		edition := r.Edition
		if edition == "" {
			edition = cat.DefaultEdition
		}
		if dt := cat.DocTypeIn(edition, r.DocType); dt != nil {
			it.DocTypeTxt, it.Family = dt.Title.In(l), dt.Family
		}
		if r.Step != nil {
			it.Step, it.StepTxt = *r.Step, stepTitles[*r.Step].In(l)
		}
		if r.Assignee != nil {
			it.Assignee, it.AssigneeTxt = *r.Assignee, nameOf(*r.Assignee)
		}
		if r.TaskReult != nil {
			it.TaskReult, it.TaskReultTxt = *r.TaskReult, s.actionTitle(it.Family, *r.TaskReult, l)
		}
		out = append(out, it)
	}
	return out
}

// empNames looks the display names of users up at once; a user without
// one shows as the username.
func (s *Server) empNames(ctx context.Context, users map[string]bool) func(string) string {
	list := make([]string, 0, len(users))
	for u := range users {
		if u != "" {
			list = append(list, u)
		}
	}
	var found []User
	if len(list) > 0 {
		s.db.WithContext(ctx).Select("username, emp_name").Where("username IN ?", list).Find(&found)
	}
	names := map[string]string{}
	for _, u := range found {
		names[u.Username] = u.EmpName
	}
	return func(u string) string {
		if n := names[u]; n != "" {
			return n
		}
		return u
	}
}
