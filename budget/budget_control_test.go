package budget_test

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"formwork/budget"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// fakeTx is budget.Tx in memory: budgets by id, entries by id, the log,
// and what was locked. onLock, when set, runs once at the first lock: what
// another transaction committed while this one waited for the lock.
type fakeTx struct {
	budgets map[uint]*budget.Budget
	entries map[int64]*budget.Entry
	log     []budget.Movement
	locked  [][]uint
	onLock  func()
	nextID  int64
}

func newFakeTx(budgets ...budget.Budget) *fakeTx {
	tx := &fakeTx{budgets: map[uint]*budget.Budget{}, entries: map[int64]*budget.Entry{}}
	for i := range budgets {
		b := budgets[i]
		tx.budgets[b.ID] = &b
	}
	return tx
}

func (t *fakeTx) HeldEntries(businessID, status string) ([]budget.Entry, error) {
	var out []budget.Entry
	for _, e := range t.entries {
		if e.BusinessID == businessID && e.Occupied > 0 && (status == "" || e.BudgetStatus == status) {
			out = append(out, *e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].BudgetID < out[j].BudgetID })
	return out, nil
}

func (t *fakeTx) LockBudgets(ids []uint, node budget.Node, accounts []string) error {
	var locked []uint
	for id, b := range t.budgets {
		inNode := b.Node() == node && contains(accounts, b.BudgetAccount)
		if inNode || containsID(ids, id) {
			locked = append(locked, id)
		}
	}
	sort.Slice(locked, func(i, j int) bool { return locked[i] < locked[j] })
	t.locked = append(t.locked, locked)
	if t.onLock != nil {
		f := t.onLock
		t.onLock = nil
		f()
	}
	return nil
}

func (t *fakeTx) BudgetsOf(node budget.Node, accounts []string) (map[string]budget.Budget, error) {
	out := map[string]budget.Budget{}
	for _, b := range t.budgets {
		if b.Node() == node && contains(accounts, b.BudgetAccount) {
			out[b.BudgetAccount] = *b
		}
	}
	return out, nil
}

func (t *fakeTx) OccupyBudget(id uint, amount budget.Money, now time.Time) (bool, error) {
	b := t.budgets[id]
	if b.Control == budget.ControlStrong && b.Available() < amount {
		return false, nil
	}
	b.Occupied += amount
	return true, nil
}

func (t *fakeTx) AddToEntry(businessID string, budgetID uint, status string, amount budget.Money, now time.Time) error {
	for _, e := range t.entries {
		if e.BusinessID == businessID && e.BudgetID == budgetID {
			e.Occupied += amount
			e.BudgetStatus = status
			return nil
		}
	}
	t.nextID++
	t.entries[t.nextID] = &budget.Entry{ID: t.nextID, BusinessID: businessID, BudgetID: budgetID, BudgetStatus: status, Occupied: amount}
	return nil
}

func (t *fakeTx) ReleaseBudget(id uint, amount budget.Money, now time.Time) (bool, error) {
	b := t.budgets[id]
	if b.Occupied < amount {
		return false, nil
	}
	b.Occupied -= amount
	return true, nil
}

func (t *fakeTx) ReleaseEntry(id int64, amount budget.Money, now time.Time) (bool, error) {
	e := t.entries[id]
	if e.Occupied < amount {
		return false, nil
	}
	e.Occupied -= amount
	e.Released += amount
	return true, nil
}

func (t *fakeTx) ConsumeBudget(id uint, amount budget.Money, now time.Time) (bool, error) {
	b := t.budgets[id]
	if b.Occupied < amount {
		return false, nil
	}
	b.Occupied -= amount
	b.Consumed += amount
	return true, nil
}

func (t *fakeTx) ConsumeEntry(id int64, amount budget.Money, now time.Time) (bool, error) {
	e := t.entries[id]
	if e.Occupied != amount {
		return false, nil
	}
	e.Occupied = 0
	e.Consumed += amount
	return true, nil
}

func (t *fakeTx) LogMovement(m budget.Movement) error {
	t.log = append(t.log, m)
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsID(list []uint, id uint) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

// state is a budget's occupied and consumed as text.
func (t *fakeTx) state(id uint) string {
	b := t.budgets[id]
	return fmt.Sprintf("occupied %s consumed %s", b.Occupied, b.Consumed)
}

var (
	node    = budget.Node{CompanyCode: "1000", Department: "SAL02", Period: "2026-11"}
	now     = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	travel  = budget.Budget{ID: 1, CompanyCode: "1000", Department: "SAL02", BudgetAccount: "660201", Period: "2026-11", Amount: 100000}
	lodging = budget.Budget{ID: 2, CompanyCode: "1000", Department: "SAL02", BudgetAccount: "660202", Period: "2026-11", Amount: 50000}
)

func withControl(b budget.Budget, control string) budget.Budget {
	b.Control = control
	return b
}

// plan draws amounts (in 元) on accounts of node.
func plan(draws ...string) budget.Plan {
	p := budget.Plan{Node: node}
	for i := 0; i < len(draws); i += 2 {
		p.Draws = append(p.Draws, budget.Draw{Account: draws[i], Amount: decimal.RequireFromString(draws[i+1])})
	}
	return p
}

// Occupy checks each draw against its budget's control: strong refuses,
// weak asks until confirmed, none records; a node without a budget is not
// controlled. Findings leave everything as it was.
func TestOccupyChecksTheControl(t *testing.T) {
	for _, tt := range []struct {
		name, control string
		confirmed     bool
		amount        string
		rule          string // the finding's, "" for none
		state         string // of budget 1 after
	}{
		{"strong, within", budget.ControlStrong, false, "999.99", "", "occupied 999.99 consumed 0.00"},
		{"strong, exactly all", budget.ControlStrong, false, "1000.00", "", "occupied 1000.00 consumed 0.00"},
		{"strong, beyond", budget.ControlStrong, true, "1000.01", budget.RuleStrong, "occupied 0.00 consumed 0.00"},
		{"weak, beyond, not confirmed", budget.ControlWeak, false, "1500.00", budget.RuleWeak, "occupied 0.00 consumed 0.00"},
		{"weak, beyond, confirmed", budget.ControlWeak, true, "1500.00", "", "occupied 1500.00 consumed 0.00"},
		{"none, beyond", budget.ControlNone, false, "9999.00", "", "occupied 9999.00 consumed 0.00"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tx := newFakeTx(withControl(travel, tt.control))
			findings, err := budget.Occupy(tx, "EX02202611220001", "EX02", plan("660201", tt.amount, "660209", "50.00"),
				map[string]bool{budget.RuleWeak: tt.confirmed}, "employee01", now)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.rule == "" && len(findings) > 0:
				t.Errorf("findings %v, want none", findings)
			case tt.rule != "" && (len(findings) != 1 || findings[0].Rule != tt.rule || findings[0].Path != "head.amount"):
				t.Errorf("findings %v, want one of %s", findings, tt.rule)
			}
			if tt.rule != "" {
				for _, l := range []string{"zh", "en", "th"} {
					if !strings.Contains(findings[0].Message[l], "1000/SAL02/660201/2026-11") {
						t.Errorf("the %s message %q does not name the budget", l, findings[0].Message[l])
					}
				}
				return
			}
			if got := tx.state(1); got != tt.state {
				t.Errorf("budget: %s, want %s", got, tt.state)
			}
			if len(tx.log) != 1 || tx.log[0].Kind != budget.MovementOccupy || tx.log[0].Actor != "employee01" {
				t.Errorf("log %+v, want one occupation by employee01", tx.log)
			}
		})
	}
}

// A draw whose node has no budget follows its account's own control:
// strong refuses naming the account and the department, weak asks until
// confirmed, none (or an account master data does not control) goes
// through; nothing is occupied either way.
func TestDrawWithoutBudgetFollowsTheAccount(t *testing.T) {
	for _, tt := range []struct {
		name, control string
		confirmed     bool
		rule          string // the finding's, "" for none
	}{
		{"strong account", budget.ControlStrong, true, budget.RuleNoBudget},
		{"weak account, not confirmed", budget.ControlWeak, false, budget.RuleWeak},
		{"weak account, confirmed", budget.ControlWeak, true, ""},
		{"account without control", budget.ControlNone, false, ""},
		{"account master data does not have", "", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tx := newFakeTx(withControl(travel, budget.ControlStrong))
			p := plan("660201", "10.00", "660203", "500.00")
			p.Draws[1].Control = tt.control
			findings, err := budget.Occupy(tx, "EX02202611220001", "EX02", p, map[string]bool{budget.RuleWeak: tt.confirmed}, "employee01", now)
			if err != nil {
				t.Fatal(err)
			}
			if tt.rule == "" {
				if len(findings) > 0 || tx.state(1) != "occupied 10.00 consumed 0.00" || len(tx.log) != 1 {
					t.Errorf("findings %v, budget %s, log %v: want the budgeted draw occupied and nothing else", findings, tx.state(1), tx.log)
				}
				return
			}
			if len(findings) != 1 || findings[0].Rule != tt.rule || findings[0].Path != "head.amount" {
				t.Fatalf("findings %v, want one of %s", findings, tt.rule)
			}
			for l, want := range map[string]string{"zh": "部门SAL02在预算科目660203上没有预算（1000/SAL02/660203/2026-11），本单占用500.00",
				"en": "department SAL02 has no budget on budget account 660203 (1000/SAL02/660203/2026-11); this document needs 500.00",
				"th": "แผนก SAL02 ไม่มีงบประมาณในบัญชีงบประมาณ 660203 (1000/SAL02/660203/2026-11)"} {
				if !strings.Contains(findings[0].Message[l], want) {
					t.Errorf("the %s message %q does not say %q", l, findings[0].Message[l], want)
				}
			}
			if tx.state(1) != "occupied 0.00 consumed 0.00" {
				t.Errorf("a refused draw left budget 1 %s", tx.state(1))
			}
		})
	}
}

// A document occupies what it draws now, once: occupying again releases
// what it held first, and the budgets it held and draws on are locked
// together, in id order, before anything is read.
func TestOccupyAgainReplacesWhatItHeld(t *testing.T) {
	tx := newFakeTx(withControl(travel, budget.ControlStrong), withControl(lodging, budget.ControlStrong))
	if f, err := budget.Occupy(tx, "EX02202611220001", "EX02", plan("660201", "600.00", "660202", "100.00"), nil, "employee01", now); err != nil || f != nil {
		t.Fatal(f, err)
	}
	if f, err := budget.Occupy(tx, "EX02202611220001", "EX02", plan("660201", "800.00"), nil, "employee01", now); err != nil || f != nil {
		t.Fatal(f, err)
	}
	if got := tx.state(1) + "; " + tx.state(2); got != "occupied 800.00 consumed 0.00; occupied 0.00 consumed 0.00" {
		t.Errorf("after occupying again: %s", got)
	}
	if got := fmt.Sprint(tx.locked); got != "[[1 2] [1 2]]" {
		t.Errorf("locked %s, want both budgets each time (held and drawn)", got)
	}
}

// Release gives back up to a limit in budget order; more than is occupied
// is ECONFLICT in every language with nothing released.
func TestReleaseUpToALimit(t *testing.T) {
	tx := newFakeTx(withControl(travel, budget.ControlStrong), withControl(lodging, budget.ControlStrong))
	if _, err := budget.Occupy(tx, "EX01202611220001", "EX01", plan("660201", "300.00", "660202", "200.00"), nil, "employee01", now); err != nil {
		t.Fatal(err)
	}
	limit := budget.Money(60000)
	_, err := budget.Release(tx, "EX01202611220001", budget.StatusAdvance, &limit, "employee01", now)
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != engine.ECONFLICT || e.Path != "amount" || e.Text["th"] == "" || e.Text["zh"] == "" {
		t.Fatalf("releasing 600.00 of 500.00: %v, want ECONFLICT on amount in every language", err)
	}
	limit = 35000
	released, err := budget.Release(tx, "EX01202611220001", budget.StatusAdvance, &limit, "finance01", now)
	if err != nil || released != 35000 {
		t.Fatalf("releasing 350.00: %s %v", released, err)
	}
	if got := tx.state(1) + "; " + tx.state(2); got != "occupied 0.00 consumed 0.00; occupied 150.00 consumed 0.00" {
		t.Errorf("after releasing 350.00: %s", got)
	}
	released, err = budget.Release(tx, "EX01202611220001", budget.StatusClaim, nil, "finance01", now)
	if err != nil || released != 0 {
		t.Errorf("a pre-application has nothing of status 2 to release: %s %v", released, err)
	}
}

// Release reads what a document occupies again once its budgets are
// locked: a release that committed while this one waited for the lock
// counts (the reason 60 releases at once answered 500 before).
func TestReleaseSeesWhatAnotherReleaseLeft(t *testing.T) {
	tx := newFakeTx(withControl(travel, budget.ControlStrong))
	if _, err := budget.Occupy(tx, "EX01202611220001", "EX01", plan("660201", "100.00"), nil, "employee01", now); err != nil {
		t.Fatal(err)
	}
	tx.onLock = func() { // another transaction released 80.00 meanwhile
		limit := budget.Money(8000)
		if _, err := budget.Release(tx, "EX01202611220001", budget.StatusAdvance, &limit, "finance01", now); err != nil {
			t.Fatal(err)
		}
	}
	limit := budget.Money(5000)
	_, err := budget.Release(tx, "EX01202611220001", budget.StatusAdvance, &limit, "employee01", now)
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != engine.ECONFLICT || !strings.Contains(e.Message, "occupies 20.00 of budget; 50.00 cannot be released") {
		t.Fatalf("releasing 50.00 of what is left (20.00): %v", err)
	}
	if got := tx.state(1); got != "occupied 20.00 consumed 0.00" {
		t.Errorf("budget: %s, want 20.00 left", got)
	}
}

// A conditional update that finds less than the entry says is a 409, never
// an internal error.
func TestReleaseOfABudgetChangedMeanwhileIsAConflict(t *testing.T) {
	tx := newFakeTx(withControl(travel, budget.ControlStrong))
	if _, err := budget.Occupy(tx, "EX01202611220001", "EX01", plan("660201", "100.00"), nil, "employee01", now); err != nil {
		t.Fatal(err)
	}
	tx.budgets[1].Occupied = 0 // what no locked transaction can see
	_, err := budget.Release(tx, "EX01202611220001", "", nil, "employee01", now)
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != engine.ECONFLICT {
		t.Fatalf("%v, want ECONFLICT", err)
	}
}

// Consume turns a claim's occupation into consumption and leaves a
// pre-application's occupied.
func TestConsumeClaimsNotPreApplications(t *testing.T) {
	tx := newFakeTx(withControl(travel, budget.ControlStrong))
	for _, d := range []struct{ id, docType, amount string }{{"EX02202611220001", "EX02", "300.00"}, {"EX01202611220001", "EX01", "200.00"}} {
		if _, err := budget.Occupy(tx, d.id, d.docType, plan("660201", d.amount), nil, "employee01", now); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"EX02202611220001", "EX01202611220001"} {
		if err := budget.Consume(tx, id, "finance01", now); err != nil {
			t.Fatal(err)
		}
	}
	if got := tx.state(1); got != "occupied 200.00 consumed 300.00" {
		t.Errorf("budget: %s, want the claim consumed and the pre-application occupied", got)
	}
	var kinds []string
	for _, m := range tx.log {
		kinds = append(kinds, m.Kind+" "+m.Amount.String())
	}
	if got := strings.Join(kinds, ", "); got != "occupy 300.00, occupy 200.00, consume 300.00" {
		t.Errorf("log: %s", got)
	}
}
