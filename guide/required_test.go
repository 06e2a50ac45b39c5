package guide

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"formwork/engine"
)

func TestRequiredMissing(t *testing.T) {
	src := records{ConfigType: {
		config("T1", "A01", "A0101", "",
			map[string]any{"fileName": "发票", "fileGroup": "invoice", "required": true},
			map[string]any{"fileName": "行程单", "fileGroup": "itinerary", "required": true},
			map[string]any{"fileName": "酒店水单", "fileGroup": "folio", "required": false}),
		config("T2", "A01", "A0101", "X1", map[string]any{"fileName": "审批", "fileGroup": "approval", "required": true}),
		config("T3", "A03", "A0301", ""),
	}}
	for _, c := range []struct {
		name              string
		id, bt1, bt2, bt3 string
		attached          []string
		want              []string // the groups named, in order
	}{
		{"a new document is not checked", "", "A01", "A0101", "", nil, nil},
		{"nothing attached", "EX1", "A01", "A0101", "", nil, []string{"invoice", "itinerary"}},
		{"a file without a group or of an optional group does not count", "EX1", "A01", "A0101", "", []string{"", "folio"}, []string{"invoice", "itinerary"}},
		{"one of the two", "EX1", "A01", "A0101", "", []string{" invoice "}, []string{"itinerary"}},
		{"both", "EX1", "A01", "A0101", "", []string{"itinerary", "invoice", "invoice"}, nil},
		{"a detail's own requirement", "EX1", "A01", "A0101", "X1", []string{"itinerary", "invoice"}, []string{"approval"}},
		{"a business type that requires nothing", "EX1", "A03", "A0301", "", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewRequired(NewService(src), func(_ context.Context, id string) ([]string, error) {
				if id != c.id {
					return nil, fmt.Errorf("asked for %s", id)
				}
				return c.attached, nil
			})
			doc := &engine.Document{Type: &engine.DocType{Code: "EX02"}, Objects: map[string]engine.Values{"head": {
				"businessId": c.id, "businessType1": c.bt1, "businessType2": c.bt2, "businessType3": c.bt3}}}
			got, err := r.Missing(context.Background(), doc)
			if err != nil || len(got) != len(c.want) {
				t.Fatalf("Missing = %+v, %v; want %v", got, err, c.want)
			}
			for i, g := range c.want {
				f := got[i]
				if f.Rule != RuleRequired || f.Path != "" || f.Severity != engine.SeverityError || !strings.Contains(f.Message["en"], "(group "+g+")") ||
					!strings.Contains(f.Message["zh"], "分组 "+g) || !strings.Contains(f.Message["th"], "กลุ่ม "+g) {
					t.Errorf("finding %d: %+v, want one naming %s", i, f, g)
				}
			}
		})
	}
}
