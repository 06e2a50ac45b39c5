// Package seeding loads the demo data of seeds/ into an empty database
// through the domain packages' use cases, never through HTTP handlers.
package seeding

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"formwork/engine"
	"formwork/masterdata"

	"gopkg.in/yaml.v3"
)

// masterDataDir is the folder of the seeds that holds the master data.
const masterDataDir = "masterdata"

// masterDataFile is one file of seeds/masterdata: any of these lists (a file
// may hold several kinds, a kind may be spread over several files).
type masterDataFile struct {
	SetsOfBooks     []masterdata.SetOfBooks    `yaml:"setsOfBooks"`
	Companies       []masterdata.Company       `yaml:"companies"`
	Departments     []masterdata.Department    `yaml:"departments"`
	CostCenters     []masterdata.CostCenter    `yaml:"costCenters"`
	ProfitCenters   []masterdata.ProfitCenter  `yaml:"profitCenters"`
	BusinessRanges  []masterdata.BusinessRange `yaml:"businessRanges"`
	Employees       []masterdata.Employee      `yaml:"employees"`
	Vendors         []masterdata.Vendor        `yaml:"vendors"`
	Customers       []masterdata.Customer      `yaml:"customers"`
	Banks           []masterdata.Bank          `yaml:"banks"`
	Projects        []masterdata.Project       `yaml:"projects"`
	SpecialAccounts []specialAccountSeed       `yaml:"specialAccounts"`
	// Dictionaries are further named codes (the document-type tree's
	// families and modules).
	Dictionaries map[string]map[string]engine.Text `yaml:"dictionaries"`
	// Records are the records of the catalogue's other master-data types:
	// their bodies (the type's field names) by type code.
	Records map[string][]map[string]any `yaml:"records"`
}

// specialAccountSeed is a level-1 special account code with its level-2
// codes as children.
type specialAccountSeed struct {
	Code     string               `yaml:"code"`
	Name     masterdata.Name      `yaml:"name"`
	Company  string               `yaml:"company"`
	Children []specialAccountSeed `yaml:"children"`
}

// MasterData loads every masterdata/*.yaml of fsys (the seeds folder)
// and users.yaml's named codes (LoadMasterRecords). It is meant for an
// empty database. Without a masterdata folder it loads nothing.
func MasterData(ctx context.Context, md *masterdata.Service, fsys fs.FS) (MasterDataCounts, error) {
	files, err := readMasterDataFiles(fsys)
	if err != nil || files == nil {
		return MasterDataCounts{}, err
	}
	if err := addUsersDictionary(fsys, files); err != nil {
		return MasterDataCounts{}, err
	}
	records, problems := files.records()
	if err := problems.Err("seeds/" + masterDataDir); err != nil {
		return MasterDataCounts{}, err
	}
	return LoadMasterRecords(ctx, md, records, "seeds/"+masterDataDir)
}

// addUsersDictionary adds the named codes of users.yaml's dictionary
// (when there is a users.yaml) but those of master-data kinds, which their
// records name.
func addUsersDictionary(fsys fs.FS, m *masterDataFile) error {
	if _, err := fs.Stat(fsys, "users.yaml"); err != nil {
		return nil
	}
	users, err := ReadUsers(fsys)
	if err != nil {
		return err
	}
	for dic, codes := range users.Dictionary {
		if _, master := masterdata.KindOf(dic); master {
			continue
		}
		if m.Dictionaries[dic] == nil {
			m.Dictionaries[dic] = map[string]engine.Text{}
		}
		for code, t := range codes {
			if _, twice := m.Dictionaries[dic][code]; twice {
				return fmt.Errorf("seeds/users.yaml: dictionary.%s.%s is named in seeds/%s too", dic, code, masterDataDir)
			}
			m.Dictionaries[dic][code] = t
		}
	}
	return nil
}

// readMasterDataFiles reads and merges masterdata/*.yaml in name order; nil
// when there is no such folder.
func readMasterDataFiles(fsys fs.FS) (*masterDataFile, error) {
	names, err := fs.Glob(fsys, path.Join(masterDataDir, "*.yaml"))
	if err != nil || len(names) == 0 {
		return nil, nil
	}
	sort.Strings(names)
	all := &masterDataFile{Dictionaries: map[string]map[string]engine.Text{}}
	for _, name := range names {
		var m masterDataFile
		if err := readMasterDataYAML(fsys, name, &m); err != nil {
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
		for typ, list := range m.Records {
			if all.Records == nil {
				all.Records = map[string][]map[string]any{}
			}
			all.Records[typ] = append(all.Records[typ], list...)
		}
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

// records are the seeds as master-data records: the special account tree
// flattened (level-1 codes, each followed by its level-2 codes, which
// belong to the same companies), the dictionaries as named codes by
// dictionary and code. The problems are those of the tree's shape.
func (m *masterDataFile) records() (*MasterRecords, Problems) {
	r := &MasterRecords{SetsOfBooks: m.SetsOfBooks, Companies: m.Companies, Departments: m.Departments,
		CostCenters: m.CostCenters, ProfitCenters: m.ProfitCenters, BusinessRanges: m.BusinessRanges, Employees: m.Employees,
		Vendors: m.Vendors, Customers: m.Customers, Banks: m.Banks, Projects: m.Projects, Others: m.Records}
	var problems Problems
	for _, a := range m.SpecialAccounts {
		r.SpecialAccounts = append(r.SpecialAccounts, masterdata.SpecialAccount{Code: a.Code, Name: a.Name, Level: 1, Company: a.Company})
		for _, c := range a.Children {
			if len(c.Children) > 0 || c.Company != "" {
				problems = append(problems, fmt.Sprintf("special account code %s: a level-2 code has neither children nor a company of its own (it has %s's)", c.Code, a.Code))
			}
			r.SpecialAccounts = append(r.SpecialAccounts, masterdata.SpecialAccount{Code: c.Code, Name: c.Name, Level: 2, Parent: a.Code, Company: a.Company})
		}
	}
	for _, dic := range masterDataKeys(m.Dictionaries) {
		for _, code := range masterDataKeys(m.Dictionaries[dic]) {
			t := m.Dictionaries[dic][code]
			r.NamedCodes = append(r.NamedCodes, masterdata.DictionaryEntry{DicID: dic, Code: code,
				Name: masterdata.Name{Zh: t["zh"], En: t["en"], Th: t["th"]}})
		}
	}
	return r, problems
}

// readMasterDataYAML decodes a YAML file of fsys into v; a key v does not know
// is an error.
func readMasterDataYAML(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("seeds: %w", err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("seeds/%s: %w", name, err)
	}
	return nil
}

func masterDataKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
