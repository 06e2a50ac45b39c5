package masterdata_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"formwork/adapters/sqldb"
	"formwork/masterdata"

	"gorm.io/gorm"
)

func keys(p *masterdata.Page) string {
	var out []string
	for _, r := range p.Rows {
		out = append(out, r.Key)
	}
	return fmt.Sprintf("%d: %s", p.Total, strings.Join(out, " "))
}

func TestList(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, _ *gorm.DB) {
		ctx := context.Background()
		organisation(t, md)
		for _, b := range []string{
			`{"code": "IT", "name": {"zh": "信息中心", "en": "IT hub"}, "company": "1000"}`,
			`{"code": "SAL01", "name": {"zh": "销售一部", "en": "Sales 1", "th": "ฝ่ายขาย 1"}, "company": "1000"}`,
			`{"code": "SAL02", "name": {"zh": "销售二部", "en": "Sales 2"}, "company": "1000", "parent": "SAL01"}`,
			`{"code": "XIT", "name": {"zh": "外部", "en": "Outside"}, "company": "2000"}`,
		} {
			must(md.Create(ctx, admin, "department", body(t, b)))
		}
		must(md.Deactivate(ctx, admin, "department", "SAL01", 1))
		yes, no := true, false
		for _, c := range []struct {
			q    masterdata.Query
			want string
		}{
			{masterdata.Query{}, "6: HR01 IT IT01 SAL01 SAL02 XIT"},
			{masterdata.Query{Q: "sales"}, "2: SAL01 SAL02"},                  // a name in English, case ignored
			{masterdata.Query{Q: "ฝ่ายขาย"}, "1: SAL01"},                      // in Thai
			{masterdata.Query{Q: "it"}, "3: IT IT01 XIT"},                     // the key equal first, then starting with it
			{masterdata.Query{Q: "it", Sort: "key"}, "3: IT IT01 XIT"},        // by key
			{masterdata.Query{Q: "it", Sort: "-key"}, "3: XIT IT01 IT"},       // descending
			{masterdata.Query{Sort: "-name", Company: "2000"}, "2: XIT HR01"}, // by the Chinese name, descending: 外 after 人
			{masterdata.Query{Active: &yes, Q: "sal"}, "1: SAL02"},            // a picker offers the active ones
			{masterdata.Query{Active: &no}, "1: SAL01"},                       // deactivated
			{masterdata.Query{Page: 2, PageSize: 4}, "6: SAL02 XIT"},          // paging
			{masterdata.Query{Page: 9, PageSize: 4}, "6: "},                   // past the end
			{masterdata.Query{Q: "%"}, "0: "},                                 // no wildcard
			{masterdata.Query{Q: "  销售  "}, "2: SAL01 SAL02"},                 // spaces around
		} {
			got := keys(must(md.List(ctx, employee, "department", c.q)))
			if got != c.want {
				t.Errorf("%+v: %s, want %s", c.q, got, c.want)
			}
		}
		for q, want := range map[string]string{"物流": "1: V1", "shunda": "1: V1", "V": "1: V1", "银行": "0: "} {
			if got := keys(must(md.List(ctx, employee, "vendor", masterdata.Query{Q: q}))); got != want {
				t.Errorf("vendors %q: %s, want %s", q, got, want)
			}
		}
		for _, q := range []masterdata.Query{{Page: -1}, {PageSize: masterdata.MaxPageSize + 1}, {On: "1.3.2026"}} {
			if code, _ := refusal(func() error { _, err := md.List(ctx, employee, "department", q); return err }()); code != "EINVALID" {
				t.Errorf("%+v: %s, want EINVALID", q, code)
			}
		}
	})
}

// Another replica's write is seen by the next read: the type's revision
// moved.
func TestSnapshotsFollowOtherReplicas(t *testing.T) {
	forEachService(t, func(t *testing.T, md *masterdata.Service, db *gorm.DB) {
		ctx := context.Background()
		organisation(t, md)
		other := newService(db)
		if got := keys(must(other.List(ctx, admin, "department", masterdata.Query{}))); got != "2: HR01 IT01" {
			t.Fatalf("the other replica lists %s", got)
		}
		must(md.Create(ctx, admin, "department", body(t, `{"code": "NEW1", "name": {"zh": "新部门"}, "company": "1000"}`)))
		if got := keys(must(other.List(ctx, admin, "department", masterdata.Query{}))); got != "3: HR01 IT01 NEW1" {
			t.Errorf("after a write through the first replica, the other lists %s", got)
		}
		// a write to the table behind the service's back is not seen until the revision moves
		db.Model(&sqldb.MasterRecordRow{}).Where("record_key = ?", "NEW1").Update("active", false)
		if r := must(other.Get(ctx, admin, "department", "NEW1")); !r.Active {
			t.Errorf("the snapshot was read again without a new revision")
		}
	})
}
