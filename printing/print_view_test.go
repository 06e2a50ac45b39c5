package printing_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"formwork/engine"
	"formwork/printing"
	"formwork/registry"

	"github.com/shopspring/decimal"
)

// stored is a document as the print view reads it.
type stored struct {
	status string
	doc    *engine.Document
}

func (s stored) BusinessID() string         { return "EX02202611240001" }
func (s stored) Status() string             { return s.status }
func (s stored) Version() int               { return 3 }
func (s stored) CreateBy() string           { return "employee01" }
func (s stored) Applicant() string          { return "employee01" }
func (s stored) Document() *engine.Document { return s.doc }

// names names people and codes from maps; err, when set, is every answer.
type names struct {
	people map[string]engine.Text
	codes  map[string]engine.Text
	err    error
}

func (n names) PersonName(_ context.Context, username string) (engine.Text, error) {
	return n.people[username], n.err
}

func (n names) CodeName(_ context.Context, dic, code string) (engine.Text, error) {
	return n.codes[dic+"/"+code], n.err
}

// partial is a name in some languages only (lang, text, lang, text, ...),
// as the master data may have it.
func partial(pairs ...string) engine.Text {
	t := make(engine.Text, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		t[pairs[i]] = pairs[i+1]
	}
	return t
}

func travelClaim(t *testing.T) (*engine.Catalogue, *engine.Document) {
	t.Helper()
	cat, err := engine.Load(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join("..", "seeds", "documents", "EX02-travel.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, _, err := engine.Decode(cat, raw)
	if err != nil {
		t.Fatal(err)
	}
	return cat, doc
}

// lifecycle has Thai for draft only: the page falls back to English for
// the rest.
const lifecycle = `states:
  draft:      {title: {zh: 草稿, en: Draft, th: ฉบับร่าง}, editable: true}
  inApproval: {title: {zh: 审批中, en: In approval}}
  voided:     {title: {zh: 已作废, en: Voided}, final: true}
actions:
  submit: {title: {zh: 提交, en: Submit}, from: [draft], to: inApproval}
  print:  {title: {zh: 打印, en: Print, th: พิมพ์}, from: [draft, inApproval, voided], to: same}
`

// thai is t as a Thai page shows it: Thai, else English, else Chinese.
func thai(t engine.Text) string {
	for _, l := range []string{"th", "en", "zh"} {
		if t[l] != "" {
			return t[l]
		}
	}
	return ""
}

func TestPage(t *testing.T) {
	cat, doc := travelClaim(t)
	lc, err := engine.LoadLifecycle(fstest.MapFS{engine.LifecycleFile: {Data: []byte(lifecycle)}})
	if err != nil {
		t.Fatal(err)
	}
	reg := registry.NewService(cat, lc, nil)
	n := names{
		people: map[string]engine.Text{"employee01": {"zh": "张三", "en": "Zhang San", "th": "จาง ซาน"}, "manager01": partial("zh", "李四")},
		codes:  map[string]engine.Text{"company/1000": partial("zh", "集团总部", "en", "Group headquarters")},
	}
	at := time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC)
	s := printing.NewService(n, n, reg, func() time.Time { return at })
	approval := printing.Approval{Family: "ap", Status: "inApproval", StatusTxt: "审批中",
		Events: []printing.Event{{At: "2026-11-24 09:00:00", By: "employee01", Action: "create", ActionTxt: "创建", To: "draft", ToTxt: "草稿"},
			{At: "2026-11-24 09:01:00", By: "employee01", Action: "submit", From: "draft", To: "inApproval"}},
		Tasks: []printing.Task{{Assignee: "manager01", Open: true}}}
	page, err := s.Page(context.Background(), stored{status: "voided", doc: doc}, approval, "th")
	if err != nil {
		t.Fatal(err)
	}
	head := doc.Type.Section("head")
	a01, _ := doc.Type.SubTypePath("A01")
	for _, want := range []string{`<html lang="th">`, "<h1>" + thai(doc.Type.Title) + "</h1>", "เวลาพิมพ์: 2026-11-24 09:30:00",
		`<div class="stamp">ยกเลิก</div>`, "<span>สถานะ: In approval</span>", // no Thai: English
		"<th>" + thai(head.Field("companyCode").Label) + "</th><td>1000 Group headquarters</td>", // no Thai name: English
		"<th>" + thai(head.Field("applicant").Label) + "</th><td>จาง ซาน (employee01)</td>",
		"<td>จาง ซาน</td><td>创建</td><td>ฉบับร่าง</td>", // an action the lifecycle lacks: the process's words
		"<td>จาง ซาน</td><td>Submit</td><td>ฉบับร่าง → In approval</td>",
		"<td>李四</td><td>รอดำเนินการ</td>", // only Chinese: Chinese
		"<th>" + thai(head.Field("businessType1").Label) + "</th><td>A01 " + thai(a01[0].Title) + "</td>",
		"<th>" + thai(head.Field("department").Label) + "</th><td>SAL02</td>", // a code nobody names: the code
		`<td class="capital">贰仟肆佰伍拾捌元伍角整</td>`, "เวอร์ชัน 3"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the Thai page lacks %s", want)
		}
	}

	failing := names{err: errors.New("database gone")}
	if page, err := printing.NewService(failing, failing, reg, nil).Page(context.Background(), stored{doc: doc}, approval, "en"); err == nil || page != nil {
		t.Errorf("a failed look-up renders a page: %v", err)
	}
}

func TestMoneyText(t *testing.T) {
	for in, want := range map[string]string{"0": "0.00", "2458.5": "2,458.50", "-1234567.891": "-1,234,567.89", "999": "999.00",
		"1000": "1,000.00", "999999999999999.99": "999,999,999,999,999.99"} {
		if got := printing.MoneyText(decimal.RequireFromString(in)); got != want {
			t.Errorf("MoneyText(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestMaskAccount(t *testing.T) {
	for in, want := range map[string]string{"6214830212345678": "6214********5678", "12345678": "12345678", "123456789": "1234*6789", "": ""} {
		if got := engine.MaskAccountNumber(in); got != want {
			t.Errorf("MaskAccountNumber(%s) = %s, want %s", in, got, want)
		}
	}
}
