// Package server is formwork's HTTP adapter: it translates HTTP requests into
// engine calls and database operations and answers in the spec's envelopes.
// Handlers parse, authorise and respond; rules live in the catalogue.
package server

import (
	"io/fs"
	"net/http"
	"sync/atomic"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"gorm.io/gorm"
)

// bodyLimit is the largest request body accepted.
const bodyLimit = "4MiB"

// Config is what a server is made of. Web may be nil (no embedded web app).
type Config struct {
	Catalogue *engine.Catalogue
	DB        *gorm.DB
	Web       fs.FS
}

// Server is the formwork HTTP server.
type Server struct {
	e    *echo.Echo
	cat  atomic.Pointer[engine.Catalogue]
	docs *DocumentStore
}

// New builds a server on an opened, migrated database.
func New(cfg Config) *Server {
	s := &Server{e: echo.New(), docs: NewDocumentStore(cfg.DB)}
	s.cat.Store(cfg.Catalogue)
	e := s.e
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit(bodyLimit))

	api := e.Group("/api")
	api.GET("/formwork/registry/docTypes", s.listDocTypes)
	api.GET("/formwork/registry/docTypes/:docType/form", s.exportForm)
	api.POST("/formwork/evaluate", s.evaluate)

	yx := api.Group("/galaxyform/yx/:family/head")
	yx.POST("/create", s.createDocument)
	yx.PUT("/update", s.updateDocument)
	yx.GET("/load", s.loadDocument)

	if cfg.Web != nil {
		e.Use(middleware.StaticWithConfig(middleware.StaticConfig{Filesystem: http.FS(cfg.Web), HTML5: true,
			Skipper: func(c echo.Context) bool {
				return len(c.Request().URL.Path) >= 5 && c.Request().URL.Path[:5] == "/api/"
			}}))
	}
	return s
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.e }

// Catalogue returns the catalogue in use.
func (s *Server) Catalogue() *engine.Catalogue { return s.cat.Load() }

// SetCatalogue switches to another catalogue (a reload); requests already
// running finish with the one they started with.
func (s *Server) SetCatalogue(c *engine.Catalogue) { s.cat.Store(c) }

// Documents returns the document store (for seeding).
func (s *Server) Documents() *DocumentStore { return s.docs }

func lang(c echo.Context) string {
	if l := c.QueryParam("lang"); l != "" {
		return engine.Lang(l)
	}
	return engine.Lang(c.Request().Header.Get("Accept-Language"))
}
