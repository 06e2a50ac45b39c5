package budget

import (
	"encoding/json"
	"strings"

	"formwork/engine"
	"formwork/masterdata/workbook"
)

// SheetName is the sheet of a budget workbook.
const SheetName = "budgets"

// workbookColumns are a budget workbook's columns: the import reads them
// by name or by label in any language, the export writes them.
var workbookColumns = []workbook.Column{
	{Name: "companyCode", Label: engine.Text{"zh": "公司", "en": "Company", "th": "บริษัท"}},
	{Name: "department", Label: engine.Text{"zh": "部门", "en": "Department", "th": "แผนก"}},
	{Name: "budgetAccount", Label: engine.Text{"zh": "预算科目", "en": "Budget account", "th": "บัญชีงบประมาณ"}},
	{Name: "project", Label: engine.Text{"zh": "项目", "en": "Project", "th": "โครงการ"}},
	{Name: "period", Label: engine.Text{"zh": "期间", "en": "Period", "th": "งวด"}},
	{Name: "amount", Label: engine.Text{"zh": "预算金额", "en": "Amount", "th": "จำนวนเงินงบประมาณ"}}, // text: 3,000.00 reads too
	{Name: "control", Label: engine.Text{"zh": "控制方式", "en": "Control", "th": "การควบคุม"}},
}

// requiredColumns are the columns an imported sheet must have.
var requiredColumns = []string{"companyCode", "department", "budgetAccount", "period", "amount", "control"}

// WriteWorkbook is the workbook of budgets labelled in lang: their
// confirmed amounts, as Import reads them back.
func WriteWorkbook(rows []Budget, lang string) ([]byte, error) {
	sheet := workbook.Sheet{Name: SheetName, Columns: workbookColumns}
	for _, b := range rows {
		sheet.Rows = append(sheet.Rows, []any{b.CompanyCode, b.Department, b.BudgetAccount, b.Project, b.Period,
			json.Number(b.Amount.String()), b.Control})
	}
	return workbook.Write([]workbook.Sheet{sheet}, lang)
}

// ReadWorkbook reads the rows of a budget workbook's first sheet (or its
// sheet "budgets"). A file that is no workbook is EINVALID at file; a cell
// that is not what its column holds, or a header that is wrong, is in
// ImportProblems, and then no row is returned.
func ReadWorkbook(b []byte) ([]ImportRow, error) {
	wb, err := workbook.Open(b)
	if err != nil {
		return nil, err
	}
	defer wb.Close()
	cells, found := wb.Read(wb.SheetOr(SheetName), workbookColumns, requiredColumns)
	var problems ImportProblems
	for _, p := range found {
		problems = append(problems, engine.Refuse(engine.ECHECK, RowPath(p.Row, p.Column), engine.RowText(p.Row, p.Err.Text)))
	}
	rows := make([]ImportRow, 0, len(cells))
	for _, c := range cells {
		r := ImportRow{Row: c.Number, CompanyCode: c.Text("companyCode"), Department: c.Text("department"), BudgetAccount: c.Text("budgetAccount"),
			Project: c.Text("project"), Period: c.Text("period"), Control: c.Text("control")}
		if v := c.Text("amount"); v != "" {
			m, err := ParseMoney(strings.ReplaceAll(v, ",", ""))
			if e, isErr := err.(*engine.Error); isErr {
				problems = append(problems, engine.Refuse(engine.ECHECK, RowPath(c.Number, "amount"), engine.RowText(c.Number, e.Text)))
			} else {
				r.Amount = &m
			}
		}
		rows = append(rows, r)
	}
	if len(problems) > 0 {
		return nil, problems
	}
	if len(rows) == 0 {
		return nil, ImportProblems{engine.Refuse(engine.ECHECK, "rows", engine.Text{"zh": "工作表没有预算行", "en": "the sheet has no budget rows",
			"th": "แผ่นงานไม่มีแถวงบประมาณ"})}
	}
	return rows, nil
}
