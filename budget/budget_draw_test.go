package budget_test

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"formwork/budget"
	"formwork/engine"
)

var repository struct {
	once sync.Once
	cat  *engine.Catalogue
	err  error
}

// catalogue is the repository's catalogue, loaded once.
func catalogue(t testing.TB) *engine.Catalogue {
	t.Helper()
	repository.once.Do(func() { repository.cat, repository.err = engine.Load(os.DirFS("..")) })
	if repository.err != nil {
		t.Fatalf("load catalogue: %v", repository.err)
	}
	return repository.cat
}

var budgetRules = []budget.AccountRule{
	{DocType: "EX02", BusinessType: "A01", Account: "660201"},
	{DocType: "EX02", BusinessType: "A01", CostType: "住宿费", Account: "660202"},
	{DocType: "EX02", BusinessType: "A0102", Account: "660203"},
	{DocType: "EX02", Account: "6602"},
	{BusinessType: "A04", Account: "660301"},
	{DocType: "BG", Account: "660301"},
}

func TestBudgetAccountFor(t *testing.T) {
	for _, tt := range []struct {
		docType, bt1, bt2, costType string
		want                        string
	}{
		{"EX02", "A01", "A0101", "交通费", "660201"},
		{"EX02", "A01", "A0101", "住宿费", "660202"},
		{"EX02", "A01", "A0102", "交通费", "660203"},
		{"EX02", "A03", "A0301", "办公用品", "6602"},
		{"EX01", "A04", "", "培训费", "660301"},
		{"EX05", "", "", "", ""},
	} {
		got, ok := budget.AccountFor(budgetRules, tt.docType, tt.bt1, tt.bt2, tt.costType)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("%s %s %s %s: %q %v, want %q", tt.docType, tt.bt1, tt.bt2, tt.costType, got, ok, tt.want)
		}
	}
}

func TestBudgetDraws(t *testing.T) {
	cat := catalogue(t)
	decode := func(body string) *engine.Document {
		doc, findings, err := engine.Decode(cat, []byte(body))
		if err != nil || len(findings) > 0 {
			t.Fatalf("decode: %v %v", err, findings)
		}
		return doc
	}
	for _, tt := range []struct {
		name, body string
		node       string
		draws      string
	}{
		{"charge lines draw per account; the period is the creation month",
			`{"head":{"docType":"EX02","businessType1":"A01","businessType2":"A0101","companyCode":"1000","department":"SAL02","amount":2458.50,"createAt":"2026-11-22 10:00:00"},
			  "lineList":[{"costType":"交通费","amount":1380.00},{"costType":"住宿费","amount":1078.50},{"costType":"交通费","amount":20.00,"flag":"D"}]}`,
			"{1000 SAL02  2026-11}", "[{660201 1380} {660202 1078.5}]"},
		{"the budget company and department win over the document's",
			`{"head":{"docType":"BG","businessType1":"A01","companyCode":"1000","department":"SAL02","bgtComp":"2000","bgtDept":"FIN01","bgtProject":"PRJ01","pstingDate":"2027-01-05","amount":100}}`,
			"{2000 FIN01 PRJ01 2027-01}", "[{660301 100}]"},
		{"without lines the head amount draws on the business type's account",
			`{"head":{"docType":"EX01","businessType1":"A04","companyCode":"1000","department":"FIN01","amount":3600.00}}`,
			"{1000 FIN01  2026-12}", "[{660301 3600}]"},
		{"a foreign-currency claim draws in local currency",
			`{"head":{"docType":"EX02","businessType1":"A01","businessType2":"A0102","companyCode":"1000","department":"SAL02","currency":"USD","exchangeRate":7.1234,"amount":100.01},
			  "lineList":[{"costType":"交通费","amount":100.01}]}`,
			"{1000 SAL02  2026-12}", "[{660203 712.41}]"},
		{"a document no rule maps draws nothing",
			`{"head":{"docType":"EX05","companyCode":"1000","department":"SAL02","amount":800}}`,
			"{1000 SAL02  2026-12}", "[]"},
	} {
		node, draws := budget.Draws(decode(tt.body), budgetRules, "2026-12-01")
		if got := fmt.Sprint(node); got != tt.node {
			t.Errorf("%s: node %s, want %s", tt.name, got, tt.node)
		}
		var list []string
		for _, d := range draws {
			list = append(list, fmt.Sprintf("{%s %s}", d.Account, d.Amount))
		}
		if got := fmt.Sprint(list); got != tt.draws {
			t.Errorf("%s: draws %s, want %s", tt.name, got, tt.draws)
		}
	}
}
