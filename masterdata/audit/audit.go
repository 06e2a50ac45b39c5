// Package audit is what the configuration centre shows of the master data
// as a whole: the board of every type (records, active records, revision,
// last change: the master-data sync page, dataSync) and the changes across
// every type with what each changed (the data modification page,
// dataModify). It reads through the master-data service, which decides who
// may read which type, and a store of per-type figures. It knows neither
// HTTP nor SQL.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"time"

	"formwork/engine"
	"formwork/masterdata"
)

// MasterData is what the audit reads of the master-data service.
type MasterData interface {
	// Types lists the types the actor may read, with what they may do.
	Types(actor masterdata.Actor) []masterdata.TypeInfo
	// Events answers a page of audit events (of a type, or of every type).
	Events(ctx context.Context, actor masterdata.Actor, q masterdata.EventQuery) (*masterdata.EventPage, error)
}

// Stat is what the store knows of one type's records.
type Stat struct {
	Records  int64
	Active   int64
	Revision int64
	LastAt   time.Time // the last audit event, zero when none
	LastBy   string
}

// Store answers the figures of every type that has records or events.
type Store interface {
	// TypeStats answers the figures of each type, by code.
	TypeStats(ctx context.Context) (map[string]Stat, error)
}

// Service is the master-data board and change list.
type Service struct {
	md    MasterData
	store Store
}

// NewService builds the audit on the master-data service and the store.
func NewService(md MasterData, store Store) *Service { return &Service{md: md, store: store} }

// MasterDataBoardRow is one type on the board.
type MasterDataBoardRow struct {
	Code     string      `json:"code"`
	Title    engine.Text `json:"title"`
	Area     string      `json:"area"`
	Menu     string      `json:"menu,omitempty"`
	CanWrite bool        `json:"canWrite"`
	Records  int64       `json:"records"`
	Active   int64       `json:"active"`
	Revision int64       `json:"revision"`
	LastAt   *time.Time  `json:"lastAt,omitempty"`
	LastBy   string      `json:"lastBy,omitempty"`
}

// Board lists every type the actor may read with its figures, in the
// catalogue's order.
func (s *Service) Board(ctx context.Context, actor masterdata.Actor) ([]MasterDataBoardRow, error) {
	stats, err := s.store.TypeStats(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the master-data figures: %w", err)
	}
	out := []MasterDataBoardRow{}
	for _, t := range s.md.Types(actor) {
		st := stats[t.Code]
		row := MasterDataBoardRow{Code: t.Code, Title: t.Title, Area: t.Area, Menu: t.Menu, CanWrite: t.CanWrite,
			Records: st.Records, Active: st.Active, Revision: st.Revision, LastBy: st.LastBy}
		if !st.LastAt.IsZero() {
			at := st.LastAt
			row.LastAt = &at
		}
		out = append(out, row)
	}
	return out, nil
}

// MasterDataChange is an audit event with what it changed.
type MasterDataChange struct {
	masterdata.Event
	Title   engine.Text   `json:"title"`
	Changes []FieldChange `json:"changes"`
}

// FieldChange is one field a change set, changed or cleared; Before and
// After are the values (absent: not set).
type FieldChange struct {
	Field  string `json:"field"`
	Before any    `json:"before,omitempty"`
	After  any    `json:"after,omitempty"`
}

// MasterDataChangePage is a page of changes and how many match.
type MasterDataChangePage struct {
	Total int64              `json:"total"`
	Rows  []MasterDataChange `json:"rows"`
}

// Changes answers a page of the changes of a type, or of every type (for
// those who may read every type), newest first, each with its fields.
func (s *Service) Changes(ctx context.Context, actor masterdata.Actor, q masterdata.EventQuery) (*MasterDataChangePage, error) {
	page, err := s.md.Events(ctx, actor, q)
	if err != nil {
		return nil, err
	}
	titles := map[string]engine.Text{}
	for _, t := range s.md.Types(actor) {
		titles[t.Code] = t.Title
	}
	out := &MasterDataChangePage{Total: page.Total, Rows: make([]MasterDataChange, len(page.Events))}
	for i, e := range page.Events {
		out.Rows[i] = MasterDataChange{Event: e, Title: titles[e.Type], Changes: Diff(e.Before, e.After)}
		out.Rows[i].Before, out.Rows[i].After = nil, nil // the fields say it, once
	}
	return out, nil
}

// recordImage is the part of a record image Diff compares: the body and
// the record's own flags.
type recordImage struct {
	Active    *bool          `json:"active"`
	ValidFrom string         `json:"validFrom"`
	ValidTo   string         `json:"validTo"`
	Body      map[string]any `json:"body"`
}

// Diff lists the fields that differ between two record images (either may
// be empty: a create, a removal), by field name; the record's active flag
// is the field "active".
func Diff(before, after json.RawMessage) []FieldChange {
	b, a := flatten(before), flatten(after)
	var names []string
	for k := range b {
		names = append(names, k)
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	out := []FieldChange{}
	for _, n := range names {
		bv, bok := b[n]
		av, aok := a[n]
		if bok && aok && reflect.DeepEqual(bv, av) {
			continue
		}
		out = append(out, FieldChange{Field: n, Before: bv, After: av})
	}
	return out
}

// flatten reads a record image into its fields: the body's, and active;
// empty values are left out (unset and empty are the same to a reader).
func flatten(raw json.RawMessage) map[string]any {
	out := map[string]any{}
	if len(raw) == 0 {
		return out
	}
	var img recordImage
	if err := json.Unmarshal(raw, &img); err != nil {
		return out
	}
	for k, v := range img.Body {
		if !empty(v) {
			out[k] = v
		}
	}
	if img.Active != nil {
		out["active"] = *img.Active
	}
	for k, v := range map[string]string{"validFrom": img.ValidFrom, "validTo": img.ValidTo} {
		if _, inBody := img.Body[k]; v != "" && !inBody {
			out[k] = v
		}
	}
	return out
}

func empty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0 || !slices.ContainsFunc(mapValues(v), func(x any) bool { return !empty(x) })
	}
	return false
}

func mapValues(m map[string]any) []any {
	out := make([]any, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
