package process

import "time"

// Instance is one approval of a document: started by a submit, ended by
// the last approval, a reject or a void. A document submitted again after a
// reject gets a new instance with the route of that moment.
type Instance struct {
	ProcessID  string
	BusinessID string
	Status     string // StatusRunning, StatusApproved, StatusRejected, StatusVoided
	RuleID     uint   // the approver configuration that routed it
	StartedBy  string
	StartedAt  time.Time
	EndedAt    *time.Time
}

// Instance statuses.
const (
	StatusRunning  = "running"
	StatusApproved = "approved"
	StatusRejected = "rejected"
	StatusVoided   = "voided"
)

// Task is one task of an approval: an approver's decision (steps task1,
// task2 of the route and addSign steps) or the applicant's answer to a
// supplement request (step supplement). The tasks of a route are created on
// submit, the first open and the others pending; exactly one task of a
// running approval is open. A completed task records who completed it,
// when, the result and the comment (navigation-and-access.md 3.3, the
// spec's spelling taskReult).
type Task struct {
	TaskID     int64
	ProcessID  string
	BusinessID string
	Seq        int
	Step       string
	Assignee   string
	Status     string
	// AddedBy is who asked for this task (add-sign, supplement), Request
	// what they asked.
	AddedBy          string
	Request          string
	CreatedAt        time.Time
	OpenedAt         *time.Time
	CompleteBy       string
	CompleteAt       *time.Time
	TaskReult        string
	TaskReultComment string
}

// Task statuses.
const (
	TaskPending   = "pending"   // a later step of the route
	TaskOpen      = "open"      // waiting for its assignee
	TaskDone      = "done"      // completed
	TaskCancelled = "cancelled" // never reached: the approval ended before it
)

// Task steps besides the route's task1 and task2.
const (
	StepAddSign    = "addSign"
	StepSupplement = "supplement"
)

// Decision puts a document on someone's completed list: the latest task
// they decided on it (approve, reject, addSign, supplement; a supplement
// answer of the applicant is no decision). One per document and person.
type Decision struct {
	BusinessID string
	Owner      string
	CompleteAt time.Time
	TaskID     int64
	TaskReult  string
}

// TimeLayout is how the API writes a moment (as head.createAt).
const TimeLayout = "2006-01-02 15:04:05"

// TimeText writes a moment in the server's time zone; "" for none.
func TimeText(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.In(time.Local).Format(TimeLayout)
}
