package masterdata

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"formwork/engine"
)

// The typed views: the records of the types the record model knows,
// decoded into their Go types. Lists hold the active records, by key
// (employees by employee id, banks by CNAPS code); a lookup of a code no
// active record has answers nil. Names (CodeName, PersonName) are found
// for deactivated records too: old documents still name them.

// decoded is every record of a snapshot decoded into T, in key order,
// decoded once per snapshot.
func decoded[T any](snap *snapshot) ([]T, error) {
	return derive(snap, "typed:"+reflect.TypeFor[T]().String(), func() ([]T, error) {
		out := make([]T, len(snap.records))
		for i, r := range snap.records {
			if err := decodeBody(r.Body, &out[i]); err != nil {
				return nil, fmt.Errorf("%s %s: %w", r.Type, r.Key, err)
			}
		}
		return out, nil
	})
}

// decodeBody decodes a record's body into v (a record-model type).
func decodeBody(body map[string]any, v any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// activeOf lists the active records of a type that pass keep (nil: all),
// decoded into T.
func activeOf[T any](ctx context.Context, s *Service, typ string, keep func(T) bool) ([]T, error) {
	snap, err := s.snapshot(ctx, typ)
	if err != nil {
		return nil, err
	}
	all, err := decoded[T](snap)
	if err != nil {
		return nil, err
	}
	var out []T
	for i, x := range all {
		if snap.records[i].Active && (keep == nil || keep(x)) {
			out = append(out, x)
		}
	}
	return out, nil
}

// lookup is the record of a key, decoded into T; nil when there is none
// or it is deactivated (unless inactive too is asked).
func lookup[T any](ctx context.Context, s *Service, typ, key string, inactiveToo bool) (*T, error) {
	snap, err := s.snapshot(ctx, typ)
	if err != nil {
		return nil, err
	}
	i, ok := snap.index[key]
	if !ok || !snap.records[i].Active && !inactiveToo {
		return nil, nil
	}
	all, err := decoded[T](snap)
	if err != nil {
		return nil, err
	}
	return &all[i], nil
}

// SetsOfBooks lists every set of books, by code.
func (s *Service) SetsOfBooks(ctx context.Context) ([]SetOfBooks, error) {
	return activeOf[SetOfBooks](ctx, s, TypeSetOfBooks, nil)
}

// Companies lists every company, by code.
func (s *Service) Companies(ctx context.Context) ([]Company, error) {
	return activeOf[Company](ctx, s, TypeCompany, nil)
}

// Departments lists every department, by code.
func (s *Service) Departments(ctx context.Context) ([]Department, error) {
	return activeOf[Department](ctx, s, TypeDepartment, nil)
}

// CostCenters lists every cost centre, by code.
func (s *Service) CostCenters(ctx context.Context) ([]CostCenter, error) {
	return activeOf[CostCenter](ctx, s, TypeCostCenter, nil)
}

// ProfitCenters lists every profit centre, by code.
func (s *Service) ProfitCenters(ctx context.Context) ([]ProfitCenter, error) {
	return activeOf[ProfitCenter](ctx, s, TypeProfitCenter, nil)
}

// BusinessRanges lists every business range, by code.
func (s *Service) BusinessRanges(ctx context.Context) ([]BusinessRange, error) {
	return activeOf[BusinessRange](ctx, s, TypeBusinessRange, nil)
}

// Employees lists every employee, with the group or left, by employee id
// (the records are keyed by username).
func (s *Service) Employees(ctx context.Context) ([]Employee, error) {
	return employees(ctx, s, nil)
}

// employees lists the active employee records that pass keep (nil: all),
// by employee id.
func employees(ctx context.Context, s *Service, keep func(Employee) bool) ([]Employee, error) {
	list, err := activeOf(ctx, s, TypeEmployee, keep)
	slices.SortStableFunc(list, func(a, b Employee) int { return strings.Compare(a.EmpID, b.EmpID) })
	return list, err
}

// Vendors lists every vendor, by code.
func (s *Service) Vendors(ctx context.Context) ([]Vendor, error) {
	return activeOf[Vendor](ctx, s, TypeVendor, nil)
}

// Customers lists every customer, by code.
func (s *Service) Customers(ctx context.Context) ([]Customer, error) {
	return activeOf[Customer](ctx, s, TypeCustomer, nil)
}

// Banks lists every bank branch, by CNAPS code.
func (s *Service) Banks(ctx context.Context) ([]Bank, error) {
	return activeOf[Bank](ctx, s, TypeBank, nil)
}

// Projects lists every project, open or closed, by code (the no-project
// record among them when the master data has it).
func (s *Service) Projects(ctx context.Context) ([]Project, error) {
	return activeOf[Project](ctx, s, TypeProject, nil)
}

// SpecialAccounts lists the special account codes of a level (1 or 2), by
// code.
func (s *Service) SpecialAccounts(ctx context.Context, level int) ([]SpecialAccount, error) {
	return activeOf(ctx, s, TypeSpecialAccount, func(a SpecialAccount) bool { return a.Level == level })
}

// SetOfBooks is the set of books of a code; nil when there is none.
func (s *Service) SetOfBooks(ctx context.Context, code string) (*SetOfBooks, error) {
	return lookup[SetOfBooks](ctx, s, TypeSetOfBooks, code, false)
}

// Company is the company of a code; nil when there is none.
func (s *Service) Company(ctx context.Context, code string) (*Company, error) {
	return lookup[Company](ctx, s, TypeCompany, code, false)
}

// Department is the department of a code; nil when there is none.
func (s *Service) Department(ctx context.Context, code string) (*Department, error) {
	return lookup[Department](ctx, s, TypeDepartment, code, false)
}

// CostCenter is the cost centre of a code; nil when there is none.
func (s *Service) CostCenter(ctx context.Context, code string) (*CostCenter, error) {
	return lookup[CostCenter](ctx, s, TypeCostCenter, code, false)
}

// BusinessRange is the business range of a code; nil when there is none.
func (s *Service) BusinessRange(ctx context.Context, code string) (*BusinessRange, error) {
	return lookup[BusinessRange](ctx, s, TypeBusinessRange, code, false)
}

// SpecialAccount is the special account code of a code (either level); nil
// when there is none.
func (s *Service) SpecialAccount(ctx context.Context, code string) (*SpecialAccount, error) {
	return lookup[SpecialAccount](ctx, s, TypeSpecialAccount, code, false)
}

// CompaniesOf lists the companies of some codes (codes no company has are
// left out).
func (s *Service) CompaniesOf(ctx context.Context, codes []string) ([]Company, error) {
	return activeOf(ctx, s, TypeCompany, func(c Company) bool { return slices.Contains(codes, c.Code) })
}

// DepartmentsOf lists the departments of some codes (codes no department
// has are left out).
func (s *Service) DepartmentsOf(ctx context.Context, codes []string) ([]Department, error) {
	return activeOf(ctx, s, TypeDepartment, func(d Department) bool { return slices.Contains(codes, d.Code) })
}

// EmployeeFilter narrows the employees with the group: Text (contained,
// ignoring case, in the employee id, number, username or a name), and the
// company, department and username when set; at most Limit.
type EmployeeFilter struct {
	Text, Company, Department, Username string
	Limit                               int
}

// SearchEmployees lists the employees with the group that pass f, by
// employee id.
func (s *Service) SearchEmployees(ctx context.Context, f EmployeeFilter) ([]Employee, error) {
	text := strings.ToLower(f.Text)
	list, err := employees(ctx, s, func(e Employee) bool {
		return e.Status == EmployeeActive && (f.Company == "" || e.Company == f.Company) &&
			(f.Department == "" || e.Department == f.Department) && (f.Username == "" || e.Username == f.Username) &&
			containsFold(text, e.EmpID, e.EmpNo, e.Username, e.Name.Zh, e.Name.En, e.Name.Th)
	})
	return limited(list, f.Limit), err
}

// SpecialAccountFilter narrows the special account codes: Text (contained,
// ignoring case, in the code or a name); Level 1 with the codes of Company
// and of every company; Level 2 with the codes under Parent; at most Limit.
type SpecialAccountFilter struct {
	Text    string
	Level   int
	Company string
	Parent  string
	Limit   int
}

// SearchSpecialAccounts lists the special account codes that pass f, by
// code.
func (s *Service) SearchSpecialAccounts(ctx context.Context, f SpecialAccountFilter) ([]SpecialAccount, error) {
	text := strings.ToLower(f.Text)
	list, err := activeOf(ctx, s, TypeSpecialAccount, func(a SpecialAccount) bool {
		return a.Level == f.Level && (f.Level != 1 || a.Company == f.Company || a.Company == "") &&
			(f.Level != 2 || a.Parent == f.Parent) && containsFold(text, a.Code, a.Name.Zh, a.Name.En, a.Name.Th)
	})
	return limited(list, f.Limit), err
}

// containsFold reports whether one of fields contains the lower-case text,
// ignoring case.
func containsFold(text string, fields ...string) bool {
	for _, f := range fields {
		if strings.Contains(strings.ToLower(f), text) {
			return true
		}
	}
	return false
}

// limited is the first n of list.
func limited[T any](list []T, n int) []T {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// Dictionary is every named code (DictionaryEntry) and the names of the
// records of every master-data kind (deactivated ones too), by dictionary
// and code. It is shared: the caller does not change it.
func (s *Service) Dictionary(ctx context.Context) (Dictionary, error) {
	types := []string{TypeDictionary}
	for _, k := range Kinds {
		types = append(types, k.TypeOf())
	}
	snaps, err := s.snapshots(ctx, types...)
	if err != nil {
		return nil, err
	}
	entries, err := activeOf[DictionaryEntry](ctx, s, TypeDictionary, nil)
	if err != nil {
		return nil, err
	}
	d := dictionaryOf(entries)
	for i, k := range Kinds { // snaps[0] is the dictionary's
		if d[string(k)], err = namesOf(snaps[i+1], k); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// namesOf names the records of a snapshot of a kind's type by code (of
// the kind's level for the special account kinds; employees by employee
// id), built once per snapshot.
func namesOf(snap *snapshot, k Kind) (map[string]engine.Text, error) {
	return derive(snap, "names:"+string(k), func() (map[string]engine.Text, error) {
		all, err := decoded[struct {
			Name  Name   `json:"name"`
			Level int    `json:"level"`
			EmpID string `json:"empId"`
		}](snap)
		if err != nil {
			return nil, err
		}
		out := make(map[string]engine.Text, len(all))
		for i, r := range all {
			switch code := snap.records[i].Key; {
			case k == KindSpecialAccount && r.Level != 1 || k == KindSubAccount && r.Level != 2:
			case k == KindEmployee: // the employee dictionary's codes are employee ids
				out[r.EmpID] = r.Name.Text()
			default:
				out[code] = r.Name.Text()
			}
		}
		return out, nil
	})
}

// AddTitles names codes of a named-code dictionary (seeding's budget
// account titles), keeping the names it has already; each new named code
// with an audit event by SeedBy.
func (s *Service) AddTitles(ctx context.Context, dic string, titles map[string]engine.Text) error {
	now := s.now()
	return s.store.InTx(ctx, func(tx Tx) error {
		var added []Record
		var events []Event
		for _, code := range slices.Sorted(maps.Keys(titles)) {
			key := dic + "/" + code
			switch had, err := tx.Record(TypeDictionary, key); {
			case err != nil:
				return err
			case had != nil:
				continue
			}
			t := titles[code]
			body, err := BodyOf(DictionaryEntry{DicID: dic, Code: code, Name: Name{Zh: t["zh"], En: t["en"], Th: t["th"]}})
			if err != nil {
				return err
			}
			r := NewRecord(TypeDictionary, key, body)
			r.stamp(SeedBy, now)
			added = append(added, r)
			events = append(events, Event{Type: TypeDictionary, Key: key, Action: ActionImport, By: SeedBy, At: now, After: r.image()})
		}
		if err := tx.Insert(added); err != nil {
			return err
		}
		return tx.AddEvents(events)
	})
}

// NamedCodes is the named codes of some dictionaries.
func (s *Service) NamedCodes(ctx context.Context, dicIDs ...string) (Dictionary, error) {
	entries, err := activeOf(ctx, s, TypeDictionary, func(e DictionaryEntry) bool { return slices.Contains(dicIDs, e.DicID) })
	return dictionaryOf(entries), err
}

// CodeName is the name of a code of a dictionary in every language it has:
// the record's name for a master-data kind (specAccCode1 and specAccCode2
// name either level), else the named code's. Nil when the dictionary has
// no such code.
func (s *Service) CodeName(ctx context.Context, dic, code string) (engine.Text, error) {
	if code == "" {
		return nil, nil
	}
	kind, ok := KindOf(dic)
	if !ok {
		e, err := lookup[DictionaryEntry](ctx, s, TypeDictionary, dic+"/"+code, true)
		if err != nil || e == nil {
			return nil, err
		}
		return e.Name.Text(), nil
	}
	if kind == KindEmployee {
		d, err := s.Dictionary(ctx) // an employee's code is the employee id, not the record's key
		if err != nil || d[string(kind)][code] == nil {
			return nil, err
		}
		return d[string(kind)][code], nil
	}
	r, err := lookup[struct {
		Name Name `json:"name"`
	}](ctx, s, kind.TypeOf(), code, true)
	switch {
	case err != nil:
		return nil, err
	case r == nil && kind == KindProject && code == NoProjectCode:
		return NoProject, nil
	case r == nil:
		return nil, nil
	}
	return r.Name.Text(), nil
}

// PersonName is the name of the employee who signs in as username, in
// every language it has; nil when no employee does.
func (s *Service) PersonName(ctx context.Context, username string) (engine.Text, error) {
	e, err := s.employeeOf(ctx, username)
	if err != nil || e == nil {
		return nil, err
	}
	return e.Name.Text(), nil
}

// employeeOf is the employee who signs in as username (the key of the
// record, deactivated too); nil when none does.
func (s *Service) employeeOf(ctx context.Context, username string) (*Employee, error) {
	return lookup[Employee](ctx, s, TypeEmployee, username, true)
}
