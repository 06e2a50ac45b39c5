package masterdata

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// SeedBy is who the audit events of Seed name.
const SeedBy = "seeds"

// Counts says how many records of each kind Seed wrote, and of the
// catalogue's other types; Skipped counts the records of types the
// catalogue does not define (not written).
type Counts struct {
	SetsOfBooks, Companies, Departments, CostCenters, ProfitCenters, BusinessRanges    int
	Employees, Vendors, Customers, Banks, Projects, SpecialAccounts, DictionaryEntries int
	Others, Skipped                                                                    map[string]int
}

// Total is the number of records written.
func (m Counts) Total() int {
	n := m.SetsOfBooks + m.Companies + m.Departments + m.CostCenters + m.ProfitCenters + m.BusinessRanges +
		m.Employees + m.Vendors + m.Customers + m.Banks + m.Projects + m.SpecialAccounts + m.DictionaryEntries
	for _, k := range m.Others {
		n += k
	}
	return n
}

// String lists the counts, for serve's start-up message.
func (m Counts) String() string {
	s := fmt.Sprintf("%d sets of books, %d companies, %d departments, %d cost centres, %d profit centres, %d business ranges, "+
		"%d employees, %d vendors, %d customers, %d banks, %d projects, %d special account codes, %d named codes",
		m.SetsOfBooks, m.Companies, m.Departments, m.CostCenters, m.ProfitCenters, m.BusinessRanges,
		m.Employees, m.Vendors, m.Customers, m.Banks, m.Projects, m.SpecialAccounts, m.DictionaryEntries)
	for _, typ := range slices.Sorted(maps.Keys(m.Others)) {
		s += fmt.Sprintf(", %d %s", m.Others[typ], typ)
	}
	if len(m.Skipped) > 0 {
		var skipped []string
		for _, typ := range slices.Sorted(maps.Keys(m.Skipped)) {
			skipped = append(skipped, fmt.Sprintf("%d %s", m.Skipped[typ], typ))
		}
		s += "; skipped, no such type in the catalogue: " + strings.Join(skipped, ", ")
	}
	return s
}

// Seed writes a whole set of master data in one transaction, each record
// with an audit event (ActionImport, by SeedBy). It is meant for an empty
// store: a key the store has already fails the write. The records are
// checked first (Records.Problems, and each record of another type by its
// type's Check): with a problem, the error names the first one and nothing
// is written. Records of a type the catalogue does not define are skipped
// and counted.
func (s *Service) Seed(ctx context.Context, r *Records) (Counts, error) {
	problems := r.Problems()
	typed, err := r.typedRecords()
	if err != nil {
		return Counts{}, err
	}
	others, counts := s.otherRecords(r.Others, &problems)
	if err := problems.Err("master data"); err != nil {
		return Counts{}, err
	}
	now := s.now()
	all := slices.Concat(typed, others)
	events := make([]Event, len(all))
	for i := range all {
		all[i].stamp(SeedBy, now)
		events[i] = Event{Type: all[i].Type, Key: all[i].Key, Action: ActionImport, By: SeedBy, At: now, After: all[i].image()}
	}
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.Insert(all); err != nil {
			return err
		}
		return tx.AddEvents(events)
	})
	if err != nil {
		return Counts{}, fmt.Errorf("seed the master data: %w", err)
	}
	counts.SetsOfBooks, counts.Companies, counts.Departments = len(r.SetsOfBooks), len(r.Companies), len(r.Departments)
	counts.CostCenters, counts.ProfitCenters, counts.BusinessRanges = len(r.CostCenters), len(r.ProfitCenters), len(r.BusinessRanges)
	counts.Employees, counts.Vendors, counts.Customers, counts.Banks = len(r.Employees), len(r.Vendors), len(r.Customers), len(r.Banks)
	counts.Projects, counts.SpecialAccounts, counts.DictionaryEntries = len(r.Projects), len(r.SpecialAccounts), len(r.NamedCodes)
	return counts, nil
}

// typedRecords are the records of the record model's types as generic
// records (company and validity from their bodies), not yet stamped.
func (r *Records) typedRecords() ([]Record, error) {
	var out []Record
	add := func(typ, key string, v any) error {
		body, err := bodyOf(v)
		if err != nil {
			return fmt.Errorf("%s %s: %w", typ, key, err)
		}
		out = append(out, newRecord(typ, key, body))
		return nil
	}
	return out, firstError(
		each(r.SetsOfBooks, func(x SetOfBooks) error { return add(TypeSetOfBooks, x.Code, x) }),
		each(r.Companies, func(x Company) error { return add(TypeCompany, x.Code, x) }),
		each(r.Departments, func(x Department) error { return add(TypeDepartment, x.Code, x) }),
		each(r.CostCenters, func(x CostCenter) error { return add(TypeCostCenter, x.Code, x) }),
		each(r.ProfitCenters, func(x ProfitCenter) error { return add(TypeProfitCenter, x.Code, x) }),
		each(r.BusinessRanges, func(x BusinessRange) error { return add(TypeBusinessRange, x.Code, x) }),
		each(r.Employees, func(x Employee) error { return add(TypeEmployee, x.EmpID, x) }),
		each(r.Vendors, func(x Vendor) error { return add(TypeVendor, x.Code, x) }),
		each(r.Customers, func(x Customer) error { return add(TypeCustomer, x.Code, x) }),
		each(r.Banks, func(x Bank) error { return add(TypeBank, x.Cnaps, x) }),
		each(r.Projects, func(x Project) error { return add(TypeProject, x.Code, x) }),
		each(r.SpecialAccounts, func(x SpecialAccount) error { return add(TypeSpecialAccount, x.Code, x) }),
		each(r.NamedCodes, func(x DictionaryEntry) error { return add(TypeDictionary, x.DicID+"/"+x.Code, x) }),
	)
}

// otherRecords are the records of the catalogue's other types, each
// checked by its type (problems added); those of unknown types are
// counted as skipped.
func (s *Service) otherRecords(others map[string][]map[string]any, problems *Problems) ([]Record, Counts) {
	counts := Counts{Others: map[string]int{}, Skipped: map[string]int{}}
	var out []Record
	for _, typ := range slices.Sorted(maps.Keys(others)) {
		t := s.typeOf(typ)
		if t == nil {
			counts.Skipped[typ] = len(others[typ])
			continue
		}
		seen := map[string]bool{}
		for i, body := range others[typ] {
			key, bad := t.keyOf(body)
			if bad != nil {
				problems.add("%s[%d]: %s: %s", typ, i, bad.Path, bad.In("en"))
				continue
			}
			what := typ + " " + key
			if seen[key] {
				problems.add("%s: the key is used twice", what)
			}
			seen[key] = true
			for _, e := range t.check(body) {
				problems.add("%s: %s: %s", what, e.Path, e.In("en"))
			}
			out = append(out, newRecord(typ, key, body))
		}
		counts.Others[typ] = len(others[typ])
	}
	return out, counts
}

// each runs fn on every element of list, up to the first error.
func each[T any](list []T, fn func(T) error) error {
	for _, x := range list {
		if err := fn(x); err != nil {
			return err
		}
	}
	return nil
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
