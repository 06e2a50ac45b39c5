package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
)

// Budget control over HTTP: a document occupies its budget on submit,
// releases it on reject or void, consumes it on approval; strong control
// refuses, weak asks to confirm, none records. The travel claim of IT01
// draws 1380.00 on 660201 (交通费) and 1078.50 on 660202 (住宿费); IT01 has
// no seeded budget, so each test sets its own.

func TestStrongBudgetRefuses(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "1000.00", "strong")
		id := storeTravelClaim(t, api, itClaim()...)
		res := submit(t, api, id, "employee01")
		if res.status != 422 || res.envelope.Code != "ECHECK" {
			t.Fatalf("submit over a strong budget: HTTP %d %s", res.status, clip(res.body))
		}
		want := fmt.Sprintf("提交失败！预算1000/IT01/660201/%s不足：可用1000.00，本单占用1380.00（强控制，不能提交）", thisMonth())
		if res.envelope.Message != want {
			t.Errorf("message %q\nwant    %q", res.envelope.Message, want)
		}
		assertFindings(t, res.findings(t), []finding{{Path: "head.amount", Rule: "budget.strong", Severity: "error"}})
		// confirming does not help under strong control
		if res := api.request(t, "POST", startProcessURL+"?confirm=budget.weak,budget.strong", `{"businessId":"`+id+`"}`, nil); res.status != 422 {
			t.Errorf("confirmed submit over a strong budget: HTTP %d", res.status)
		}
		if s := statusOf(t, api, id); s != "draft" {
			t.Errorf("a refused submit left the claim %s", s)
		}
		if h := readHistory(t, api, id); len(h.Tasks) != 0 || len(h.Events) != 1 {
			t.Errorf("a refused submit left tasks %v or events %v", h.Tasks, h.Events)
		}
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 1000.00 occupied 0.00 consumed 0.00 available 1000.00"; got != want {
			t.Errorf("budget %s, want %s", got, want)
		}
	})
}

func TestWeakBudgetAsksToConfirm(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "1000.00", "weak")
		id := storeTravelClaim(t, api, itClaim()...)
		res := submit(t, api, id, "employee01")
		if res.status != 422 || res.envelope.Code != "ECONFIRM" || !contains(res.envelope.Message, "，是否继续？") {
			t.Fatalf("submit over a weak budget: HTTP %d %s", res.status, clip(res.body))
		}
		assertFindings(t, res.findings(t), []finding{{Path: "head.amount", Rule: "budget.weak", Severity: "confirm"}})
		if s := statusOf(t, api, id); s != "draft" {
			t.Fatalf("an unconfirmed submit left the claim %s", s)
		}
		res = api.request(t, "POST", startProcessURL+"?confirm=budget.weak", `{"businessId":"`+id+`"}`, nil)
		if res.status != 200 {
			t.Fatalf("confirmed submit: HTTP %d %s", res.status, clip(res.body))
		}
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 1000.00 occupied 1380.00 consumed 0.00 available -380.00"; got != want {
			t.Errorf("budget %s, want %s", got, want)
		}
	})
}

func TestNoControlRecordsOnly(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "100.00", "none")
		id := storeTravelClaim(t, api, itClaim()...)
		mustSubmit(t, api, id, "employee01")
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 100.00 occupied 1380.00 consumed 0.00 available -1280.00"; got != want {
			t.Errorf("budget %s, want %s", got, want)
		}
	})
}

// Occupied on submit, released on reject, occupied again on resubmit,
// consumed on approval; the second account, without a budget, is not
// controlled and occupies nothing.
func TestBudgetFollowsTheLifecycle(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "10000.00", "strong")
		state := func(want string) {
			t.Helper()
			if got := budgetState(t, api, "IT01", "660201"); got != want {
				t.Errorf("budget %s\nwant   %s", got, want)
			}
		}
		id := storeTravelClaim(t, api, itClaim()...)
		mustSubmit(t, api, id, "employee01")
		state("amount 10000.00 occupied 1380.00 consumed 0.00 available 8620.00")
		h := readHistory(t, api, id)
		if len(h.Budget) != 1 || h.Budget[0].BudgetStatus != "2" || h.Budget[0].BudgetAccount != "660201" {
			t.Errorf("the claim holds %+v, want 660201 with posting status 2", h.Budget)
		}
		mustDecide(t, api, id, "manager01", "reject", "请拆分报销")
		state("amount 10000.00 occupied 0.00 consumed 0.00 available 10000.00")
		mustSubmit(t, api, id, "employee01")
		state("amount 10000.00 occupied 1380.00 consumed 0.00 available 8620.00")
		mustDecide(t, api, id, "manager01", "approve", "")
		state("amount 10000.00 occupied 1380.00 consumed 0.00 available 8620.00")
		mustDecide(t, api, id, "finance01", "approve", "")
		state("amount 10000.00 occupied 0.00 consumed 1380.00 available 8620.00")
		h = readHistory(t, api, id)
		if b := h.Budget[0]; string(b.Occupied) != "0.00" || string(b.Consumed) != "1380.00" || string(b.Released) != "1380.00" {
			t.Errorf("the approved claim holds %+v", b)
		}
	})
}

// postBudget occupies a draft's budget; posting again and submitting
// afterwards occupy once; voiding releases.
func TestPostBudget(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "10000.00", "strong")
		id := storeTravelClaim(t, api, itClaim()...)
		for range 2 {
			res := api.request(t, "POST", postBudgetURL, `{"businessId":"`+id+`"}`, nil)
			if res.status != 200 || !contains(res.body, `"budgetStatus":"2"`) || !contains(res.body, `"occupied":1380.00`) {
				t.Fatalf("postBudget: HTTP %d %s", res.status, clip(res.body))
			}
		}
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 10000.00 occupied 1380.00 consumed 0.00 available 8620.00"; got != want {
			t.Errorf("posted twice: %s, want %s", got, want)
		}
		other := storeTravelClaim(t, api, itClaim()...)
		if res := api.request(t, "POST", postBudgetURL, `{"businessId":"`+other+`"}`, nil); res.status != 200 {
			t.Fatalf("postBudget: HTTP %d", res.status)
		}
		mustSubmit(t, api, other, "employee01")
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 10000.00 occupied 2760.00 consumed 0.00 available 7240.00"; got != want {
			t.Errorf("posted, then submitted: %s, want %s", got, want)
		}
		if res := api.request(t, "POST", postBudgetURL, `{"businessId":"`+other+`"}`, nil); res.status != 409 {
			t.Errorf("postBudget in approval: HTTP %d", res.status)
		}
		if res := api.request(t, "POST", postBudgetURL, `{"businessId":"`+id+`"}`, api.as(t, "finance01")); res.status != 403 {
			t.Errorf("postBudget by finance staff: HTTP %d", res.status)
		}
		if res := api.request(t, "POST", voidURL, `{"businessId":"`+id+`"}`, nil); res.status != 200 {
			t.Fatalf("void: HTTP %d", res.status)
		}
		if got, want := budgetState(t, api, "IT01", "660201"), "amount 10000.00 occupied 1380.00 consumed 0.00 available 8620.00"; got != want {
			t.Errorf("after the void: %s, want %s", got, want)
		}
	})
}

// A pre-application (EX01) posts with status 1 and keeps its budget
// occupied after approval until releaseADVBudget, which never releases
// more than it occupies.
func TestPreApplicationBudget(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660205", "10000.00", "strong")
		body := seedDocument("EX01-training.json", with("head.department", "IT01"), with("head.costCenter", "1000IT01"))
		res := api.request(t, "POST", createClaim, body, nil)
		if res.status != 200 {
			t.Fatalf("storing a pre-application: HTTP %d %s", res.status, clip(res.body))
		}
		id := fmt.Sprint(mustValue(t, res.data(t), "head", "businessId"))
		mustSubmit(t, api, id, "employee01")
		mustDecide(t, api, id, "manager01", "approve", "")
		mustDecide(t, api, id, "finance01", "approve", "")
		h := readHistory(t, api, id)
		if h.Status != "approved" || len(h.Budget) != 1 || h.Budget[0].BudgetStatus != "1" || string(h.Budget[0].Occupied) != "3600.00" {
			t.Fatalf("an approved pre-application: %s %+v", h.Status, h.Budget)
		}
		for _, tt := range []struct {
			as, query string
			status    int
			content   string
		}{
			{"employee01", "&amount=5000&lang=en", 409, "occupies 3600.00 of budget; 5000.00 cannot be released"},
			{"employee01", "&amount=5000", 409, "占用预算3600.00，不能释放5000.00"},
			{"employee01", "&amount=5000&lang=th", 409, "ใช้งบประมาณอยู่ 3600.00 จึงไม่สามารถคืน 5000.00 ได้"},
			{"employee01", "&amount=abc&lang=en", 400, `amount: \"abc\" is not an amount`},
			{"employee01", "&amount=1.005&lang=th", 400, "มีทศนิยมเกิน 2 ตำแหน่ง"},
			{"employee01", "&amount=-1&lang=en", 400, "above 0"},
			{"manager01", "&amount=100", 403, "EFORBIDDEN"},
			{"employee01", "&amount=1000", 200, `"released":1000.00`},
			{"finance01", "&amount=600.50", 200, `"released":600.50`},
			{"employee01", "", 200, `"released":1999.50`},
			{"employee01", "", 409, "没有占用中的事前申请预算"},
		} {
			res := api.request(t, "GET", releaseADVURL+id+tt.query, "", api.as(t, tt.as))
			if res.status != tt.status || !contains(res.body, tt.content) {
				t.Errorf("release%s as %s: HTTP %d %s, want %d with %s", tt.query, tt.as, res.status, clip(res.body), tt.status, tt.content)
			}
		}
		if got, want := budgetState(t, api, "IT01", "660205"), "amount 10000.00 occupied 0.00 consumed 0.00 available 10000.00"; got != want {
			t.Errorf("after the releases: %s, want %s", got, want)
		}
		// a claim has no pre-application budget to release
		claim := submittedClaim(t, api, itClaim()...)
		if res := api.request(t, "GET", releaseADVURL+claim, "", nil); res.status != 409 {
			t.Errorf("releasing a claim's budget: HTTP %d", res.status)
		}
	})
}

func TestQueryBudget(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		setBudget(t, api, "IT01", "660201", "5000.00", "strong")
		id := storeTravelClaim(t, api, itClaim()...)
		res := api.request(t, "POST", queryBudgetURL, `{"businessId":"`+id+`"}`, nil)
		for _, want := range []string{`"budgetStatus":"2"`, `"department":"IT01"`, `"period":"` + thisMonth() + `"`,
			`"budgetAccount":"660201","budgetAccountTxt":"差旅费-交通费","amount":1380.00,"budget":{"id":`, `"available":5000.00`,
			`"budgetAccount":"660202","budgetAccountTxt":"差旅费-住宿费","amount":1078.50,"budget":null`, `"entries":[]`} {
			if !contains(res.body, want) {
				t.Errorf("the claim's budget lacks %s: %s", want, clip(res.body))
			}
		}
		for _, tt := range []struct {
			as, body string
			status   int
			content  string
		}{
			{"manager01", `{"businessId":"` + id + `"}`, 403, "EFORBIDDEN"},
			{"employee01", `{"companyCode":"1000"}`, 403, "只能按单据号查询预算"},
			{"finance01", `{"companyCode":"1000","department":"IT01"}`, 200, `"total":1`},
			{"finance01", `{"period":"` + thisMonth() + `","department":"SAL02","pageSize":2}`, 200, `"total":4,"pageSize":2,"currentPage":1`},
			{"finance01", `{"pageSize":-1}`, 400, "pageSize 须为 1 到 200"},
			{"finance01", `{"department":5}`, 400, "department must be a text"},
			{"finance01", `{"depart":"IT01"}`, 400, `unknown field \"depart\"`},
		} {
			res := api.request(t, "POST", queryBudgetURL, tt.body, api.as(t, tt.as))
			if res.status != tt.status || !contains(res.body, tt.content) {
				t.Errorf("%s %s: HTTP %d %s, want %d with %s", tt.as, tt.body, res.status, clip(res.body), tt.status, tt.content)
			}
		}
	})
}

func TestSaveBudget(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		month := thisMonth()
		node := func(extra string) string {
			return `{"companyCode":"1000","department":"IT01","budgetAccount":"660204","period":"` + month + `"` + extra + `}`
		}
		for _, tt := range []struct {
			name, as, body string
			status         int
			content        string
			lang           string // of the answer; "" is English
		}{
			{"a new budget", "finance01", node(`,"amount":"8,000.00","control":"weak"`), 200, `"amount":8000.00,"occupied":0.00,"consumed":0.00,"control":"weak"`, ""},
			{"the same node twice", "finance01", node(`,"amount":1,"control":"weak"`), 409, "exists already", ""},
			{"no amount", "finance01", node(`,"control":"weak"`), 400, "amount is missing", ""},
			{"three decimals", "finance01", node(`,"amount":1.005,"control":"weak"`), 400, "more than 2 decimals", ""},
			{"an amount that is no number", "finance01", node(`,"amount":"much","control":"weak"`), 400, "is not an amount", ""},
			{"an unknown control", "finance01", node(`,"amount":1,"control":"hard"`), 400, "control must be strong, weak or none", ""},
			{"a period that is no month", "finance01", `{"companyCode":"1000","department":"IT01","budgetAccount":"660204","period":"2026-13","amount":1,"control":"none"}`, 400, "period must be a month yyyy-MM", ""},
			{"a company code too long", "admin", `{"companyCode":"100000000000000000000","department":"IT01","budgetAccount":"660204","period":"2026-12","amount":1,"control":"none"}`, 400, "companyCode is longer than 20 characters", ""},
			{"no department", "finance01", `{"companyCode":"1000","budgetAccount":"660204","period":"2026-12","amount":1,"control":"none"}`, 400, "department is missing", ""},
			{"a company finance01 does not work for", "finance01", `{"companyCode":"3000","department":"IT01","budgetAccount":"660204","period":"2026-12","amount":1,"control":"none"}`, 403, "you do not work for company 3000", ""},
			{"an employee", "employee01", node(`,"amount":1,"control":"none"`), 403, "您没有菜单budget的权限", "zh"},
			{"an unknown id", "admin", `{"id":99999,"amount":1,"control":"none"}`, 404, "no budget 99999", ""},
			{"an unknown id, in Chinese", "admin", `{"id":99999,"amount":1,"control":"none"}`, 404, "没有预算99999", "zh"},
			{"an unknown id, in Thai", "admin", `{"id":99999,"amount":1,"control":"none"}`, 404, "ไม่พบงบประมาณ 99999", "th"},
			{"the same node twice, in Thai", "finance01", node(`,"amount":1,"control":"weak"`), 409, "มีงบประมาณของ 1000/IT01/660204", "th"},
			{"no amount, in Chinese", "finance01", node(`,"control":"weak"`), 400, "金额（amount）未填写", "zh"},
			{"a company finance01 does not work for, in Thai", "finance01", `{"companyCode":"3000","department":"IT01","budgetAccount":"660204","period":"2026-12","amount":1,"control":"none"}`, 403, "คุณไม่ได้สังกัดบริษัท 3000", "th"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				l := tt.lang
				if l == "" {
					l = "en"
				}
				res := api.request(t, "POST", saveBudgetURL+"?lang="+l, tt.body, api.as(t, tt.as))
				if res.status != tt.status || !contains(res.body, tt.content) {
					t.Errorf("HTTP %d %s, want %d with %s", res.status, clip(res.body), tt.status, tt.content)
				}
			})
		}
		// a strong budget cannot drop below what documents hold
		id := setBudget(t, api, "IT01", "660201", "5000.00", "strong")
		submittedClaim(t, api, itClaim()...)
		change := func(amount, control string) *apiResponse {
			return api.request(t, "POST", saveBudgetURL+"?lang=en", fmt.Sprintf(`{"id":%d,"amount":%s,"control":%q}`, id, amount, control), api.as(t, "finance01"))
		}
		if res := change("1000.00", "strong"); res.status != 409 || !contains(res.envelope.Message, "1380.00 occupied") {
			t.Errorf("lowering a strong budget below its occupation: HTTP %d %s", res.status, res.envelope.Message)
		}
		if res := change("1380.00", "strong"); res.status != 200 || !contains(res.body, `"available":0.00`) {
			t.Errorf("lowering it to its occupation: HTTP %d %s", res.status, clip(res.body))
		}
		if res := change("1000.00", "weak"); res.status != 200 || !contains(res.body, `"available":-380.00`) {
			t.Errorf("a weak budget below its occupation: HTTP %d %s", res.status, clip(res.body))
		}
		res := api.request(t, "POST", saveBudgetURL+"?lang=en", fmt.Sprintf(`{"id":%d,"department":"SAL02","amount":1,"control":"weak"}`, id), api.as(t, "admin"))
		if res.status != 400 || !strings.Contains(res.envelope.Message, "cannot change") {
			t.Errorf("moving a budget to another node: HTTP %d %s", res.status, res.envelope.Message)
		}
	})
}
