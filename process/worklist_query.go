package process

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/engine"
)

// quickRanges are the spec's quick date ranges in days (documents.md 9).
var quickRanges = map[int]bool{1: true, 7: true, 30: true, 90: true}

// DefaultPageSize is the page size when a query names none
// (navigation-and-access.md 9).
const DefaultPageSize = 10

// OrderKeys are what a worklist may be ordered by.
var OrderKeys = []string{"createAt", "updatedAt", "businessId", "amount", "docType", "status", "receivedAt", "completeAt"}

// CompileQuery checks a worklist query of user me, who acts today for
// actsFor, against the lifecycle's states, and makes it a filter; now
// anchors the quick date ranges. Every refusal is EINVALID naming the
// field.
func CompileQuery(q Query, me string, actsFor []string, states map[string]bool, now time.Time) (Filter, error) {
	f := Filter{List: q.List, Me: me, Limit: q.Limit, Offset: q.Offset, Order: "createAt"}
	if f.Limit <= 0 {
		f.Limit = DefaultPageSize
	}
	if !slices.Contains(Lists, q.List) {
		list, got := strings.Join(Lists, ", "), engine.Clip(q.List, 20)
		return f, engine.Refuse(engine.EINVALID, "list", engine.Text{
			"zh": fmt.Sprintf("list 须为 %s 之一，而不是 %q", list, got),
			"en": fmt.Sprintf("list must be one of %s, not %q", list, got),
			"th": fmt.Sprintf("list ต้องเป็นหนึ่งใน %s ไม่ใช่ %q", list, got)})
	}
	switch q.List {
	case ListTodo:
		f.Order = "receivedAt"
		if err := f.owners(q.Assignee, actsFor); err != nil {
			return f, err
		}
	case ListDone:
		f.Order = "completeAt"
	}
	f.BusinessIDPrefix, f.ProcessID = strings.TrimSpace(q.BusinessID), strings.TrimSpace(q.ProcessID)
	f.Types = q.Types
	f.Applicant, f.CreateBy, f.CompanyCode = strings.TrimSpace(q.Applicant), strings.TrimSpace(q.CreateBy), strings.TrimSpace(q.CompanyCode)
	var err error
	if f.States, err = statesOf(q.ProcessStatus, states); err != nil {
		return f, err
	}
	if err := f.created(q, now); err != nil {
		return f, err
	}
	return f, f.order(q)
}

// owners sets whose open tasks the to-do list shows: me and those I act
// for, or the one of them the query names.
func (f *Filter) owners(assignee string, actsFor []string) error {
	f.Owners = append([]string{f.Me}, actsFor...)
	if a := strings.TrimSpace(assignee); a != "" {
		if !slices.Contains(f.Owners, a) {
			a = engine.Clip(a, 64)
			return engine.Refuse(engine.EINVALID, "assignee", engine.Text{
				"zh": fmt.Sprintf("%s既不是您本人，也不是您今天可代理的人", a),
				"en": fmt.Sprintf("%s is neither you nor someone you act for today", a),
				"th": fmt.Sprintf("%s ไม่ใช่คุณและไม่ใช่ผู้ที่คุณปฏิบัติงานแทนในวันนี้", a)})
		}
		f.Owners = []string{a}
	}
	// a delegate sees the delegator's tasks, but not on the delegate's own
	// documents: nobody decides on their own
	f.NotOwnDocuments = len(f.Owners) != 1 || f.Owners[0] != f.Me
	return nil
}

// statesOf reads processStatus: document states separated by commas.
func statesOf(processStatus string, states map[string]bool) ([]string, error) {
	ps := strings.TrimSpace(processStatus)
	if ps == "" {
		return nil, nil
	}
	var wanted []string
	for _, st := range strings.Split(ps, ",") {
		if st = strings.TrimSpace(st); !states[st] {
			got := engine.Clip(st, 20)
			return nil, engine.Refuse(engine.EINVALID, "processStatus", engine.Text{
				"zh": fmt.Sprintf("processStatus %q 不是单据状态", got),
				"en": fmt.Sprintf("processStatus %q is no document state", got),
				"th": fmt.Sprintf("processStatus %q ไม่ใช่สถานะเอกสาร", got)})
		}
		wanted = append(wanted, st)
	}
	return wanted, nil
}

// created sets the creation dates: createAtFrom, createAtTo (whole days)
// and the quick range, whichever bounds most.
func (f *Filter) created(q Query, now time.Time) error {
	for _, d := range []struct {
		path, v string
		to      bool
	}{{"createAtFrom", q.CreateAtFrom, false}, {"createAtTo", q.CreateAtTo, true}} {
		if d.v == "" {
			continue
		}
		day, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(d.v), now.Location())
		if err != nil {
			got := engine.Clip(d.v, 20)
			return engine.Refuse(engine.EINVALID, d.path, engine.Text{
				"zh": fmt.Sprintf("%s 须为日期 yyyy-MM-dd，而不是 %q", d.path, got),
				"en": fmt.Sprintf("%s must be a date yyyy-MM-dd, not %q", d.path, got),
				"th": fmt.Sprintf("%s ต้องเป็นวันที่ yyyy-MM-dd ไม่ใช่ %q", d.path, got)})
		}
		if d.to {
			f.CreatedBefore = day.AddDate(0, 0, 1)
		} else {
			f.CreatedFrom = day
		}
	}
	if q.QuickRange != 0 {
		if !quickRanges[q.QuickRange] {
			return refuse("quickRange", "quickRange 须为 1、7、30 或 90（天）", "quickRange must be 1, 7, 30 or 90 (days)",
				"quickRange ต้องเป็น 1, 7, 30 หรือ 90 (วัน)")
		}
		if from := now.AddDate(0, 0, -q.QuickRange); from.After(f.CreatedFrom) {
			f.CreatedFrom = from
		}
	}
	return nil
}

// order sets the order: orderBy (receivedAt only for todo, completeAt only
// for done) and sorts.
func (f *Filter) order(q Query) error {
	if q.OrderBy != "" {
		f.Order = q.OrderBy
	}
	if !slices.Contains(OrderKeys, f.Order) || (f.Order == "receivedAt" && q.List != ListTodo) || (f.Order == "completeAt" && q.List != ListDone) {
		return refuse("orderBy", "orderBy 须为 createAt、updatedAt、businessId、amount、docType、status 之一（待办可用 receivedAt，已办可用 completeAt）",
			"orderBy must be one of createAt, updatedAt, businessId, amount, docType, status (receivedAt for todo, completeAt for done)",
			"orderBy ต้องเป็นหนึ่งใน createAt, updatedAt, businessId, amount, docType, status (receivedAt สำหรับ todo, completeAt สำหรับ done)")
	}
	switch strings.ToLower(q.Sorts) {
	case "", "desc", "descending":
	case "asc", "ascending":
		f.Asc = true
	default:
		return refuse("sorts", "sorts 须为 asc 或 desc", "sorts must be asc or desc", "sorts ต้องเป็น asc หรือ desc")
	}
	return nil
}
