package server_test

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
		en, _ := api.send("GET", printURL+id+"?lang=en", "", nil)
		for _, want := range []string{`<html lang="en">`, "<h1>Employee claim</h1>", "Amount in Chinese capitals", "贰仟肆佰伍拾捌元伍角整", "Approval history"} {
			if !strings.Contains(en.body, want) {
				t.Errorf("the English print view lacks %s", want)
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
