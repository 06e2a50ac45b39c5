// Package httpapi is formwork's HTTP adapter: it translates HTTP requests
// into calls of the business areas' use cases and answers in the spec's
// envelopes. Handlers parse, authorise, call a use case and answer; rules
// live in the catalogue, and the services are built by tools/formwork/wire.
package httpapi

import (
	"formwork/outbound"
	"formwork/taxes"
	"formwork/vouchers"
	"io/fs"
	"net/http"
	"strconv"

	"formwork/adapters/httpapi/adminapi"
	"formwork/adapters/httpapi/advanceapi"
	"formwork/adapters/httpapi/budgetapi"
	"formwork/adapters/httpapi/dashboardapi"
	"formwork/adapters/httpapi/fileapi"
	"formwork/adapters/httpapi/formcallapi"
	"formwork/adapters/httpapi/guard"
	"formwork/adapters/httpapi/invoiceapi"
	"formwork/adapters/httpapi/listapi"
	"formwork/adapters/httpapi/paymentapi"
	"formwork/adapters/httpapi/reportapi"
	"formwork/adapters/httpapi/voucherapi"
	"formwork/advances"
	"formwork/budget"
	"formwork/documents"
	"formwork/files"
	"formwork/guide"
	"formwork/identity"
	"formwork/identity/useradmin"
	"formwork/invoices"
	"formwork/logbook"
	"formwork/masterdata"
	"formwork/masterdata/audit"
	"formwork/payments"
	"formwork/printing"
	"formwork/process"
	"formwork/registry"
	"formwork/reports"
	"formwork/searchhelp"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// bodyLimit is the largest request body accepted.
const bodyLimit = "4MiB"

// uploadLimit is the largest body of a file upload (fileapi.UploadLimit).
var uploadLimit = strconv.Itoa(fileapi.UploadLimit>>20) + "MiB"

// isUpload reports whether a request is a file upload.
func isUpload(c echo.Context) bool { return c.Request().URL.Path == fileapi.UploadPath }

// Services are the use cases the HTTP adapter calls.
type Services struct {
	Documents  *documents.Service
	Process    *process.Service
	Budgets    *budget.Service
	Identity   *identity.Service
	Registry   *registry.Service
	MasterData *masterdata.Service
	SearchHelp *searchhelp.Service
	Printing   *printing.Service
	// the configuration centre's administration (adminapi)
	UserAdmin   *useradmin.Service
	Logs        *logbook.Service
	MasterAudit *audit.Service
	// Lists is the generic document list (listapi).
	Lists *documents.Lists
	// Advances are the user's advances (advanceapi).
	Advances *advances.Service
	// Reports is the report centre (reportapi).
	Reports *reports.Service
	// Vouchers, PushLog and Taxes are the money-out calls to the accounting
	// and tax systems (voucherapi).
	Vouchers *vouchers.Service
	PushLog  *outbound.PushLog
	Taxes    *taxes.Service
	// Payments are the payment lines of approved documents (paymentapi).
	Payments *payments.Service
	// Invoices are the invoice pool, intake and the /ocr calls (invoiceapi).
	Invoices *invoices.Service
	// Files are the receipts and attachments (fileapi).
	Files *files.Service
	// Guide is the reimbursement guide (fileapi: getHelpDocs).
	Guide *guide.Service
}

// Config is what the HTTP adapter shows besides the use cases. Web may be
// nil (no embedded web app).
type Config struct {
	Web fs.FS
	// CAS is where the browser signs in and out with single sign-on; empty:
	// no single sign-on.
	CAS CASLinks
}

// CASLinks are the single sign-on (CAS) server's base URL and formwork's
// own page it returns to: the login and logout links answered.
type CASLinks struct {
	ServerURL  string
	ServiceURL string
}

// Server is the formwork HTTP server.
type Server struct {
	e   *echo.Echo
	cfg Config

	documents  *documents.Service
	process    *process.Service
	budgets    *budget.Service
	idn        *identity.Service
	registry   *registry.Service
	masterData *masterdata.Service
	searchHelp *searchhelp.Service
	printing   *printing.Service
	admin      *adminapi.Handlers
	budgetAPI  *budgetapi.API
	lists      *listapi.API
	advanceAPI *advanceapi.API
	invoiceAPI *invoiceapi.API
	reportAPI  *reportapi.API
	voucherAPI *voucherapi.API
	paymentAPI *paymentapi.API
	fileAPI    *fileapi.API
	files      *files.Service
	formCalls  *formcallapi.API
	dashboard  *dashboardapi.API
}

// New builds the HTTP adapter on the use cases of svc.
func New(svc Services, cfg Config) *Server {
	s := &Server{e: echo.New(), cfg: cfg, documents: svc.Documents, process: svc.Process, budgets: svc.Budgets, idn: svc.Identity,
		registry: svc.Registry, masterData: svc.MasterData, searchHelp: svc.SearchHelp, printing: svc.Printing,
		admin:     adminapi.New(svc.UserAdmin, svc.Logs, svc.MasterAudit),
		budgetAPI: budgetapi.New(svc.Budgets, svc.MasterData),
		lists:     listapi.New(svc.Lists), advanceAPI: advanceapi.New(svc.Advances),
		reportAPI: reportapi.New(svc.Reports), voucherAPI: voucherapi.New(svc.Vouchers, svc.PushLog, svc.Taxes)}
	s.paymentAPI = paymentapi.New(svc.Payments, svc.MasterData)
	s.invoiceAPI = invoiceapi.New(svc.Invoices, svc.Documents)
	s.fileAPI, s.files = fileapi.New(svc.Files, svc.Guide), svc.Files
	s.formCalls = formcallapi.New(s.formCallDeps())
	s.dashboard = dashboardapi.New(dashboardapi.Deps{Process: svc.Process, Lists: svc.Lists, Advances: svc.Advances, Budgets: svc.Budgets})
	e := s.e
	e.HideBanner, e.HidePort = true, true
	// the client address (c.RealIP) is the peer's; when the peer is on a
	// loopback or private network (a proxy), the nearest address that is
	// not, in X-Forwarded-For
	e.IPExtractor = echo.ExtractIPFromXFFHeader()
	e.HTTPErrorHandler = s.handleError
	e.Use(middleware.Recover())
	e.Use(guard.SecurityHeaders)
	// an upload's body may be larger than any other (fileapi.UploadLimit)
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: bodyLimit, Skipper: isUpload}))
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: uploadLimit,
		Skipper: func(c echo.Context) bool { return !isUpload(c) }}))
	s.register()

	if cfg.Web != nil {
		e.Use(middleware.StaticWithConfig(middleware.StaticConfig{Filesystem: http.FS(cfg.Web), HTML5: true,
			Skipper: func(c echo.Context) bool { return guard.IsAPIPath(c.Request().URL.Path) }}))
	}
	return s
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.e }

// HTTPServer is the http.Server that serves the handler with the timeouts t.
func (s *Server) HTTPServer(t guard.Timeouts) *http.Server { return t.Server(s.e) }
