package budget_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"formwork/budget"
	"formwork/engine"
)

// adjustStore is a budget.Store whose adjustments, imports and decisions
// run on a fakeTx, rolled back (the budgets and the log as they were) when
// fn fails. Its other methods are not called by these tests.
type adjustStore struct {
	budget.Store
	tx *fakeTx
}

func (s *adjustStore) InAdjustTx(_ context.Context, fn func(tx budget.AdjustTx) error) error {
	saved := map[uint]budget.Budget{}
	for id, b := range s.tx.budgets {
		saved[id] = *b
	}
	logged := len(s.tx.log)
	err := fn(adjustTx{s.tx})
	if err != nil {
		s.tx.budgets = map[uint]*budget.Budget{}
		for id, b := range saved {
			s.tx.budgets[id] = &b
		}
		s.tx.log = s.tx.log[:logged]
	}
	return err
}

// adjustTx adds budget.AdjustTx's writes to fakeTx.
type adjustTx struct{ *fakeTx }

func (t adjustTx) LoadBudget(id uint) (*budget.Budget, error) {
	b, ok := t.budgets[id]
	if !ok {
		return nil, nil
	}
	c := *b
	return &c, nil
}

func (t adjustTx) PutBudget(b budget.Budget, now time.Time, covered bool) (bool, error) {
	stored := t.budgets[b.ID]
	if covered && stored.Occupied+stored.Consumed > b.Amount {
		return false, nil
	}
	b.Occupied, b.Consumed, b.UpdatedAt = stored.Occupied, stored.Consumed, now
	*stored = b
	return true, nil
}

func (t adjustTx) InsertBudget(b *budget.Budget) error {
	for _, o := range t.budgets {
		if o.Node() == b.Node() && o.BudgetAccount == b.BudgetAccount {
			return budget.ErrNodeTaken
		}
	}
	b.ID = uint(len(t.budgets) + 100)
	c := *b
	t.budgets[b.ID] = &c
	return nil
}

var nov = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

func adjustService(budgets ...budget.Budget) (*budget.Service, *fakeTx) {
	tx := newFakeTx(budgets...)
	return budget.NewService(&adjustStore{tx: tx}, func() time.Time { return nov }), tx
}

func money(s string) *budget.Money {
	m, err := budget.ParseMoney(s)
	if err != nil {
		panic(err)
	}
	return &m
}

var all = budget.Scope{All: true}

func strongBudget() budget.Budget {
	return budget.Budget{ID: 1, CompanyCode: "1000", Department: "IT01", BudgetAccount: "660201", Period: "2026-11",
		Amount: *money("5000"), Occupied: *money("1380"), Consumed: *money("600"), Control: budget.ControlStrong}
}

func TestAdjust(t *testing.T) {
	for _, tt := range []struct {
		name          string
		control       string
		delta, reason string
		code, path    string
		amount        string // afterwards
		pending       string // afterwards, "" none
		logged        string // the movement, "" none
	}{
		{"lowered at once", budget.ControlStrong, "-3000", "下调", "", "", "2000.00", "", "adjust -3000.00 a 下调 false"},
		{"lowered to what is held", budget.ControlStrong, "-3020", "下调", "", "", "1980.00", "", "adjust -3020.00 a 下调 false"},
		{"below what is held, strong", budget.ControlStrong, "-3020.01", "下调", engine.ECHECK, "delta", "5000.00", "", ""},
		{"below what is held, weak", budget.ControlWeak, "-4000", "下调", "", "", "1000.00", "", "adjust -4000.00 a 下调 false"},
		{"below zero", budget.ControlNone, "-5000.01", "下调", engine.ECHECK, "delta", "5000.00", "", ""},
		{"raised: waits", budget.ControlStrong, "2500", "展会", "", "", "5000.00", "7500.00", "adjust 2500.00 a 展会 true"},
		{"no reason", budget.ControlStrong, "100", "  ", engine.EINVALID, "reason", "5000.00", "", ""},
		{"a reason too long", budget.ControlStrong, "100", strings.Repeat("因", 201), engine.EINVALID, "reason", "5000.00", "", ""},
		{"no delta", budget.ControlStrong, "0", "x", engine.EINVALID, "delta", "5000.00", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := strongBudget()
			b.Control = tt.control
			svc, tx := adjustService(b)
			_, err := svc.Adjust(context.Background(), budget.Adjustment{ID: 1, Delta: money(tt.delta), Reason: tt.reason}, all, "a")
			if code, path := errorAt(err); code != tt.code || path != tt.path {
				t.Fatalf("error %v (%s at %s), want %s at %s", err, code, path, tt.code, tt.path)
			}
			got := tx.budgets[1]
			pending := ""
			if got.Pending != nil {
				pending = got.Pending.String()
			}
			if got.Amount.String() != tt.amount || pending != tt.pending {
				t.Errorf("amount %s pending %q, want %s %q", got.Amount, pending, tt.amount, tt.pending)
			}
			if log := logText(tx.log); log != tt.logged {
				t.Errorf("log %q, want %q", log, tt.logged)
			}
		})
	}
}

func TestAdjustRefusesWhileAChangeWaits(t *testing.T) {
	svc, _ := adjustService(strongBudget())
	ctx := context.Background()
	if _, err := svc.Adjust(ctx, budget.Adjustment{ID: 1, Delta: money("100"), Reason: "x"}, all, "a"); err != nil {
		t.Fatal(err)
	}
	_, err := svc.Adjust(ctx, budget.Adjustment{ID: 1, Delta: money("-100"), Reason: "y"}, all, "b")
	if code, _ := errorAt(err); code != engine.ECONFLICT {
		t.Errorf("a change while one waits: %v", err)
	}
	_, err = svc.Adjust(ctx, budget.Adjustment{ID: 1, Delta: money("-100"), Reason: "y"}, budget.Scope{Companies: []string{"2000"}}, "b")
	if code, _ := errorAt(err); code != engine.ENOTFOUND {
		t.Errorf("a budget out of scope: %v", err)
	}
}

func TestDecide(t *testing.T) {
	ctx := context.Background()
	raised := func() (*budget.Service, *fakeTx) {
		svc, tx := adjustService(strongBudget())
		if _, err := svc.Adjust(ctx, budget.Adjustment{ID: 1, Delta: money("2500"), Reason: "展会"}, all, "a"); err != nil {
			t.Fatal(err)
		}
		tx.log = nil
		return svc, tx
	}
	svc, tx := raised()
	if _, err := svc.Decide(ctx, budget.Decision{ID: 1, Confirm: true}, all, "a"); !hasCode(err, engine.EFORBIDDEN) {
		t.Errorf("confirming one's own change: %v", err)
	}
	b, err := svc.Decide(ctx, budget.Decision{ID: 1, Confirm: true}, all, "b")
	if err != nil || b.Amount.String() != "7500.00" || b.Pending != nil || tx.budgets[1].Pending != nil || logText(tx.log) != "confirm 2500.00 b  false" {
		t.Errorf("confirmed: %+v %v, log %q", b, err, logText(tx.log))
	}
	if _, err := svc.Decide(ctx, budget.Decision{ID: 1, Confirm: true}, all, "b"); !hasCode(err, engine.ECONFLICT) {
		t.Errorf("nothing to confirm: %v", err)
	}

	svc, tx = raised()
	if _, err := svc.Decide(ctx, budget.Decision{ID: 1}, all, "b"); !hasCode(err, engine.EINVALID) {
		t.Errorf("rejecting without a reason: %v", err)
	}
	b, err = svc.Decide(ctx, budget.Decision{ID: 1, Reason: "冻结"}, all, "b")
	if err != nil || b.Amount.String() != "5000.00" || b.Pending != nil || logText(tx.log) != "reject 2500.00 b 冻结 false" {
		t.Errorf("rejected: %+v %v, log %q", b, err, logText(tx.log))
	}
}

// codes is budget.Codes over a set of known codes per type.
type codes map[string][]string

func (c codes) CheckRefs(_ context.Context, _, _ string, refs []engine.Ref) ([]*engine.Error, error) {
	var out []*engine.Error
	for _, r := range refs {
		if !contains(c[r.Type], r.Code) {
			out = append(out, engine.Refuse(engine.ECHECK, r.Path, engine.Text{"en": r.Type + " " + r.Code + " does not exist"}))
		}
	}
	return out, nil
}

var knownCodes = codes{"company": {"1000"}, "department": {"IT01", "SAL02"}, "budgetAccount": {"660201", "660204"}, "project": {"PJ1"}}

func row(n int, dept, account, period, amount, control string) budget.ImportRow {
	r := budget.ImportRow{Row: n, CompanyCode: "1000", Department: dept, BudgetAccount: account, Period: period, Control: control}
	if amount != "" {
		r.Amount = money(amount)
	}
	return r
}

func TestImportIsAllOrNothing(t *testing.T) {
	ctx := context.Background()
	svc, tx := adjustService(strongBudget())
	svc.SetCodes(knownCodes)
	rows := []budget.ImportRow{
		row(2, "SAL02", "660204", "2026-11", "3000", "weak"), // good
		row(3, "NOPE", "660204", "2026-11", "1", "weak"),
		row(4, "IT01", "660204", "2026-13", "1", "weak"),
		row(5, "IT01", "660204", "2026-11", "", "weak"),
		row(6, "SAL02", "660204", "2026-11", "1", "weak"), // row 2's node
		row(7, "IT01", "660201", "2026-11", "1", "hard"),
	}
	_, err := svc.Import(ctx, rows, all, "a")
	var problems budget.ImportProblems
	if !errors.As(err, &problems) {
		t.Fatalf("import: %v", err)
	}
	var paths []string
	for _, p := range problems {
		paths = append(paths, p.Path)
	}
	if got, want := strings.Join(paths, " "), "rows[3].department rows[4].period rows[5].amount rows[6].period rows[7].control"; got != want {
		t.Errorf("problems at %s, want %s", got, want)
	}
	if len(tx.budgets) != 1 || len(tx.log) != 0 {
		t.Errorf("a refused import wrote %d budgets, %d movements", len(tx.budgets), len(tx.log))
	}
	// a strong budget lowered below what it holds: refused in the
	// transaction, and the row before it undone
	_, err = svc.Import(ctx, []budget.ImportRow{row(2, "SAL02", "660204", "2026-11", "3000", "weak"), row(3, "IT01", "660201", "2026-11", "1979.99", "strong")}, all, "a")
	if !errors.As(err, &problems) || len(problems) != 1 || problems[0].Path != "rows[3].amount" {
		t.Fatalf("lowering below what is held: %v", err)
	}
	if len(tx.budgets) != 1 || len(tx.log) != 0 || tx.budgets[1].Amount.String() != "5000.00" {
		t.Errorf("a refused import wrote %d budgets, %d movements", len(tx.budgets), len(tx.log))
	}
	done, err := svc.Import(ctx, []budget.ImportRow{row(2, "SAL02", "660204", "2026-11", "3000", "weak"), row(3, "IT01", "660201", "2026-11", "4000", "weak")}, all, "a")
	if err != nil || done != (budget.Imported{Created: 1, Lowered: 1}) {
		t.Fatalf("a good import: %+v %v", done, err)
	}
	if b := tx.budgets[1]; b.Amount.String() != "4000.00" || b.Control != budget.ControlWeak {
		t.Errorf("lowered: %+v", b)
	}
	for _, b := range tx.budgets {
		if b.Department == "SAL02" && (b.Amount != 0 || b.Pending == nil || b.Pending.String() != "3000.00" || b.PendingKind != budget.MovementImport) {
			t.Errorf("created: %+v, want amount 0 with 3000.00 waiting", b)
		}
	}
	if got := logText(tx.log); got != "import 3000.00 a  true\nimport -1000.00 a  false" {
		t.Errorf("log %q", got)
	}
}

func TestWorkbookRoundTrip(t *testing.T) {
	in := []budget.Budget{{CompanyCode: "1000", Department: "IT01", BudgetAccount: "660201", Period: "2026-11", Amount: *money("1234.50"), Control: "strong"},
		{CompanyCode: "1000", Department: "SAL02", BudgetAccount: "660204", Project: "PJ1", Period: "2026-12", Amount: 0, Control: "none"}}
	for _, lang := range []string{"zh", "en", "th"} {
		file, err := budget.WriteWorkbook(in, lang)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := budget.ReadWorkbook(file)
		if err != nil || len(rows) != 2 {
			t.Fatalf("%s: %v %v", lang, rows, err)
		}
		got := fmt.Sprintf("%d %s %s %s %s %s %s %s", rows[1].Row, rows[1].CompanyCode, rows[1].Department, rows[1].BudgetAccount, rows[1].Project,
			rows[1].Period, rows[1].Amount, rows[1].Control)
		if want := "4 1000 SAL02 660204 PJ1 2026-12 0.00 none"; got != want || rows[0].Amount.String() != "1234.50" {
			t.Errorf("%s: %s, want %s", lang, got, want)
		}
	}
	if _, err := budget.ReadWorkbook([]byte("no workbook")); !hasCode(err, engine.EINVALID) {
		t.Errorf("no workbook: %v", err)
	}
}

func errorAt(err error) (code, path string) {
	var e *engine.Error
	if errors.As(err, &e) {
		return e.Code, e.Path
	}
	if err != nil {
		return "other", err.Error()
	}
	return "", ""
}

func hasCode(err error, code string) bool { c, _ := errorAt(err); return c == code }

func logText(log []budget.Movement) string {
	var out []string
	for _, m := range log {
		out = append(out, fmt.Sprintf("%s %s %s %s %v", m.Kind, m.Amount, m.Actor, m.Reason, m.Pending))
	}
	return strings.Join(out, "\n")
}
