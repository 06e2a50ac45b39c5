package masterdata_test

import (
	"context"
	"strings"
	"testing"

	"formwork/masterdata"

	"gorm.io/gorm"
)

// A reference names a record by its exact key: a look-alike is an unknown
// code, never quietly matched; a record must be active on the date and of
// the company.
func TestCheckRefs(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		organisation(t, md)
		must(md.Create(ctx, admin, "department", body(t, `{"code": "OLD1", "name": {"zh": "旧部门"}, "company": "1000"}`)))
		must(md.Deactivate(ctx, admin, "department", "OLD1", 1))
		must(md.Create(ctx, finance, "exchangeRate", body(t, `{"currency": "USD", "validFrom": "2026-03-01", "validTo": "2026-03-31", "rate": 7.1}`)))
		for _, c := range []struct {
			name, company, date string
			ref                 masterdata.Ref
			want                string // "" passes
		}{
			{"the exact code", "1000", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "IT01"}, ""},
			{"another case", "1000", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "it01"},
				"head.department: Department it01 does not exist | 部门 it01 不存在"},
			{"Greek capitals", "1000", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "ΙΤ01"},
				"head.department: Department ΙΤ01 does not exist | 部门 ΙΤ01 不存在"},
			{"a zero-width space", "1000", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "IT01\u200b"},
				`head.department: Department "IT01\u200b" does not exist | 部门 "IT01\u200b" 不存在`},
			{"a lower-case L for a 1", "1000", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "IT0l"},
				"head.department: Department IT0l does not exist | 部门 IT0l 不存在"},
			{"a code no record has", "1000", "", masterdata.Ref{Path: "lineList[2].department", Type: "department", Code: "NOPE99"},
				"lineList[2].department: Department NOPE99 does not exist | 部门 NOPE99 不存在"},
			{"another company's", "1000", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "HR01"},
				"head.department: Department HR01 does not belong to company 1000 | 部门 HR01 不属于公司 1000"},
			{"the company the field names (refCompany)", "1000", "", masterdata.Ref{Path: "head.replacePayCostCenter", Type: "department", Code: "HR01", Company: "2000"}, ""},
			{"not of the company the field names", "2000", "", masterdata.Ref{Path: "head.replacePayCostCenter", Type: "department", Code: "IT01", Company: "2000"},
				"head.replacePayCostCenter: Department IT01 does not belong to company 2000 | 部门 IT01 不属于公司 2000"},
			{"any company's, company unknown", "", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "HR01"}, ""},
			{"a deactivated record", "1000", "", masterdata.Ref{Path: "head.department", Type: "department", Code: "OLD1"},
				"head.department: Department OLD1 is not active on 2026-03-15 | 部门 OLD1 在 2026-03-15 未启用"},
			{"a group record in any company", "2000", "", masterdata.Ref{Path: "paymentList[1].vendor", Type: "vendor", Code: "V1"}, ""},
			{"valid on the date", "1000", "2026-03-31", masterdata.Ref{Path: "head.rate", Type: "exchangeRate", Code: "USD/2026-03-01"}, ""},
			{"not valid on the date", "1000", "2026-04-01", masterdata.Ref{Path: "head.rate", Type: "exchangeRate", Code: "USD/2026-03-01"},
				"head.rate: Exchange rate USD/2026-03-01 is not active on 2026-04-01 | 汇率 USD/2026-03-01 在 2026-04-01 未启用"},
			{"a type the catalogue lacks", "1000", "", masterdata.Ref{Path: "head.costType", Type: "costType", Code: "660203"},
				"head.costType: costType 660203 does not exist | costType 660203 不存在"},
		} {
			t.Run(c.name, func(t *testing.T) {
				findings, err := md.CheckRefs(ctx, c.company, c.date, []masterdata.Ref{c.ref})
				var got []string
				for _, f := range findings {
					if f.Code != "ECHECK" || f.In("th") == "" {
						t.Errorf("%+v: want ECHECK with a Thai message", f)
					}
					got = append(got, f.Path+": "+f.In("en")+" | "+f.In("zh"))
				}
				if err != nil || strings.Join(got, "\n") != c.want {
					t.Errorf("%q (%v), want %q", got, err, c.want)
				}
			})
		}
		all, err := md.CheckRefs(ctx, "1000", "", []masterdata.Ref{{Path: "a", Type: "department", Code: "IT01"}, {Path: "b", Type: "department", Code: "x"},
			{Path: "c", Type: "vendor", Code: "V1"}, {Path: "d", Type: "vendor", Code: "v1"}})
		if err != nil || len(all) != 2 || all[0].Path != "b" || all[1].Path != "d" {
			t.Errorf("several references: %v (%v)", all, err)
		}
	})
}
