package masterdata_test

import (
	"context"
	"fmt"
	"testing"

	"formwork/masterdata"
	"formwork/masterdata/rulelookup"

	"gorm.io/gorm"
)

// The rules' lookup is built once and kept while master data does not
// change; a change (a new record, a changed one) is seen by the next
// lookup, and each lookup answers on its own date and company.
func TestRuleLookupFollowsChanges(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		must(md.Create(ctx, admin, "company", body(t, `{"code": "1000", "name": {"zh": "总部"}}`)))
		must(md.Create(ctx, admin, "company", body(t, `{"code": "2000", "name": {"zh": "分公司"}}`)))
		must(md.Create(ctx, admin, "department", body(t, `{"code": "IT01", "name": {"zh": "信息技术部"}, "company": "1000"}`)))
		src := rulelookup.New(md)
		types := []string{"department"}
		name := func(company, key string) any {
			t.Helper()
			l, err := src.RuleLookup(ctx, company, "2026-11-24", types)
			if err != nil {
				t.Fatal(err)
			}
			rec := l.Record("department", key)
			if rec == nil {
				return nil
			}
			return rec["name"]
		}
		if got := name("1000", "IT01"); got == nil {
			t.Fatalf("IT01 not found")
		}
		if got := name("2000", "IT01"); got != nil {
			t.Errorf("company 2000 sees 1000's department: %v", got)
		}
		if got := name("1000", "HR01"); got != nil {
			t.Errorf("HR01 before it exists: %v", got)
		}
		must(md.Create(ctx, admin, "department", body(t, `{"code": "HR01", "name": {"zh": "人力资源部"}, "company": "1000"}`)))
		if got := name("1000", "HR01"); got == nil {
			t.Errorf("HR01 created, not seen by the next lookup")
		}
		it := must(md.Get(ctx, admin, "department", "IT01"))
		before := name("1000", "IT01")
		must(md.Update(ctx, admin, "department", "IT01", it.Version, body(t, `{"code": "IT01", "name": {"zh": "数字化部"}, "company": "1000"}`)))
		if after := name("1000", "IT01"); after == nil || fmt.Sprint(after) == fmt.Sprint(before) {
			t.Errorf("IT01 renamed: lookup still answers %v", after)
		}
	})
}
