// Package voucherapi is the HTTP handlers of money out: a document's
// voucher (queryVcHeadById), finance's save, 'save and submit voucher' and
// voucher reversal; the push log (pushGX/pushLog); the tax system's login
// and push. Handlers parse, call one use case and answer; the rules live
// in the vouchers, taxes and outbound packages.
package voucherapi

import (
	"context"
	"strings"
	"time"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/documents"
	"formwork/engine"
	"formwork/outbound"
	"formwork/taxes"
	"formwork/vouchers"

	"github.com/labstack/echo/v4"
)

// API is the handlers.
type API struct {
	vouchers *vouchers.Service
	pushLog  *outbound.PushLog
	taxes    *taxes.Service
}

// New builds the handlers.
func New(v *vouchers.Service, p *outbound.PushLog, t *taxes.Service) *API {
	return &API{vouchers: v, pushLog: p, taxes: t}
}

// financeMenus open the posting of vouchers and the tax push: the general
// ledger menu group (GL), which finance staff hold, or voucher reversal.
var financeMenus = kit.Menu("GL", "voucherReversal")

// Routes are the routes: reading a voucher needs the document's read
// access; changing and posting it the finance menus; reversal its menu.
func (a *API) Routes() []kit.Route {
	return []kit.Route{
		{Method: "POST", Path: "/api/galaxyvoucher/queryVoucher/queryVcHeadById", Access: kit.SignedIn, Handle: a.get},
		{Method: "POST", Path: "/api/galaxyvoucher/queryVoucher/saveVoucher", Access: financeMenus, Handle: a.save},
		{Method: "POST", Path: "/api/galaxyvoucher/queryVoucher/submitVoucher", Access: financeMenus, Handle: a.submit},
		{Method: "POST", Path: "/api/galaxyvoucher/queryVoucher/reverseVoucher", Access: kit.Menu("voucherReversal"), Handle: a.reverse},
		{Method: "POST", Path: "/api/galaxycommon/pushGX/pushLog", Access: kit.SignedIn, Handle: a.report},
		{Method: "GET", Path: "/api/galaxycommon/pushGX/pushLog", Access: kit.Menu("voucherLog"), Handle: a.log},
		{Method: "POST", Path: "/itax/ibm/login", Access: financeMenus, Handle: a.taxLogin},
		{Method: "POST", Path: "/api/formwork/tax/push", Access: financeMenus, Handle: a.taxPush},
		{Method: "GET", Path: "/api/formwork/tax/pushes", Access: kit.SignedIn, Handle: a.taxPushes},
		{Method: "POST", Path: ImportPath, Access: kit.Menu(vouchers.ImportMenu), Handle: a.importResults},
		{Method: "GET", Path: "/api/formwork/vouchers/import/template.xlsx", Access: kit.Menu(vouchers.ImportMenu), Handle: a.template},
		{Method: "POST", Path: contract.VoucherPostingPath, Access: kit.SignedIn, Handle: a.posting},
	}
}

// ImportPath is the voucher import's route, whose body is a workbook.
const ImportPath = "/api/formwork/vouchers/import"

const editExample = `{"businessId":"EX0200001","lines":[{"lineNo":1,"costCenter":"1000SAL02"}]}`

func businessID(id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return "", engine.Refuse(engine.EINVALID, "businessId", engine.Text{"zh": "缺少单据编号", "en": "businessId is required", "th": "ต้องระบุ businessId"})
	}
	return id, nil
}

// get: POST queryVcHeadById {businessId}
func (a *API) get(c echo.Context) error { return a.one(c, a.vouchers.Get) }

// reverse: POST reverseVoucher {businessId}
func (a *API) reverse(c echo.Context) error { return a.one(c, a.vouchers.Reverse) }

// one answers use of the voucher of the body's {businessId}.
func (a *API) one(c echo.Context, use func(ctx context.Context, who documents.Actor, id string) (*vouchers.Voucher, error)) error {
	var in contract.VoucherQuery
	if err := kit.ReadJSON(c, &in, false, `{"businessId":"EX0200001"}`); err != nil {
		return err
	}
	id, err := businessID(in.BusinessID)
	if err != nil {
		return err
	}
	v, err := use(c.Request().Context(), kit.CurrentUser(c), id)
	if err != nil {
		return err
	}
	return kit.OK(c, contract.ViewOfVoucher(v))
}

// posting: POST /api/formwork/vouchers/posting {businessId}, for whoever
// may read the document.
func (a *API) posting(c echo.Context) error {
	var in contract.VoucherQuery
	if err := kit.ReadJSON(c, &in, false, `{"businessId":"EX0200001"}`); err != nil {
		return err
	}
	id, err := businessID(in.BusinessID)
	if err != nil {
		return err
	}
	p, err := a.vouchers.PostingOf(c.Request().Context(), kit.CurrentUser(c), id)
	if err != nil {
		return err
	}
	return kit.OK(c, contract.ViewOfPosting(p))
}

// save: POST saveVoucher {businessId, lines}
func (a *API) save(c echo.Context) error { return a.edit(c, a.vouchers.Save) }

// submit: POST submitVoucher {businessId, lines}
func (a *API) submit(c echo.Context) error { return a.edit(c, a.vouchers.Submit) }

func (a *API) edit(c echo.Context, use func(ctx context.Context, who documents.Actor, id string, edits []vouchers.LineEdit) (*vouchers.Voucher, error)) error {
	var in contract.VoucherEdit
	if err := kit.ReadJSON(c, &in, false, editExample); err != nil {
		return err
	}
	id, err := businessID(in.BusinessID)
	if err != nil {
		return err
	}
	v, err := use(c.Request().Context(), kit.CurrentUser(c), id, in.Lines)
	if err != nil {
		return err
	}
	return kit.OK(c, contract.ViewOfVoucher(v))
}

// report: POST pushLog {url, reqData, response, status, method}
func (a *API) report(c echo.Context) error {
	var in contract.PushLogReport
	if err := kit.ReadJSON(c, &in, false, `{"url":"https://itax.example.com/itax/ibm/login","method":"POST","status":"S","reqData":"{}","response":"{}"}`); err != nil {
		return err
	}
	call, err := a.pushLog.Report(c.Request().Context(), outbound.Call{URL: in.URL, Method: in.Method, ReqData: in.ReqData,
		Response: in.Response, Status: in.Status, BusinessID: in.BusinessID}, kit.CurrentUser(c).Username())
	if err != nil {
		return err
	}
	return kit.OK(c, contract.ViewOfCall(call))
}

// log: GET pushLog?system=&url=&method=&status=&businessId=&from=&to=&page=&size=
func (a *API) log(c echo.Context) error {
	f := outbound.Filter{System: c.QueryParam("system"), URL: c.QueryParam("url"), Method: strings.ToUpper(c.QueryParam("method")),
		Status: c.QueryParam("status"), BusinessID: c.QueryParam("businessId")}
	var err error
	if f.From, err = day(c, "from"); err != nil {
		return err
	}
	if f.To, err = day(c, "to"); err != nil {
		return err
	}
	if !f.To.IsZero() {
		f.To = f.To.AddDate(0, 0, 1)
	}
	if f.Page, err = kit.IntParam(c, "page"); err != nil {
		return err
	}
	if f.Size, err = kit.IntParam(c, "size"); err != nil {
		return err
	}
	rows, total, err := a.pushLog.List(c.Request().Context(), f)
	if err != nil {
		return err
	}
	out := contract.PushLogPage{Rows: make([]contract.PushLogEntry, len(rows)), Total: total, Page: max(f.Page, 1), Size: f.Size}
	if out.Size < 1 || out.Size > 500 {
		out.Size = 20
	}
	for i, r := range rows {
		out.Rows[i] = contract.ViewOfCall(r)
	}
	return kit.OK(c, out)
}

func day(c echo.Context, name string) (time.Time, error) {
	v := c.QueryParam(name)
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return t, kit.BadParam(name, "yyyy-MM-dd", v)
	}
	return t, nil
}

// taxLogin: POST /itax/ibm/login
func (a *API) taxLogin(c echo.Context) error {
	if err := a.taxes.Login(c.Request().Context(), kit.CurrentUser(c).Username()); err != nil {
		return err
	}
	return kit.OK(c, contract.TaxLogin{Status: "S"})
}

// taxPush: POST /api/formwork/tax/push {businessId, orderSign, year, period}
func (a *API) taxPush(c echo.Context) error {
	var in taxes.Request
	if err := kit.ReadJSON(c, &in, true, `{"businessId":"EX0200001","orderSign":"20","year":"2026","period":"05"}`); err != nil {
		return err
	}
	if _, err := businessID(in.BusinessID); err != nil {
		return err
	}
	p, err := a.taxes.Push(c.Request().Context(), kit.CurrentUser(c), in)
	if err != nil {
		return err
	}
	return kit.OK(c, p)
}

// taxPushes: GET /api/formwork/tax/pushes?businessId=
func (a *API) taxPushes(c echo.Context) error {
	id, err := businessID(c.QueryParam("businessId"))
	if err != nil {
		return err
	}
	list, err := a.taxes.List(c.Request().Context(), kit.CurrentUser(c), id)
	if err != nil {
		return err
	}
	if list == nil {
		list = []taxes.Push{}
	}
	return kit.OK(c, list)
}
