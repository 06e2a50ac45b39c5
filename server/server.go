// Package server is formwork's HTTP adapter: it translates HTTP requests into
// engine calls and database operations and answers in the spec's envelopes.
// Handlers parse, authorise and respond; rules live in the catalogue.
package server

import (
	"io/fs"
	"net/http"
	"time"

	"formwork/adapters/sqldb"
	"formwork/budget"
	"formwork/documents"
	"formwork/engine"
	"formwork/masterdata"
	"formwork/printing"
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
	e    *echo.Echo
	cfg  Config
	db   *gorm.DB
	docs *DocumentStore
	// documents is the documents use cases
	documents *documents.Service
	sessions  *sessionStore
	lockout   *lockout
	budgets   *budget.Service

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
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = defaultSessionTTL
	}
	if cfg.SessionMaxAge <= 0 {
		cfg.SessionMaxAge = defaultSessionMaxAge
	}
	if cfg.MenuVariant != menuLegacy {
		cfg.MenuVariant = menuCurrent
	}
	s := &Server{e: echo.New(), cfg: cfg, db: cfg.DB, docs: NewDocumentStore(cfg.DB),
		sessions: &sessionStore{db: cfg.DB, now: cfg.Now, ttl: cfg.SessionTTL, maxAge: cfg.SessionMaxAge},
		lockout:  &lockout{db: cfg.DB, now: cfg.Now},
		budgets:  budget.NewService(sqldb.NewBudgetStore(cfg.DB), cfg.Now)}
	s.registry = registry.NewService(cfg.Catalogue, cfg.Lifecycle, cfg.Now)
	s.masterData = masterdata.NewService(sqldb.NewMasterDataStore(cfg.DB))
	s.searchHelp = searchhelp.NewService(s.masterData, s.registry)
	s.printing = printing.NewService(printPeople{s}, s.masterData, s.registry, cfg.Now)
	s.documents = documents.NewService(sqldb.NewDocumentStore(cfg.DB), s.Catalogue, s, s.now)
	s.documents.SetGate(s)
	e := s.e
	e.HideBanner, e.HidePort = true, true
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

// now is the server's clock.
func (s *Server) now() time.Time { return s.cfg.Now() }

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.e }

// Documents returns the document store (for seeding).
func (s *Server) Documents() *DocumentStore { return s.docs }

func lang(c echo.Context) string {
	if l := c.QueryParam("lang"); l != "" {
		return engine.Lang(l)
	}
	return engine.Lang(c.Request().Header.Get("Accept-Language"))
}
