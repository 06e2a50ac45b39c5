// Package paymentapi is the HTTP handlers of payments and the contract
// master (issue 13 items 1 and 4): a document's payment state (the spec's
// galaxypayment boe/get and form-ap/get), finance's moves of a payment
// line (paid; paidFail createDetail and modifyDetail; account
// createAccountDetail and modifyAccountDetail), the payment lists of the
// pages 付款状态, 我的付款 and the payment import (CW00003), and the
// contract query (contract/queryContractHead). Handlers parse, call one use
// case and answer; the rules live in the payments and contracts packages.
package paymentapi

import (
	"context"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/adapters/httpapi/refuse"
	"formwork/masterdata"
	"formwork/payments"

	"github.com/labstack/echo/v4"
)

// API is the payments' handlers.
type API struct {
	payments   *payments.Service
	masterData *masterdata.Service
}

// New builds the handlers on the payments service and the master data
// (the contracts).
func New(p *payments.Service, md *masterdata.Service) *API { return &API{payments: p, masterData: md} }

// Paths of the payments' own routes.
const (
	ListPath   = "/api/formwork/payments"
	PaidPath   = "/api/formwork/payments/paid"
	ImportPath = "/api/formwork/payments/import"
)

// Routes are the payments' routes: the state of a document for whoever
// may read it, the lists for the pages' menus, the moves for finance.
func (a *API) Routes() []kit.Route {
	finance := kit.Menu(payments.FinanceMenu)
	return []kit.Route{
		{Method: "POST", Path: "/api/galaxypayment/api/boe/get", Access: kit.SignedIn, Handle: a.state},
		{Method: "POST", Path: "/api/galaxypayment/api/form-ap/get", Access: kit.SignedIn, Handle: a.state},
		{Method: "GET", Path: ListPath, Access: kit.Menu("paymentStateView", "myPayment", payments.FinanceMenu), Handle: a.list},
		{Method: "POST", Path: PaidPath, Access: finance, Handle: a.change(a.payments.MarkPaid)},
		{Method: "POST", Path: "/api/galaxyform/paidFail/createDetail", Access: finance, Handle: a.change(a.payments.MarkFailed)},
		{Method: "POST", Path: "/api/galaxyform/paidFail/modifyDetail", Access: finance, Handle: a.modifyFailure},
		{Method: "POST", Path: "/api/galaxyform/account/createAccountDetail", Access: finance, Handle: a.account(true)},
		{Method: "POST", Path: "/api/galaxyform/account/modifyAccountDetail", Access: finance, Handle: a.account(false)},
		{Method: "POST", Path: ImportPath, Access: finance, Handle: a.importResults},
		{Method: "POST", Path: "/api/galaxyform/contract/queryContractHead", Access: kit.SignedIn, Handle: a.queryContracts},
		{Method: "POST", Path: "/api/galaxypayment/cfg/commonDes/page", Access: kit.SignedIn, Handle: a.commonDescriptions},
	}
}

// state: POST .../boe/get and .../form-ap/get {businessId}
func (a *API) state(c echo.Context) error {
	var req contract.PaymentStateRequest
	if err := kit.ReadJSON(c, &req, false, `{"businessId":"EX02..."}`); err != nil {
		return err
	}
	st, err := a.payments.OfDocument(c.Request().Context(), kit.CurrentUser(c), req.BusinessID)
	if err != nil {
		return refuse.AtField(err, kit.Lang(c))
	}
	return kit.OK(c, st)
}

// list: GET /api/formwork/payments?scope=mine|finance&status=
func (a *API) list(c echo.Context) error {
	lines, err := a.payments.List(c.Request().Context(), kit.CurrentUser(c), strings.TrimSpace(c.QueryParam("scope")),
		strings.TrimSpace(c.QueryParam("status")))
	if err != nil {
		return refuse.AtField(err, kit.Lang(c))
	}
	if lines == nil {
		lines = []payments.Line{}
	}
	return kit.OK(c, contract.PaymentList{Finance: payments.IsFinance(kit.CurrentUser(c)), Lines: lines})
}

// change answers one move of a payment line.
func (a *API) change(move func(context.Context, payments.Actor, payments.Change) (*payments.Line, error)) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req payments.Change
		if err := kit.ReadJSON(c, &req, true, `{"businessId":"EX02...","item":1,"version":1,"bankRef":"B2026..."}`); err != nil {
			return err
		}
		l, err := move(c.Request().Context(), kit.CurrentUser(c), req)
		if err != nil {
			return refuse.AtField(err, kit.Lang(c))
		}
		return kit.OK(c, l)
	}
}

// modifyFailure: POST /api/galaxyform/paidFail/modifyDetail
func (a *API) modifyFailure(c echo.Context) error {
	var req contract.PaymentFailureChange
	if err := kit.ReadJSON(c, &req, true, `{"businessId":"EX02...","item":1,"version":2,"bankMessage":"...","resend":true}`); err != nil {
		return err
	}
	l, err := a.payments.CorrectFailure(c.Request().Context(), kit.CurrentUser(c), req.Change, req.Resend)
	if err != nil {
		return refuse.AtField(err, kit.Lang(c))
	}
	return kit.OK(c, l)
}

// account: POST /api/galaxyform/account/createAccountDetail and modifyAccountDetail
func (a *API) account(create bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req payments.Change
		if err := kit.ReadJSON(c, &req, true, `{"businessId":"EX02...","item":1,"version":2,"accountName":"...","bank":"...","account":"6222..."}`); err != nil {
			return err
		}
		l, err := a.payments.SetAccount(c.Request().Context(), kit.CurrentUser(c), req, create)
		if err != nil {
			return refuse.AtField(err, kit.Lang(c))
		}
		return kit.OK(c, l)
	}
}
