package sqldb

import (
	"context"
	"fmt"
	"formwork/adapters/sqldb/sqlq"

	"formwork/process"

	"gorm.io/gorm"
)

// worklistOrder are the columns a worklist is ordered by: todo reads the
// open task as t, done the completed list (document_dones) as t.
var worklistOrder = map[string]string{
	"createAt": "d.created_at", "updatedAt": "d.updated_at", "businessId": "d.business_id",
	"amount": "d.amount", "docType": "d.doc_type", "status": "d.status",
	"receivedAt": "t.opened_at", "completeAt": "t.complete_at",
}

// worklistColumns are what a worklist reads of documents.
const worklistColumns = "d.business_id, d.doc_type, d.edition, d.schema_version, d.business_type1, d.business_type2, d.applicant, d.create_by, " +
	"d.company_code, d.amount, d.status, d.process_id, d.description, d.version, d.created_at, d.updated_at"

// Worklist reads one page of a worklist and its total.
func (s *ProcessStore) Worklist(ctx context.Context, f process.Filter) ([]process.WorklistRow, int64, error) {
	db := s.db.WithContext(ctx)
	list, count := worklistScope(db, f)
	var total int64
	if err := count.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count worklist: %w", err)
	}
	if total == 0 {
		return nil, 0, nil
	}
	cols := worklistColumns
	switch f.List {
	case process.ListTodo:
		cols += ", t.task_id, t.step, t.assignee, t.opened_at"
	case process.ListDone:
		cols += ", t.complete_at, t.task_reult"
	case process.ListReturned:
		cols += ", " + lastReject("comment") + " AS reject_reason, " + lastReject("actor") + " AS reject_by"
	}
	dir := "DESC"
	if f.Asc {
		dir = "ASC"
	}
	order := fmt.Sprintf("%s %s, d.business_id %s", worklistOrder[f.Order], dir, dir)
	var rows []worklistRow
	if err := list.Session(&gorm.Session{}).Select(cols).Order(order).Limit(f.Limit).Offset(f.Offset).Scan(&rows).Error; err != nil {
		return nil, 0, fmt.Errorf("read worklist: %w", err)
	}
	out := make([]process.WorklistRow, len(rows))
	for i, r := range rows {
		out[i] = process.WorklistRow(r)
	}
	return out, total, nil
}

// worklistRow is one document of a worklist as scanned.
type worklistRow process.WorklistRow

// worklistScope is the query of one list with the filter's criteria, and
// the query that counts it: the same, or, when no criterion needs the
// documents, the open tasks or the completed list alone (an index count,
// not a join). Every list reads documents as d.
func worklistScope(db *gorm.DB, f process.Filter) (list, count *gorm.DB) {
	tx := db.Table("documents AS d")
	var alone *gorm.DB
	switch f.List {
	case process.ListDraft, process.ListReturned:
		tx = tx.Where("(d.create_by = ? OR d.applicant = ?) AND d.status = ?", f.Me, f.Me, f.List)
	case process.ListRecall:
		tx = tx.Where("(d.create_by = ? OR d.applicant = ?) AND d.status IN ? AND d.process_id <> ''", f.Me, f.Me, f.RecallStates).
			Where("NOT EXISTS (SELECT 1 FROM process_tasks x WHERE x.process_id = d.process_id AND x.status = ?)", process.TaskDone)
		if len(f.NoRecallTypes) > 0 {
			tx = tx.Where("d.doc_type NOT IN ?", f.NoRecallTypes)
		}
	case process.ListApplied:
		tx = tx.Where("(d.create_by = ? OR d.applicant = ?) AND d.process_id <> ''", f.Me, f.Me)
	case process.ListTodo:
		tx = tx.Joins("JOIN process_tasks t ON t.business_id = d.business_id").Where("t.status = ? AND t.assignee IN ?", process.TaskOpen, f.Owners)
		if f.NotOwnDocuments {
			tx = tx.Where("(t.assignee = ? OR (d.applicant <> ? AND d.create_by <> ?) OR t.step = ?)", f.Me, f.Me, f.Me, process.StepSupplement)
		} else {
			alone = db.Table("process_tasks AS t").Where("t.status = ? AND t.assignee = ?", process.TaskOpen, f.Me)
		}
	case process.ListDone:
		tx = tx.Joins("JOIN document_dones t ON t.business_id = d.business_id").Where("t.owner = ?", f.Me)
		alone = db.Table("document_dones AS t").Where("t.owner = ?", f.Me)
	}
	tx = worklistCriteria(tx, f)
	if alone != nil && !f.Filtered() {
		return tx, alone
	}
	return tx, tx
}

// worklistCriteria adds the filter's criteria on the documents.
func worklistCriteria(tx *gorm.DB, f process.Filter) *gorm.DB {
	if f.BusinessIDPrefix != "" {
		tx = tx.Where(`d.business_id LIKE ? ESCAPE '\'`, sqlq.Prefix(f.BusinessIDPrefix))
	}
	if f.ProcessID != "" {
		tx = tx.Where("d.process_id = ?", f.ProcessID)
	}
	if len(f.Types) > 0 {
		tx = tx.Where("d.doc_type IN ?", f.Types)
	}
	for _, c := range []struct{ col, v string }{{"d.applicant", f.Applicant}, {"d.create_by", f.CreateBy}, {"d.company_code", f.CompanyCode}} {
		if c.v != "" {
			tx = tx.Where(c.col+" = ?", c.v)
		}
	}
	if len(f.States) > 0 {
		tx = tx.Where("d.status IN ?", f.States)
	}
	if !f.CreatedFrom.IsZero() {
		tx = tx.Where("d.created_at >= ?", f.CreatedFrom)
	}
	if !f.CreatedBefore.IsZero() {
		tx = tx.Where("d.created_at < ?", f.CreatedBefore)
	}
	return tx
}

// lastReject reads a column of a document's last reject event.
func lastReject(col string) string {
	return "(SELECT e." + col + " FROM document_events e WHERE e.business_id = d.business_id AND e.action = '" + process.ActionReject +
		"' ORDER BY e.id DESC LIMIT 1)"
}
