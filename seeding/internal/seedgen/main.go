// Command seedgen writes the generated demo master data of
// seeds/masterdata (generated_*.yaml): the employees, banks, vendors,
// customers and projects beyond the hand-written ones, a year of daily
// exchange rates and the travel standards per rank and city type. It reads
// the hand-written files for the organisation (companies, departments,
// cost centres) and the people who are there already, and draws the rest
// from a fixed seed: the same files every run. Run it with
// `go generate ./seeding`.
package main

import (
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"formwork/masterdata"

	"gopkg.in/yaml.v3"
)

// Counts of the generated records: with the hand-written ones, the group
// has 200 employees, 300 vendors, 100 customers and 50 projects (the
// no-project entry among them).
const (
	employees = 200
	vendors   = 300
	customers = 100
	projects  = 50
)

func main() {
	dir := flag.String("dir", "seeds/masterdata", "the folder of the master-data seeds")
	flag.Parse()
	g := &generator{rnd: rand.New(rand.NewPCG(2026, 11)), dir: *dir}
	if err := g.run(); err != nil {
		log.Fatal(err)
	}
}

type generator struct {
	rnd *rand.Rand
	dir string
	// what the hand-written seeds hold
	companies   []masterdata.Company
	departments []masterdata.Department
	people      []masterdata.Employee
	banks       []masterdata.Bank
	vendors     []masterdata.Vendor
	customers   []masterdata.Customer
	projects    []masterdata.Project
}

// handWritten is what the generator reads of the hand-written seeds.
type handWritten struct {
	Companies   []masterdata.Company    `yaml:"companies"`
	Departments []masterdata.Department `yaml:"departments"`
	Employees   []masterdata.Employee   `yaml:"employees"`
	Banks       []masterdata.Bank       `yaml:"banks"`
	Vendors     []masterdata.Vendor     `yaml:"vendors"`
	Customers   []masterdata.Customer   `yaml:"customers"`
	Projects    []masterdata.Project    `yaml:"projects"`
}

func (g *generator) run() error {
	if err := g.read(); err != nil {
		return err
	}
	banks := g.genBanks()
	g.banks = append(g.banks, banks...)
	files := []struct {
		name     string
		about    string
		sections []section
	}{
		{"generated_people.yaml", "employees (with their ranks) beyond employees.yaml",
			[]section{{"employees", g.genEmployees()}}},
		{"generated_partners.yaml", "bank branches, vendors (with their payee accounts) and customers beyond partners.yaml",
			[]section{{"banks", banks}, {"vendors", g.genVendors()}, {"customers", g.genCustomers()}}},
		{"generated_projects.yaml", "projects beyond projects.yaml, the no-project entry (code 0) first",
			[]section{{"projects", g.genProjects()}}},
		{"generated_rates.yaml", "daily exchange rates of 2026 (a random walk from a fixed seed: demo figures, not market data)",
			[]section{{"records", map[string]any{"exchangeRate": g.genRates()}}}},
		{"generated_travel_standards.yaml", "travel standards per employee rank, city type and cost type (lodging a night: weak control, asks to confirm; meal allowance a day: strong, refuses); hospitality standards per company, host rank and city type (a guest: weak)",
			[]section{{"records", map[string]any{"travelStandard": genTravelStandards(), "hospitalityStandard": g.genHospitalityStandards()}}}},
	}
	for _, f := range files {
		if err := write(filepath.Join(g.dir, f.name), f.about, f.sections); err != nil {
			return err
		}
	}
	return nil
}

// read loads the hand-written seeds (every *.yaml but the generated ones).
func (g *generator) read() error {
	names, err := filepath.Glob(filepath.Join(g.dir, "*.yaml"))
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		if strings.HasPrefix(filepath.Base(name), "generated_") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		var h handWritten
		if err := yaml.Unmarshal(b, &h); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		g.companies = append(g.companies, h.Companies...)
		g.departments = append(g.departments, h.Departments...)
		g.people = append(g.people, h.Employees...)
		g.banks = append(g.banks, h.Banks...)
		g.vendors = append(g.vendors, h.Vendors...)
		g.customers = append(g.customers, h.Customers...)
		g.projects = append(g.projects, h.Projects...)
	}
	if len(g.departments) == 0 || len(g.companies) == 0 {
		return fmt.Errorf("%s: no companies or departments to generate for", g.dir)
	}
	return nil
}

// section is a top-level key of a seed file and its list (or map of lists).
type section struct {
	key   string
	value any
}

// write writes a seed file: a header, then each section with one record a
// line (flow style).
func write(path, about string, sections []section) error {
	doc := &yaml.Node{Kind: yaml.MappingNode}
	for _, s := range sections {
		var v yaml.Node
		if err := v.Encode(s.value); err != nil {
			return err
		}
		flowItems(&v)
		doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: s.key}, &v)
	}
	var b strings.Builder
	b.WriteString("# Generated by `go generate ./seeding` (seeding/internal/seedgen): do not edit,\n")
	b.WriteString("# change the generator. Demo data, fictitious: " + about + ".\n\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// flowItems writes the items of every list in flow style: one a line.
func flowItems(n *yaml.Node) {
	switch n.Kind {
	case yaml.SequenceNode:
		for _, item := range n.Content {
			item.Style = yaml.FlowStyle
		}
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			flowItems(n.Content[i])
		}
	}
}

// pick is a random element of list.
func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// digits is n random digits.
func digits(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	return b.String()
}
