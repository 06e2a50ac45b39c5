package server

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

//go:embed templates/print.html
var printTemplates embed.FS

var printTemplate = template.Must(template.New("print.html").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
}).ParseFS(printTemplates, "templates/print.html"))

// printTexts are the fixed texts of the print view.
var printTexts = map[string]map[string]string{
	"zh": {"print": "打印", "number": "单据编号", "status": "状态", "printedAt": "打印时间", "amount": "金额（小写）", "capital": "人民币大写",
		"row": "序号", "history": "审批记录", "at": "时间", "by": "处理人", "action": "操作", "change": "状态", "comment": "意见",
		"waiting": "待处理", "maker": "制单人", "applicant": "报账人", "approvers": "审批人", "version": "版本", "voided": "作废"},
	"en": {"print": "Print", "number": "Number", "status": "Status", "printedAt": "Printed", "amount": "Amount", "capital": "Amount in Chinese capitals",
		"row": "Row", "history": "Approval history", "at": "Time", "by": "By", "action": "Action", "change": "State", "comment": "Comment",
		"waiting": "waiting", "maker": "Maker", "applicant": "Reimburser", "approvers": "Approvers", "version": "version", "voided": "VOID"},
}

type printCell struct {
	Label string
	Value string
	Num   bool
}

type printTable struct {
	Title   string
	Columns []printCell
	Rows    [][]printCell
}

type printPage struct {
	Lang, Title, BusinessID, StatusTxt, PrintedAt, Stamp string
	T                                                    map[string]string
	HeadRows                                             [][]printCell
	Currency, Amount, Capital                            string
	Tables                                               []printTable
	History                                              []eventView
	Waiting                                              string
	Maker, Applicant, Approvers                          string
	Version                                              int
}

// printHidden are head fields the print view leaves out: system fields
// shown elsewhere on the page, and the amount, which has its own line.
var printHidden = map[string]bool{"businessId": true, "docType": true, "version": true, "schemaVersion": true, "status": true, "processId": true,
	"amount": true, "currency": true}

// printDocument: GET /api/galaxyform/print/:businessId. A printable A4 HTML
// page of the document (anyone who may open it): title, head fields with
// their catalogue labels, the amount with 人民币大写 (engine.ChineseCapital),
// the line tables, and the approval history. A voided document prints with
// a VOID stamp.
func (s *Server) printDocument(c echo.Context) error {
	ctx := c.Request().Context()
	id := strings.TrimSpace(c.Param("businessId"))
	rec, doc, _, err := s.storedDocument(ctx, id)
	if err != nil {
		return err
	}
	if err := s.mayRead(c, CurrentUser(c), rec); err != nil {
		return err
	}
	if _, err := s.nextState(c, rec.BusinessID, doc.Type.Family, rec.Status, "print", false); err != nil {
		return err
	}
	pv, err := s.processView(c, rec.BusinessID)
	if err != nil {
		return err
	}
	l := pick(lang(c))
	p := printPage{Lang: l, T: printTexts[l], Title: doc.Type.Title.In(l), BusinessID: rec.BusinessID, StatusTxt: pv.StatusTxt,
		PrintedAt: s.now().Format(timeLayout), History: pv.Events, Version: rec.Version}
	if rec.Status == "voided" {
		p.Stamp = p.T["voided"]
	}
	head := doc.Head()
	nm := &names{s: s, ctx: ctx, cache: map[string]string{}}
	p.Maker, p.Applicant = nm.of(rec.CreateBy), nm.of(rec.Applicant)
	var approvers []string
	for _, t := range pv.Tasks {
		if t.Status == taskDone && t.Step != stepSupplement && !slices.Contains(approvers, t.CompleteByTxt) {
			approvers = append(approvers, t.CompleteByTxt)
		}
		if t.Status == taskOpen {
			p.Waiting = t.AssigneeTxt
		}
	}
	p.Approvers = strings.Join(approvers, "、")
	amount, _ := head["amount"].(decimal.Decimal)
	p.Currency, p.Amount = head.String("currency"), moneyText(amount)
	if p.Currency == "" {
		p.Currency = "CNY"
	}
	local := amount
	if d, ok := head["domesticAmount"].(decimal.Decimal); ok {
		local = d
	}
	p.Capital = engine.ChineseCapital(local)

	var cells []printCell
	for _, f := range doc.Type.Section("head").Fields {
		v, has := head[f.Name]
		if !has || printHidden[f.Name] || strings.HasSuffix(f.Name, "Txt") {
			continue
		}
		text, num := s.printValue(ctx, doc, head, f, v, l)
		if text == "" {
			continue
		}
		cells = append(cells, printCell{Label: f.Label.In(l), Value: text, Num: num})
	}
	for i := 0; i < len(cells); i += 2 {
		p.HeadRows = append(p.HeadRows, cells[i:min(i+2, len(cells))])
	}
	for _, sec := range doc.Type.Sections {
		if !sec.Table {
			continue
		}
		var rows []engine.Values
		for _, r := range doc.Tables[sec.Name] {
			if r.String("flag") != "D" {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			continue
		}
		t := printTable{Title: sec.Title.In(l)}
		var cols []*engine.Field
		for _, f := range sec.Fields {
			if f.Name == sec.StatusField || f.Name == "flag" || strings.HasSuffix(f.Name, "Txt") {
				continue
			}
			for _, r := range rows {
				if _, has := r[f.Name]; has {
					cols = append(cols, f)
					break
				}
			}
		}
		for _, f := range cols {
			t.Columns = append(t.Columns, printCell{Label: f.Label.In(l), Num: f.Type == engine.TypeMoney || f.Type == engine.TypeNumber || f.Type == engine.TypeInteger})
		}
		for _, r := range rows {
			var row []printCell
			for _, f := range cols {
				text, num := "", false
				if v, has := r[f.Name]; has {
					text, num = s.printValue(ctx, doc, r, f, v, l)
				}
				row = append(row, printCell{Value: text, Num: num})
			}
			t.Rows = append(t.Rows, row)
		}
		p.Tables = append(p.Tables, t)
	}
	var buf bytes.Buffer
	if err := printTemplate.Execute(&buf, p); err != nil {
		return fmt.Errorf("render print view: %w", err)
	}
	return c.HTMLBlob(http.StatusOK, buf.Bytes())
}

// printValue writes a value for print: money with thousands separators and
// two decimals, an account number masked, an enumeration or sub-type by
// its title, a user, company, department or cost center by name, a code
// with its Txt twin when the document has one.
func (s *Server) printValue(ctx context.Context, doc *engine.Document, vals engine.Values, f *engine.Field, v any, l string) (string, bool) {
	switch x := v.(type) {
	case decimal.Decimal:
		if f.Type == engine.TypeMoney {
			return moneyText(x), true
		}
		return x.String(), true
	case int:
		return fmt.Sprint(x), true
	case string:
		if x == "" {
			return "", false
		}
		if f.Display == "accountMask" {
			return maskAccount(x), false
		}
		if twin := vals.String(f.Name + "Txt"); twin != "" {
			return x + " " + twin, false
		}
		if f.Enum != nil {
			for _, ev := range f.Enum.Values {
				if ev.Key == x {
					return ev.Label.In(l), false
				}
			}
		}
		switch f.Name {
		case "businessType1", "businessType2":
			if t := subTypeTitle(doc.Type.SubTypes, x, l); t != "" {
				return x + " " + t, false
			}
		case "applicant", "createBy":
			if n := s.empName(ctx, x); n != x {
				return n + "（" + x + "）", false
			}
		case "companyCode", "department", "costCenter":
			dic := map[string]string{"companyCode": "company", "department": "department", "costCenter": "costCenter"}[f.Name]
			if t := s.dictionaryText(ctx, dic, x, l); t != x {
				return x + " " + t, false
			}
		}
		return x, false
	}
	return fmt.Sprint(v), false
}

// maskAccount shows only the first 4 and last 4 characters of an account
// number longer than 8 (navigation-and-access.md 2.4).
func maskAccount(s string) string {
	r := []rune(s)
	if len(r) <= 8 {
		return s
	}
	return string(r[:4]) + strings.Repeat("*", len(r)-8) + string(r[len(r)-4:])
}

func subTypeTitle(list []*engine.SubType, key, l string) string {
	for _, st := range list {
		if st.Key == key {
			return st.Title.In(l)
		}
		if t := subTypeTitle(st.Children, key, l); t != "" {
			return t
		}
	}
	return ""
}

// moneyText writes an amount with two decimals and thousands separators
// (documents.md 9).
func moneyText(d decimal.Decimal) string {
	s := d.StringFixed(2)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String() + "." + frac
	if neg {
		out = "-" + out
	}
	return out
}
