// Package taxapi is the HTTP handler of the tax group's choices: the order
// signs the tax push accepts, the default one and those needing a year and
// a period (taxes.OrderSigns), so that the form's tax-group dialog offers
// the server's list instead of a copy. The push itself is voucherapi's
// (POST /api/formwork/tax/push), validated by taxes.Check.
package taxapi

import (
	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/taxes"

	"github.com/labstack/echo/v4"
)

// SignsPath answers the order signs.
const SignsPath = "/api/formwork/tax/orderSigns"

// Routes are the routes: the signs are no secret, any signed-in user reads them.
func Routes() []kit.Route {
	return []kit.Route{{Method: "GET", Path: SignsPath, Access: kit.SignedIn, Handle: signs}}
}

func signs(c echo.Context) error {
	return kit.OK(c, contract.TaxOrderSigns{Signs: taxes.OrderSigns, Default: taxes.DefaultSign, PeriodSigns: taxes.PeriodSigns()})
}
