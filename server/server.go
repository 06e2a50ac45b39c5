// Package server is formwork's HTTP adapter: it translates HTTP requests into
// engine calls and database operations and answers in the spec's envelopes.
// Handlers parse, authorise and respond; rules live in the catalogue.
package server

import (
	"context"
	"io/fs"
	"net/http"
	"time"

	"formwork/adapters/cas"
	"formwork/adapters/sqldb"
	"formwork/budget"
	"formwork/documents"
	"formwork/engine"
	"formwork/identity"
	"formwork/masterdata"
	"formwork/printing"
	"formwork/process"
	"formwork/registry"
	"formwork/searchhelp"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"gorm.io/gorm"
)

// bodyLimit is the largest request body accepted.
const bodyLimit = "4MiB"

// Config is what a server is made of. Web may be nil (no embedded web app);
// the zero value of every other field but Catalogue and DB has a default.
type Config struct {
	Catalogue *engine.Catalogue
	DB        *gorm.DB
	Web       fs.FS

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
	// mmdlToken) open a session (LoadTrustedSources).
	TrustedSources []TrustedSource
	// Now is the clock (default time.Now); tests move it.
	Now func() time.Time
	// Lifecycle is the document state machine (engine.LoadLifecycle of the
	// catalogue's folder); nil: the one built into the binary.
	Lifecycle *engine.Lifecycle
}

// Server is the formwork HTTP server.
type Server struct {
	e   *echo.Echo
	cfg Config
	db  *gorm.DB
	// documents is the documents use cases
	documents *documents.Service
	// process is the approval workflow's use cases
	process  *process.Service
	budgets  *budget.Service
	idn      *identity.Service    // the identity use cases
	idnStore *sqldb.IdentityStore // their store (seeding writes there too)

	registry   *registry.Service
	masterData *masterdata.Service
	searchHelp *searchhelp.Service
	printing   *printing.Service
}

// New builds a server on an opened, migrated database.
func New(cfg Config) *Server {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MenuVariant != identity.MenuLegacy {
		cfg.MenuVariant = identity.MenuCurrent
	}
	s := &Server{e: echo.New(), cfg: cfg, db: cfg.DB, idnStore: sqldb.NewIdentityStore(cfg.DB),
		budgets: budget.NewService(sqldb.NewBudgetStore(cfg.DB), cfg.Now)}
	s.idn = identity.NewService(s.idnStore, s.identityConfig(), cfg.Now)
	s.registry = registry.NewService(cfg.Catalogue, cfg.Lifecycle, cfg.Now)
	s.masterData = masterdata.NewService(sqldb.NewMasterDataStore(cfg.DB))
	s.searchHelp = searchhelp.NewService(s.masterData, s.registry)
	s.printing = printing.NewService(printPeople{s}, s.masterData, s.registry, cfg.Now)
	s.documents = documents.NewService(sqldb.NewDocumentStore(cfg.DB), s.Catalogue, s, s.now)
	s.process = process.NewService(sqldb.NewProcessStore(cfg.DB), process.Deps{Documents: s.documents, People: processPeople{s},
		Budget: budgetSeam{s}, Lifecycle: s.Lifecycle, Catalogue: s.Catalogue, Now: s.now})
	s.documents.SetGate(s.process)
	e := s.e
	e.HideBanner, e.HidePort = true, true
	// the client address (c.RealIP) is the peer's; when the peer is on a
	// loopback or private network (a proxy), the nearest address that is
	// not, in X-Forwarded-For
	e.IPExtractor = echo.ExtractIPFromXFFHeader()
	e.HTTPErrorHandler = s.handleError
	e.Use(middleware.Recover())
	e.Use(securityHeaders)
	e.Use(middleware.BodyLimit(bodyLimit))
	s.register()

	if cfg.Web != nil {
		e.Use(middleware.StaticWithConfig(middleware.StaticConfig{Filesystem: http.FS(cfg.Web), HTML5: true,
			Skipper: func(c echo.Context) bool { return isAPIPath(c.Request().URL.Path) }}))
	}
	return s
}

// identityConfig is the identity service's part of the configuration.
func (s *Server) identityConfig() identity.Config {
	cfg := identity.Config{SessionTTL: s.cfg.SessionTTL, SessionMaxAge: s.cfg.SessionMaxAge, MenuVariant: s.cfg.MenuVariant,
		TrustedSources: s.cfg.TrustedSources, ServiceURL: s.cfg.CAS.ServiceURL,
		Names: func(ctx context.Context) (identity.NameOf, error) {
			d, err := s.loadDictionary(ctx)
			if err != nil {
				return nil, err
			}
			return d.name, nil
		}}
	if s.cfg.CAS.ServerURL != "" {
		cfg.Tickets = &cas.Client{ServerURL: s.cfg.CAS.ServerURL, HTTP: s.cfg.CAS.Client}
	}
	return cfg
}

// now is the server's clock.
func (s *Server) now() time.Time { return s.cfg.Now() }

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.e }

func lang(c echo.Context) string {
	if l := c.QueryParam("lang"); l != "" {
		return engine.Lang(l)
	}
	return engine.Lang(c.Request().Header.Get("Accept-Language"))
}
