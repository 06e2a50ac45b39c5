package seeding

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"formwork/engine"
	"formwork/masterdata"
)

// MasterDataCounts says how many records of each kind the seeds loaded,
// and of the catalogue's other types; Skipped counts the records of types
// the catalogue does not define (not loaded).
type MasterDataCounts struct {
	SetsOfBooks, Companies, Departments, CostCenters, ProfitCenters, BusinessRanges    int
	Employees, Vendors, Customers, Banks, Projects, SpecialAccounts, DictionaryEntries int
	Others, Skipped                                                                    map[string]int
}

// Total is the number of records loaded.
func (m MasterDataCounts) Total() int {
	n := m.SetsOfBooks + m.Companies + m.Departments + m.CostCenters + m.ProfitCenters + m.BusinessRanges +
		m.Employees + m.Vendors + m.Customers + m.Banks + m.Projects + m.SpecialAccounts + m.DictionaryEntries
	for _, k := range m.Others {
		n += k
	}
	return n
}

// String lists the counts, for serve's start-up message.
func (m MasterDataCounts) String() string {
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

// LoadMasterRecords checks a whole set of master data and loads it in one
// transaction (masterdata.Service.Load, by masterdata.SeedBy). A code used
// twice, a reference to an unknown code (a department's company, an
// employee's cost centre, a vendor's bank, ...), a missing Chinese name or
// a record its type's check refuses is an error (prefixed by where) naming
// the record, and nothing is loaded; so is a key the store has already.
// Records of types the catalogue lacks are skipped (and counted).
func LoadMasterRecords(ctx context.Context, md *masterdata.Service, r *MasterRecords, where string) (MasterDataCounts, error) {
	problems := r.Problems()
	typed, err := r.typedRecords()
	if err != nil {
		return MasterDataCounts{}, err
	}
	others, counts := otherRecords(md, r.Others, &problems)
	all := slices.Concat(typed, others)
	checkByType(md, all, &problems)
	if err := problems.Err(where); err != nil {
		return MasterDataCounts{}, err
	}
	if err := md.Load(ctx, masterdata.SeedBy, all); err != nil {
		return MasterDataCounts{}, fmt.Errorf("%s: %w", where, err)
	}
	counts.SetsOfBooks, counts.Companies, counts.Departments = len(r.SetsOfBooks), len(r.Companies), len(r.Departments)
	counts.CostCenters, counts.ProfitCenters, counts.BusinessRanges = len(r.CostCenters), len(r.ProfitCenters), len(r.BusinessRanges)
	counts.Employees, counts.Vendors, counts.Customers, counts.Banks = len(r.Employees), len(r.Vendors), len(r.Customers), len(r.Banks)
	counts.Projects, counts.SpecialAccounts, counts.DictionaryEntries = len(r.Projects), len(r.SpecialAccounts), len(r.NamedCodes)
	return counts, nil
}

// typedRecords are the records of the record model's types as records of
// their master-data types, keyed by code (employees by username, banks by
// CNAPS code, named codes by dictionary/code).
func (r *MasterRecords) typedRecords() ([]masterdata.Record, error) {
	var out []masterdata.Record
	add := func(typ, key string, v any) error {
		body, err := masterdata.BodyOf(v)
		if err != nil {
			return fmt.Errorf("%s %s: %w", typ, key, err)
		}
		out = append(out, masterdata.NewRecord(typ, key, body))
		return nil
	}
	return out, firstError(
		each(r.SetsOfBooks, func(x masterdata.SetOfBooks) error { return add(masterdata.TypeSetOfBooks, x.Code, x) }),
		each(r.Companies, func(x masterdata.Company) error { return add(masterdata.TypeCompany, x.Code, x) }),
		each(r.Departments, func(x masterdata.Department) error { return add(masterdata.TypeDepartment, x.Code, x) }),
		each(r.CostCenters, func(x masterdata.CostCenter) error { return add(masterdata.TypeCostCenter, x.Code, x) }),
		each(r.ProfitCenters, func(x masterdata.ProfitCenter) error { return add(masterdata.TypeProfitCenter, x.Code, x) }),
		each(r.BusinessRanges, func(x masterdata.BusinessRange) error { return add(masterdata.TypeBusinessRange, x.Code, x) }),
		each(r.Employees, func(x masterdata.Employee) error { return add(masterdata.TypeEmployee, x.Username, x) }),
		each(r.Vendors, func(x masterdata.Vendor) error { return add(masterdata.TypeVendor, x.Code, x) }),
		each(r.Customers, func(x masterdata.Customer) error { return add(masterdata.TypeCustomer, x.Code, x) }),
		each(r.Banks, func(x masterdata.Bank) error { return add(masterdata.TypeBank, x.Cnaps, x) }),
		each(r.Projects, func(x masterdata.Project) error { return add(masterdata.TypeProject, x.Code, x) }),
		each(r.SpecialAccounts, func(x masterdata.SpecialAccount) error { return add(masterdata.TypeSpecialAccount, x.Code, x) }),
		each(r.NamedCodes, func(x masterdata.DictionaryEntry) error {
			return add(masterdata.TypeDictionary, x.DicID+"/"+x.Code, x)
		}),
	)
}

// otherRecords are the records of the catalogue's other types (their
// bodies normalised through JSON, numbers exact), keyed by their type
// (problems added); those of unknown types are counted as skipped.
func otherRecords(md *masterdata.Service, others map[string][]map[string]any, problems *Problems) ([]masterdata.Record, MasterDataCounts) {
	counts := MasterDataCounts{Others: map[string]int{}, Skipped: map[string]int{}}
	var out []masterdata.Record
	for _, typ := range slices.Sorted(maps.Keys(others)) {
		t := md.Type(typ)
		if t == nil {
			counts.Skipped[typ] = len(others[typ])
			continue
		}
		seen := map[string]bool{}
		for i, seed := range others[typ] {
			body, err := masterdata.BodyOf(seed)
			key, bad := t.Key(body)
			switch {
			case err != nil:
				problems.add("%s[%d]: %v", typ, i, err)
				continue
			case bad != nil:
				problems.add("%s[%d]: %s: %s", typ, i, bad.Path, bad.In("en"))
				continue
			case seen[key]:
				problems.add("%s %s: the key is used twice", typ, key)
			}
			seen[key] = true
			out = append(out, masterdata.NewRecord(typ, key, body))
		}
		counts.Others[typ] = len(others[typ])
	}
	return out, counts
}

// checkByType checks each record whose type the catalogue has by the
// type (its key as the type makes it, the type's Check) and keeps its body
// as the store does (the type's Normalize).
func checkByType(md *masterdata.Service, records []masterdata.Record, problems *Problems) {
	for i, r := range records {
		t := md.Type(r.Type)
		if t == nil {
			continue
		}
		if key, bad := t.Key(r.Body); bad != nil || key != r.Key {
			problems.add("%s %s: the type's key fields %s make the key %q", r.Type, r.Key, strings.Join(t.Keys, ", "), key)
		}
		var found []*engine.Error
		if t.Check != nil {
			found = t.Check(r.Body)
		}
		for _, e := range found {
			problems.add("%s %s: %s: %s", r.Type, r.Key, e.Path, e.In("en"))
		}
		if len(found) == 0 && t.Normalize != nil {
			records[i] = masterdata.NewRecord(r.Type, r.Key, t.Normalize(r.Body))
		}
	}
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
