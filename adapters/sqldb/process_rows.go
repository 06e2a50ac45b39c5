package sqldb

import "time"

// processInstanceRow is one approval of a document.
type processInstanceRow struct {
	ProcessID  string     `gorm:"primaryKey;size:60"`
	BusinessID string     `gorm:"size:40;not null;index"`
	Status     string     `gorm:"size:20;not null"`
	RuleID     uint       `gorm:"not null"`
	StartedBy  string     `gorm:"size:64;not null"`
	StartedAt  time.Time  `gorm:"not null"`
	EndedAt    *time.Time `gorm:""`
}

func (processInstanceRow) TableName() string { return "process_instances" }

// processTaskRow is one task of an approval.
type processTaskRow struct {
	TaskID     int64  `gorm:"primaryKey;autoIncrement"`
	ProcessID  string `gorm:"size:60;not null;index"`
	BusinessID string `gorm:"size:40;not null;index:idx_tasks_business_seq,priority:1"`
	Seq        int    `gorm:"not null;index:idx_tasks_business_seq,priority:2"`
	Step       string `gorm:"size:20;not null"`
	// my to-do: open tasks of an assignee, newest first
	Assignee         string     `gorm:"size:64;not null;index:idx_tasks_assignee_status,priority:1"`
	Status           string     `gorm:"size:10;not null;index:idx_tasks_assignee_status,priority:2"`
	AddedBy          string     `gorm:"size:64"`
	Request          string     `gorm:"size:1000"`
	CreatedAt        time.Time  `gorm:"not null"`
	OpenedAt         *time.Time `gorm:"index:idx_tasks_assignee_status,priority:3"`
	CompleteBy       string     `gorm:"size:64"`
	CompleteAt       *time.Time
	TaskReult        string `gorm:"size:20"`
	TaskReultComment string `gorm:"size:1000"`
}

func (processTaskRow) TableName() string { return "process_tasks" }

// documentDoneRow is a document on someone's completed list: written with
// the task's completion, one row per document and person, so that "my
// completed" is read by an index instead of grouping tasks.
type documentDoneRow struct {
	BusinessID string    `gorm:"primaryKey;size:40"`
	Owner      string    `gorm:"primaryKey;size:64;index:idx_dones_owner_at,priority:1"`
	CompleteAt time.Time `gorm:"not null;index:idx_dones_owner_at,priority:2"`
	TaskID     int64     `gorm:"not null"`
	TaskReult  string    `gorm:"size:20;not null"`
}

func (documentDoneRow) TableName() string { return "document_dones" }

// documentTodoRow is an item of someone's to-do list: the document waits
// for Owner (an approver, or the applicant asked for more); open while
// DoneAt is nil. The owner and the owner's active delegates may open the
// document (DocumentStore.OnTodoList).
type documentTodoRow struct {
	BusinessID string    `gorm:"primaryKey;size:40"`
	Owner      string    `gorm:"primaryKey;size:64"`
	CreatedAt  time.Time `gorm:"not null"`
	DoneAt     *time.Time
}

func (documentTodoRow) TableName() string { return "document_todos" }

// approverConfigRow is one row of the approver configuration; the amounts
// are in 分 (cents), as whole numbers.
type approverConfigRow struct {
	ID            uint   `gorm:"primaryKey"`
	CompanyCode   string `gorm:"size:20;not null;index"`
	CostCenter    string `gorm:"size:40;not null"`
	BusinessType  string `gorm:"size:20;not null"`
	MinAmount     *int64
	MaxAmount     *int64
	Task1Approver string `gorm:"size:64;not null"`
	Task2Approver string `gorm:"size:64;not null"`
	Status        string `gorm:"size:1;not null"`
	UpdateBy      string `gorm:"size:64"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (approverConfigRow) TableName() string { return "approver_configs" }

// ProcessModels are the row types of the approval workflow, for migration
// (the events are the documents area's).
func ProcessModels() []any {
	return []any{&processInstanceRow{}, &processTaskRow{}, &documentDoneRow{}, &documentTodoRow{}, &approverConfigRow{}}
}
