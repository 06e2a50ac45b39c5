// Package printing is the A4 print view of a document (an HTML page the
// browser prints) and the amounts in Chinese capitals it shows.
//
// Everything a person reads on the page comes in the request's language
// (zh, en, th): the fixed texts, the catalogue's labels, titles, sub-types
// and enumerations, and the names of people and codes. A text the
// catalogue or the master data lacks in that language falls back as
// engine.Text does (Chinese first).
package printing

import (
	"context"

	"formwork/engine"
)

// DocumentSource is what the print view reads of a stored document: the
// record's fields and its body, decoded under the type and version it was
// saved with.
type DocumentSource interface {
	BusinessID() string
	// Status is the document's lifecycle state ("voided" prints a stamp).
	Status() string
	Version() int
	// CreateBy and Applicant are the usernames of the maker and the
	// reimburser.
	CreateBy() string
	Applicant() string
	Document() *engine.Document
}

// Approval is the document's approval as the process shows it, its texts in
// the request's language.
type Approval struct {
	StatusTxt string
	Events    []Event
	Tasks     []Task
}

// Event is a transition of the document: when, by whom (a username), the
// action and the states in words, and the comment.
type Event struct {
	At, By, ActionTxt, FromTxt, ToTxt, Comment string
}

// Task is a task of the document's approval route: who it is assigned to,
// who completed it, whether it is done or open, and whether it asks for a
// supplement (which approves nothing).
type Task struct {
	Assignee, CompleteBy   string
	Done, Open, Supplement bool
}

// People names people: the name in lang of the person who signs in as
// username; "" when unknown (the page then shows the username).
type People interface {
	PersonName(ctx context.Context, username, lang string) (string, error)
}

// Codes names codes: the name in lang of a code of a dictionary (company,
// department, costCenter, ...); "" when the dictionary has no such code.
type Codes interface {
	CodeName(ctx context.Context, dic, code, lang string) (string, error)
}
