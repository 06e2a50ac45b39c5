package paymentapi

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"formwork/adapters/httpapi/contract"
	"formwork/adapters/httpapi/kit"
	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// descriptionType is the master-data type of the common descriptions.
const descriptionType = "commonDescription"

// commonDescriptions: POST /api/galaxypayment/cfg/commonDes/page {page,
// size, status, docType, companyCode}: the common descriptions of the
// user's companies and of the whole group, by order then code; status 1
// those in use (active records), 0 those not, empty both; docType those
// for that type and for every type.
func (a *API) commonDescriptions(c echo.Context) error {
	var req contract.CommonDescriptionQuery
	if err := kit.ReadJSON(c, &req, false, `{"page":1,"size":999,"status":"1"}`); err != nil {
		return err
	}
	status := strings.TrimSpace(req.Status)
	if status != "" && status != "0" && status != "1" {
		return kit.BadParam("status", "1 (in use) or 0 (not)", status)
	}
	page, size := max(req.Page, 1), req.Size
	if size <= 0 || size > 999 {
		size = 999
	}
	recs, err := a.masterData.RuleRecords(c.Request().Context(), []string{descriptionType})
	if err != nil {
		return err
	}
	who, lang := kit.CurrentUser(c), kit.Lang(c)
	rows := []contract.CommonDescription{}
	for _, r := range recs[descriptionType] {
		d := contract.CommonDescription{Code: r.Key, Description: inLang(r.Body["description"], lang), DocType: text(r.Body["docType"]),
			CompanyCode: r.Company, SortOrder: order(r.Body["sortOrder"]), Status: map[bool]string{true: "1", false: "0"}[r.Active]}
		switch {
		case status != "" && d.Status != status,
			who.Scope() != "all" && d.CompanyCode != "" && !who.WorksFor(d.CompanyCode),
			req.CompanyCode != "" && d.CompanyCode != "" && d.CompanyCode != req.CompanyCode,
			req.DocType != "" && d.DocType != "" && d.DocType != req.DocType:
			continue
		}
		rows = append(rows, d)
	}
	slices.SortFunc(rows, func(x, y contract.CommonDescription) int {
		return cmp.Or(cmp.Compare(x.SortOrder, y.SortOrder), cmp.Compare(x.Code, y.Code))
	})
	out := contract.CommonDescriptionPage{Total: len(rows), Page: page, Size: size, Rows: []contract.CommonDescription{}}
	if from := (page - 1) * size; from < len(rows) {
		out.Rows = rows[from:min(from+size, len(rows))]
	}
	return kit.OK(c, out)
}

func text(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

// inLang is a text field ({zh, en, th}) in lang (engine.Text.In).
func inLang(v any, lang string) string {
	m, ok := v.(map[string]any)
	if !ok {
		return text(v)
	}
	t := engine.Text{}
	for l, s := range m {
		t[l] = text(s)
	}
	return t.In(lang)
}

// order is a record's sortOrder as a number (0 when none).
func order(v any) int64 {
	n, _ := strconv.ParseInt(text(v), 10, 64)
	return n
}
