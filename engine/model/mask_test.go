package model

import (
	"reflect"
	"testing"
)

func TestMaskAccountNumber(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"12345678", "12345678"}, // 8 characters: shown whole
		{"123456789", "1234*6789"},
		{"6222020200112233445", "6222***********3445"},
		{"6222***********3445", "6222***********3445"}, // masked again: the same
		{"工商银行账户1234567", "工商银行*****4567"},             // characters, not bytes
	} {
		if got := MaskAccountNumber(c.in); got != c.want {
			t.Errorf("MaskAccountNumber(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMaskedBody(t *testing.T) {
	typ := &MasterDataType{Fields: []*MasterDataField{
		{Name: "code", Type: TypeString},
		{Name: "account", Type: TypeString, Mask: MaskAccount},
		{Name: "accounts", Type: TypeList, Rows: []*MasterDataField{{Name: "bank", Type: TypeString}, {Name: "account", Type: TypeString, Mask: MaskAccount}}},
	}}
	body := map[string]any{"code": "V1", "account": "6222020200112233", "accounts": []any{
		map[string]any{"bank": "ICBC", "account": "110220330440"}, map[string]any{"bank": "BOC", "account": "1234"}}}
	got := typ.Masked(body)
	want := map[string]any{"code": "V1", "account": "6222********2233", "accounts": []any{
		map[string]any{"bank": "ICBC", "account": "1102****0440"}, map[string]any{"bank": "BOC", "account": "1234"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("masked %v, want %v", got, want)
	}
	if body["account"] != "6222020200112233" || body["accounts"].([]any)[0].(map[string]any)["account"] != "110220330440" {
		t.Errorf("Masked changed the body it was given: %v", body)
	}
	plain := &MasterDataType{Fields: []*MasterDataField{{Name: "code", Type: TypeString}}}
	if got := plain.Masked(body); reflect.ValueOf(got).Pointer() != reflect.ValueOf(body).Pointer() {
		t.Error("a type without masks copied the body")
	}
	var none *MasterDataType
	if got := none.Masked(body); got["account"] != "6222020200112233" {
		t.Error("a nil type masked")
	}
}

func TestShownKey(t *testing.T) {
	card := &MasterDataType{Keys: []string{"cardNo"}, Fields: []*MasterDataField{{Name: "cardNo", Type: TypeString, Mask: MaskAccount}, {Name: "employee", Type: TypeString}}}
	body := map[string]any{"cardNo": "6222020200112233", "employee": "sunqi"}
	for _, c := range []struct {
		name          string
		whole, writer bool
		card, key     string
	}{
		{"edit form", true, true, "6222020200112233", "6222020200112233"},
		{"writer's list", false, true, "6222********2233", "6222020200112233"},
		{"reader", false, false, "6222********2233", "6222********2233"},
	} {
		b, k := card.Shown(body, "6222020200112233", c.whole, c.writer)
		if b["cardNo"] != c.card || k != c.key || b["employee"] != "sunqi" {
			t.Errorf("%s: %v %q, want %q %q", c.name, b, k, c.card, c.key)
		}
	}
}
