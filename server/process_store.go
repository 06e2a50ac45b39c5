package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"formwork/engine"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// errRefused rolls a transaction back whose refusal the caller answers.
var errRefused = errors.New("refused")

// openTask returns the open task of a document's approval, or nil.
func (s *Server) openTask(ctx context.Context, businessID string) (*ProcessTask, error) {
	var t ProcessTask
	err := s.db.WithContext(ctx).Where("business_id = ? AND status = ?", businessID, taskOpen).Order("seq").Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load open task: %w", err)
	}
	return &t, nil
}

// storedDocument loads a document with its decoded body, under the type
// and version it was saved with.
func (s *Server) storedDocument(ctx context.Context, businessID string) (*DocumentRecord, *engine.Document, []engine.Finding, error) {
	rec, err := s.docs.Get(ctx, businessID)
	if err != nil {
		return nil, nil, nil, err
	}
	dt := s.storedType(rec)
	if dt == nil {
		return nil, nil, nil, fmt.Errorf("document %s is a %s, which the catalogue no longer has", businessID, rec.DocType)
	}
	doc, structural, err := engine.DecodeAs(dt, []byte(rec.Body))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("stored document %s cannot be read: %w", businessID, err)
	}
	return rec, doc, structural, nil
}

// transition is one lifecycle step of a stored document.
type transition struct {
	Action  string
	To      string
	By      string
	Comment string
	TaskID  *int64
	At      time.Time
	// Edit changes the head besides status and version (processId).
	Edit func(head engine.Values)
}

// writeTransition moves a stored document to t.To within tx: head.status,
// head.version + 1 and t.Edit in the body and the columns, but only if the
// document is still at the version and state it was loaded with (else
// ECONFLICT: someone was quicker); and it writes the event. It returns the
// record as written.
func writeTransition(tx *gorm.DB, rec *DocumentRecord, doc *engine.Document, t transition) (*DocumentRecord, error) {
	head := doc.Head()
	head["status"] = t.To
	head["version"] = rec.Version + 1
	if t.Edit != nil {
		t.Edit(head)
	}
	next, err := recordOf(doc)
	if err != nil {
		return nil, err
	}
	n, err := updateRecord(tx, next, rec.Version, rec.Status)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, engine.Errorf(engine.ECONFLICT, "businessId", "document %s was changed meanwhile by someone else: reload it and try again", rec.BusinessID)
	}
	ev := DocumentEvent{BusinessID: rec.BusinessID, At: t.At, Actor: t.By, FromStatus: rec.Status, ToStatus: t.To, Action: t.Action, Comment: t.Comment, TaskID: t.TaskID}
	if err := tx.Create(&ev).Error; err != nil {
		return nil, fmt.Errorf("write event: %w", err)
	}
	next.Edition, next.CreatedAt = rec.Edition, rec.CreatedAt
	return next, nil
}

// openTodo puts a document on owner's to-do list (again).
func openTodo(tx *gorm.DB, businessID, owner string, at time.Time) error {
	err := tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "business_id"}, {Name: "owner"}},
		DoUpdates: clause.Assignments(map[string]any{"created_at": at, "done_at": nil}),
	}).Create(&DocumentTodo{BusinessID: businessID, Owner: owner, CreatedAt: at}).Error
	if err != nil {
		return fmt.Errorf("open to-do item: %w", err)
	}
	return nil
}

// closeTodo takes a document off owner's to-do list.
func closeTodo(tx *gorm.DB, businessID, owner string, at time.Time) error {
	if err := tx.Model(&DocumentTodo{}).Where("business_id = ? AND owner = ? AND done_at IS NULL", businessID, owner).Update("done_at", at).Error; err != nil {
		return fmt.Errorf("close to-do item: %w", err)
	}
	return nil
}

// openNextTask opens the first pending task of a process, if any, and puts
// the document on its assignee's to-do list; it returns the task or nil.
func openNextTask(tx *gorm.DB, processID string, at time.Time) (*ProcessTask, error) {
	var next ProcessTask
	err := tx.Where("process_id = ? AND status = ?", processID, taskPending).Order("seq").Take(&next).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load next task: %w", err)
	}
	if err := tx.Model(&ProcessTask{}).Where("task_id = ?", next.TaskID).Updates(map[string]any{"status": taskOpen, "opened_at": at}).Error; err != nil {
		return nil, fmt.Errorf("open task: %w", err)
	}
	next.Status, next.OpenedAt = taskOpen, &at
	return &next, openTodo(tx, next.BusinessID, next.Assignee, at)
}

// insertTaskAfter opens a new task right after task after (add-sign,
// supplement): later pending tasks move one place back.
func insertTaskAfter(tx *gorm.DB, after *ProcessTask, t ProcessTask) (*ProcessTask, error) {
	if err := tx.Model(&ProcessTask{}).Where("process_id = ? AND seq > ?", after.ProcessID, after.Seq).
		Update("seq", gorm.Expr("seq + 1")).Error; err != nil {
		return nil, fmt.Errorf("make room for a task: %w", err)
	}
	t.ProcessID, t.BusinessID, t.Seq, t.Status = after.ProcessID, after.BusinessID, after.Seq+1, taskOpen
	t.CreatedAt, t.OpenedAt = *after.CompleteAt, after.CompleteAt
	if err := tx.Create(&t).Error; err != nil {
		return nil, fmt.Errorf("add task: %w", err)
	}
	return &t, openTodo(tx, t.BusinessID, t.Assignee, t.CreatedAt)
}

// completeTask marks an open task done by who with result and comment; a
// task no longer open (someone was quicker) is ECONFLICT.
func completeTask(tx *gorm.DB, t *ProcessTask, by, result, comment string, at time.Time) error {
	res := tx.Model(&ProcessTask{}).Where("task_id = ? AND status = ?", t.TaskID, taskOpen).
		Updates(map[string]any{"status": taskDone, "complete_by": by, "complete_at": at, "task_reult": result, "task_reult_comment": comment})
	if res.Error != nil {
		return fmt.Errorf("complete task: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return engine.Errorf(engine.ECONFLICT, "taskId", "task %d of document %s was completed meanwhile by someone else", t.TaskID, t.BusinessID)
	}
	t.Status, t.CompleteBy, t.CompleteAt, t.TaskReult, t.TaskReultComment = taskDone, by, &at, result, comment
	if t.Step != stepSupplement {
		err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "business_id"}, {Name: "owner"}},
			DoUpdates: clause.AssignmentColumns([]string{"complete_at", "task_id", "task_reult"}),
		}).Create(&DocumentDone{BusinessID: t.BusinessID, Owner: by, CompleteAt: at, TaskID: t.TaskID, TaskReult: result}).Error
		if err != nil {
			return fmt.Errorf("record the decision: %w", err)
		}
	}
	return closeTodo(tx, t.BusinessID, t.Assignee, at)
}

// endProcess ends a running process with status, cancelling the tasks it
// did not reach.
func endProcess(tx *gorm.DB, processID, status string, at time.Time) error {
	if err := tx.Model(&ProcessTask{}).Where("process_id = ? AND status IN ?", processID, []string{taskPending, taskOpen}).
		Update("status", taskCancelled).Error; err != nil {
		return fmt.Errorf("cancel tasks: %w", err)
	}
	res := tx.Model(&ProcessInstance{}).Where("process_id = ? AND status = ?", processID, processRunning).
		Updates(map[string]any{"status": status, "ended_at": at})
	if res.Error != nil {
		return fmt.Errorf("end process: %w", res.Error)
	}
	return nil
}
