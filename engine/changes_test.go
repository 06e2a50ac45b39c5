package engine_test

import (
	"strings"
	"testing"

	"formwork/engine"
)

func TestForbiddenChanges(t *testing.T) {
	c, err := engine.Load(miniCatalogue(`fields:
  head.note:
    editable: 'action in ["new", "edit", "partedit"]'
  lineList.note:
    editable: 'action == "fssc" && row.amount > 100'
`))
	if err != nil {
		t.Fatal(err)
	}
	prev := `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`
	tests := []struct {
		name, next, action, want string
	}{
		{"no change", prev, "read", ""},
		{"edit mode edits what has no rule of its own", `{"head": {"docType": "T1", "amount": 11, "note": "b"}, "lineList": [{"amount": 1}]}`, "edit", "lineList[0].note"},
		{"partial edit: only the note", `{"head": {"docType": "T1", "amount": 10, "note": "b"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`, "partedit", ""},
		{"partial edit: amount refused", `{"head": {"docType": "T1", "amount": 11, "note": "b"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`, "partedit", "head.amount"},
		{"fssc: a row condition", `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "y"}, {"amount": 5, "note": "z"}]}`, "fssc", "lineList[1].note"},
		{"read: a removed row", `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "x"}]}`, "read", "lineList[1].amount"},
		{"read: an added row", `{"head": {"docType": "T1", "amount": 10, "note": "a"}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}, {"flag": "D"}]}`, "read", "lineList[2].flag"},
		{"read: a cleared value", `{"head": {"docType": "T1", "amount": 10}, "lineList": [{"amount": 200, "note": "x"}, {"amount": 5}]}`, "read", "head.note"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := engine.Decode(c, []byte(prev))
			b, _, err := engine.Decode(c, []byte(tt.next))
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(engine.ForbiddenChanges(a, b, tt.action), ",")
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestKeepServerFields(t *testing.T) {
	d, _ := decode(t, patch(validEX02(), map[string]any{"head.businessId": "X1", "head.status": "approved", "head.createBy": "mallory"}))
	blank := catalogue(t).DocType("EX02").NewDocument()
	engine.KeepServerFields(d, blank)
	h := d.Head()
	for _, k := range []string{"businessId", "status", "createBy"} {
		if _, ok := h[k]; ok {
			t.Errorf("head.%s kept from the client: %v", k, h[k])
		}
	}
	if h.String("docType") != "EX02" || h.String("description") != "trip" {
		t.Errorf("client fields lost: %v", h)
	}
}

func TestKeepServerFieldsInRows(t *testing.T) {
	c := catalogue(t)
	stored, _, _ := engine.DecodeAs(c.DocType("EX05"), []byte(`{"head": {"docType": "EX05"}, "outStandList": [{"voucherNo": "1", "outstandAmount": 5}]}`))
	_ = stored
	dt := c.DocType("CC")
	if dt == nil || dt.Section("reciptList") == nil || dt.Section("reciptList").Field("sapStatus") == nil {
		t.Skip("no receipt list with a SAP status in CC")
	}
	prev, _, _ := engine.DecodeAs(dt, []byte(`{"head": {"docType": "CC"}, "reciptList": [{"sapStatus": "S", "sapBelnr": "100"}]}`))
	next, _, _ := engine.DecodeAs(dt, []byte(`{"head": {"docType": "CC"}, "reciptList": [{"sapStatus": "D", "sapBelnr": "999"}, {"sapStatus": "K"}]}`))
	engine.KeepServerFields(next, prev)
	rows := next.Tables["reciptList"]
	if rows[0].String("sapStatus") != "S" || rows[0].String("sapBelnr") != "100" {
		t.Errorf("a stored row's SAP fields came from the client: %v", rows[0])
	}
	if _, ok := rows[1]["sapStatus"]; ok {
		t.Errorf("a new row's SAP status came from the client: %v", rows[1])
	}
}
