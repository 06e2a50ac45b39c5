package server

import (
	"time"
)

// ProcessInstance is one approval of a document: started by a submit,
// ended by the last approval or a reject. A document submitted again after
// a reject gets a new instance with the route of that moment.
type ProcessInstance struct {
	ProcessID  string     `gorm:"primaryKey;size:60"`
	BusinessID string     `gorm:"size:40;not null;index"`
	Status     string     `gorm:"size:20;not null"` // processRunning, processApproved, processRejected, processVoided
	RuleID     uint       `gorm:"not null"`         // the approver configuration that routed it
	StartedBy  string     `gorm:"size:64;not null"`
	StartedAt  time.Time  `gorm:"not null"`
	EndedAt    *time.Time `gorm:""`
}

// TableName is the process instances table.
func (ProcessInstance) TableName() string { return "process_instances" }

// Process instance statuses.
const (
	processRunning  = "running"
	processApproved = "approved"
	processRejected = "rejected"
	processVoided   = "voided"
)

// ProcessTask is one task of an approval: an approver's decision (steps
// task1, task2 of the route and addSign steps) or the applicant's answer to
// a supplement request (step supplement). Tasks of a route are created on
// submit, the first open and the others pending; exactly one task of a
// running process is open. A completed task records who completed it, when,
// the result and the comment (navigation-and-access.md 3.3, the spec's
// spelling taskReult on the wire).
type ProcessTask struct {
	TaskID     int64  `gorm:"primaryKey;autoIncrement"`
	ProcessID  string `gorm:"size:60;not null;index"`
	BusinessID string `gorm:"size:40;not null;index:idx_tasks_business_seq,priority:1"`
	Seq        int    `gorm:"not null;index:idx_tasks_business_seq,priority:2"`
	Step       string `gorm:"size:20;not null"`
	// my to-do: open tasks of an assignee, newest first
	Assignee string `gorm:"size:64;not null;index:idx_tasks_assignee_status,priority:1"`
	Status   string `gorm:"size:10;not null;index:idx_tasks_assignee_status,priority:2"`
	// AddedBy is who asked for this task (add-sign, supplement), Request
	// what they asked.
	AddedBy          string     `gorm:"size:64"`
	Request          string     `gorm:"size:1000"`
	CreatedAt        time.Time  `gorm:"not null"`
	OpenedAt         *time.Time `gorm:"index:idx_tasks_assignee_status,priority:3"`
	CompleteBy       string     `gorm:"size:64"`
	CompleteAt       *time.Time
	TaskReult        string `gorm:"size:20"`
	TaskReultComment string `gorm:"size:1000"`
}

// TableName is the tasks table.
func (ProcessTask) TableName() string { return "process_tasks" }

// Task statuses.
const (
	taskPending   = "pending"   // a later step of the route
	taskOpen      = "open"      // waiting for its assignee
	taskDone      = "done"      // completed
	taskCancelled = "cancelled" // never reached: the process ended before it
)

// Task steps besides the route's task1 and task2.
const (
	stepAddSign    = "addSign"
	stepSupplement = "supplement"
)

// DocumentDone is a document on someone's completed list: the latest task
// they decided on it (approve, reject, addSign, supplement; a supplement
// answer of the applicant is not a decision). Written with the task's
// completion, one row per document and person, so that "my completed" is
// read by an index instead of grouping tasks.
type DocumentDone struct {
	BusinessID string    `gorm:"primaryKey;size:40"`
	Owner      string    `gorm:"primaryKey;size:64;index:idx_dones_owner_at,priority:1"`
	CompleteAt time.Time `gorm:"not null;index:idx_dones_owner_at,priority:2"`
	TaskID     int64     `gorm:"not null"`
	TaskReult  string    `gorm:"size:20;not null"`
}

// TableName is the completed-list table.
func (DocumentDone) TableName() string { return "document_dones" }

// DocumentEvent is one transition of a document: who, when, from which
// state to which, by which action, with which comment. It is written in the
// transaction of the state change.
type DocumentEvent struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	BusinessID string    `gorm:"size:40;not null;index:idx_events_business,priority:1"`
	At         time.Time `gorm:"not null;index:idx_events_business,priority:2"`
	Actor      string    `gorm:"size:64;not null"`
	FromStatus string    `gorm:"size:20;not null"`
	ToStatus   string    `gorm:"size:20;not null"`
	Action     string    `gorm:"size:20;not null"`
	Comment    string    `gorm:"size:1000"`
	TaskID     *int64
}

// TableName is the events table.
func (DocumentEvent) TableName() string { return "document_events" }
