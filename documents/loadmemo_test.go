package documents_test

import (
	"context"
	"os"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"formwork/documents"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// storedClaim is the seeds' travel claim created by employee01 through
// a service of a catalogue of its own (the shared one's first create
// builds its blank, which TestSaveWork counts) deriving outstanding.
func storedClaim(t *testing.T) (*documents.Service, *memStore, *outstanding, string) {
	c, err := engine.Load(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	s, store := serviceOn(c)
	derived := &outstanding{}
	s.SetDerived(derived)
	created, err := s.Create(context.Background(), documents.SaveRequest{Body: travelClaim(t, nil), Family: "ap", Action: "new", Who: employee("employee01")})
	if err != nil || created.Record == nil {
		t.Fatalf("create: %v", err)
	}
	return s, store, derived, created.Record.BusinessID
}

// outstanding derives head.outstandAmount at every load from a figure the
// test changes (as the advances a claim refers to change outside it).
type outstanding struct{ amount atomic.Int64 }

func (o *outstanding) Derive(_ context.Context, doc, _ *engine.Document) ([]engine.Finding, error) {
	doc.Head()["outstandAmount"] = decimal.NewFromInt(o.amount.Load())
	return nil, nil
}

// A load of bytes loaded before under the same action evaluates nothing
// and answers what the first load did; other derived values, another
// action or a changed document are evaluated again.
func TestLoadEvaluatesWhatItHasNotSeen(t *testing.T) {
	s, store, derived, id := storedClaim(t)
	ctx := context.Background()
	me := employee("employee01")
	once, none := engine.EvalCount{Prepares: 1, Checks: 1}, engine.EvalCount{}
	var first *documents.Loaded
	tests := []struct {
		name        string
		outstanding int64
		action      string
		change      bool // the document is updated before the load
		want        engine.EvalCount
		reason      bool // head.reason shows (an advance outstanding, none verified)
	}{
		{"the first load", 0, "edit", false, once, false},
		{"the same again", 0, "edit", false, none, false},
		{"an advance outstanding now", 500, "edit", false, once, true},
		{"back to none", 0, "edit", false, none, false},
		{"another action", 0, "read", false, once, false},
		{"the document changed", 0, "edit", true, once, false},
		{"and loaded again", 0, "edit", false, none, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			derived.amount.Store(tt.outstanding)
			if tt.change {
				rec, _ := store.Get(ctx, id)
				_, err := s.Update(ctx, documents.SaveRequest{Body: travelClaim(t, map[string]any{"head.businessId": id,
					"head.version": rec.Version, "head.description": "改写 " + tt.name}), Family: "ap", Action: "edit", Who: me})
				if err != nil {
					t.Fatal(err)
				}
			}
			before := engine.EvalCounters()
			l, err := s.Load(ctx, me, id, "ap", tt.action)
			if err != nil {
				t.Fatal(err)
			}
			if got := engine.EvalCounters().Since(before); got != tt.want {
				t.Errorf("counted %+v, want %+v", got, tt.want)
			}
			if got := shown(l.Evaluation.Fields["head.reason"]); got != tt.reason {
				t.Errorf("head.reason visible %v, want %v", got, tt.reason)
			}
			if want := `"outstandAmount":` + decimal.NewFromInt(tt.outstanding).StringFixed(2); !strings.Contains(l.Record.Body, want) {
				t.Errorf("the answered body lacks %s: %.300s", want, l.Record.Body)
			}
			if l.Doc != l.Evaluation.Doc {
				t.Errorf("the document answered is not the one evaluated")
			}
			if first == nil {
				first = l
			} else if tt.name == "the same again" || tt.name == "back to none" {
				if !reflect.DeepEqual(l.Evaluation.Fields, first.Evaluation.Fields) || !reflect.DeepEqual(l.Evaluation.Check, first.Evaluation.Check) || l.Record.Body != first.Record.Body {
					t.Errorf("a kept load answers otherwise than the first")
				}
			}
		})
	}
}

// Loads of one document from many goroutines, with the derived values
// changing under them, each answer what its own derived body says (go test
// -race finds a kept document changed in place).
func TestLoadsAtOnce(t *testing.T) {
	s, _, derived, id := storedClaim(t)
	ctx := context.Background()
	me := employee("employee01")
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if g == 0 {
					derived.amount.Store(int64(i % 2 * 500))
				}
				l, err := s.Load(ctx, me, id, "ap", "edit")
				if err != nil {
					t.Error(err)
					return
				}
				shows := shown(l.Evaluation.Fields["head.reason"])
				if owes := !strings.Contains(l.Record.Body, `"outstandAmount":0.00`); shows != owes {
					t.Errorf("head.reason visible %v for the body %.300s", shows, l.Record.Body)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// shown tells whether a field the export shows is shown: its state does
// not say it is hidden.
func shown(st engine.FieldState) bool { return st.Visible == nil || *st.Visible }
