package httpapi_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"formwork/documents"

	"github.com/shopspring/decimal"
)

// storePersonalFixture stores a travel claim of employee01's (TB, two trip
// details, one deleted), a trip request of manager01's (TA), and three
// claims whose reimburser is employee01: a draft manager01 made for them,
// an approved one manager01 made, and a draft of their own.
func storePersonalFixture(t *testing.T, api *testAPI) {
	t.Helper()
	docs := []struct{ id, docType, status, applicant, createBy, created, body string }{
		{"PT01", "TB", "approved", "employee01", "employee01", "2025-04-01 09:00", `{"head":{},"tripDetailList":[` +
			`{"startDate":"2025-03-20","endDate":"2025-03-22","days":3,"startPoint":"Shanghai","endPoint":"Beijing","transportMeans":"2","localAmount":1234.5},` +
			`{"flag":"D","startDate":"2025-03-22","endDate":"2025-03-22","startPoint":"Beijing","endPoint":"Tianjin","localAmount":10}]}`},
		{"PT02", "TA", "inApproval", "manager01", "manager01", "2025-04-02 09:00", `{"head":{},"tripList":[` +
			`{"tripPurpose":"customer visit","departure":"Shanghai","arrival":"Bangkok","startDate":"2025-05-01","endDate":"2025-05-04","tripDays":4,"transportMeans":"1","amount":"8000"}]}`},
		{"PC01", "EX02", "draft", "employee01", "manager01", "2025-04-03 09:00", `{"head":{}}`},
		{"PC02", "EX02", "approved", "employee01", "manager01", "2025-04-03 10:00", `{"head":{}}`},
		{"PC03", "EX02", "draft", "employee01", "employee01", "2025-04-03 11:00", `{"head":{}}`},
	}
	var recs []*documents.Record
	for _, d := range docs {
		c := at(d.created)
		recs = append(recs, &documents.Record{BusinessID: d.id, DocType: d.docType, Status: d.status, Edition: "form",
			Applicant: d.applicant, CreateBy: d.createBy, CompanyCode: "1000", Amount: decimal.New(100, 0), Version: 1, SchemaVersion: 1,
			Description: d.id, Body: d.body, CreatedAt: c, UpdatedAt: c, Department: "SAL02",
			SearchText: documents.SearchText(d.id, ""), IndexVersion: documents.IndexVersion})
	}
	if err := api.store.InsertMany(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
}

func TestTripsAndToConfirm(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		storePersonalFixture(t, api)
		trips := func(who, query string) (*apiResponse, documents.TripList) {
			res := api.request(t, "GET", "/api/formwork/documents/trips"+query, "", api.as(t, who))
			var out documents.TripList
			if res.status == 200 {
				mustJSON(t, res.envelope.Data, &out)
			}
			return res, out
		}
		keys := func(l documents.TripList) []string {
			var out []string
			for _, tr := range l.Trips {
				out = append(out, tr.BusinessID+"/"+tr.Section+"/"+tr.From+"-"+tr.To+"/"+string(tr.Amount)+"/"+tr.Days)
			}
			return out
		}
		for _, c := range []struct {
			name, who, query string
			want             []string
		}{
			{"my trips: the deleted detail left out", "employee01", "?mine=true", []string{"PT01/tripDetailList/Shanghai-Beijing/1234.50/3"}},
			// employee01 is manager01's delegate (seeds/users.yaml)
			{"what the user may read", "employee01", "", []string{
				"PT02/tripList/Shanghai-Bangkok/8000.00/4", "PT01/tripDetailList/Shanghai-Beijing/1234.50/3"}},
			{"what the user may read: not another's", "manager01", "", []string{"PT02/tripList/Shanghai-Bangkok/8000.00/4"}},
			{"an administrator reads every travel document", "admin", "", []string{
				"PT02/tripList/Shanghai-Bangkok/8000.00/4", "PT01/tripDetailList/Shanghai-Beijing/1234.50/3"}},
			{"by type", "admin", "?docTypes=TA", []string{"PT02/tripList/Shanghai-Bangkok/8000.00/4"}},
			{"by state", "admin", "?status=approved", []string{"PT01/tripDetailList/Shanghai-Beijing/1234.50/3"}},
			{"the approved trip requests (pre-request push)", "admin", "?section=tripList&status=approved", nil},
			{"the trip requests in approval", "admin", "?section=tripList&status=inApproval", []string{"PT02/tripList/Shanghai-Bangkok/8000.00/4"}},
			{"the claims' trip details (settlements)", "admin", "?section=tripDetailList", []string{"PT01/tripDetailList/Shanghai-Beijing/1234.50/3"}},
			{"an administrator's own: none", "admin", "?mine=true", nil},
			{"flights", "admin", "?transport=1", []string{"PT02/tripList/Shanghai-Bangkok/8000.00/4"}},
			{"train journeys", "admin", "?transport=2", []string{"PT01/tripDetailList/Shanghai-Beijing/1234.50/3"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				res, l := trips(c.who, c.query)
				if res.status != 200 || !slices.Equal(keys(l), c.want) {
					t.Errorf("HTTP %d %v, want %v", res.status, keys(l), c.want)
				}
			})
		}
		if _, l := trips("admin", "?docTypes=TA"); l.Trips[0].Purpose != "customer visit" || l.Trips[0].ApplicantTxt == "" || l.Trips[0].TransportTxt != "飞机" || l.Documents != 1 || l.Truncated {
			t.Errorf("PT02 %+v", l)
		}
		for _, c := range []struct{ query, path string }{{"?docTypes=EX02", "docTypes[0]"}, {"?mine=yes", "mine"}, {"?status=nope", "status"}, {"?transport=9", "transport"}, {"?section=lineList", "section"}} {
			if res, _ := trips("admin", c.query); res.status != 400 || !strings.Contains(res.body, c.path) {
				t.Errorf("%s: HTTP %d %s", c.query, res.status, clip(res.body))
			}
		}
		confirm := func(who string) []string {
			res := api.request(t, "GET", "/api/formwork/documents/to-confirm", "", api.as(t, who))
			var rows []documents.ListRow
			if res.status != 200 {
				t.Fatalf("%s: HTTP %d %s", who, res.status, clip(res.body))
			}
			mustJSON(t, res.envelope.Data, &rows)
			var out []string
			for _, r := range rows {
				out = append(out, r.BusinessID+"/"+r.CreateBy)
			}
			return out
		}
		if got := confirm("employee01"); !slices.Equal(got, []string{"PC01/manager01"}) {
			t.Errorf("employee01 confirms %v", got)
		}
		if got := confirm("manager01"); got != nil {
			t.Errorf("manager01 confirms %v", got)
		}
	})
}
