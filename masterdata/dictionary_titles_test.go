package masterdata_test

import (
	"context"
	"testing"

	"formwork/engine"
	"formwork/masterdata"
	"formwork/masterdata/masterdatatest"
)

// AddTitles names the codes a dictionary lacks and keeps the names it has;
// CodeName answers a code's name in a language.
func TestDictionaryTitles(t *testing.T) {
	store := masterdatatest.NewStore()
	svc := masterdata.NewService(store, masterdata.Config{})
	ctx := context.Background()
	if err := svc.AddTitles(ctx, "budgetAccount", map[string]engine.Text{"660201": {"zh": "差旅费", "en": "Travel"}}); err != nil {
		t.Fatal(err)
	}
	err := svc.AddTitles(ctx, "budgetAccount", map[string]engine.Text{
		"660201": {"zh": "改名", "en": "Renamed", "th": "เปลี่ยนชื่อ"},
		"660202": {"zh": "业务招待费", "en": "Entertainment", "th": "ค่ารับรอง"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ code, lang, want string }{
		{"660201", "en", "Travel"}, // kept as it was
		{"660201", "th", "差旅费"},    // no Thai: Chinese
		{"660202", "th", "ค่ารับรอง"},
		{"660202", "zh", "业务招待费"},
		{"999999", "en", ""}, // unnamed: no name
		{"", "en", ""},
	} {
		if got, err := svc.CodeName(ctx, "budgetAccount", c.code); err != nil || got.In(c.lang) != c.want {
			t.Errorf("CodeName(budgetAccount, %q) in %s = %q (%v), want %q", c.code, c.lang, got.In(c.lang), err, c.want)
		}
	}
	if _, named, err := store.Records(ctx, masterdata.TypeDictionary); err != nil || len(named) != 2 {
		n := len(named)
		t.Errorf("%d named codes after adding one, want 2", n)
	}
	if err := svc.AddTitles(ctx, "budgetAccount", nil); err != nil {
		t.Errorf("adding no titles: %v", err)
	}
}
