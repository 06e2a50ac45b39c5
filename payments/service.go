package payments

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/engine"
)

// FinanceMenu is the menu of the finance staff who pay: its holders see
// payee accounts whole and move payment lines (the payment import, 付款导入).
const FinanceMenu = "CW00003"

// Actor is who reads or changes payments (identity.Identity).
type Actor interface {
	Username() string
	MayOpen(codes ...string) bool
	Scope() string
	WorksFor(company string) bool
}

// Documents are what payments need of the documents: a document's status
// for who, ENOTFOUND when there is none, EFORBIDDEN when who may not read
// it; and its status whoever asks ("" when there is none).
type Documents interface {
	StatusFor(ctx context.Context, who Actor, businessID string) (string, error)
	Status(ctx context.Context, businessID string) (string, error)
}

// Approved is the status of a document after its final approval.
const Approved = "approved"

// Contracts are what payments need of the contract master: who may pay
// against which contracts (the contract finance authorisation, HT3-2),
// read before a transaction (SQLite has one connection), and what a line
// paid moves: the paid amounts of its contracts, in the line's transaction.
type Contracts interface {
	Authority(ctx context.Context) (Authority, error)
	Paid(tx Tx, l Line, by string, now time.Time) error
}

// Authority refuses finance staff who a line whose contracts they are not
// authorised for (EFORBIDDEN at contractNo); nil when they may.
type Authority func(who Actor, l Line) error

// Service is the payments' use cases.
type Service struct {
	store     Store
	docs      Documents
	contracts Contracts
	now       func() time.Time
}

// NewService builds the payments' use cases on store.
func NewService(store Store, docs Documents, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, docs: docs, now: now}
}

// SetContracts makes paid lines move their contracts and the contract
// finance authorisation decide who pays them.
func (s *Service) SetContracts(c Contracts) { s.contracts = c }

// authority is the contract finance authorisation as it stands (anyone
// authorised when there is no contract master).
func (s *Service) authority(ctx context.Context) (Authority, error) {
	if s.contracts == nil {
		return func(Actor, Line) error { return nil }, nil
	}
	return s.contracts.Authority(ctx)
}

// IsFinance tells whether who pays (sees accounts whole, moves lines).
func IsFinance(who Actor) bool { return who.MayOpen(FinanceMenu) }

// shown is lines as who sees them: masked accounts unless who is finance.
func shown(who Actor, lines []Line) []Line {
	if IsFinance(who) {
		return lines
	}
	out := make([]Line, len(lines))
	for i, l := range lines {
		out[i] = l.Masked()
	}
	return out
}

// State is a document's payment state.
type State struct {
	BusinessID string  `json:"businessId"`
	DocStatus  string  `json:"docStatus"`
	Payable    bool    `json:"payable"`
	Status     string  `json:"paymentStatus"` // Summary of the lines
	Lines      []Line  `json:"lines"`
	Events     []Event `json:"events"`
}

// Summary is the payment status of lines: "" when none, failed when one
// failed, pending when one is pending, else paid.
func Summary(lines []Line) string {
	status := ""
	for _, l := range lines {
		switch {
		case l.Status == StatusFailed:
			return StatusFailed
		case l.Status == StatusPending:
			status = StatusPending
		case status == "":
			status = StatusPaid
		}
	}
	return status
}

// OfDocument is the payment state of a document who may read.
func (s *Service) OfDocument(ctx context.Context, who Actor, businessID string) (*State, error) {
	businessID = strings.TrimSpace(businessID)
	if businessID == "" {
		return nil, refuse(engine.EINVALID, "businessId", "请填写单号", "businessId is missing", "กรุณาระบุเลขที่เอกสาร")
	}
	status, err := s.docs.StatusFor(ctx, who, businessID)
	if err != nil {
		return nil, err
	}
	lines, err := s.store.Lines(ctx, businessID)
	if err != nil {
		return nil, err
	}
	events, err := s.store.Events(ctx, businessID)
	if err != nil {
		return nil, err
	}
	if lines == nil {
		lines = []Line{}
	}
	if events == nil {
		events = []Event{}
	}
	return &State{BusinessID: businessID, DocStatus: status, Payable: status == Approved && len(lines) > 0,
		Status: Summary(lines), Lines: shown(who, lines), Events: events}, nil
}

// Scope of a list: the user's own payments, or every payment finance may
// move.
const (
	ScopeMine    = "mine"
	ScopeFinance = "finance"
)

// List is the payment lines of scope, of status when given: the user's own
// (masked accounts unless finance), or finance's (those of the user's
// companies, all for an administrator, and of contracts they are
// authorised for).
func (s *Service) List(ctx context.Context, who Actor, scope, status string) ([]Line, error) {
	if status != "" && !slices.Contains(Statuses, status) {
		return nil, badChoice("status", status, Statuses)
	}
	f := Filter{Status: status}
	switch scope {
	case "", ScopeMine:
		f.Applicant = who.Username()
	case ScopeFinance:
		if !IsFinance(who) {
			return nil, notFinance()
		}
	default:
		return nil, badChoice("scope", scope, []string{ScopeMine, ScopeFinance})
	}
	lines, err := s.store.Find(ctx, f)
	if err != nil || scope != ScopeFinance {
		return shown(who, lines), err
	}
	may, err := s.authority(ctx)
	if err != nil {
		return nil, err
	}
	mine := lines[:0]
	for _, l := range lines {
		if mayPay(who, l) && may(who, l) == nil {
			mine = append(mine, l)
		}
	}
	return mine, nil
}

// mayPay tells whether finance staff who may move l: of their companies,
// any for an administrator.
func mayPay(who Actor, l Line) bool { return who.Scope() == "all" || who.WorksFor(l.CompanyCode) }

func badChoice(path, got string, choices []string) error {
	list, g := strings.Join(choices, ", "), engine.Clip(got, 30)
	return engine.Refuse(engine.EINVALID, path, engine.Text{
		"zh": fmt.Sprintf("%s须为 %s 之一，而不是 %q", path, list, g),
		"en": fmt.Sprintf("%s must be one of %s, not %q", path, list, g),
		"th": fmt.Sprintf("%s ต้องเป็นหนึ่งใน %s ไม่ใช่ %q", path, list, g)})
}

func refuse(code, path, zh, en, th string) error {
	return engine.Refuse(code, path, engine.Text{"zh": zh, "en": en, "th": th})
}

func notFinance() error {
	return refuse(engine.EFORBIDDEN, "", "只有财务人员（菜单"+FinanceMenu+"）可以处理付款",
		"only finance staff (menu "+FinanceMenu+") handle payments", "เฉพาะเจ้าหน้าที่การเงิน (เมนู "+FinanceMenu+") เท่านั้นที่จัดการการจ่ายเงินได้")
}
