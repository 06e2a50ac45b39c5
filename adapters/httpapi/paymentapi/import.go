package paymentapi

import (
	"errors"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/adapters/httpapi/refuse"
	"formwork/engine"
	"formwork/payments"

	"github.com/labstack/echo/v4"
)

// importResults: POST /api/formwork/payments/import (an xlsx of the bank's
// results): all rows or none.
func (a *API) importResults(c echo.Context) error {
	body, err := kit.ReadUpload(c, contract.XLSX)
	if err != nil {
		return err
	}
	rows, err := payments.ReadResults(body)
	var lines []payments.Line
	if err == nil {
		lines, err = a.payments.Import(c.Request().Context(), kit.CurrentUser(c), rows)
	}
	var refused *payments.ImportRefusal
	if errors.As(err, &refused) {
		problems := make([]*engine.Error, len(refused.Findings))
		for i, f := range refused.Findings {
			problems[i] = engine.Refuse(engine.ECHECK, f.Path, f.Message)
		}
		return refuse.Import(problems, kit.Lang(c))
	}
	if err != nil {
		return err
	}
	return kit.OK(c, contract.PaymentImport{Imported: len(lines), Lines: lines})
}
