package httpapi_test

import (
	"strings"
	"testing"
)

// The print view: a server-rendered A4 HTML page with the head, the lines,
// the amount in Chinese capitals and the approval history.

func TestPrintView(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api, with("head.description", `北京客户拜访差旅费 <script>alert(1)</script>`))
		mustDecide(t, api, id, "manager01", "approve", "情况属实，同意")
		mustDecide(t, api, id, "finance01", "approve", "财务审核通过")
		res, err := api.send("GET", printURL+id, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.status != 200 || !strings.HasPrefix(res.header.Get("Content-Type"), "text/html") {
			t.Fatalf("print: HTTP %d %s: %s", res.status, res.header.Get("Content-Type"), clip(res.body))
		}
		for _, want := range []string{
			"<title>员工报销 " + id + "</title>", "@page { size: A4 portrait;", "@media print",
			"<h1>员工报销</h1>", "单据编号：" + id, "状态：已审批",
			"<th>金额（小写）</th><td class=\"num\">CNY 2,458.50</td>", "<th>人民币大写</th><td class=\"capital\">贰仟肆佰伍拾捌元伍角整</td>",
			"<th>报账人</th><td>张三（employee01）</td>", "<th>公司</th><td>1000 集团总部</td>", "<td>6214********5678</td>", "<th>业务大类</th><td>A01 差旅费</td>",
			"北京客户拜访差旅费 &lt;script&gt;alert(1)&lt;/script&gt;",
			"<h2>费用明细</h2>", "<th>费用类型</th>", "<td>住宿费</td>", `<td class="num">1,078.50</td>`, "<h2>行程明细</h2>", "<h2>支付信息</h2>",
			"<h2>审批记录</h2>", "<td>李四</td><td>同意</td><td>审批中 → 审批中</td><td>情况属实，同意</td>",
			"<td>王五</td><td>同意</td><td>审批中 → 已审批</td><td>财务审核通过</td>",
			"<span>审批人：李四、王五</span>",
		} {
			if !strings.Contains(res.body, want) {
				t.Errorf("the print view lacks %s", want)
			}
		}
		if strings.Contains(res.body, "<script>alert") {
			t.Error("the print view does not escape the description")
		}
		for _, unwanted := range []string{"schemaVersion", "6214830212345678", ">uncheck<", ">success<", "<th>状态</th><td>"} {
			if strings.Contains(res.body, unwanted) {
				t.Errorf("the print view shows %s", unwanted)
			}
		}
	})
}

// The print view in the request's language: fixed texts, labels, section
// and sub-type titles, enumerations, states, actions and the names of
// people and codes. What people typed (a cost type, a bank) stays as typed.
func TestPrintViewInTheRequestsLanguage(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := submittedClaim(t, api)
		mustDecide(t, api, id, "manager01", "approve", "ok")
		// what the catalogue and the master data name; the description,
		// the account name and the bank are typed and stay as typed
		chinese := []string{"A01 差旅费", "国内差旅", "集团总部", "集团账套", "销售二部", "总部销售二部", "张三 (", "张三（", "E00001 张三",
			"李四", "王五", "审批中", "草稿", "费用明细", "行程明细", "报账人", "业务大类", "审批记录", "待处理"}
		for _, c := range []struct {
			lang    string
			headers map[string]string
			want    []string
		}{
			{"en", nil, []string{`<html lang="en">`, "<h1>Employee claim</h1>", "<span>Number: " + id + "</span>", "<span>Status: In approval</span>",
				"<th>Business type</th><td>A01 Travel</td>", "<th>Business sub-type</th><td>A0101 Domestic travel</td>",
				"<th>Company</th><td>1000 Group headquarters</td>", "<th>Set of books</th><td>1000 Group ledger</td>",
				"<th>Department</th><td>SAL02 Sales department 2</td>", "<th>Cost center</th><td>1000SAL02 HQ sales 2</td>",
				"<th>Reimburser</th><td>Zhang San (employee01)</td>", "<th>Created on</th><td>PC</td>",
				"<h2>Charge lines</h2>", "<th>Cost type</th>", "<td>交通费</td>", "<h2>Itinerary</h2>", "<td>E00001 Zhang San</td>",
				"<h2>Approval history</h2>", "<td>Zhang San</td><td>Submit</td><td>Draft → In approval</td>",
				"<td>Li Si</td><td>Approve</td><td>In approval → In approval</td><td>ok</td>", "<td>Wang Wu</td><td>waiting</td>",
				"<span>Maker: Zhang San</span>", "<span>Approvers: Li Si</span>", "Amount in Chinese capitals", "贰仟肆佰伍拾捌元伍角整"}},
			// where the catalogue or the master data has no Thai, English
			// (printing's tests hold that); what has Thai everywhere:
			{"th", map[string]string{"Accept-Language": "th-TH,th;q=0.9"}, []string{`<html lang="th">`, "<h1>เบิกค่าใช้จ่ายพนักงาน</h1>",
				"<span>เลขที่เอกสาร: " + id + "</span>", "<th>บริษัท</th><td>1000 สำนักงานใหญ่กลุ่ม</td>", "<th>ประเภทค่าใช้จ่าย</th>",
				"<h2>ประวัติการอนุมัติ</h2>", "</td><td>รอดำเนินการ</td>", "<span>ผู้อนุมัติ: ", "จำนวนเงินเป็นตัวอักษรจีน"}},
		} {
			url := printURL + id
			if c.headers == nil {
				url += "?lang=" + c.lang
			}
			res, err := api.send("GET", url, "", c.headers)
			if err != nil || res.status != 200 {
				t.Fatalf("print in %s: %v %+v", c.lang, err, res)
			}
			for _, want := range c.want {
				if !strings.Contains(res.body, want) {
					t.Errorf("the print view in %s lacks %s", c.lang, want)
				}
			}
			for _, unwanted := range chinese {
				if strings.Contains(res.body, unwanted) {
					t.Errorf("the print view in %s shows Chinese %s", c.lang, unwanted)
				}
			}
		}
	})
}

func TestPrintAccess(t *testing.T) {
	forEachDatabase(t, func(t *testing.T, api *testAPI) {
		id := storeTravelClaim(t, api)
		if res := api.request(t, "GET", printURL+id, "", api.as(t, "manager01")); res.status != 403 || res.envelope.Code != "EFORBIDDEN" {
			t.Errorf("printing another's draft: HTTP %d", res.status)
		}
		if res := api.request(t, "GET", printURL+"EX02209901010001", "", nil); res.status != 404 {
			t.Errorf("printing an unknown document: HTTP %d", res.status)
		}
		if res := api.request(t, "GET", printURL+id, "", noToken); res.status != 401 {
			t.Errorf("printing without a session: HTTP %d", res.status)
		}
		mustSubmit(t, api, id, "employee01")
		if res, _ := api.send("GET", printURL+id, "", api.as(t, "manager01")); res.status != 200 || !strings.Contains(res.body, "<td>李四</td><td>待处理</td>") {
			t.Errorf("the approver printing their to-do: HTTP %d", res.status)
		}
		voided := storeTravelClaim(t, api)
		if res := api.request(t, "POST", voidURL, `{"businessId":"`+voided+`"}`, nil); res.status != 200 {
			t.Fatal(clip(res.body))
		}
		if res, _ := api.send("GET", printURL+voided, "", nil); res.status != 200 || !strings.Contains(res.body, `<div class="stamp">作废</div>`) {
			t.Errorf("a voided claim prints with a stamp: HTTP %d", res.status)
		}
	})
}
