package server

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"formwork/engine"

	"gorm.io/gorm"
)

// masterDataDir is the folder of the seeds that holds the master data.
const masterDataDir = "masterdata"

// masterDataSeed is one file of seeds/masterdata: any of these lists (a file
// may hold several kinds, a kind may be spread over several files).
type masterDataSeed struct {
	SetsOfBooks     []SetOfBooks         `yaml:"setsOfBooks"`
	Companies       []Company            `yaml:"companies"`
	Departments     []Department         `yaml:"departments"`
	CostCenters     []CostCenter         `yaml:"costCenters"`
	ProfitCenters   []ProfitCenter       `yaml:"profitCenters"`
	BusinessRanges  []BusinessRange      `yaml:"businessRanges"`
	Employees       []Employee           `yaml:"employees"`
	Vendors         []Vendor             `yaml:"vendors"`
	Customers       []Customer           `yaml:"customers"`
	Banks           []Bank               `yaml:"banks"`
	Projects        []Project            `yaml:"projects"`
	SpecialAccounts []specialAccountSeed `yaml:"specialAccounts"`
	// Dictionaries are further named codes (the document-type tree's
	// families and modules), stored as DictionaryEntry rows.
	Dictionaries map[string]map[string]engine.Text `yaml:"dictionaries"`
}

// specialAccountSeed is a level-1 special account code with its level-2
// codes as children.
type specialAccountSeed struct {
	Code     string               `yaml:"code"`
	Name     masterName           `yaml:"name"`
	Company  string               `yaml:"company"`
	Children []specialAccountSeed `yaml:"children"`
}

// MasterDataSeeded says how many records of each kind SeedMasterData loaded.
type MasterDataSeeded struct {
	SetsOfBooks, Companies, Departments, CostCenters, ProfitCenters, BusinessRanges    int
	Employees, Vendors, Customers, Banks, Projects, SpecialAccounts, DictionaryEntries int
}

// Total is the number of records loaded.
func (m MasterDataSeeded) Total() int {
	return m.SetsOfBooks + m.Companies + m.Departments + m.CostCenters + m.ProfitCenters + m.BusinessRanges +
		m.Employees + m.Vendors + m.Customers + m.Banks + m.Projects + m.SpecialAccounts + m.DictionaryEntries
}

// String lists the counts, for serve's start-up message.
func (m MasterDataSeeded) String() string {
	return fmt.Sprintf("%d sets of books, %d companies, %d departments, %d cost centres, %d profit centres, %d business ranges, "+
		"%d employees, %d vendors, %d customers, %d banks, %d projects, %d special account codes, %d named codes",
		m.SetsOfBooks, m.Companies, m.Departments, m.CostCenters, m.ProfitCenters, m.BusinessRanges,
		m.Employees, m.Vendors, m.Customers, m.Banks, m.Projects, m.SpecialAccounts, m.DictionaryEntries)
}

// SeedMasterData loads every masterdata/*.yaml of fsys (the seeds folder) in
// one transaction. It is meant for an empty database. The seeds are checked
// first: a code used twice, a reference to an unknown code (a department's
// company, an employee's cost centre, a vendor's bank, ...) or a missing
// Chinese name is an error naming the record, and nothing is loaded. Without
// a masterdata folder it loads nothing.
func (s *Server) SeedMasterData(ctx context.Context, fsys fs.FS) (MasterDataSeeded, error) {
	var done MasterDataSeeded
	seed, err := readMasterData(fsys)
	if err != nil || seed == nil {
		return done, err
	}
	if err := seed.check(); err != nil {
		return done, err
	}
	accounts := seed.specialAccounts()
	var entries []DictionaryEntry
	for _, dic := range sortedKeys(seed.Dictionaries) {
		for _, code := range sortedKeys(seed.Dictionaries[dic]) {
			t := seed.Dictionaries[dic][code]
			entries = append(entries, DictionaryEntry{DicID: dic, Code: code, Zh: t["zh"], En: t["en"], Th: t["th"]})
		}
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, part := range []struct {
			what string
			rows any
			n    int
		}{
			{"sets of books", seed.SetsOfBooks, len(seed.SetsOfBooks)},
			{"companies", seed.Companies, len(seed.Companies)},
			{"departments", seed.Departments, len(seed.Departments)},
			{"cost centres", seed.CostCenters, len(seed.CostCenters)},
			{"profit centres", seed.ProfitCenters, len(seed.ProfitCenters)},
			{"business ranges", seed.BusinessRanges, len(seed.BusinessRanges)},
			{"employees", seed.Employees, len(seed.Employees)},
			{"vendors", seed.Vendors, len(seed.Vendors)},
			{"customers", seed.Customers, len(seed.Customers)},
			{"banks", seed.Banks, len(seed.Banks)},
			{"projects", seed.Projects, len(seed.Projects)},
			{"special account codes", accounts, len(accounts)},
			{"named codes", entries, len(entries)},
		} {
			if part.n == 0 {
				continue
			}
			if err := tx.CreateInBatches(part.rows, 200).Error; err != nil {
				return fmt.Errorf("seed %s: %w", part.what, err)
			}
		}
		return nil
	})
	if err != nil {
		return MasterDataSeeded{}, err
	}
	return MasterDataSeeded{SetsOfBooks: len(seed.SetsOfBooks), Companies: len(seed.Companies), Departments: len(seed.Departments),
		CostCenters: len(seed.CostCenters), ProfitCenters: len(seed.ProfitCenters), BusinessRanges: len(seed.BusinessRanges),
		Employees: len(seed.Employees), Vendors: len(seed.Vendors), Customers: len(seed.Customers), Banks: len(seed.Banks),
		Projects: len(seed.Projects), SpecialAccounts: len(accounts), DictionaryEntries: len(entries)}, nil
}

// readMasterData reads and merges masterdata/*.yaml in name order; nil when
// there is no such folder.
func readMasterData(fsys fs.FS) (*masterDataSeed, error) {
	names, err := fs.Glob(fsys, path.Join(masterDataDir, "*.yaml"))
	if err != nil || len(names) == 0 {
		return nil, nil
	}
	sort.Strings(names)
	all := &masterDataSeed{Dictionaries: map[string]map[string]engine.Text{}}
	for _, name := range names {
		var m masterDataSeed
		if err := readYAML(fsys, name, &m); err != nil {
			return nil, err
		}
		all.SetsOfBooks = append(all.SetsOfBooks, m.SetsOfBooks...)
		all.Companies = append(all.Companies, m.Companies...)
		all.Departments = append(all.Departments, m.Departments...)
		all.CostCenters = append(all.CostCenters, m.CostCenters...)
		all.ProfitCenters = append(all.ProfitCenters, m.ProfitCenters...)
		all.BusinessRanges = append(all.BusinessRanges, m.BusinessRanges...)
		all.Employees = append(all.Employees, m.Employees...)
		all.Vendors = append(all.Vendors, m.Vendors...)
		all.Customers = append(all.Customers, m.Customers...)
		all.Banks = append(all.Banks, m.Banks...)
		all.Projects = append(all.Projects, m.Projects...)
		all.SpecialAccounts = append(all.SpecialAccounts, m.SpecialAccounts...)
		for dic, codes := range m.Dictionaries {
			if all.Dictionaries[dic] == nil {
				all.Dictionaries[dic] = map[string]engine.Text{}
			}
			for code, t := range codes {
				if _, twice := all.Dictionaries[dic][code]; twice {
					return nil, fmt.Errorf("seeds/%s: dictionaries.%s.%s is named twice", name, dic, code)
				}
				all.Dictionaries[dic][code] = t
			}
		}
	}
	return all, nil
}

// specialAccounts flattens the special account tree: level-1 codes, each
// followed by its level-2 codes (which belong to the same companies).
func (m *masterDataSeed) specialAccounts() []SpecialAccount {
	var out []SpecialAccount
	for _, a := range m.SpecialAccounts {
		out = append(out, SpecialAccount{Code: a.Code, Name: a.Name, Level: 1, Company: a.Company})
		for _, c := range a.Children {
			out = append(out, SpecialAccount{Code: c.Code, Name: c.Name, Level: 2, Parent: a.Code, Company: a.Company})
		}
	}
	return out
}

var cnapsPattern = regexp.MustCompile(`^[0-9]{12}$`)

// check finds the first problem of the seeds: codes and names, references
// between kinds, the reserved no-project code.
func (m *masterDataSeed) check() error {
	p := &seedProblems{}
	sobs := p.codes("set of books", len(m.SetsOfBooks), func(i int) (string, masterName) { return m.SetsOfBooks[i].Code, m.SetsOfBooks[i].Name })
	companies := p.codes("company", len(m.Companies), func(i int) (string, masterName) { return m.Companies[i].Code, m.Companies[i].Name })
	p.codes("department", len(m.Departments), func(i int) (string, masterName) { return m.Departments[i].Code, m.Departments[i].Name })
	p.codes("cost centre", len(m.CostCenters), func(i int) (string, masterName) { return m.CostCenters[i].Code, m.CostCenters[i].Name })
	p.codes("profit centre", len(m.ProfitCenters), func(i int) (string, masterName) { return m.ProfitCenters[i].Code, m.ProfitCenters[i].Name })
	p.codes("business range", len(m.BusinessRanges), func(i int) (string, masterName) { return m.BusinessRanges[i].Code, m.BusinessRanges[i].Name })
	p.codes("employee", len(m.Employees), func(i int) (string, masterName) { return m.Employees[i].EmpID, m.Employees[i].Name })
	p.codes("vendor", len(m.Vendors), func(i int) (string, masterName) { return m.Vendors[i].Code, m.Vendors[i].Name })
	p.codes("customer", len(m.Customers), func(i int) (string, masterName) { return m.Customers[i].Code, m.Customers[i].Name })
	banks := p.codes("bank", len(m.Banks), func(i int) (string, masterName) { return m.Banks[i].Cnaps, m.Banks[i].Name })
	p.codes("project", len(m.Projects), func(i int) (string, masterName) { return m.Projects[i].Code, m.Projects[i].Name })
	accounts := m.specialAccounts()
	p.codes("special account code", len(accounts), func(i int) (string, masterName) { return accounts[i].Code, accounts[i].Name })

	deptCompany, costCompany, profitCompany := map[string]string{}, map[string]string{}, map[string]string{}
	for _, d := range m.Departments {
		deptCompany[d.Code] = d.Company
	}
	for _, c := range m.CostCenters {
		costCompany[c.Code] = c.Company
	}
	for _, c := range m.ProfitCenters {
		profitCompany[c.Code] = c.Company
	}
	for _, c := range m.Companies {
		p.ref("company "+c.Code, "set of books", c.Sob, sobs, true)
	}
	for _, d := range m.Departments {
		what := "department " + d.Code
		p.ref(what, "company", d.Company, companies, true)
		p.sameCompany(what, "parent department", d.Parent, d.Company, deptCompany)
		p.sameCompany(what, "cost centre", d.CostCenter, d.Company, costCompany)
	}
	for _, c := range m.CostCenters {
		what := "cost centre " + c.Code
		p.ref(what, "company", c.Company, companies, true)
		p.sameCompany(what, "department", c.Department, c.Company, deptCompany)
		p.sameCompany(what, "profit centre", c.ProfitCenter, c.Company, profitCompany)
	}
	for _, c := range m.ProfitCenters {
		p.ref("profit centre "+c.Code, "company", c.Company, companies, true)
	}
	for _, r := range m.BusinessRanges {
		p.ref("business range "+r.Code, "company", r.Company, companies, true)
	}
	usernames := map[string]bool{}
	for i := range m.Employees {
		e := &m.Employees[i]
		what := "employee " + e.EmpID
		p.ref(what, "company", e.Company, companies, true)
		p.sameCompany(what, "department", e.Department, e.Company, deptCompany)
		p.sameCompany(what, "cost centre", e.CostCenter, e.Company, costCompany)
		if e.Status == "" {
			e.Status = employeeActive
		}
		p.oneOf(what, "status", e.Status, employeeActive, "0")
		if e.Username = strings.ToLower(strings.TrimSpace(e.Username)); e.Username != "" {
			if usernames[e.Username] {
				p.add("%s: username %s is another employee's", what, e.Username)
			}
			usernames[e.Username] = true
		}
	}
	for _, v := range m.Vendors {
		p.ref("vendor "+v.Code, "company", v.Company, companies, false)
		p.ref("vendor "+v.Code, "bank", v.Bank, banks, false)
	}
	for _, c := range m.Customers {
		p.ref("customer "+c.Code, "company", c.Company, companies, false)
		p.ref("customer "+c.Code, "bank", c.Bank, banks, false)
	}
	for _, b := range m.Banks {
		if !cnapsPattern.MatchString(b.Cnaps) || !strings.HasPrefix(b.Cnaps, b.BankCode) || b.BankCode == "" || b.BankName.Zh == "" {
			p.add("bank %s: a CNAPS code is 12 digits starting with the bank's code (bankCode %q), and the bank needs a bankName", b.Cnaps, b.BankCode)
		}
	}
	for i := range m.Projects {
		pr := &m.Projects[i]
		if pr.Code == noProjectCode {
			p.add("project %s: the code is reserved for the dictionary's no-project entry", pr.Code)
		}
		p.ref("project "+pr.Code, "company", pr.Company, companies, true)
		if pr.Status == "" {
			pr.Status = projectOpen
		}
		p.oneOf("project "+pr.Code, "status", pr.Status, projectOpen, "0")
	}
	for _, a := range m.SpecialAccounts {
		p.ref("special account code "+a.Code, "company", a.Company, companies, false)
		for _, c := range a.Children {
			if len(c.Children) > 0 || c.Company != "" {
				p.add("special account code %s: a level-2 code has neither children nor a company of its own (it has %s's)", c.Code, a.Code)
			}
		}
	}
	for dic := range m.Dictionaries {
		if masterDictionaries[dic] != nil {
			p.add("dictionaries.%s: %s is a master-data dictionary, list its records under their kind", dic, dic)
		}
	}
	return p.first()
}

// seedProblems collects the problems of the master-data seeds.
type seedProblems struct{ list []string }

func (p *seedProblems) add(format string, args ...any) {
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

func (p *seedProblems) first() error {
	if len(p.list) == 0 {
		return nil
	}
	sort.Strings(p.list)
	more := ""
	if len(p.list) > 1 {
		more = fmt.Sprintf(" (and %d more problems)", len(p.list)-1)
	}
	return fmt.Errorf("seeds/%s: %s%s", masterDataDir, p.list[0], more)
}

// codes checks that the n records of a kind have a code, a Chinese name and
// no code twice, and returns the codes.
func (p *seedProblems) codes(kind string, n int, at func(int) (string, masterName)) map[string]bool {
	seen := map[string]bool{}
	for i := range n {
		code, name := at(i)
		switch {
		case strings.TrimSpace(code) == "" || strings.TrimSpace(code) != code:
			p.add("%s %q: the code is empty or has spaces around it", kind, code)
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
func (p *seedProblems) ref(what, kind, code string, known map[string]bool, required bool) {
	switch {
	case code == "" && required:
		p.add("%s: the %s is missing", what, kind)
	case code != "" && !known[code]:
		p.add("%s: %s %s is not in the master data", what, kind, code)
	}
}

// sameCompany checks that code, when given, is a record of company
// (companyOf maps the kind's codes to their company).
func (p *seedProblems) sameCompany(what, kind, code, company string, companyOf map[string]string) {
	switch other, known := companyOf[code]; {
	case code == "":
	case !known:
		p.add("%s: %s %s is not in the master data", what, kind, code)
	case other != company:
		p.add("%s: %s %s belongs to company %s, not %s", what, kind, code, other, company)
	}
}

func (p *seedProblems) oneOf(what, field, value string, allowed ...string) {
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	p.add("%s: %s must be one of %s, not %q", what, field, strings.Join(allowed, ", "), value)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
