package guide

import (
	"context"
	"testing"

	"formwork/masterdata"
)

type records map[string][]masterdata.Record

func (r records) RuleRecords(_ context.Context, types []string) (map[string][]masterdata.Record, error) {
	out := map[string][]masterdata.Record{}
	for _, t := range types {
		out[t] = r[t]
	}
	return out, nil
}

func config(code, bt1, bt2, bt3 string, files ...any) masterdata.Record {
	return masterdata.Record{Active: true, Body: map[string]any{"code": code, "docType": "EX02", "businessType1": bt1, "businessType2": bt2,
		"businessType3": bt3, "guilding1": map[string]any{"zh": "填写" + code, "en": "Fill " + code}, "guilding3": "review " + code, "fileList": files}}
}

func TestGuide(t *testing.T) {
	src := records{
		ConfigType: {
			config("T1", "A01", "A0101", "", map[string]any{"fileName": "发票", "fileGroup": "invoice", "required": true, "fileId": "f1"}),
			config("T2", "A01", "A0101", "X1"),
			config("T3", "A03", "A0301", ""),
			{Active: false, Body: map[string]any{"code": "OLD", "docType": "EX02", "businessType1": "A01", "businessType2": "A0101", "fileList": []any{map[string]any{"fileId": "f9"}}}},
		},
		SettingsType: {{Active: true, Body: map[string]any{"key": VideoKey, "value": "https://video.example/guide.mp4"}}},
	}
	s := NewService(src)
	ctx := context.Background()
	for _, c := range []struct {
		q     Query
		codes []string
	}{
		{Query{DocType: "EX02", BusinessType1: "A01", BusinessType2: "A0101"}, []string{"T1", "T2"}},
		{Query{DocType: "EX02", BusinessType1: "A01", BusinessType2: "A0101", BusinessType3: "X2"}, []string{"T1"}},
		{Query{DocType: "EX02", BusinessType1: "A01", BusinessType2: "A0101", BusinessType3: "X1"}, []string{"T1", "T2"}},
		{Query{DocType: "EX03", BusinessType1: "A01"}, nil},
		{Query{}, []string{"T1", "T2", "T3"}},
	} {
		a, err := s.Guide(ctx, c.q)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range a.Entries {
			got = append(got, e.Code)
		}
		if len(got) != len(c.codes) || (len(got) > 0 && got[0] != c.codes[0]) || a.VideoURL != "https://video.example/guide.mp4" || a.Common != (c.q.DocType == "") {
			t.Errorf("%+v: %v (common %v), want %v", c.q, got, a.Common, c.codes)
		}
	}
	a, _ := s.Guide(ctx, Query{DocType: "EX02", BusinessType1: "A01", BusinessType2: "A0101", Lang: "en"})
	if e := a.Entries[0]; e.Guilding1 != "Fill T1" || e.Guilding3 != "" || len(e.FileList) != 1 || !e.FileList[0].Required {
		t.Errorf("outside voucher review: %+v", e)
	}
	a, _ = s.Guide(ctx, Query{DocType: "EX02", BusinessType1: "A01", BusinessType2: "A0101", Mode: "fssc"})
	if e := a.Entries[0]; e.Guilding1 != "填写T1" || e.Guilding3 != "review T1" {
		t.Errorf("in voucher review: %+v", e)
	}
	a, _ = s.Guide(ctx, Query{Mode: "fssc"})
	if e := a.Entries[0]; e.Guilding1 != "" || e.Guilding3 != "" || len(e.FileList) != 1 {
		t.Errorf("common table: %+v", e)
	}
	for id, want := range map[string]bool{"f1": true, "f9": false, "nope": false} {
		if got, _ := s.Published(ctx, id); got != want {
			t.Errorf("Published(%s) = %v", id, got)
		}
	}
}
