package sqldb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"formwork/adapters/sqldb/freshness"
	"formwork/budget"
	"formwork/documents"
	"formwork/process"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ProcessStore keeps approvals, the to-do and completed lists and the
// approver configuration (process.Store).
type ProcessStore struct {
	db *gorm.DB
	// each document's open task as a form's actions read it, kept while
	// this process writes no task (freshness)
	openTasks *freshness.Cache[string, *process.Task]
}

// NewProcessStore is the process store on db (migrated).
func NewProcessStore(db *gorm.DB) *ProcessStore {
	return &ProcessStore{db: db, openTasks: freshness.NewCache[string, *process.Task](db, freshness.TTL, freshness.Size, "process_tasks")}
}

var _ process.Store = (*ProcessStore)(nil)

// InTx runs fn in one transaction.
func (s *ProcessStore) InTx(ctx context.Context, fn func(tx process.Tx) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(&processTx{documentTx: &documentTx{tx}, tx: tx})
	})
}

// ApprovalBudgetTx is budget control's share of an approval's unit of work
// (a process.Tx of this store): what budget.Occupy, Release and Consume
// write there commits, or rolls back, with the transition.
func ApprovalBudgetTx(tx process.Tx) budget.Tx { return BudgetTx(tx.(*processTx).tx) }

// ApprovalDB is the transaction of an approval's unit of work (a
// process.Tx of this store), for the stores of sub-packages (advancedb)
// to write in it.
func ApprovalDB(tx process.Tx) *gorm.DB { return tx.(*processTx).tx }

// OpenTask is the open task of a document's approval; nil when none.
func (s *ProcessStore) OpenTask(ctx context.Context, businessID string) (*process.Task, error) {
	t, err := s.openTasks.Get(businessID, func() (*process.Task, error) {
		return firstTask(s.db.WithContext(ctx).Where("business_id = ? AND status = ?", businessID, process.TaskOpen).Order("seq"), "load open task")
	})
	if t == nil || err != nil {
		return nil, err
	}
	own := *t // the cache's is shared
	return &own, nil
}

// Task is a task of a document; nil when none.
func (s *ProcessStore) Task(ctx context.Context, businessID string, taskID int64) (*process.Task, error) {
	return firstTask(s.db.WithContext(ctx).Where("task_id = ? AND business_id = ?", taskID, businessID), "load task")
}

// AskingTask is the latest non-supplement task of an approval before seq.
func (s *ProcessStore) AskingTask(ctx context.Context, processID string, seq int) (*process.Task, error) {
	t, err := firstTask(s.db.WithContext(ctx).Where("process_id = ? AND seq < ? AND step <> ?", processID, seq, process.StepSupplement).
		Order("seq DESC"), "load the task that asked for more")
	if err == nil && t == nil {
		err = fmt.Errorf("load the task that asked for more: approval %s has none before place %d", processID, seq)
	}
	return t, err
}

// firstTask is the first task q finds; nil when none.
func firstTask(q *gorm.DB, what string) (*process.Task, error) {
	var row processTaskRow
	err := q.Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	t := process.Task(row)
	return &t, nil
}

// Tasks are a document's tasks by approval and place.
func (s *ProcessStore) Tasks(ctx context.Context, businessID string) ([]process.Task, error) {
	var rows []processTaskRow
	if err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Order("process_id, seq").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load tasks: %w", err)
	}
	out := make([]process.Task, len(rows))
	for i, r := range rows {
		out[i] = process.Task(r)
	}
	return out, nil
}

// Events are a document's transitions, oldest first.
func (s *ProcessStore) Events(ctx context.Context, businessID string) ([]documents.Event, error) {
	var rows []eventRow
	if err := s.db.WithContext(ctx).Where("business_id = ?", businessID).Order("at, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("load events: %w", err)
	}
	out := make([]documents.Event, len(rows))
	for i, r := range rows {
		out[i] = documents.Event(r)
	}
	return out, nil
}

// CountProcesses is how many approvals a document has had.
func (s *ProcessStore) CountProcesses(ctx context.Context, businessID string) (int64, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&processInstanceRow{}).Where("business_id = ?", businessID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count processes: %w", err)
	}
	return n, nil
}

// processTx is process.Tx on a gorm transaction.
type processTx struct {
	*documentTx
	tx *gorm.DB
}

// AddProcess stores a new approval with its tasks.
func (t *processTx) AddProcess(p process.Instance, tasks []process.Task) error {
	row := processInstanceRow(p)
	if err := t.tx.Create(&row).Error; err != nil {
		return fmt.Errorf("start process: %w", err)
	}
	rows := make([]processTaskRow, len(tasks))
	for i, task := range tasks {
		rows[i] = processTaskRow(task)
	}
	if err := t.tx.Create(&rows).Error; err != nil {
		return fmt.Errorf("create tasks: %w", err)
	}
	for i := range rows {
		tasks[i].TaskID = rows[i].TaskID
	}
	return nil
}

// NextPendingTask is the first pending task of an approval; nil when none.
func (t *processTx) NextPendingTask(processID string) (*process.Task, error) {
	return firstTask(t.tx.Where("process_id = ? AND status = ?", processID, process.TaskPending).Order("seq"), "load next task")
}

// MarkOpen opens a pending task.
func (t *processTx) MarkOpen(taskID int64, at time.Time) error {
	if err := t.tx.Model(&processTaskRow{}).Where("task_id = ?", taskID).Updates(map[string]any{"status": process.TaskOpen, "opened_at": at}).Error; err != nil {
		return fmt.Errorf("open task: %w", err)
	}
	return nil
}

// InsertTask adds task at its place, moving the later tasks one back.
func (t *processTx) InsertTask(task *process.Task) error {
	if err := t.tx.Model(&processTaskRow{}).Where("process_id = ? AND seq >= ?", task.ProcessID, task.Seq).
		Update("seq", gorm.Expr("seq + 1")).Error; err != nil {
		return fmt.Errorf("make room for a task: %w", err)
	}
	row := processTaskRow(*task)
	if err := t.tx.Create(&row).Error; err != nil {
		return fmt.Errorf("add task: %w", err)
	}
	task.TaskID = row.TaskID
	return nil
}

// CompleteTask marks an open task done; false when it is no longer open.
func (t *processTx) CompleteTask(taskID int64, by, result, comment string, at time.Time) (bool, error) {
	res := t.tx.Model(&processTaskRow{}).Where("task_id = ? AND status = ?", taskID, process.TaskOpen).
		Updates(map[string]any{"status": process.TaskDone, "complete_by": by, "complete_at": at, "task_reult": result, "task_reult_comment": comment})
	if res.Error != nil {
		return false, fmt.Errorf("complete task: %w", res.Error)
	}
	return res.RowsAffected > 0, nil
}

// CancelTask cancels an open task; false when it is no longer open.
func (t *processTx) CancelTask(taskID int64) (bool, error) {
	res := t.tx.Model(&processTaskRow{}).Where("task_id = ? AND status = ?", taskID, process.TaskOpen).Update("status", process.TaskCancelled)
	if res.Error != nil {
		return false, fmt.Errorf("cancel task: %w", res.Error)
	}
	return res.RowsAffected > 0, nil
}

// RecordDecision puts a document on someone's completed list.
func (t *processTx) RecordDecision(d process.Decision) error {
	row := documentDoneRow(d)
	err := t.tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "business_id"}, {Name: "owner"}},
		DoUpdates: clause.AssignmentColumns([]string{"complete_at", "task_id", "task_reult"}),
	}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("record the decision: %w", err)
	}
	return nil
}

// EndProcess ends a running approval, cancelling the tasks it did not reach.
func (t *processTx) EndProcess(processID, status string, at time.Time) error {
	if err := t.tx.Model(&processTaskRow{}).Where("process_id = ? AND status IN ?", processID, []string{process.TaskPending, process.TaskOpen}).
		Update("status", process.TaskCancelled).Error; err != nil {
		return fmt.Errorf("cancel tasks: %w", err)
	}
	res := t.tx.Model(&processInstanceRow{}).Where("process_id = ? AND status = ?", processID, process.StatusRunning).
		Updates(map[string]any{"status": status, "ended_at": at})
	if res.Error != nil {
		return fmt.Errorf("end process: %w", res.Error)
	}
	return nil
}

// OpenTodo puts a document on owner's to-do list (again).
func (t *processTx) OpenTodo(businessID, owner string, at time.Time) error {
	err := t.tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "business_id"}, {Name: "owner"}},
		DoUpdates: clause.Assignments(map[string]any{"created_at": at, "done_at": nil}),
	}).Create(&documentTodoRow{BusinessID: businessID, Owner: owner, CreatedAt: at}).Error
	if err != nil {
		return fmt.Errorf("open to-do item: %w", err)
	}
	return nil
}

// CloseTodo takes a document off owner's to-do list.
func (t *processTx) CloseTodo(businessID, owner string, at time.Time) error {
	if err := t.tx.Model(&documentTodoRow{}).Where("business_id = ? AND owner = ? AND done_at IS NULL", businessID, owner).Update("done_at", at).Error; err != nil {
		return fmt.Errorf("close to-do item: %w", err)
	}
	return nil
}

// CloseTodos takes a document off every to-do list.
func (t *processTx) CloseTodos(businessID string, at time.Time) error {
	if err := t.tx.Model(&documentTodoRow{}).Where("business_id = ? AND done_at IS NULL", businessID).Update("done_at", at).Error; err != nil {
		return fmt.Errorf("close to-do items: %w", err)
	}
	return nil
}

// cents is an amount in 分; amountOf is the reverse.
func cents(d *decimal.Decimal) *int64 {
	if d == nil {
		return nil
	}
	c := d.Round(2).Shift(2).IntPart()
	return &c
}

func amountOf(c *int64) *decimal.Decimal {
	if c == nil {
		return nil
	}
	d := decimal.New(*c, -2)
	return &d
}
