package documents_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"formwork/documents"
	"formwork/engine"
)

// The save use case over an in-memory store: what the engine does for each
// save (counted), and what the save answers beside the stored record.

var (
	catOnce sync.Once
	cat     *engine.Catalogue
	catErr  error
)

// catalogue is the repository's catalogue, loaded once.
func catalogue(t *testing.T) *engine.Catalogue {
	t.Helper()
	catOnce.Do(func() { cat, catErr = engine.Load(os.DirFS("..")) })
	if catErr != nil {
		t.Fatal(catErr)
	}
	return cat
}

// memStore keeps records in memory (documents.Store).
type memStore struct {
	mu        sync.Mutex
	recs      map[string]documents.Record
	seq       map[string]int
	events    []documents.Event
	abandoned int // numbers rolled back
}

func (m *memStore) Number(_ context.Context, docType string, at time.Time) (documents.Numbered, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	prefix := docType + at.Format("20060102")
	m.seq[prefix]++
	return &memNumber{m: m, id: fmt.Sprintf("%s%04d", prefix, m.seq[prefix])}, nil
}

// memNumber is a number of memStore; an abandoned one is counted.
type memNumber struct {
	m    *memStore
	id   string
	done bool
}

func (n *memNumber) BusinessID() string { return n.id }

func (n *memNumber) Insert(rec *documents.Record, ev *documents.Event) error {
	n.done = true
	n.m.mu.Lock()
	defer n.m.mu.Unlock()
	if _, ok := n.m.recs[rec.BusinessID]; ok || rec.BusinessID != n.id {
		return fmt.Errorf("document %s exists or is not numbered %s", rec.BusinessID, n.id)
	}
	n.m.recs[rec.BusinessID] = *rec
	n.m.events = append(n.m.events, *ev)
	return nil
}

func (n *memNumber) Abandon() {
	if !n.done {
		n.done = true
		n.m.mu.Lock()
		n.m.abandoned++
		n.m.mu.Unlock()
	}
}

// Create numbers, builds and inserts in one step, as the SQL store's group
// commit does for each create it holds (a refused build abandons the number).
func (m *memStore) Create(ctx context.Context, docType string, at time.Time, build func(string) (*documents.Record, *documents.Event, error)) (*documents.Record, error) {
	number, _ := m.Number(ctx, docType, at)
	defer number.Abandon()
	rec, ev, err := build(number.BusinessID())
	if err != nil {
		return nil, err
	}
	if err := number.Insert(rec, ev); err != nil {
		return nil, err
	}
	return rec, nil
}

func (m *memStore) Update(_ context.Context, rec *documents.Record, expectVersion int, ev *documents.Event) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.recs[rec.BusinessID]
	if !ok || cur.Version != expectVersion {
		return false, nil
	}
	next := *rec
	next.CreatedAt = cur.CreatedAt
	m.recs[rec.BusinessID] = next
	if ev != nil {
		m.events = append(m.events, *ev)
	}
	return true, nil
}

func (m *memStore) Get(_ context.Context, businessID string) (*documents.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	rec, ok := m.recs[businessID]
	if !ok {
		return nil, engine.Refuse(engine.ENOTFOUND, "businessId", engine.Text{"zh": "单据不存在", "en": "no such document", "th": "ไม่พบเอกสาร"})
	}
	return &rec, nil
}

func (m *memStore) Count(context.Context) (int64, error) { return int64(len(m.recs)), nil }

func (m *memStore) OnTodoList(context.Context, string, string, string) (bool, error) {
	return false, nil
}

func (m *memStore) HasDecided(context.Context, string, string) (bool, error) { return false, nil }

// employee is a user who files their own documents in company 1000.
type employee string

func (e employee) Username() string             { return string(e) }
func (e employee) Scope() string                { return documents.ScopeOwn }
func (e employee) WorksFor(company string) bool { return company == "1000" }

type noDelegations struct{}

func (noDelegations) IsDelegate(context.Context, string, string) (bool, error) { return false, nil }
func (noDelegations) WorksFor(context.Context, string, string) (bool, error)   { return true, nil }

// draftsOnly is the lifecycle of a draft: a save or a temporary save.
type draftsOnly struct{}

func (draftsOnly) MaySave(_ context.Context, _ documents.Actor, _ *documents.Record, _, _ string, temp bool) (string, error) {
	if temp {
		return "tempSave", nil
	}
	return "save", nil
}

func newService(t *testing.T) (*documents.Service, *memStore) { return serviceOn(catalogue(t)) }

// serviceOn is the documents use cases on catalogue c over a new memStore.
func serviceOn(c *engine.Catalogue) (*documents.Service, *memStore) {
	store := &memStore{recs: map[string]documents.Record{}, seq: map[string]int{}}
	now := func() time.Time { return time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC) }
	s := documents.NewService(store, func() *engine.Catalogue { return c }, noDelegations{}, now)
	s.SetGate(draftsOnly{})
	return s, store
}

// travelClaim is the seeds' EX02 travel claim, with edits (path: value, nil
// removes): head.x or lineList.0.x.
func travelClaim(t *testing.T, edits map[string]any) []byte {
	t.Helper()
	b, err := os.ReadFile("../seeds/documents/EX02-travel.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	for path, v := range edits {
		section, field, _ := strings.Cut(path, ".")
		obj := doc[section].(map[string]any)
		if v == nil {
			delete(obj, field)
		} else {
			obj[field] = v
		}
	}
	out, _ := json.Marshal(doc)
	return out
}

// Each save (create, update, temporary save, refused or not) and each load
// prepares the document once and checks it once; the first new document of
// a type, sub-type and action also builds the blank it is compared with.
func TestSaveWork(t *testing.T) {
	s, store := newService(t)
	ctx := context.Background()
	me := employee("employee01")
	create := func(body []byte, temp bool) func() (*documents.Saved, error) {
		return func() (*documents.Saved, error) {
			return s.Create(ctx, documents.SaveRequest{Body: body, Family: "ap", Action: "new", Temp: temp, Who: me})
		}
	}
	var id string
	update := func(action string, temp bool, edits map[string]any) func() (*documents.Saved, error) {
		return func() (*documents.Saved, error) {
			rec, err := store.Get(ctx, id)
			if err != nil {
				return nil, err
			}
			edits["head.businessId"], edits["head.version"] = id, rec.Version
			return s.Update(ctx, documents.SaveRequest{Body: travelClaim(t, edits), Family: "ap", Action: action, Temp: temp, Who: me})
		}
	}
	once := engine.EvalCount{Prepares: 1, Checks: 1}
	tests := []struct {
		name   string
		save   func() (*documents.Saved, error)
		want   engine.EvalCount
		stored bool   // a record is written
		err    string // the refusal's code
	}{
		{"the first create builds its blank", create(travelClaim(t, nil), false), engine.EvalCount{Prepares: 2, Checks: 1}, true, ""},
		{"a create", create(travelClaim(t, nil), false), once, true, ""},
		{"a create the check refuses", create(travelClaim(t, map[string]any{"head.description": nil}), false), once, false, ""},
		{"a temporary save of it", create(travelClaim(t, map[string]any{"head.description": nil}), true), once, true, ""},
		{"an update", update("edit", false, map[string]any{"head.description": "上海客户拜访差旅费"}), once, true, ""},
		{"a temporary update", update("edit", true, map[string]any{"head.description": nil}), once, true, ""},
		{"an update the action mode refuses", update("partedit", false, map[string]any{"head.description": "改写"}), once, false, engine.EFORBIDDEN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := engine.EvalCounters()
			saved, err := tt.save()
			if got := engine.EvalCounters().Since(before); got != tt.want {
				t.Errorf("counted %+v, want %+v", got, tt.want)
			}
			var refusal *engine.Error
			if errors.As(err, &refusal) && refusal.Code != tt.err || err != nil && tt.err == "" || err == nil && tt.err != "" {
				t.Fatalf("error %v, want code %q", err, tt.err)
			}
			if err != nil {
				return
			}
			if (saved.Record != nil) != tt.stored {
				t.Fatalf("stored %v, want %v; check %+v", saved.Record != nil, tt.stored, saved.Evaluation.Check.Errors)
			}
			if saved.Record != nil {
				id = saved.Record.BusinessID
			}
		})
	}
	t.Run("a load", func(t *testing.T) {
		before := engine.EvalCounters()
		if _, err := s.Load(ctx, me, id, "ap", "edit"); err != nil {
			t.Fatal(err)
		}
		if got := engine.EvalCounters().Since(before); got != once {
			t.Errorf("counted %+v, want %+v", got, once)
		}
	})
}

// A save answers the record it stored and the form as a load of that
// record under the same action shows it: the same field states and check.
func TestSaveAnswersAsALoad(t *testing.T) {
	s, store := newService(t)
	ctx := context.Background()
	me := employee("employee01")
	created, err := s.Create(ctx, documents.SaveRequest{Body: travelClaim(t, nil), Family: "ap", Action: "new", Who: me})
	if err != nil || created.Record == nil {
		t.Fatalf("create: %v", err)
	}
	rec := created.Record
	if rec.BusinessID != "EX02202611200001" || rec.Version != 1 || rec.Status != "draft" || rec.CreateBy != "employee01" || rec.CreatedAt.IsZero() {
		t.Errorf("record %+v", rec)
	}
	if len(store.events) != 1 || store.events[0].Action != "create" || store.events[0].BusinessID != rec.BusinessID || store.abandoned != 0 {
		t.Errorf("events %+v, %d numbers abandoned", store.events, store.abandoned)
	}
	sameAsLoad(t, s, created, "new")

	updated, err := s.Update(ctx, documents.SaveRequest{Body: travelClaim(t, map[string]any{
		"head.businessId": rec.BusinessID, "head.version": 1, "head.description": nil}), Family: "ap", Action: "edit", Who: me})
	if err != nil || updated.Record != nil {
		t.Fatalf("an update without a description is refused by its check: %v %+v", err, updated)
	}
	if !hasFinding(updated.Evaluation.Check, "head.description") {
		t.Errorf("the refusal names head.description: %+v", updated.Evaluation.Check.Errors)
	}
	updated, err = s.Update(ctx, documents.SaveRequest{Body: travelClaim(t, map[string]any{
		"head.businessId": rec.BusinessID, "head.version": 1, "head.description": "上海客户拜访差旅费"}), Family: "ap", Action: "edit", Who: me})
	if err != nil || updated.Record == nil {
		t.Fatalf("update: %v", err)
	}
	if updated.Record.Version != 2 || !updated.Record.CreatedAt.Equal(rec.CreatedAt) || !strings.Contains(updated.Record.Body, "上海客户拜访差旅费") {
		t.Errorf("updated record %+v", updated.Record)
	}
	sameAsLoad(t, s, updated, "edit")
}

// sameAsLoad checks that loading the saved record under action answers the
// save's states and check, and changes nothing of the stored body.
func sameAsLoad(t *testing.T, s *documents.Service, saved *documents.Saved, action string) {
	t.Helper()
	l, err := s.Load(context.Background(), employee("employee01"), saved.Record.BusinessID, "ap", action)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(l.Evaluation.Fields, saved.Evaluation.Fields) {
		t.Errorf("%s: the save's field states differ from the load's", action)
	}
	if got, want := l.Evaluation.Check.View("en"), saved.Evaluation.Check.View("en"); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the save's check %+v, the load's %+v", action, want, got)
	}
	if len(l.Evaluation.Values) != 0 {
		t.Errorf("%s: the stored body is not what the engine makes of it: it changes %v", action, l.Evaluation.Values)
	}
}

func hasFinding(res engine.CheckResult, path string) bool {
	for _, f := range res.Errors {
		if f.Path == path {
			return true
		}
	}
	return false
}

// A refused change names its fields.
func TestForbiddenChangeNamesFields(t *testing.T) {
	s, _ := newService(t)
	ctx := context.Background()
	me := employee("employee01")
	created, err := s.Create(ctx, documents.SaveRequest{Body: travelClaim(t, nil), Family: "ap", Action: "new", Who: me})
	if err != nil || created.Record == nil {
		t.Fatalf("create: %v", err)
	}
	_, err = s.Update(ctx, documents.SaveRequest{Body: travelClaim(t, map[string]any{
		"head.businessId": created.Record.BusinessID, "head.version": 1, "head.description": "改写", "head.costCenter": "1000FIN01"}),
		Family: "ap", Action: "partedit", Who: me})
	var fc *documents.ForbiddenChange
	if !errors.As(err, &fc) || strings.Join(fc.Paths, ",") != "head.costCenter,head.description" {
		t.Fatalf("error %v, want the forbidden head.costCenter and head.description", err)
	}
}
