package process

import (
	"context"
	"time"

	"formwork/documents"
)

// Store keeps approvals, the to-do and completed lists and the approver
// configuration. Implementations: adapters/sqldb.
type Store interface {
	// InTx runs fn in one transaction: committed when fn returns nil,
	// rolled back otherwise.
	InTx(ctx context.Context, fn func(tx Tx) error) error

	// OpenTask is the open task of a document's approval; nil when none.
	OpenTask(ctx context.Context, businessID string) (*Task, error)
	// Task is a task of a document; nil when the document has no such task.
	Task(ctx context.Context, businessID string, taskID int64) (*Task, error)
	// Tasks are a document's tasks by approval and place.
	Tasks(ctx context.Context, businessID string) ([]Task, error)
	// AskingTask is the latest task of an approval before place seq that
	// is not a supplement answer: the approval task that asked for more.
	// There always is one; none is an internal error.
	AskingTask(ctx context.Context, processID string, seq int) (*Task, error)
	// Events are a document's transitions, oldest first.
	Events(ctx context.Context, businessID string) ([]documents.Event, error)
	// CountProcesses is how many approvals a document has had.
	CountProcesses(ctx context.Context, businessID string) (int64, error)

	// ApproverConfigs are the rows of the approver configuration by id:
	// all of them, or those in force.
	ApproverConfigs(ctx context.Context, inForceOnly bool) ([]ApproverConfig, error)
	// ApproverConfig loads one row; nil when there is none.
	ApproverConfig(ctx context.Context, id uint) (*ApproverConfig, error)
	// SaveApproverConfig adds a row (ID 0, which it sets) or writes one over
	// the stored row with its ID; it sets UpdatedAt.
	SaveApproverConfig(ctx context.Context, c *ApproverConfig) error
	// DeleteApproverConfig deletes a row; false when there was none.
	DeleteApproverConfig(ctx context.Context, id uint) (bool, error)
	// AddApproverConfigs adds rows at once (seeding).
	AddApproverConfigs(ctx context.Context, rows []ApproverConfig) error

	// Worklist reads one page of a worklist and how many documents it
	// holds in all.
	Worklist(ctx context.Context, f Filter) ([]WorklistRow, int64, error)
}

// Tx is what the approval writes in one unit of work: a document's
// transition and event (documents.Tx) with the approval's tasks and lists,
// so that they commit together.
type Tx interface {
	documents.Tx
	// AddProcess stores a new approval with its tasks.
	AddProcess(p Instance, tasks []Task) error
	// NextPendingTask is the first pending task of an approval; nil when
	// none is left.
	NextPendingTask(processID string) (*Task, error)
	// MarkOpen opens a pending task.
	MarkOpen(taskID int64, at time.Time) error
	// InsertTask adds t (an open task) at place t.Seq of its approval,
	// moving the tasks from that place on one place back; it sets TaskID.
	InsertTask(t *Task) error
	// CompleteTask marks an open task done; false, and nothing changed,
	// when it is no longer open (someone was quicker).
	CompleteTask(taskID int64, by, result, comment string, at time.Time) (bool, error)
	// CancelTask cancels an open task (its applicant recalled the
	// document); false, and nothing changed, when it is no longer open
	// (someone decided on it meanwhile).
	CancelTask(taskID int64) (bool, error)
	// RecordDecision puts a document on someone's completed list, or
	// moves it to the top with the latest decision.
	RecordDecision(d Decision) error
	// EndProcess ends a running approval with status, cancelling the
	// tasks it did not reach.
	EndProcess(processID, status string, at time.Time) error
	// OpenTodo puts a document on owner's to-do list (again).
	OpenTodo(businessID, owner string, at time.Time) error
	// CloseTodo takes a document off owner's to-do list.
	CloseTodo(businessID, owner string, at time.Time) error
	// CloseTodos takes a document off every to-do list.
	CloseTodos(businessID string, at time.Time) error
}
