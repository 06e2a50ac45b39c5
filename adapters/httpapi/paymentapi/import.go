package paymentapi

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/adapters/httpapi/refuse"
	"formwork/engine"
	"formwork/payments"

	"github.com/labstack/echo/v4"
	"github.com/xuri/excelize/v2"
)

// importColumns are the columns of the payment import's first sheet, by
// the names its header row may give them (the field name, or its Chinese
// title).
var importColumns = map[string][]string{
	"businessId":  {"businessid", "单号", "单据号"},
	"item":        {"item", "行号"},
	"result":      {"result", "结果", "付款结果"},
	"bankRef":     {"bankref", "银行流水号"},
	"bankMessage": {"bankmessage", "银行反馈信息", "失败原因"},
}

// importResults: POST /api/formwork/payments/import (an xlsx of the bank's
// results): all rows or none.
func (a *API) importResults(c echo.Context) error {
	body, err := kit.ReadUpload(c, contract.XLSX)
	if err != nil {
		return err
	}
	rows, err := readResults(body)
	if err != nil {
		return err
	}
	lines, err := a.payments.Import(c.Request().Context(), kit.CurrentUser(c), rows)
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

// readResults reads the rows of the first sheet below its header row.
func readResults(body []byte) ([]payments.ImportRow, error) {
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		return nil, engine.Refuse(engine.EINVALID, "file", engine.Text{"zh": "无法读取该xlsx文件", "en": "the file is no xlsx workbook",
			"th": "ไม่สามารถอ่านไฟล์ xlsx นี้ได้"})
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, nil
	}
	grid, err := f.GetRows(sheets[0])
	if err != nil || len(grid) == 0 {
		return nil, err
	}
	at, err := columnsOf(grid[0])
	if err != nil {
		return nil, err
	}
	var out []payments.ImportRow
	for i, cells := range grid[1:] {
		cell := func(name string) string {
			if j := at[name]; j >= 0 && j < len(cells) {
				return strings.TrimSpace(cells[j])
			}
			return ""
		}
		if strings.Join(cells, "") == "" {
			continue
		}
		item, _ := strconv.Atoi(cell("item"))
		out = append(out, payments.ImportRow{Row: i + 2, BusinessID: cell("businessId"), Item: item, Result: cell("result"),
			BankRef: cell("bankRef"), BankMessage: cell("bankMessage")})
	}
	return out, nil
}

// columnsOf finds the columns in the header row: businessId, item and
// result are required.
func columnsOf(header []string) (map[string]int, error) {
	at := map[string]int{}
	for name, titles := range importColumns {
		at[name] = -1
		for j, h := range header {
			h = strings.ToLower(strings.TrimSpace(h))
			for _, t := range titles {
				if h == t {
					at[name] = j
				}
			}
		}
	}
	for _, name := range []string{"businessId", "item", "result"} {
		if at[name] < 0 {
			return nil, engine.Refuse(engine.EINVALID, name, engine.Text{
				"zh": "第一行缺少列" + name, "en": "the header row has no column " + name, "th": "แถวหัวตารางไม่มีคอลัมน์ " + name})
		}
	}
	return at, nil
}
