// Package lookup answers the master data rules read (model.Lookup) from
// records held in memory: the rule fixtures' records, and the master-data
// store's snapshot on a save. Codes and criteria match exactly.
package lookup

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"formwork/engine/model"
)

// Record is one master-data record as a lookup sees it.
type Record struct {
	Key       string
	Company   string // "" for a record of the whole group
	Active    bool
	ValidFrom string // YYYY-MM-DD, "" open
	ValidTo   string // YYYY-MM-DD, "" open
	Body      map[string]any
}

// ActiveOn reports whether the record is active on a date (YYYY-MM-DD): not
// deactivated, and the date within its validity.
func (r *Record) ActiveOn(date string) bool {
	return r.Active && (r.ValidFrom == "" || r.ValidFrom <= date) && (r.ValidTo == "" || date <= r.ValidTo)
}

// ofCompany reports whether the record may serve a document of company: it
// is the group's, or that company's (any, when the company is not known).
func (r *Record) ofCompany(company string) bool {
	return company == "" || r.Company == "" || r.Company == company
}

// Set is a model.Lookup over records in memory for a document of Company
// dated Date (YYYY-MM-DD). Build it with Add; it is not changed while read.
type Set struct {
	Company string
	Date    string
	types   map[string]*table
	values  *values // shared with the sets On makes
}

// values keeps what the rule functions built of the set's records (a
// record as the rules' typed struct), for every check that reads the same
// set: the records do not change while the set is read, so neither does
// what is built of them. Up to maxValues are kept; beyond, each is built
// for the check that asks.
type values struct {
	m sync.Map
	n atomic.Int64
}

const maxValues = 10000

// valueKey names a value built of a set: by whom (a master-data type of
// one catalogue: another builds other structs), of what, on which date.
type valueKey struct {
	by        *model.MasterDataType
	key, date string
}

// value is what build builds for by of key (which names what it reads of
// the set), built once for all checks on the set and the sets On makes.
func (s *Set) value(by *model.MasterDataType, key string, build func() any) any {
	if s.values == nil {
		return build()
	}
	k := valueKey{by, key, s.Date}
	if v, ok := s.values.m.Load(k); ok {
		return v
	}
	v := build()
	if s.values.n.Load() < maxValues {
		if _, loaded := s.values.m.LoadOrStore(k, v); !loaded {
			s.values.n.Add(1)
		}
	}
	return v
}

type table struct {
	records []Record
	byKey   map[string]int
}

// New is an empty set for a document of company on date.
func New(company, date string) *Set {
	return &Set{Company: company, Date: date, types: map[string]*table{}, values: &values{}}
}

// On is the set for a document of the same company dated date, sharing
// this set's records (neither is changed while read).
func (s *Set) On(date string) *Set {
	c := *s
	c.Date = date
	return &c
}

// Add adds records of type typ; a key given twice keeps the last.
func (s *Set) Add(typ string, records ...Record) {
	s.values = &values{} // what was built of the records before is not kept
	t := s.types[typ]
	if t == nil {
		t = &table{byKey: map[string]int{}}
		s.types[typ] = t
	}
	for _, r := range records {
		if i, ok := t.byKey[r.Key]; ok {
			t.records[i] = r
			continue
		}
		t.byKey[r.Key] = len(t.records)
		t.records = append(t.records, r)
	}
}

// Types are the types the set holds records of, sorted.
func (s *Set) Types() []string {
	out := make([]string, 0, len(s.types))
	for typ := range s.types {
		out = append(out, typ)
	}
	sort.Strings(out)
	return out
}

// Record is the body of the record of typ with key, when it is active on
// the set's date and serves its company; nil otherwise.
func (s *Set) Record(typ, key string) map[string]any {
	if s == nil {
		return nil
	}
	t := s.types[typ]
	if t == nil {
		return nil
	}
	i, ok := t.byKey[key]
	if !ok {
		return nil
	}
	r := &t.records[i]
	if !r.ActiveOn(s.Date) || !r.ofCompany(s.Company) {
		return nil
	}
	return r.Body
}

// Standard is the body of the record of typ whose fields hold the values of
// match, active and valid on date and serving the set's company, with the
// latest validFrom (a company's own before the group's on the same date);
// nil when there is none.
func (s *Set) Standard(typ string, match map[string]string, date string) map[string]any {
	if s == nil {
		return nil
	}
	t := s.types[typ]
	if t == nil || date == "" {
		return nil
	}
	var best *Record
	for i := range t.records {
		r := &t.records[i]
		if !r.ActiveOn(date) || !r.ofCompany(s.Company) || !matches(r.Body, match) {
			continue
		}
		if best == nil || r.ValidFrom > best.ValidFrom || (r.ValidFrom == best.ValidFrom && best.Company == "" && r.Company != "") {
			best = r
		}
	}
	if best == nil {
		return nil
	}
	return best.Body
}

// matches reports whether body holds exactly the values of match (a blank
// criterion matches a blank or missing field only).
func matches(body map[string]any, match map[string]string) bool {
	for k, want := range match {
		v, ok := body[k]
		got := ""
		if ok && v != nil {
			if s, isText := v.(string); isText {
				got = s
			} else {
				got = fmt.Sprint(v)
			}
		}
		if got != want {
			return false
		}
	}
	return true
}

var _ model.Lookup = (*Set)(nil)
