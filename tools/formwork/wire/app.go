// Package wire builds formwork from its parts: the database and its stores
// (adapters/sqldb), the single sign-on client (adapters/cas), the business
// areas' services, and the HTTP adapter they are served by. It is the one
// place where concrete adapters meet; the serve command and the API tests
// build a running formwork with New.
package wire

import (
	"context"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"formwork"
	"formwork/adapters/cas"
	"formwork/adapters/httpapi"
	"formwork/adapters/sqldb"
	"formwork/adapters/sqldb/advancedb"
	"formwork/adapters/sqldb/identitydb"
	"formwork/adapters/sqldb/invoicedb"
	"formwork/adapters/sqldb/paymentdb"
	"formwork/adapters/sqldb/reportdb"
	"formwork/advances"
	"formwork/budget"
	"formwork/contracts"
	"formwork/documents"
	"formwork/engine"
	"formwork/files"
	"formwork/guide"
	"formwork/identity"
	"formwork/identity/useradmin"
	"formwork/invoices"
	"formwork/logbook"
	"formwork/masterdata"
	"formwork/masterdata/audit"
	"formwork/masterdata/revisionmemo"
	"formwork/masterdata/rulelookup"
	"formwork/payments"
	"formwork/printing"
	"formwork/process"
	"formwork/registry"
	"formwork/reports"
	"formwork/searchhelp"

	"gorm.io/gorm"
)

// Config is what a formwork is made of. Web may be nil (no embedded web
// app); the zero value of every other field but Catalogue and DB has a
// default.
type Config struct {
	Catalogue *engine.Catalogue
	// DB is an opened, migrated database (OpenDB).
	DB  *gorm.DB
	Web fs.FS

	// SessionTTL ends a session this long after its last use (default 8h);
	// SessionMaxAge ends it this long after sign-in however busy (default 24h).
	SessionTTL    time.Duration
	SessionMaxAge time.Duration
	// PasswordCost is the bcrypt cost of the passwords the seeds hash
	// (default bcrypt.DefaultCost; tests use bcrypt.MinCost to run fast).
	PasswordCost int
	// MenuVariant is the menu the server supplies: "current" (default) or
	// "legacy" (/payables, /AR, /GLA, /Capital).
	MenuVariant string
	// CAS is the single sign-on server; empty: no single sign-on.
	CAS CASConfig
	// TrustedSources are the systems whose tokens (k2token, ssctoken,
	// mmdlToken) open a session (identity.LoadTrustedSources).
	TrustedSources []identity.TrustedSource
	// Now is the clock (default time.Now); tests move it.
	Now func() time.Time
	// Lifecycle is the document state machine (engine.LoadLifecycle of the
	// catalogue's folder); nil: the one built into the binary.
	Lifecycle *engine.Lifecycle
	// Advances are the advance types (engine.LoadAdvanceBook of the
	// catalogue's folder); nil: those built into the binary, checked
	// against Catalogue.
	Advances *engine.AdvanceBook
	// InvoiceVerifyURL is the invoice verification (查验) endpoint
	// (`formwork simulate invoice` serves /invoice/verify); empty: not
	// configured, a verification is refused saying so.
	InvoiceVerifyURL string
	// Reports are the report definitions (engine.LoadReports of the
	// catalogue's folder); nil: those built into the binary.
	Reports *engine.ReportSet
	// Outbound is where the accounting and tax systems are (money_out.go).
	Outbound OutboundConfig
	// FileContents is where uploaded files' contents are kept (an
	// S3-compatible store); nil: the database.
	FileContents files.Contents
}

// CASConfig is the single sign-on server (CAS protocol 2/3) formwork trusts.
// ServerURL is the CAS base (https://cas.example.com/cas); ServiceURL is
// formwork's own page the CAS server sends the browser back to with a
// ticket (https://portal.example.com/sso). Both must be set for single
// sign-on. A service sent with a ticket must be ServiceURL, optionally with
// a query: a ticket issued for any other service is refused, so a ticket
// meant for another application cannot open a formwork session.
type CASConfig struct {
	ServerURL  string
	ServiceURL string
	Client     *http.Client // nil: a client with a 10-second timeout
}

// App is a built formwork: its services and the HTTP adapter serving them.
type App struct {
	// Services are the use cases (Documents, Process, Budgets, ...), the
	// ones the HTTP adapter calls.
	httpapi.Services
	// HTTP is the HTTP adapter: HTTP.Handler() serves the API (and the web
	// app when Config.Web is set).
	HTTP *httpapi.Server

	cfg        Config
	identities *identitydb.IdentityStore // seeding writes there too
}

// New builds formwork on cfg's opened, migrated database.
func New(cfg Config) *App {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MenuVariant != identity.MenuLegacy {
		cfg.MenuVariant = identity.MenuCurrent
	}
	a := &App{cfg: cfg, identities: identitydb.NewIdentityStore(cfg.DB)}
	a.Registry = registry.NewService(cfg.Catalogue, cfg.Lifecycle, cfg.Now)
	a.MasterData = masterdata.NewService(revisionmemo.Store{Store: sqldb.NewMasterDataStore(cfg.DB)}, masterdata.Config{Now: cfg.Now,
		Types: typesOf(a.Registry)})
	ic := identityConfig(cfg, a.MasterData)
	ic.Pages = menuPages(a.Registry)
	a.Identity = identity.NewService(a.identities, ic, cfg.Now)
	a.Budgets = budget.NewService(sqldb.NewBudgetStore(cfg.DB), cfg.Now)
	a.Budgets.SetAccountControls(budgetAccountControls{a.MasterData})
	a.Budgets.SetCodes(a.MasterData)
	a.SearchHelp = searchhelp.NewService(a.MasterData, a.Registry)
	a.Printing = printing.NewService(printing.PeopleOf(a.MasterData, a.Identity), a.MasterData, a.Registry, cfg.Now)
	docStore := sqldb.NewDocumentStore(cfg.DB)
	a.Documents = documents.NewService(docStore, a.Registry.Catalogue, a.Identity, cfg.Now)
	a.Process = process.NewService(sqldb.NewProcessStore(cfg.DB), process.Deps{Documents: a.Documents, People: a.Identity,
		Budget: approvalBudget{a.Budgets}, Advances: approvalPayments{approvalAdvances{advanceBookOf(cfg)}}, Lifecycle: a.Registry.Lifecycle, Catalogue: a.Registry.Catalogue, Now: cfg.Now})
	a.Documents.SetGate(a.Process)
	a.Documents.SetReferences(a.MasterData)
	a.Advances = advances.NewService(advancedb.NewStore(cfg.DB), advanceBookOf(cfg))
	a.Payments = payments.NewService(paymentdb.NewStore(cfg.DB), paymentDocuments{a.Documents}, cfg.Now)
	a.Payments.SetContracts(paymentContracts{a.MasterData})
	a.Invoices = invoices.NewService(invoicedb.New(cfg.DB), cfg.Now)
	a.Invoices.SetVerification(invoiceVerification(cfg))
	a.Documents.SetDerived(derivedAll{a.Advances, contracts.NewDeriver(a.MasterData), a.Invoices})
	a.UserAdmin = useradmin.NewService(a.identities, a.Identity, useradmin.Config{PasswordCost: cfg.PasswordCost, Now: cfg.Now,
		CompanyExists: func(ctx context.Context, code string) (bool, error) {
			c, err := a.MasterData.Company(ctx, code)
			return c != nil, err
		}})
	a.Logs = logbook.NewService(sqldb.NewLogStore(cfg.DB), nil)
	a.MasterAudit = audit.NewService(a.MasterData, sqldb.NewMasterDataStore(cfg.DB))
	a.Documents.SetRuleRecords(rulelookup.New(a.MasterData))
	a.Lists = documents.NewLists(a.Documents, docStore, a.Identity, partyNames{a.MasterData}, a.Registry.Lifecycle)
	a.Reports = reports.NewService(reports.Deps{Reports: reportsOf(cfg), Store: reportdb.NewStore(cfg.DB), Authority: a.Identity,
		People: a.Identity, Catalogue: a.Registry.Catalogue, Lifecycle: a.Registry.Lifecycle, Now: cfg.Now})
	a.moneyOut(cfg)
	a.Guide = guide.NewService(a.MasterData)
	a.Files = newFiles(cfg, a.Documents, a.Guide)
	a.Documents.SetAttachments(guide.NewRequired(a.Guide, attachedGroups(cfg)))
	a.Files.SetIntake(a.Invoices) // an upload answers the invoices recognised in it
	a.HTTP = httpapi.New(a.Services, httpapi.Config{Web: cfg.Web, CAS: httpapi.CASLinks{ServerURL: cfg.CAS.ServerURL, ServiceURL: cfg.CAS.ServiceURL}})
	return a
}

// identityConfig is the identity service's part of the configuration:
// codes are named by the master data's dictionary, single sign-on tickets
// validated by the CAS client.
func identityConfig(cfg Config, md *masterdata.Service) identity.Config {
	ic := identity.Config{SessionTTL: cfg.SessionTTL, SessionMaxAge: cfg.SessionMaxAge, MenuVariant: cfg.MenuVariant,
		TrustedSources: cfg.TrustedSources, ServiceURL: cfg.CAS.ServiceURL,
		Names: func(ctx context.Context) (identity.NameOf, error) {
			d, err := md.Dictionary(ctx)
			if err != nil {
				return nil, err
			}
			return d.Name, nil
		}}
	if cfg.CAS.ServerURL != "" {
		ic.Tickets = &cas.Client{ServerURL: cfg.CAS.ServerURL, HTTP: cfg.CAS.Client}
	}
	return ic
}

// What the services need of each other, as the domain packages declare it.
var (
	_ documents.People     = (*identity.Service)(nil)
	_ documents.ListPeople = (*identity.Service)(nil)
	_ process.People       = (*identity.Service)(nil)
	_ process.Budget       = approvalBudget{}
	_ documents.Derived    = (*advances.Service)(nil)
)

// typesOf answers the master-data types of the registry's catalogue in use,
// converted once per catalogue (a reload in serve --dev brings a new one)
// rather than on every master-data request.
func typesOf(reg *registry.Service) func() []*masterdata.Type {
	var mu sync.Mutex
	var of *engine.Catalogue
	var types []*masterdata.Type
	return func() []*masterdata.Type {
		cat := reg.Catalogue()
		mu.Lock()
		defer mu.Unlock()
		if cat != of {
			of, types = cat, masterdata.CatalogueTypes(cat)
		}
		return types
	}
}

// reportsOf is the report definitions of cfg, else those built into the
// binary (which lint clean: a test holds it).
func reportsOf(cfg Config) func() *engine.ReportSet {
	set := cfg.Reports
	if set == nil {
		var err error
		if set, _, err = engine.LoadReports(formwork.Catalogue); err != nil {
			panic("the built-in reports do not load: " + err.Error())
		}
	}
	return func() *engine.ReportSet { return set }
}
