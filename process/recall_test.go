package process_test

import (
	"testing"
	"time"

	"formwork/process"
)

// The first decision of a document's current approval: the earliest
// completed task of that approval; tasks of an earlier approval (a reject
// before a resubmit) and open or cancelled tasks do not count.
func TestFirstDecision(t *testing.T) {
	at := func(min int) *time.Time { v := time.Date(2026, 11, 24, 9, min, 0, 0, time.UTC); return &v }
	tasks := []process.Task{
		{TaskID: 1, ProcessID: "EX02-1", Status: process.TaskDone, CompleteBy: "manager01", CompleteAt: at(1), TaskReult: "reject"},
		{TaskID: 2, ProcessID: "EX02-1", Status: process.TaskCancelled},
		{TaskID: 3, ProcessID: "EX02-2", Status: process.TaskOpen},
		{TaskID: 4, ProcessID: "EX02-2", Status: process.TaskPending},
	}
	if got := process.FirstDecision(tasks, "EX02-2"); got != nil {
		t.Errorf("nobody decided on the second approval, got task %d", got.TaskID)
	}
	if got := process.FirstDecision(tasks, "EX02-1"); got == nil || got.TaskID != 1 {
		t.Errorf("the first approval's decision: %+v", got)
	}
	tasks = append(tasks,
		process.Task{TaskID: 5, ProcessID: "EX02-2", Status: process.TaskDone, CompleteBy: "x", CompleteAt: at(9), TaskReult: "approve"},
		process.Task{TaskID: 6, ProcessID: "EX02-2", Status: process.TaskDone, CompleteBy: "y", CompleteAt: at(5), TaskReult: "addSign"})
	if got := process.FirstDecision(tasks, "EX02-2"); got == nil || got.TaskID != 6 {
		t.Errorf("the earliest decision of the second approval: %+v", got)
	}
}
