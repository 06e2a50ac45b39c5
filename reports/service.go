// Package reports runs the catalogue's report definitions (engine/report):
// it lists the reports a user may run, resolves a run's parameters, checks
// the user's report authority for the company, has the store read the
// report's source with the filters as parameterised conditions, and
// groups, aggregates, totals and orders the rows (money exact, in
// decimals). Which reports exist is data: schemas/_reports/*.yaml.
package reports

import (
	"context"
	"fmt"
	"slices"
	"time"

	"formwork/engine"
	"formwork/identity"
)

// Cond is a filter as a store applies it: Field (a source field) Op (one of
// engine/report's ops) Values, typed by the field: string (text and date),
// decimal.Decimal (money, number), int64 (int) or time.Time (datetime).
type Cond struct {
	Field  string
	Op     string
	Values []any
}

// Query is what a store reads: the fields of each row of Source that every
// one of Conds admits.
type Query struct {
	Source string
	Fields []string
	Conds  []Cond
}

// Store reads report sources. Implementations: adapters/sqldb/reportdb.
type Store interface {
	// Scan calls fn with each row of q.Source that q.Conds admit: the
	// values of q.Fields in order (nil for none), and stops at fn's error.
	Scan(ctx context.Context, q Query, fn func(row []any) error) error
}

// Authority is the report authority (rptAuth) of users.
type Authority interface {
	ReportAuthorities(ctx context.Context, id *identity.Identity, userID, company, rptType string) ([]identity.ReportAuthority, error)
}

// People names users.
type People interface {
	DisplayNames(ctx context.Context, usernames []string) (map[string]string, error)
}

// Deps are what the service is built on.
type Deps struct {
	Reports   func() *engine.ReportSet
	Store     Store
	Authority Authority
	People    People
	Catalogue func() *engine.Catalogue
	Lifecycle func() *engine.Lifecycle
	Now       func() time.Time
}

// Service is the report centre's use cases.
type Service struct{ d Deps }

// NewService is the report centre over d.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{d: d}
}

// MaxScan is the most source rows one run reads; a larger set is refused
// (narrow the parameters).
const MaxScan = 500_000

// ReportSummary is a report as the list answers it.
type ReportSummary struct {
	Code        string         `json:"code"`
	Menu        string         `json:"menu"`
	Group       string         `json:"group"`
	ReportType  string         `json:"reportType"`
	Title       string         `json:"title"`
	Description string         `json:"description"`
	Note        string         `json:"note,omitempty"`
	Source      string         `json:"source"`
	Companies   []string       `json:"companies"` // those the user may run it for; every company for administrators (empty)
	AllCompany  bool           `json:"allCompanies"`
	Parameters  []ReportParam  `json:"parameters"`
	Columns     []ReportColumn `json:"columns"`
	Chart       *ReportChart   `json:"chart,omitempty"`
	Totals      bool           `json:"totals"`
	Grouped     bool           `json:"grouped"`
	GroupBy     []string       `json:"groupBy"`
	Waiting     bool           `json:"waiting,omitempty"`
}

// ReportParam is a parameter as the page renders it.
type ReportParam struct {
	Name     string   `json:"name"`
	Type     string   `json:"type"`
	Label    string   `json:"label"`
	Required bool     `json:"required"`
	Default  any      `json:"default,omitempty"` // resolved: today's date, the company context ...
	Options  []string `json:"options,omitempty"`
}

// ReportColumn is a column of the answer.
type ReportColumn struct {
	Key       string `json:"key"`
	Label     string `json:"label"`
	Type      string `json:"type"` // text, money, number, int, date, datetime
	Aggregate string `json:"aggregate,omitempty"`
	Named     bool   `json:"named,omitempty"` // rows carry <key>Txt, the code's name
}

// ReportChart is the report's chart.
type ReportChart struct {
	Type string   `json:"type"`
	X    string   `json:"x"`
	Y    []string `json:"y"`
}

// List answers the reports id may run, in code order: those whose menu
// code id may open and (administrators aside) whose report type id holds
// report authority for in at least one company.
func (s *Service) List(ctx context.Context, id *identity.Identity, lang string) ([]ReportSummary, error) {
	out := []ReportSummary{}
	set := s.d.Reports()
	if set == nil {
		return out, nil
	}
	byType, err := s.authorities(ctx, id)
	if err != nil {
		return nil, err
	}
	admin := id.Scope() == identity.ScopeAll
	for _, r := range set.Reports {
		if !id.MayOpen(r.Menu) || (!admin && len(byType[r.Type]) == 0) {
			continue
		}
		sum := s.summary(r, id, lang)
		sum.AllCompany = admin
		if !admin {
			sum.Companies = byType[r.Type]
		}
		out = append(out, sum)
	}
	return out, nil
}

// authorities are the companies of each report type id holds authority for.
func (s *Service) authorities(ctx context.Context, id *identity.Identity) (map[string][]string, error) {
	out := map[string][]string{}
	for _, company := range id.Companies {
		list, err := s.d.Authority.ReportAuthorities(ctx, id, "", company, "")
		if err != nil {
			return nil, err
		}
		for _, a := range list {
			if !slices.Contains(out[a.RptType], a.CompanyCode) {
				out[a.RptType] = append(out[a.RptType], a.CompanyCode)
			}
		}
	}
	return out, nil
}

// summary describes r for the page.
func (s *Service) summary(r *engine.Report, id *identity.Identity, lang string) ReportSummary {
	sum := ReportSummary{Code: r.Code, Menu: r.Menu, Group: r.Group, ReportType: r.Type, Title: r.Title.In(lang),
		Description: r.Description.In(lang), Note: r.Note.In(lang), Source: r.Source.Name, Companies: []string{},
		Totals: r.Totals, Grouped: r.Grouped(), GroupBy: append([]string{}, r.GroupBy...), Parameters: []ReportParam{}}
	now := s.d.Now()
	for _, p := range r.Params {
		v := ReportParam{Name: p.Name, Type: p.Type, Label: p.Label.In(lang), Required: p.Required, Options: p.Options}
		if d, ok := defaultOf(p, id, now); ok {
			v.Default = d
		}
		sum.Parameters = append(sum.Parameters, v)
	}
	sum.Columns = reportColumns(r, lang)
	if r.Chart != nil {
		sum.Chart = &ReportChart{Type: r.Chart.Type, X: r.Chart.X, Y: r.Chart.Y}
	}
	return sum
}

func reportColumns(r *engine.Report, lang string) []ReportColumn {
	out := make([]ReportColumn, len(r.Columns))
	for i, c := range r.Columns {
		out[i] = ReportColumn{Key: c.Key, Label: c.Label.In(lang), Type: c.Type, Aggregate: c.Aggregate, Named: c.Show != ""}
	}
	return out
}

// access checks that id may run r for company: its menu code, and report
// authority for its type in company (administrators hold every one).
func (s *Service) access(ctx context.Context, id *identity.Identity, r *engine.Report, company string) error {
	if err := id.RequireMenu(r.Menu); err != nil {
		return err
	}
	if id.Scope() == identity.ScopeAll {
		return nil
	}
	list, err := s.d.Authority.ReportAuthorities(ctx, id, "", company, r.Type)
	if err != nil {
		return fmt.Errorf("report authority: %w", err)
	}
	if len(list) == 0 {
		return engine.Refuse(engine.EFORBIDDEN, "params.company", engine.Text{
			"zh": fmt.Sprintf("您没有公司 %s 的报表权限（报表类型 %s）", company, r.Type),
			"en": fmt.Sprintf("you hold no report authority for company %s (report type %s)", company, r.Type),
			"th": fmt.Sprintf("คุณไม่มีสิทธิ์รายงานของบริษัท %s (ประเภทรายงาน %s)", company, r.Type)})
	}
	return nil
}
