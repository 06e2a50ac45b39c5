package documents

import "context"

// Document scopes of a user's roles: which documents they may open besides
// their own.
const (
	ScopeOwn     = "own"     // their own, their delegators', their to-do list
	ScopeCompany = "company" // and every document of their companies (finance staff)
	ScopeAll     = "all"     // every document (administrators)
)

// Actor is the signed-in user as documents need them.
type Actor interface {
	Username() string
	// Scope is the widest document scope of the user's roles.
	Scope() string
	// WorksFor reports whether company is one of the user's.
	WorksFor(company string) bool
}

// People answers what documents need to know about other users.
type People interface {
	// IsDelegate reports whether delegate may act for delegator today.
	IsDelegate(ctx context.Context, delegate, delegator string) (bool, error)
	// WorksFor reports whether username is a user working for company
	// (false for an unknown user).
	WorksFor(ctx context.Context, username, company string) (bool, error)
}

// Gate is what the lifecycle says about saving (implemented by the
// approval workflow).
type Gate interface {
	// MaySave decides whether who may save the document now, and what the
	// save is: the lifecycle action save or tempSave, or partEdit (a change
	// under an open task). stored is nil for a new document. A save the
	// lifecycle does not allow is ECONFLICT naming the state.
	MaySave(ctx context.Context, who Actor, stored *Record, family, mode string, temp bool) (string, error)
}
