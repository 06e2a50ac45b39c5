// Package process is the approval workflow of stored documents: the
// lifecycle in use (which action moves which state), submit, the
// approvers' decisions (approve, reject, add-sign, supplement), void, the
// history and the actions a user may take now, approval routing from the
// approver configuration, and the worklists. It knows neither HTTP nor
// SQL: a Store keeps approvals, documents.Service the documents, and budget
// control is asked through Budget inside the approval's unit of work.
package process

import (
	"context"
	"errors"
	"time"

	"formwork/documents"
	"formwork/engine"
)

// People answers what the approval needs to know about users.
type People interface {
	// IsDelegate reports whether delegate may act for delegator today.
	IsDelegate(ctx context.Context, delegate, delegator string) (bool, error)
	// Delegators are the users username may act for today.
	Delegators(ctx context.Context, username string) ([]string, error)
	// IsActiveUser reports whether username is a user who may sign in.
	IsActiveUser(ctx context.Context, username string) (bool, error)
	// DisplayNames are the display names of users; a user without one
	// is left out.
	DisplayNames(ctx context.Context, usernames []string) (map[string]string, error)
}

// Budget is budget control as the approval uses it: what a document draws
// is worked out before the unit of work; occupy, release and consume run
// in it, so that they commit with the transition.
type Budget interface {
	// Plan is what doc draws on budgets.
	Plan(ctx context.Context, doc *engine.Document) (BudgetPlan, error)
	// Occupy makes a document hold its plan; findings (strong control
	// exceeded, weak control not confirmed) refuse the submit.
	Occupy(tx Tx, businessID, docType string, plan BudgetPlan, confirmed map[string]bool, by string, now time.Time) ([]engine.Finding, error)
	// Release gives back everything a document holds.
	Release(tx Tx, businessID, by string, now time.Time) error
	// Consume turns what an approved document holds into consumption.
	Consume(tx Tx, businessID, by string, now time.Time) error
}

// Advances are the advances as the approval moves them, in its unit of
// work: a submitted document holds what it writes off, repays or returns
// (findings when more than is outstanding: the submit is refused), its
// approval books the holds and creates the advance of an advance document,
// its rejection, recall or void gives the holds back.
type Advances interface {
	Hold(tx Tx, doc *engine.Document, by string, now time.Time) ([]engine.Finding, error)
	Approve(tx Tx, doc *engine.Document, by string, now time.Time) error
	Release(tx Tx, businessID, by string, now time.Time) error
}

// BudgetPlan is what a document draws, as budget control worked it out;
// the approval only hands it back to Occupy.
type BudgetPlan any

// Service is the approval workflow's use cases.
type Service struct {
	store     Store
	docs      *documents.Service
	people    People
	budget    Budget
	advances  Advances
	lifecycle func() *engine.Lifecycle
	cat       func() *engine.Catalogue
	now       func() time.Time
}

// Deps are what the approval works with besides its store.
type Deps struct {
	Documents *documents.Service
	People    People
	Budget    Budget
	// Advances moves advances (nil: documents move none).
	Advances Advances
	// Lifecycle is the lifecycle in use (it changes on a reload).
	Lifecycle func() *engine.Lifecycle
	// Catalogue is the catalogue in use (worklists name document types).
	Catalogue func() *engine.Catalogue
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// NewService builds the approval workflow on store.
func NewService(store Store, d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{store: store, docs: d.Documents, people: d.People, budget: d.Budget, advances: d.Advances, lifecycle: d.Lifecycle, cat: d.Catalogue, now: d.Now}
}

var _ documents.Gate = (*Service)(nil)

// releaseAll gives back what a document holds of budgets and advances.
func (s *Service) releaseAll(tx Tx, businessID, by string, now time.Time) error {
	if err := s.budget.Release(tx, businessID, by, now); err != nil {
		return err
	}
	if s.advances == nil {
		return nil
	}
	return s.advances.Release(tx, businessID, by, now)
}

// holdAdvances makes a submitted document hold what it takes of advances.
func (s *Service) holdAdvances(tx Tx, doc *engine.Document, by string, now time.Time) ([]engine.Finding, error) {
	if s.advances == nil {
		return nil, nil
	}
	return s.advances.Hold(tx, doc, by, now)
}

// errRefused rolls a unit of work back whose refusal the use case returns.
var errRefused = errors.New("refused")

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// CheckRefusal is a submit refused by the document's check, by routing
// (no approver) or by budget control: Check says why; nothing was written.
type CheckRefusal struct {
	Check engine.CheckResult
}

func (r *CheckRefusal) Error() string {
	if f := r.Check.Errors; len(f) > 0 {
		return "submit refused: " + f[0].Path + ": " + f[0].Message.In("en")
	}
	return "submit refused"
}

// SubmitFailed is what the message of a refused submit starts with.
var SubmitFailed = engine.Text{"zh": "提交失败！", "en": "Submit failed! ", "th": "ส่งอนุมัติไม่สำเร็จ! "}

// refusedBy is the refusal of findings found outside the catalogue's rules
// (routing, budget control).
func refusedBy(doc *engine.Document, findings ...engine.Finding) *CheckRefusal {
	return &CheckRefusal{Check: engine.CheckResult{DocType: doc.Type.Code, SchemaVersion: doc.Type.Version, Valid: false, Errors: findings}}
}
