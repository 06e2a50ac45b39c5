// Package printing is the A4 print view of a document (an HTML page the
// browser prints) and the amounts in Chinese capitals it shows.
//
// Everything a person reads on the page comes in the request's language
// (zh, en, th): the fixed texts, the catalogue's labels, titles, sub-types,
// enumerations, states and actions, and the names of people and codes. A
// text the catalogue or the master data lacks in Thai shows in English
// (then Chinese); one it lacks in English shows in Chinese.
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

// Approval is the document's approval as the process shows it: the
// document's family and state, the transitions and the tasks. The Txt
// fields are the process's own words, shown when the lifecycle has no
// title for a state or an action.
type Approval struct {
	Family, Status, StatusTxt string
	Events                    []Event
	Tasks                     []Task
}

// Event is a transition of the document: when, by whom (a username), the
// action and the states it went from and to (keys), and the comment.
type Event struct {
	At, By, Comment           string
	Action, From, To          string
	ActionTxt, FromTxt, ToTxt string
}

// Task is a task of the document's approval route: who it is assigned to,
// who completed it (usernames), whether it is done or open, and whether it
// asks for a supplement (which approves nothing).
type Task struct {
	Assignee, CompleteBy   string
	Done, Open, Supplement bool
}

// People names people: the name of the person who signs in as username,
// in every language it has; nil when unknown (the page then shows the
// username).
type People interface {
	PersonName(ctx context.Context, username string) (engine.Text, error)
}

// Codes names codes: the name of a code of a dictionary (company,
// department, costCenter, ...) in every language it has; nil when the
// dictionary has no such code.
type Codes interface {
	CodeName(ctx context.Context, dic, code string) (engine.Text, error)
}

// Lifecycles gives the lifecycle in use (registry.Service does): the
// titles of states and actions.
type Lifecycles interface {
	Lifecycle() *engine.Lifecycle
}

// in is t in lang: Thai falls back to English, then as engine.Text does.
func in(t engine.Text, lang string) string {
	if s := t[lang]; s != "" {
		return s
	}
	if lang == "th" && t["en"] != "" {
		return t["en"]
	}
	return t.In(lang)
}
