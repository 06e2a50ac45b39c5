package masterdata_test

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"formwork/masterdata"
	"formwork/masterdata/workbook/workbooktest"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"
)

// workbook builds an xlsx of sheets, each a list of rows.
func workbook(t *testing.T, sheets map[string][][]any, order ...string) []byte {
	t.Helper()
	var in []workbooktest.Sheet
	for _, name := range order {
		in = append(in, workbooktest.Sheet{Name: name, Rows: sheets[name]})
	}
	return workbooktest.Sheets(t, in...)
}

func TestExportImportRoundTrip(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		organisation(t, md)
		must(md.Create(ctx, admin, "vendor", body(t, `{"code": "V2", "name": {"zh": "恒瑞包装", "en": "Hengrui", "th": "เหิงรุ่ย"},
			"company": "1000", "taxNo": "0105561012345", "accounts": [{"cnaps": "102290000011", "account": "0011"}, {"account": "0022", "bvtyp": "0002"}]}`)))
		must(md.Deactivate(ctx, admin, "vendor", "V1", 1))
		must(md.Create(ctx, finance, "exchangeRate", body(t, `{"currency": "USD", "validFrom": "2026-03-01", "rate": 7.123456}`)))
		for typ, actor := range map[string]masterdata.Actor{"vendor": admin, "exchangeRate": finance} {
			before := must(md.List(ctx, admin, typ, masterdata.Query{}))
			xlsx := must(md.Export(ctx, admin, typ, "en"))
			f := must(excelize.OpenReader(bytes.NewReader(xlsx)))
			rows := must(f.GetRows(f.GetSheetName(0)))
			if typ == "vendor" {
				if got := strings.Join(rows[0], "|"); got != "code|name (Chinese)|name (English)|name (Thai)|company|taxNo|Active" {
					t.Errorf("the English labels: %s", got)
				}
				if visible := must(f.GetRowVisible("vendor", 2)); visible || strings.Join(rows[1], "|") != "code|name.zh|name.en|name.th|company|taxNo|active" {
					t.Errorf("row 2 (visible %v): %v", visible, rows[1])
				}
				if accounts := must(f.GetRows("accounts")); len(accounts) != 5 || strings.Join(accounts[4], "|") != "V2|||0022||0002" {
					t.Errorf("the accounts sheet: %q", accounts)
				}
			}
			res := must(md.Import(ctx, actor, typ, xlsx))
			after := must(md.List(ctx, admin, typ, masterdata.Query{}))
			if res.Created != 0 || res.Updated != before.Total {
				t.Errorf("%s imported again: %+v", typ, res)
			}
			for i := range before.Rows {
				b, a := before.Rows[i], after.Rows[i]
				if a.Version != b.Version+1 || a.Active != b.Active || !reflect.DeepEqual(a.Body, b.Body) {
					t.Errorf("%s %s round trip:\n%+v\n%+v", typ, b.Key, b, a)
				}
			}
		}
	})
}

func TestImportRefusesBadRows(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		organisation(t, md)
		header := []any{"code名", "name名（中文）", "Name (English)", "company", "parent"}
		bad := workbook(t, map[string][][]any{"部门": {header,
			{"D5", "五部", "Dept 5", "1000"},         // 2: fine
			{"D6", nil, "no Chinese name", "1000"}, // 3
			{"D7", "七部", nil, "NOPE"},              // 4
			{"D5", "又五部", nil, "1000"},             // 5: D5 again
			{"D\u200b8", "八部", nil, "1000", "D5"},  // 6: a zero-width space; D5 of this file passes
			{},                                // 7: empty, skipped
			{"D9", "九部", nil, "1000", "HR01"}, // 8: HR01 of another company
		}}, "部门")
		_, err := md.Import(ctx, admin, "department", bad)
		code, findings := refusal(err)
		want := []string{
			"rows[3].name: row 3 name: name is required",
			"rows[4].company: row 4 company: Company NOPE does not exist",
			"rows[5].code: row 5 code: the key of row 2 again",
			`rows[6].code: row 6 code: code may not hold "/", spaces around it or characters that do not print`,
			"rows[8].parent: row 8 parent: Department HR01 does not belong to company 1000",
		}
		if code != "ECHECK" || strings.Join(findings, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s\n%s\nwant\n%s", code, strings.Join(findings, "\n"), strings.Join(want, "\n"))
		}
		var fs masterdata.Findings
		if ok := errors.As(err, &fs); !ok || fs[0].In("zh") != "第3行 name名：name名不能为空" || fs[0].In("th") != "แถว 3 name (th): name is required (th)" {
			t.Errorf("the first finding in zh and th: %q, %q", fs[0].In("zh"), fs[0].In("th"))
		}
		if got := keys(must(md.List(ctx, admin, "department", masterdata.Query{}))); got != "2: HR01 IT01" {
			t.Errorf("a refused import wrote records: %s", got)
		}

		for name, c := range map[string]struct {
			xlsx []byte
			want string
		}{
			"not a workbook": {[]byte("code,name\nD1,x"), "EINVALID file: the file is no xlsx workbook"},
			"an unknown column and no key column": {workbook(t, map[string][][]any{"x": {{"name.zh", "colour"}, {"红"}}}, "x"),
				`ECHECK rows[1]: row 1: unknown column "colour"` + "\n" + "ECHECK rows[1].code: row 1 code: the column code is missing"},
			"a cell of another type": {workbook(t, map[string][][]any{"x": {{"currency", "validFrom", "rate", "active"},
				{"USD", "2026-13-01", "seven", "maybe"}}}, "x"),
				`ECHECK rows[2].validFrom: row 2 validFrom: "2026-13-01" is not a date YYYY-MM-DD` + "\n" +
					`ECHECK rows[2].rate: row 2 rate: "seven" is not a number` + "\n" +
					`ECHECK rows[2].active: row 2 active: "maybe" is not Y or N`},
			"an account of a vendor the file lacks": {workbook(t, map[string][][]any{
				"vendor":   {{"code", "name.zh"}, {"V7", "七号供应商"}},
				"accounts": {{"code", "account", "cnaps"}, {"V7", "001", "102290000011"}, {"V8", "002"}, {"V7", nil, "999"}}},
				"vendor", "accounts"),
				"ECHECK rows[2].accounts[2].account: row 2 accounts: account is required\n" +
					"ECHECK rows[2].accounts[2].cnaps: row 2 accounts: Bank 999 does not exist\n" +
					"ECHECK accounts[3].code: sheet accounts, row 3 code: the first sheet has no record V8"},
		} {
			typ := map[string]string{"a cell of another type": "exchangeRate", "an account of a vendor the file lacks": "vendor"}[name]
			if typ == "" {
				typ = "department"
			}
			actor := map[string]masterdata.Actor{"exchangeRate": finance}[typ]
			if actor.Username == "" {
				actor = admin
			}
			_, err := md.Import(ctx, actor, typ, c.xlsx)
			var got []string
			var fs masterdata.Findings
			if errors.As(err, &fs) {
				for _, f := range fs {
					got = append(got, f.Code+" "+f.Path+": "+f.In("en"))
				}
			} else {
				code, f := refusal(err)
				got = append(got, code+" "+strings.Join(f, ""))
			}
			if strings.Join(got, "\n") != c.want {
				t.Errorf("%s:\n%s\nwant\n%s", name, strings.Join(got, "\n"), c.want)
			}
		}

		good := workbook(t, map[string][][]any{"x": {{"code", "name.zh", "company", "parent", "active"},
			{"D6", "六部", "1000", "D7", "N"}, {"D7", "七部", "1000"}, {"IT01", "信息部", "1000", nil, "y"}}}, "x")
		res := must(md.Import(ctx, admin, "department", good))
		if res.Created != 2 || res.Updated != 1 {
			t.Errorf("imported %+v", res)
		}
		d6 := must(md.Get(ctx, admin, "department", "D6"))
		it := must(md.Get(ctx, admin, "department", "IT01"))
		if d6.Active || d6.Body["parent"] != "D7" || it.Version != 2 || it.Body["name"].(map[string]any)["zh"] != "信息部" {
			t.Errorf("after the import: D6 %+v, IT01 %+v", d6, it)
		}
		if _, err := md.Import(ctx, employee, "department", good); err == nil {
			t.Error("an employee imported departments")
		}
	})
}
