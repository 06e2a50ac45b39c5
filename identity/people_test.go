package identity

import (
	"context"
	"maps"
	"slices"
	"testing"
)

// What the approval workflow and the documents ask about people, answered
// from the store: alice and bob are active, carol has left; bob files for
// alice from 2026-05-01 to 2026-05-31 (the clock says 2026-05-04).
func TestPeople(t *testing.T) {
	store, clk := newFakeStore(), newClock()
	store.delegations = []Delegation{
		{ID: 1, AuthorBy: "alice", AuthorTo: "bob", AuthorStatus: DelegationActive, ActiveFrom: "2026-05-01", ActiveTo: "2026-05-31"},
		{ID: 2, AuthorBy: "carol", AuthorTo: "bob", AuthorStatus: DelegationActive, ActiveFrom: "2026-06-01", ActiveTo: "2026-06-30"},
	}
	svc := newTestService(store, clk)
	ctx := context.Background()

	for _, c := range []struct {
		user   string
		active bool
		of     []string // whom they act for today
	}{
		{"alice", true, []string{}},
		{"bob", true, []string{"alice"}},
		{"carol", false, []string{}},
		{"nobody", false, []string{}},
	} {
		active, err := svc.IsActiveUser(ctx, c.user)
		if err != nil || active != c.active {
			t.Errorf("IsActiveUser(%s) = %v, %v; want %v", c.user, active, err, c.active)
		}
		of, err := svc.Delegators(ctx, c.user)
		if err != nil || !slices.Equal(of, c.of) {
			t.Errorf("Delegators(%s) = %v, %v; want %v", c.user, of, err, c.of)
		}
	}

	for _, c := range []struct {
		user, company string
		works         bool
	}{
		{"alice", "2000", true}, // one of her companies
		{"alice", "1000", true}, // her main one
		{"bob", "2000", false},
		{"nobody", "1000", false},
	} {
		if works, err := svc.WorksFor(ctx, c.user, c.company); err != nil || works != c.works {
			t.Errorf("WorksFor(%s, %s) = %v, %v; want %v", c.user, c.company, works, err, c.works)
		}
	}

	names, err := svc.DisplayNames(ctx, []string{"alice", "carol", "nobody"})
	if want := map[string]string{"alice": "Alice", "carol": "Carol"}; err != nil || !maps.Equal(names, want) {
		t.Errorf("DisplayNames = %v, %v; want %v (a user without a name left out)", names, err, want)
	}

	if empty, err := svc.Empty(ctx); err != nil || empty {
		t.Errorf("Empty with three users = %v, %v", empty, err)
	}
	if empty, err := newTestService(&fakeStore{users: map[string]User{}}, clk).Empty(ctx); err != nil || !empty {
		t.Errorf("Empty without users = %v, %v", empty, err)
	}
}
