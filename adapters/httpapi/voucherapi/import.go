package voucherapi

import (
	"errors"
	"net/http"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/adapters/httpapi/refuse"
	"formwork/engine"
	"formwork/vouchers"

	"github.com/labstack/echo/v4"
)

// importResults: POST /api/formwork/vouchers/import (an xlsx of posting
// results): all rows or none.
func (a *API) importResults(c echo.Context) error {
	body, err := kit.ReadUpload(c, contract.XLSX)
	if err != nil {
		return err
	}
	rows, err := vouchers.ReadImport(body)
	if err == nil {
		var list []*vouchers.Voucher
		if list, err = a.vouchers.Import(c.Request().Context(), kit.CurrentUser(c), rows); err == nil {
			out := contract.VoucherImport{Imported: len(list), Vouchers: make([]contract.VoucherHead, len(list))}
			for i, v := range list {
				out.Vouchers[i] = contract.ViewOfVoucher(v).Head
			}
			return kit.OK(c, out)
		}
	}
	var refused *vouchers.ImportRefusal
	if errors.As(err, &refused) {
		problems := make([]*engine.Error, len(refused.Findings))
		for i, f := range refused.Findings {
			problems[i] = engine.Refuse(engine.ECHECK, f.Path, f.Message)
		}
		return refuse.Import(problems, kit.Lang(c))
	}
	return err
}

// template: GET /api/formwork/vouchers/import/template.xlsx
func (a *API) template(c echo.Context) error {
	file, err := vouchers.ImportTemplate(kit.Lang(c))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="voucher-import.xlsx"`)
	return c.Blob(http.StatusOK, contract.XLSX, file)
}
