package server

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/engine"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// lockForUpdate locks the rows a query reads for the rest of the
// transaction (PostgreSQL; SQLite drops the clause and has one writer).
var lockForUpdate = clause.Locking{Strength: "UPDATE"}

// The worklists (documents.md 2: draft box, my to-do, my applications, my
// completed; navigation-and-access.md 2.2: my returned documents).
const (
	listDraft    = "draft"    // my drafts: status draft, I made it or claim with it
	listTodo     = "todo"     // my to-do: open tasks of mine or of those I act for today
	listApplied  = "applied"  // my applications: mine, submitted at least once
	listDone     = "done"     // my completed: documents I decided on (approve, reject, addSign, supplement)
	listReturned = "returned" // my returned documents: mine, status returned
)

var worklists = []string{listDraft, listTodo, listApplied, listDone, listReturned}

// worklistQuery is the worklist query of navigation-and-access.md 3.8.
type worklistQuery struct {
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
	PageSize      int      `json:"pageSize"`
	CurrentPage   int      `json:"currentPage"`
}

// quickRanges are the spec's quick date ranges in days (documents.md 9).
var quickRanges = map[int]bool{1: true, 7: true, 30: true, 90: true}

// orderColumns are the columns a list may be ordered by; receivedAt (when
// the task arrived) only for todo, completeAt only for done.
var orderColumns = map[string]string{
	"createAt": "d.created_at", "updatedAt": "d.updated_at", "businessId": "d.business_id",
	"amount": "d.amount", "docType": "d.doc_type", "status": "d.status",
	"receivedAt": "t.opened_at", "completeAt": "t.complete_at", // todo: open task; done: document_dones
}

// listPage is a validated page request.
type listPage struct{ size, current int }

func (p listPage) offset() int { return (p.current - 1) * p.size }

// maxPageSize bounds a page.
const maxPageSize = 200

// pageOf applies the defaults (navigation-and-access.md 9: page size 10,
// page 1) and refuses nonsense.
func pageOf(size, current int) (listPage, error) {
	switch {
	case size == 0:
		size = 10
	case size < 0 || size > maxPageSize:
		return listPage{}, engine.Errorf(engine.EINVALID, "pageSize", "pageSize must be 1 to %d", maxPageSize)
	}
	switch {
	case current == 0:
		current = 1
	case current < 0:
		return listPage{}, engine.Errorf(engine.EINVALID, "currentPage", "currentPage must be 1 or more")
	}
	return listPage{size, current}, nil
}

// pageAnswer is a page of a list.
type pageAnswer struct {
	List        any   `json:"list"`
	Total       int64 `json:"total"`
	PageSize    int   `json:"pageSize"`
	CurrentPage int   `json:"currentPage"`
}

// worklistRow is one document of a worklist as scanned.
type worklistRow struct {
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
	// todo
	TaskID   *int64
	Step     *string
	Assignee *string
	OpenedAt *time.Time
	// done
	CompleteAt *time.Time
	TaskReult  *string
}

// worklistScope builds the query of one list for user me, who acts today
// for actsFor (todo), with the filters of q, and the order; the caller
// pages it. Every list reads documents as d; todo joins the open tasks as
// t, done the completed list (document_dones) as t. count is the query
// that counts the list: the same, or, when no filter needs the documents,
// the tasks or the completed list alone (an index count, not a join).
func worklistScope(db *gorm.DB, q worklistQuery, me string, actsFor []string, states map[string]bool, now time.Time) (list, count *gorm.DB, order string, err error) {
	if !slices.Contains(worklists, q.List) {
		return nil, nil, "", engine.Errorf(engine.EINVALID, "list", "list must be one of %s, not %q", strings.Join(worklists, ", "), clipText(q.List, 20))
	}
	tx := db.Table("documents AS d")
	var alone *gorm.DB // counts the list without documents, when no filter needs them
	order = "createAt"
	switch q.List {
	case listDraft, listReturned:
		tx = tx.Where("(d.create_by = ? OR d.applicant = ?) AND d.status = ?", me, me, q.List)
	case listApplied:
		tx = tx.Where("(d.create_by = ? OR d.applicant = ?) AND d.process_id <> ''", me, me)
	case listTodo:
		owners := append([]string{me}, actsFor...)
		if a := strings.TrimSpace(q.Assignee); a != "" {
			if !slices.Contains(owners, a) {
				return nil, nil, "", engine.Errorf(engine.EINVALID, "assignee", "%s is neither you nor someone you act for today", clipText(a, 64))
			}
			owners = []string{a}
		}
		tx = tx.Joins("JOIN process_tasks t ON t.business_id = d.business_id").Where("t.status = ? AND t.assignee IN ?", taskOpen, owners)
		if len(owners) == 1 && owners[0] == me {
			alone = db.Table("process_tasks AS t").Where("t.status = ? AND t.assignee = ?", taskOpen, me)
		} else {
			// a delegate sees the delegator's tasks, but not on the
			// delegate's own documents: nobody decides on their own
			tx = tx.Where("(t.assignee = ? OR (d.applicant <> ? AND d.create_by <> ?) OR t.step = ?)", me, me, me, stepSupplement)
		}
		order = "receivedAt"
	case listDone:
		tx = tx.Joins("JOIN document_dones t ON t.business_id = d.business_id").Where("t.owner = ?", me)
		alone = db.Table("document_dones AS t").Where("t.owner = ?", me)
		order = "completeAt"
	}
	filtered := false
	where := func(query string, args ...any) {
		tx, filtered = tx.Where(query, args...), true
	}
	if id := strings.TrimSpace(q.BusinessID); id != "" {
		where(`d.business_id LIKE ? ESCAPE '\'`, likePrefix(id))
	}
	if p := strings.TrimSpace(q.ProcessID); p != "" {
		where("d.process_id = ?", p)
	}
	if len(q.Types) > 0 {
		where("d.doc_type IN ?", q.Types)
	}
	for _, f := range []struct{ col, v string }{{"d.applicant", q.Applicant}, {"d.create_by", q.CreateBy}, {"d.company_code", q.CompanyCode}} {
		if v := strings.TrimSpace(f.v); v != "" {
			where(f.col+" = ?", v)
		}
	}
	if ps := strings.TrimSpace(q.ProcessStatus); ps != "" {
		var wanted []string
		for _, st := range strings.Split(ps, ",") {
			if st = strings.TrimSpace(st); !states[st] {
				return nil, nil, "", engine.Errorf(engine.EINVALID, "processStatus", "processStatus %q is no document state", clipText(st, 20))
			}
			wanted = append(wanted, st)
		}
		where("d.status IN ?", wanted)
	}
	for _, d := range []struct {
		path, v string
		to      bool
	}{{"createAtFrom", q.CreateAtFrom, false}, {"createAtTo", q.CreateAtTo, true}} {
		if d.v == "" {
			continue
		}
		day, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(d.v), now.Location())
		if err != nil {
			return nil, nil, "", engine.Errorf(engine.EINVALID, d.path, "%s must be a date yyyy-MM-dd, not %q", d.path, clipText(d.v, 20))
		}
		if d.to {
			where("d.created_at < ?", day.AddDate(0, 0, 1))
		} else {
			where("d.created_at >= ?", day)
		}
	}
	if q.QuickRange != 0 {
		if !quickRanges[q.QuickRange] {
			return nil, nil, "", engine.Errorf(engine.EINVALID, "quickRange", "quickRange must be 1, 7, 30 or 90 (days)")
		}
		where("d.created_at >= ?", now.AddDate(0, 0, -q.QuickRange))
	}
	if q.OrderBy != "" {
		order = q.OrderBy
	}
	col, known := orderColumns[order]
	if !known || (order == "receivedAt" && q.List != listTodo) || (order == "completeAt" && q.List != listDone) {
		return nil, nil, "", engine.Errorf(engine.EINVALID, "orderBy", "orderBy must be one of createAt, updatedAt, businessId, amount, docType, status (receivedAt for todo, completeAt for done)")
	}
	dir := "DESC"
	switch strings.ToLower(q.Sorts) {
	case "", "desc", "descending":
	case "asc", "ascending":
		dir = "ASC"
	default:
		return nil, nil, "", engine.Errorf(engine.EINVALID, "sorts", "sorts must be asc or desc")
	}
	count = tx
	if alone != nil && !filtered {
		count = alone
	}
	return tx, count, fmt.Sprintf("%s %s, d.business_id %s", col, dir, dir), nil
}

// likePrefix escapes a LIKE pattern's wildcards and matches the beginning.
func likePrefix(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s) + "%"
}
