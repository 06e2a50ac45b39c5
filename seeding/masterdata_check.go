package seeding

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"formwork/masterdata"
)

// MasterRecords is a whole set of master data to seed at once: the
// records of the record model's types, and of the catalogue's others.
type MasterRecords struct {
	SetsOfBooks     []masterdata.SetOfBooks
	Companies       []masterdata.Company
	Departments     []masterdata.Department
	CostCenters     []masterdata.CostCenter
	ProfitCenters   []masterdata.ProfitCenter
	BusinessRanges  []masterdata.BusinessRange
	Employees       []masterdata.Employee
	Vendors         []masterdata.Vendor
	Customers       []masterdata.Customer
	Banks           []masterdata.Bank
	Projects        []masterdata.Project
	SpecialAccounts []masterdata.SpecialAccount
	NamedCodes      []masterdata.DictionaryEntry
	// Others are the records of the catalogue's other master-data types:
	// their bodies by type code.
	Others map[string][]map[string]any
}

// Problems are the problems of a set of records, one sentence each naming
// the record.
type Problems []string

// maxProblems is the most problems an error lists.
const maxProblems = 20

// Err is nil without problems, else an error prefixed by where with the
// problem, or the number of problems and the first maxProblems of them (in
// sort order), one a line.
func (p Problems) Err(where string) error {
	if len(p) == 0 {
		return nil
	}
	list := append(Problems(nil), p...)
	sort.Strings(list)
	if len(list) == 1 {
		return fmt.Errorf("%s: %s", where, list[0])
	}
	shown := list[:min(len(list), maxProblems)]
	more := ""
	if len(list) > len(shown) {
		more = fmt.Sprintf("\n  (and %d more)", len(list)-len(shown))
	}
	return fmt.Errorf("%s: %d problems:\n  %s%s", where, len(list), strings.Join(shown, "\n  "), more)
}

func (p *Problems) add(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

var cnapsPattern = regexp.MustCompile(`^[0-9]{12}$`)

// Problems normalises the records (usernames in lower case, the default
// statuses) and lists their problems: codes and names, references between
// kinds. None: they may be seeded.
func (r *MasterRecords) Problems() Problems {
	var p Problems
	r.normalise()
	sobs := codes(&p, "set of books", r.SetsOfBooks, func(x masterdata.SetOfBooks) (string, masterdata.Name) { return x.Code, x.Name })
	companies := codes(&p, "company", r.Companies, func(x masterdata.Company) (string, masterdata.Name) { return x.Code, x.Name })
	codes(&p, "department", r.Departments, func(x masterdata.Department) (string, masterdata.Name) { return x.Code, x.Name })
	codes(&p, "cost centre", r.CostCenters, func(x masterdata.CostCenter) (string, masterdata.Name) { return x.Code, x.Name })
	codes(&p, "profit centre", r.ProfitCenters, func(x masterdata.ProfitCenter) (string, masterdata.Name) { return x.Code, x.Name })
	codes(&p, "business range", r.BusinessRanges, func(x masterdata.BusinessRange) (string, masterdata.Name) { return x.Code, x.Name })
	codes(&p, "employee", r.Employees, func(x masterdata.Employee) (string, masterdata.Name) { return x.EmpID, x.Name })
	codes(&p, "vendor", r.Vendors, func(x masterdata.Vendor) (string, masterdata.Name) { return x.Code, x.Name })
	codes(&p, "customer", r.Customers, func(x masterdata.Customer) (string, masterdata.Name) { return x.Code, x.Name })
	banks := codes(&p, "bank", r.Banks, func(x masterdata.Bank) (string, masterdata.Name) { return x.Cnaps, x.Name })
	codes(&p, "project", r.Projects, func(x masterdata.Project) (string, masterdata.Name) { return x.Code, x.Name })
	codes(&p, "special account code", r.SpecialAccounts, func(x masterdata.SpecialAccount) (string, masterdata.Name) { return x.Code, x.Name })

	for _, c := range r.Companies {
		p.ref("company "+c.Code, "set of books", c.Sob, sobs, true)
	}
	r.checkOrganisation(&p, companies)
	r.checkEmployees(&p, companies)
	r.checkPartners(&p, companies, banks)
	r.checkProjects(&p, companies)
	r.checkSpecialAccounts(&p, companies)
	named := map[string][]masterdata.DictionaryEntry{}
	for _, e := range r.NamedCodes {
		named[e.DicID] = append(named[e.DicID], e)
	}
	for dic, list := range named {
		codes(&p, "dictionaries."+dic, list, func(x masterdata.DictionaryEntry) (string, masterdata.Name) { return x.Code, x.Name })
	}
	for _, e := range r.NamedCodes {
		if _, master := masterdata.KindOf(e.DicID); master {
			p.add("dictionaries.%s: %s is a master-data dictionary, list its records under their kind", e.DicID, e.DicID)
			break
		}
	}
	return p
}

// normalise trims and lower-cases usernames and fills the default statuses.
func (r *MasterRecords) normalise() {
	for i := range r.Employees {
		e := &r.Employees[i]
		e.Username = strings.ToLower(strings.TrimSpace(e.Username))
		if e.Status == "" {
			e.Status = masterdata.EmployeeActive
		}
	}
	for i := range r.Projects {
		if r.Projects[i].Status == "" {
			r.Projects[i].Status = masterdata.ProjectOpen
		}
	}
}

// checkOrganisation checks the company of departments, cost and profit
// centres and business ranges, and that what they name is of that company.
func (r *MasterRecords) checkOrganisation(p *Problems, companies map[string]bool) {
	deptCompany, costCompany, profitCompany := r.companyOf()
	for _, d := range r.Departments {
		what := "department " + d.Code
		p.ref(what, "company", d.Company, companies, true)
		p.sameCompany(what, "parent department", d.Parent, d.Company, deptCompany)
		p.sameCompany(what, "cost centre", d.CostCenter, d.Company, costCompany)
	}
	for _, c := range r.CostCenters {
		what := "cost centre " + c.Code
		p.ref(what, "company", c.Company, companies, true)
		p.sameCompany(what, "department", c.Department, c.Company, deptCompany)
		p.sameCompany(what, "profit centre", c.ProfitCenter, c.Company, profitCompany)
	}
	for _, c := range r.ProfitCenters {
		p.ref("profit centre "+c.Code, "company", c.Company, companies, true)
	}
	for _, b := range r.BusinessRanges {
		p.ref("business range "+b.Code, "company", b.Company, companies, true)
	}
}

// companyOf maps departments, cost centres and profit centres to their
// company.
func (r *MasterRecords) companyOf() (dept, cost, profit map[string]string) {
	dept, cost, profit = map[string]string{}, map[string]string{}, map[string]string{}
	for _, d := range r.Departments {
		dept[d.Code] = d.Company
	}
	for _, c := range r.CostCenters {
		cost[c.Code] = c.Company
	}
	for _, c := range r.ProfitCenters {
		profit[c.Code] = c.Company
	}
	return dept, cost, profit
}

func (r *MasterRecords) checkEmployees(p *Problems, companies map[string]bool) {
	deptCompany, costCompany, _ := r.companyOf()
	usernames := map[string]bool{}
	for _, e := range r.Employees {
		what := "employee " + e.EmpID
		p.ref(what, "company", e.Company, companies, true)
		p.sameCompany(what, "department", e.Department, e.Company, deptCompany)
		p.sameCompany(what, "cost centre", e.CostCenter, e.Company, costCompany)
		p.oneOf(what, "status", e.Status, masterdata.EmployeeActive, masterdata.EmployeeLeft)
		switch {
		case e.Username == "":
			p.add("%s: the username is missing (the key of an employee's record)", what)
		case usernames[e.Username]:
			p.add("%s: username %s is another employee's", what, e.Username)
		}
		usernames[e.Username] = true
	}
}

func (r *MasterRecords) checkPartners(p *Problems, companies, banks map[string]bool) {
	for _, v := range r.Vendors {
		p.ref("vendor "+v.Code, "company", v.Company, companies, false)
		p.ref("vendor "+v.Code, "bank", v.Bank, banks, false)
	}
	for _, c := range r.Customers {
		p.ref("customer "+c.Code, "company", c.Company, companies, false)
		p.ref("customer "+c.Code, "bank", c.Bank, banks, false)
	}
	for _, b := range r.Banks {
		if !cnapsPattern.MatchString(b.Cnaps) || !strings.HasPrefix(b.Cnaps, b.BankCode) || b.BankCode == "" || b.BankName.Zh == "" {
			p.add("bank %s: a CNAPS code is 12 digits starting with the bank's code (bankCode %q), and the bank needs a bankName", b.Cnaps, b.BankCode)
		}
	}
}

// checkProjects: a project's company, but the no-project entry belongs to
// every company; a status.
func (r *MasterRecords) checkProjects(p *Problems, companies map[string]bool) {
	for _, pr := range r.Projects {
		p.ref("project "+pr.Code, "company", pr.Company, companies, pr.Code != masterdata.NoProjectCode)
		p.oneOf("project "+pr.Code, "status", pr.Status, masterdata.ProjectOpen, masterdata.ProjectClosed)
	}
}

// checkSpecialAccounts: a level-1 code's company (empty: every company),
// a level-2 code under a level-1 code, of its company.
func (r *MasterRecords) checkSpecialAccounts(p *Problems, companies map[string]bool) {
	level1 := map[string]string{}
	for _, a := range r.SpecialAccounts {
		if a.Level == 1 {
			level1[a.Code] = a.Company
		}
	}
	for _, a := range r.SpecialAccounts {
		what := "special account code " + a.Code
		switch company, known := level1[a.Parent]; {
		case a.Level == 1 && a.Parent == "":
			p.ref(what, "company", a.Company, companies, false)
		case a.Level == 2 && !known:
			p.add("%s: a level-2 code is under a level-1 code, not %q", what, a.Parent)
		case a.Level == 2 && company != a.Company:
			p.add("%s: a level-2 code belongs to the companies of its level-1 code %s", what, a.Parent)
		case a.Level != 2:
			p.add("%s: the level is 1 (without a parent) or 2, not %d", what, a.Level)
		}
	}
}

// codes checks that each record of a kind has a code, a Chinese name and no
// code twice, and returns the codes.
func codes[T any](p *Problems, kind string, list []T, at func(T) (string, masterdata.Name)) map[string]bool {
	seen := map[string]bool{}
	for _, x := range list {
		code, name := at(x)
		switch {
		case code == "" || !plainCode(code):
			p.add("%s %q: the code is empty or has spaces around it, a \"/\" or a character that does not print", kind, code)
		case seen[code]:
			p.add("%s %s: the code is used twice", kind, code)
		case name.Zh == "":
			p.add("%s %s: the name needs zh (and en)", kind, code)
		}
		seen[code] = true
	}
	return seen
}

// ref checks that code, when given (or required), is one of known.
func (p *Problems) ref(what, kind, code string, known map[string]bool, required bool) {
	switch {
	case code == "" && required:
		p.add("%s: the %s is missing", what, kind)
	case code != "" && !known[code]:
		p.add("%s: %s %s is not in the master data", what, kind, code)
	}
}

// sameCompany checks that code, when given, is a record of company
// (companyOf maps the kind's codes to their company).
func (p *Problems) sameCompany(what, kind, code, company string, companyOf map[string]string) {
	switch other, known := companyOf[code]; {
	case code == "":
	case !known:
		p.add("%s: %s %s is not in the master data", what, kind, code)
	case other != company:
		p.add("%s: %s %s belongs to company %s, not %s", what, kind, code, other, company)
	}
}

func (p *Problems) oneOf(what, field, value string, allowed ...string) {
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	p.add("%s: %s must be one of %s, not %q", what, field, strings.Join(allowed, ", "), value)
}

// plainCode reports whether a code has no "/", no spaces around it and only
// characters that print.
func plainCode(v string) bool {
	return strings.TrimSpace(v) == v && !strings.Contains(v, "/") &&
		!strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsPrint(r) })
}
