package payments

import (
	"fmt"
	"strings"
	"testing"

	"formwork/engine"
)

func TestSummary(t *testing.T) {
	for _, c := range []struct {
		statuses []string
		want     string
	}{
		{nil, ""},
		{[]string{StatusPaid, StatusPaid}, StatusPaid},
		{[]string{StatusPaid, StatusPending}, StatusPending},
		{[]string{StatusPending, StatusFailed, StatusPaid}, StatusFailed},
	} {
		lines := make([]Line, len(c.statuses))
		for i, s := range c.statuses {
			lines[i].Status = s
		}
		if got := Summary(lines); got != c.want {
			t.Errorf("Summary(%v) = %q, want %q", c.statuses, got, c.want)
		}
	}
}

// Each move from each status: what it leaves, or the path of its refusal.
func TestMoves(t *testing.T) {
	for _, c := range []struct {
		name   string
		m      move
		from   string
		change Change
		status string // after it, or ...
		path   string // ... the refusal's path
	}{
		{"paid from pending", movePaid, StatusPending, Change{BankRef: "B1"}, StatusPaid, ""},
		{"paid without a reference", movePaid, StatusPending, Change{BankRef: " "}, "", "bankRef"},
		{"paid from failed", movePaid, StatusFailed, Change{BankRef: "B1"}, "", "status"},
		{"paid twice", movePaid, StatusPaid, Change{BankRef: "B1"}, "", "status"},
		{"failed from pending", moveFailed, StatusPending, Change{BankMessage: "closed"}, StatusFailed, ""},
		{"failed when paid", moveFailed, StatusPaid, Change{BankMessage: "closed"}, "", "status"},
		{"re-sent from failed", moveResend, StatusFailed, Change{}, StatusPending, ""},
		{"re-sent when pending", moveResend, StatusPending, Change{}, "", "status"},
		{"account of a failed line", moveAccount, StatusFailed, Change{Account: "6214 8302 1234 5678"}, StatusFailed, ""},
		{"account not digits", moveAccount, StatusFailed, Change{Account: "6214x"}, "", "account"},
		{"account of a pending line", moveAccount, StatusPending, Change{Account: "1"}, "", "status"},
		{"first account when paid", moveAddAccount, StatusPaid, Change{Account: "1"}, "", "status"},
	} {
		l := Line{Item: 1, Status: c.from}
		err := c.m.apply(&l, c.change)
		if c.path != "" {
			var e *engine.Error
			if err == nil {
				t.Errorf("%s: no refusal", c.name)
			} else if e, _ = err.(*engine.Error); e == nil || e.Path != c.path || len(e.Text) != 3 {
				t.Errorf("%s: refusal %v, want one at %s in three languages", c.name, err, c.path)
			}
			continue
		}
		if err != nil || l.Status != c.status {
			t.Errorf("%s: %v, status %s, want %s", c.name, err, l.Status, c.status)
		}
	}
}

func TestMaskedLine(t *testing.T) {
	if got := (Line{Account: "6214830212345678"}).Masked().Account; got != "6214********5678" {
		t.Errorf("masked: %s", got)
	}
	if got := (Line{Account: "12345678"}).Masked().Account; got != "12345678" {
		t.Errorf("8 digits stay: %s", got)
	}
}

// The document's shares go to its lines in turn, each up to its amount
// (amounts in cents).
func TestAllocate(t *testing.T) {
	for _, c := range []struct {
		name   string
		lines  []Money
		shares []Share
		want   string
	}{
		{"one line, one contract", []Money{500}, []Share{{"C1", 500}}, "[[{C1 5.00}]]"},
		{"two lines share one contract", []Money{300, 300}, []Share{{"C1", 500}}, "[[{C1 3.00}] [{C1 2.00}]]"},
		{"one line over two contracts", []Money{500}, []Share{{"C1", 200}, {"C2", 300}}, "[[{C1 2.00} {C2 3.00}]]"},
		{"more paid than the shares", []Money{100, 400}, []Share{{"C1", 100}}, "[[{C1 1.00}] []]"},
		{"no shares", []Money{100}, nil, "[[]]"},
	} {
		lines := make([]Line, len(c.lines))
		for i, a := range c.lines {
			lines[i].Amount = a
		}
		allocate(lines, c.shares)
		var got []string
		for _, l := range lines {
			got = append(got, fmt.Sprint(l.Contracts))
		}
		if s := "[" + strings.Join(got, " ") + "]"; s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}
