package model_test

import (
	"testing"

	"formwork/engine/decode"
	"formwork/engine/internal/enginetest"
	"formwork/engine/model"
)

func TestKeepServerFields(t *testing.T) {
	d, _ := enginetest.Decode(t, enginetest.Patch(enginetest.ValidEX02(), map[string]any{"head.businessId": "X1", "head.status": "approved", "head.createBy": "mallory"}))
	blank := enginetest.Catalogue(t).DocType("EX02").NewDocument()
	model.KeepServerFields(d, blank)
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
	c := enginetest.Catalogue(t)
	stored, _, _ := decode.DecodeAs(c.DocType("EX05"), []byte(`{"head": {"docType": "EX05"}, "outStandList": [{"voucherNo": "1", "outstandAmount": 5}]}`))
	_ = stored
	dt := c.DocType("CC")
	if dt == nil || dt.Section("reciptList") == nil || dt.Section("reciptList").Field("sapStatus") == nil {
		t.Skip("no receipt list with a SAP status in CC")
	}
	prev, _, _ := decode.DecodeAs(dt, []byte(`{"head": {"docType": "CC"}, "reciptList": [{"sapStatus": "S", "sapBelnr": "100"}]}`))
	next, _, _ := decode.DecodeAs(dt, []byte(`{"head": {"docType": "CC"}, "reciptList": [{"sapStatus": "D", "sapBelnr": "999"}, {"sapStatus": "K"}]}`))
	model.KeepServerFields(next, prev)
	rows := next.Tables["reciptList"]
	if rows[0].String("sapStatus") != "S" || rows[0].String("sapBelnr") != "100" {
		t.Errorf("a stored row's SAP fields came from the client: %v", rows[0])
	}
	if _, ok := rows[1]["sapStatus"]; ok {
		t.Errorf("a new row's SAP status came from the client: %v", rows[1])
	}
}
