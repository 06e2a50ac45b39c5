package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

const (
	voucherImport   = "/api/formwork/vouchers/import"
	voucherTemplate = "/api/formwork/vouchers/import/template.xlsx"
)

// voucherWorkbook writes posting results under a header of labels (the
// Chinese ones, as finance fills in the template).
func voucherWorkbook(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	return sheetOf(t, []any{"单据编号", "会计凭证号", "会计年度", "过账状态", "消息"}, rows...)
}

// CW00002: posting results of vouchers posted outside the adapter, all
// rows or none, each bad row refused at its row and column; the numbers
// then show where a posted voucher's do (queryVcHeadById, the push log).
func TestVoucherImport(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		a, b := approvedClaim(t, api), approvedClaim(t, api)
		draft := storeTravelClaim(t, api)
		bad := voucherWorkbook(t,
			[]any{a, "5100009001", "2026", "S"},
			[]any{b, "", "2026", "S"},               // no number
			[]any{a, "5100009002", "2026", "S"},     // the same document again
			[]any{draft, "5100009003", "2026", "S"}, // not approved
			[]any{b, "5100009004", "26", "S"},       // (b repeated: refused as repeated)
			[]any{"EX02209901010001", "5100009005", "2026", "X"},
		)
		res := sendFile(t, api, "finance01", "POST", voucherImport, bad, xlsxType)
		checkEnvelope(t, res)
		if res.status != 422 {
			t.Fatalf("bad import: HTTP %d %s", res.status, clip(res.body))
		}
		var got []string
		for _, f := range mustValue(t, res.data(t), "findings").([]any) {
			got = append(got, fmt.Sprint(f.(map[string]any)["path"]))
		}
		if want := "rows[3].sapBelnr rows[4].businessId rows[5].businessId rows[6].businessId rows[7].status"; strings.Join(got, " ") != want {
			t.Fatalf("findings at %v, want %s\n%s", got, want, clip(res.body))
		}
		if v := voucherCall(t, api, voucherURL, "employee01", `{"businessId":"`+a+`"}`, 200); v.Head.SapBelnr != "" || v.Head.Stored {
			t.Fatalf("a refused import writes nothing: %+v", v.Head)
		}
		if res := sendFile(t, api, "employee01", "POST", voucherImport, bad, xlsxType); res.status != 403 {
			t.Fatalf("the employee imports: HTTP %d", res.status)
		}
		year := voucherWorkbook(t, []any{a, "5100009001", "26", "S"})
		if res := sendFile(t, api, "finance01", "POST", voucherImport, year, xlsxType); res.status != 422 || !contains(res.body, "rows[2].fiscalYear") {
			t.Fatalf("a two-digit year: HTTP %d %s", res.status, clip(res.body))
		}
		good := voucherWorkbook(t, []any{a, "5100009001", "2026", "S"}, []any{b, "", "", "e", "科目 6602 已冻结"})
		res = sendFile(t, api, "finance01", "POST", voucherImport, good, xlsxType)
		checkEnvelope(t, res)
		if res.status != 200 || fmt.Sprint(mustValue(t, res.data(t), "imported")) != "2" {
			t.Fatalf("good import: HTTP %d %s", res.status, clip(res.body))
		}
		va := voucherCall(t, api, voucherURL, "employee01", `{"businessId":"`+a+`"}`, 200)
		vb := voucherCall(t, api, voucherURL, "employee01", `{"businessId":"`+b+`"}`, 200)
		if va.Head.SapStatus != "S" || va.Head.SapBelnr != "5100009001" || va.Head.Editable || !va.Head.Stored ||
			vb.Head.SapStatus != "E" || vb.Head.SapMsg != "科目 6602 已冻结" || !vb.Head.Editable {
			t.Fatalf("imported: %+v / %+v", va.Head, vb.Head)
		}
		if res := api.request(t, "POST", voucherURL, `{"businessId":"`+a+`"}`, api.as(t, "employee01")); !contains(res.body, `"fiscalYear":"2026"`) {
			t.Errorf("the fiscal year is not answered: %s", clip(res.body))
		}
		// a posted voucher's result is not imported again; the voucher log shows the import
		again := voucherWorkbook(t, []any{a, "5100009009", "2026", "S"})
		if res := sendFile(t, api, "finance01", "POST", voucherImport, again, xlsxType); res.status != 422 || !contains(res.body, "5100009001") {
			t.Fatalf("posted twice: HTTP %d %s", res.status, clip(res.body))
		}
		res = api.request(t, "GET", pushLogURL+"?system=accounting&businessId="+a, "", api.as(t, "admin"))
		if res.status != 200 || !contains(res.body, `"method":"IMPORT"`) || !contains(res.body, "5100009001") {
			t.Errorf("push log: HTTP %d %s", res.status, clip(res.body))
		}
		// the template reads back as an import (its example row names no document)
		tpl, err := api.send("GET", voucherTemplate, "", api.as(t, "finance01"))
		if err != nil || tpl.status != 200 || tpl.header.Get("Content-Type") != xlsxType {
			t.Fatalf("template: %v HTTP %d", err, tpl.status)
		}
		if res := sendFile(t, api, "finance01", "POST", voucherImport, []byte(tpl.body), xlsxType); res.status != 422 || !contains(res.body, "rows[3].businessId") {
			t.Fatalf("the template's example row: HTTP %d %s", res.status, clip(res.body))
		}
	})
}
