package eval_test

import (
	"encoding/json"
	"testing"

	"formwork/engine/eval"
	"formwork/engine/internal/enginetest"
	"formwork/engine/model"
)

func n(s string) json.Number { return json.Number(s) }

func validEX05() enginetest.Obj {
	return enginetest.Obj{
		"head": enginetest.Obj{"docType": "EX05", "businessType1": "A01", "companyCode": "1000", "department": "D1",
			"applicant": "employee01", "description": "repay", "amount": n("800.00")},
		// the loans it repays add up to the amount
		"outStandList": []any{enginetest.Obj{"advBusinessId": "EX04202611010001", "verAmount": n("800.00")}},
		"recipt":       enginetest.Obj{"receiptDate": "2026-11-20", "amount": n("800.00")},
	}
}

// Each rule of the EX family: one document that passes it and one that
// fails it, and the finding expected of the failing one.
func TestEXRules(t *testing.T) {
	tests := []struct {
		rule     string
		path     string
		pass     enginetest.Obj
		fail     enginetest.Obj
		severity model.Severity
	}{
		{"ex.amount-positive", "head.amount",
			enginetest.ValidEX02(), enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList": []any{}, "paymentList": []any{}}), model.SeverityError},
		{"ex.amount-positive", "head.amount", // A05 and A07 may be 0
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.businessType1": "A05", "head.businessType2": nil, "lineList": []any{}, "paymentList": []any{}}),
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.businessType1": "A02", "head.businessType2": nil, "lineList": []any{}, "paymentList": []any{}}), model.SeverityError},
		{"ex.amount-positive", "head.amount",
			enginetest.Patch(validEX05(), map[string]any{"head.businessType1": "A02"}),
			enginetest.Patch(validEX05(), map[string]any{"outStandList": []any{}, "head.amount": n("0"), "recipt.amount": nil}), model.SeverityError},
		{"ex.lines-validated", "lineList[0].status",
			enginetest.ValidEX02(), enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.costType": ""}), model.SeverityError},
		{"ex.lines-validated", "lineList[0].status", // a deleted row is never counted
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList": []any{enginetest.Obj{"costType": "x", "amount": 1}, enginetest.Obj{"flag": "D"}}, "paymentList.0.paymentAmount": 1}),
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList": []any{enginetest.Obj{"amount": 1}, enginetest.Obj{"flag": "D"}}}), model.SeverityError},
		{"ex.rest-amount-zero", "head.restAmount",
			enginetest.ValidEX02(), enginetest.Patch(enginetest.ValidEX02(), map[string]any{"paymentList.0.paymentAmount": n("99.99")}), model.SeverityError},
		{"ex02.exception-reason", "head.reason",
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.outstandAmount": 100, "head.reason": "paid back in cash"}),
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.outstandAmount": 100}), model.SeverityError},
		{"ex02.exception-reason", "head.reason", // something verified: no reason needed
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.outstandAmount": 100, "head.verifiedAmount": 50, "paymentList.0.paymentAmount": 50}),
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.outstandAmount": n("0.01"), "head.verifiedAmount": 0}), model.SeverityError},
		{"ex02.advance-before-start", "itemList[0].advDate",
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"itemList": []any{enginetest.Obj{"costType": "x", "amount": 1, "advDate": "2026-01-05", "startDate": "2026-01-05"}}}),
			enginetest.Patch(enginetest.ValidEX02(), map[string]any{"itemList": []any{enginetest.Obj{"costType": "x", "amount": 1, "advDate": "2026/1/6", "startDate": "20260105"}}}), model.SeverityError},
		{"ex05.repayment-equals-receipt", "head.amount",
			validEX05(), enginetest.Patch(validEX05(), map[string]any{"recipt.amount": n("799.99")}), model.SeverityError},
		{"required", "lineList[0].costType",
			enginetest.ValidEX02(), enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.costType": " "}), model.SeverityError},
		{"required", "head.description",
			enginetest.ValidEX02(), enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.description": nil}), model.SeverityError},
	}
	for _, tt := range tests {
		t.Run(tt.rule+"/pass", func(t *testing.T) {
			res := enginetest.Check(t, tt.pass, eval.Options{Action: "new"})
			if !res.Valid || enginetest.Has(res, tt.path, tt.rule) {
				t.Errorf("want valid, got %+v", res.Errors)
			}
		})
		t.Run(tt.rule+"/fail", func(t *testing.T) {
			res := enginetest.Check(t, tt.fail, eval.Options{Action: "new"})
			if res.Valid {
				t.Fatalf("want invalid, got valid")
			}
			for _, f := range res.Errors {
				if f.Path == tt.path && f.Rule == tt.rule {
					if f.Severity != tt.severity {
						t.Errorf("severity %s, want %s", f.Severity, tt.severity)
					}
					return
				}
			}
			t.Errorf("no finding %s at %s in %+v", tt.rule, tt.path, res.Errors)
		})
	}
}

func TestMessages(t *testing.T) {
	res := enginetest.Check(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList.0.costType": nil}), eval.Options{})
	want := map[string][2]string{
		"lineList[0].costType": {"第1行，费用类型为空", "Row 1: Cost type is empty"},
		"lineList[0].status":   {"第1行，费用明细未校验通过", "Row 1: the charge line is not validated"},
	}
	res2 := enginetest.Check(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList": []any{}, "paymentList": []any{}}), eval.Options{})
	res.Errors = append(res.Errors, res2.Errors...)
	want["head.amount"] = [2]string{"请填写费用或金额", "Please fill in the cost or amount"}
	for _, f := range res.Errors {
		w, ok := want[f.Path]
		if !ok {
			t.Errorf("unexpected finding %s %s", f.Path, f.Rule)
			continue
		}
		if f.Message.In("zh") != w[0] || f.Message.In("en") != w[1] {
			t.Errorf("%s: got %q / %q, want %q / %q", f.Path, f.Message.In("zh"), f.Message.In("en"), w[0], w[1])
		}
		delete(want, f.Path)
	}
	if len(want) > 0 {
		t.Errorf("missing findings: %v", want)
	}
}

func TestFindingsSortedByPathThenRule(t *testing.T) {
	var lines []any
	for i := 0; i < 12; i++ {
		lines = append(lines, enginetest.Obj{"costType": "x", "amount": 1})
	}
	lines[10] = enginetest.Obj{"amount": 1}
	lines[2] = enginetest.Obj{"costType": "x"}
	res := enginetest.Check(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList": lines, "head.description": nil}), eval.Options{})
	var got []string
	for _, f := range res.Errors {
		got = append(got, f.Path+" "+f.Rule)
	}
	want := []string{
		"head.description required",
		"lineList[2].amount required",
		"lineList[2].status ex.lines-validated",
		"lineList[10].costType required",
		"lineList[10].status ex.lines-validated",
	}
	if len(got) != len(want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v\nwant %v", got, want)
		}
	}
}

func TestLineStatusDerived(t *testing.T) {
	d, fs := enginetest.Decode(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"lineList": []any{
		enginetest.Obj{"costType": "x", "amount": 1, "status": "error"}, // a client cannot decide the status
		enginetest.Obj{"amount": 1, "status": "success"},
		enginetest.Obj{"flag": "D", "status": "uncheck"}, // deleted rows keep theirs
	}}))
	ev := eval.Evaluate(d, fs, eval.Options{})
	rows := d.Tables["lineList"]
	for i, want := range []string{"success", "error", "uncheck"} {
		if got := rows[i].String("status"); got != want {
			t.Errorf("row %d status %q, want %q", i+1, got, want)
		}
	}
	if ev.Values["lineList[0].status"] != "success" || ev.Values["lineList[1].status"] != "error" {
		t.Errorf("changed values: %v", ev.Values)
	}
	if _, ok := ev.Values["lineList[2].status"]; ok {
		t.Errorf("deleted row reported as changed")
	}
}

func TestDefaultsOfSpecSection9(t *testing.T) {
	d, fs := enginetest.Decode(t, enginetest.ValidEX02())
	eval.Check(d, fs, eval.Options{})
	h := d.Head()
	want := map[string]string{"isUFIDA": "N", "managerApproval": "Y", "deductedFrTax": "1", "costSharing": "N",
		"assetFlag": "N", "creditFlag": "N", "monthBalanceFlag": "N", "createDevice": "pc", "currency": "CNY"}
	for k, v := range want {
		if h.String(k) != v {
			t.Errorf("head.%s = %q, want %q", k, h.String(k), v)
		}
	}
	if got := h["exchangeRate"].(interface{ String() string }).String(); got != "1" {
		t.Errorf("exchangeRate %s, want 1", got)
	}
	// a value given is kept
	d, fs = enginetest.Decode(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.managerApproval": "N"}))
	eval.Check(d, fs, eval.Options{})
	if d.Head().String("managerApproval") != "N" {
		t.Errorf("default overwrote a given value")
	}
}

// TestFieldStates: a field's state holds what differs from how the export
// draws it (no state: as drawn).
func TestFieldStates(t *testing.T) {
	tests := []struct {
		name   string
		set    map[string]any
		action string
		path   string
		want   string // the state's JSON; "" none
	}{
		// reason's visibility is an expression: the export shows it
		{"reason hidden without outstanding loan", nil, "new", "head.reason", `{"visible":false}`},
		{"reason shown with outstanding loan", map[string]any{"head.outstandAmount": 5}, "new", "head.reason", ""},
		{"reason hidden when the loan is verified", map[string]any{"head.outstandAmount": 5, "head.verifiedAmount": 5}, "new", "head.reason", `{"visible":false}`},
		{"currency hidden for domestic travel: the sub-type hides it, so does the export", nil, "new", "head.currency", ""},
		{"currency shown for overseas travel", map[string]any{"head.businessType2": "A0102"}, "new", "head.currency", ""},
		{"read mode: the export draws every field read-only", nil, "read", "head.description", ""},
		{"system fields: the export draws them read-only", nil, "new", "head.businessId", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, fs := enginetest.Decode(t, enginetest.Patch(enginetest.ValidEX02(), tt.set))
			ev := eval.Evaluate(d, fs, eval.Options{Action: tt.action})
			got := ""
			if st, ok := ev.Fields[tt.path]; ok {
				b, _ := json.Marshal(st)
				got = string(b)
			}
			if got != tt.want {
				t.Errorf("%s: %s, want %s", tt.path, got, tt.want)
			}
		})
	}
}

func TestUnknownSubType(t *testing.T) {
	res := enginetest.Check(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.businessType1": "Z9", "head.businessType2": nil}), eval.Options{})
	if !enginetest.Has(res, "head.businessType1", "subType") {
		t.Errorf("unknown businessType1 not reported: %+v", res.Errors)
	}
	res = enginetest.Check(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.businessType2": "A0301"}), eval.Options{})
	if !enginetest.Has(res, "head.businessType2", "subType") {
		t.Errorf("businessType2 of another businessType1 not reported: %+v", res.Errors)
	}
}
