package engine_test

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"formwork/engine"
)

// example reads rules/examples/form/<code>.json as a JSON tree.
func example(t testing.TB, code string) obj {
	t.Helper()
	var out obj
	dec := json.NewDecoder(bytesReader(mustRead(t, filepath.Join("..", "rules", "examples", "form", code+".json"))))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// The catalogue's action-mode decisions (schemas/*.yaml `editable:`
// conditions): which fields a mode lets the user change, as the server
// enforces it (CheckSave's forbidden changes). Each case changes a stored document (prev)
// under a mode and names the fields refused, "" for none.
func TestCatalogueModeEditability(t *testing.T) {
	c := catalogue(t)
	invoice := []any{obj{"invoiceType": "增值税普通发票", "invoiceNo": "26317000001234567890", "amount": json.Number("120.00")}}
	supplement := map[string]any{"head.businessType1": "A05", "head.businessType2": nil, "itemList": nil}
	tests := []struct {
		name, code, action string
		prev, change       map[string]any
		want               string
	}{
		{"an invoice supplement (EX02 A05) adds its invoices in partedit", "EX02", "partedit",
			supplement, map[string]any{"invoiceList": invoice}, ""},
		{"the rest of an invoice supplement stays read-only in partedit", "EX02", "partedit",
			supplement, map[string]any{"head.description": "改写"}, "head.description"},
		{"a travel claim (EX02 A01) takes no invoices in partedit", "EX02", "partedit",
			nil, map[string]any{"invoiceList": invoice}, "invoiceList[0].amount,invoiceList[0].invoiceNo,invoiceList[0].invoiceType"},
		{"a company claim's invoice supplement (EX03 A05) too", "EX03", "partedit",
			map[string]any{"head.businessType1": "A05"}, map[string]any{"invoiceList": invoice}, ""},
		{"finance sets the rate of overseas travel (EX02 A0102) in fssc", "EX02", "fssc",
			map[string]any{"head.businessType2": "A0102"}, map[string]any{"head.exchangeRate": json.Number("7.1")}, ""},
		{"and in fsscPartedit", "EX02", "fsscPartedit",
			map[string]any{"head.businessType2": "A0102"}, map[string]any{"head.exchangeRate": json.Number("7.1")}, ""},
		{"not of domestic travel (A0101)", "EX02", "fssc",
			nil, map[string]any{"head.exchangeRate": json.Number("7.1")}, "head.exchangeRate"},
		{"overseas advertising (EX03 A0402) in fssc", "EX03", "fssc",
			map[string]any{"head.businessType1": "A04", "head.businessType2": "A0402"}, map[string]any{"head.exchangeRate": json.Number("7.1")}, ""},
		{"the applicant edits the rate as usual", "EX02", "edit",
			map[string]any{"head.businessType2": "A0102"}, map[string]any{"head.exchangeRate": json.Number("7.1")}, ""},
		{"paying again (AF P01) corrects the payee's account in partedit", "AF", "partedit",
			nil, map[string]any{"paymentList.0.account": "6222020000000000001", "paymentList.0.bank": "中国工商银行上海分行"}, ""},
		{"but not the amount", "AF", "partedit",
			nil, map[string]any{"paymentList.0.amount": json.Number("1.00")}, "paymentList[0].amount"},
		{"moving to other payables (AF P03) corrects nothing in partedit", "AF", "partedit",
			map[string]any{"head.businessType1": "P03"}, map[string]any{"paymentList.0.account": "6222020000000000001"}, "paymentList[0].account"},
		{"the reviewer sets a business advance's due date (BA L03) in oareview", "BA", "oareview",
			map[string]any{"head.businessType1": "L03"}, map[string]any{"head.dueDate": "2027-03-31"}, ""},
		{"not a travel advance's (L01)", "BA", "oareview",
			nil, map[string]any{"head.dueDate": "2027-03-31"}, "head.dueDate"},
		{"receipt status D disables the vendor", "EX05", "edit",
			map[string]any{"recipt.sapStatus": "D"}, map[string]any{"recipt.vendor": "V100031"}, "recipt.vendor"},
		{"receipt status D leaves the customer", "EX05", "edit",
			map[string]any{"recipt.sapStatus": "D"}, map[string]any{"recipt.customer": "C200518"}, ""},
		{"receipt status K disables the customer", "EX05", "edit",
			map[string]any{"recipt.sapStatus": "K"}, map[string]any{"recipt.customer": "C200518"}, "recipt.customer"},
		{"receipt status K leaves the vendor", "EX05", "new",
			map[string]any{"recipt.sapStatus": "K"}, map[string]any{"recipt.vendor": "V100031"}, ""},
		{"a receipt line with status K disables its customer (P04)", "P04", "edit",
			map[string]any{"reciptList.0.sapStatus": "K"}, map[string]any{"reciptList.0.customer": "C200518"}, "reciptList[0].customer"},
		{"and status D its vendor (CC)", "CC", "edit",
			map[string]any{"reciptList.0.sapStatus": "D"}, map[string]any{"reciptList.0.vendor": "V100031", "reciptList.0.customer": "C200518"}, "reciptList[0].vendor"},
		{"read mode still edits nothing", "EX05", "read",
			nil, map[string]any{"recipt.customer": "C200518"}, "recipt.customer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := patch(example(t, tt.code), tt.prev)
			prev, _ := decode(t, base)
			next, _ := decode(t, patch(base, tt.change))
			opt := engine.Options{Action: tt.action}
			engine.Check(prev, nil, opt) // as the server stored it
			got := strings.Join(c.CheckSave(next, nil, prev, opt).Forbidden, ",")
			if got != tt.want {
				t.Errorf("refused %q, want %q", got, tt.want)
			}
		})
	}
}

// The toolbar decisions (schemas/*.yaml `buttons:`): submit-voucher only in
// fssc and never for a type that posts nothing; the tax group only where a
// tax group exists.
func TestCatalogueButtons(t *testing.T) {
	c := catalogue(t)
	buttons := func(t *testing.T, code, subType, action string) []string {
		t.Helper()
		f, err := c.DocType(code).Export(subType, action, "zh")
		if err != nil {
			t.Fatal(err)
		}
		return f.Buttons
	}
	t.Run("submit-voucher appears only in fssc", func(t *testing.T) {
		for _, d := range c.DocTypes() {
			for _, action := range engine.ActionModes {
				f, err := d.Export("", action, "zh")
				if err != nil {
					t.Fatal(err)
				}
				if action != "fssc" && slices.Contains(f.Buttons, "submitVoucher") {
					t.Errorf("%s/%s offers submitVoucher in %s", d.Edition, d.Code, action)
				}
			}
		}
	})
	tests := []struct {
		code, subType, action, button string
		shown                         bool
	}{
		{"EX02", "A01", "fssc", "submitVoucher", true},
		{"DA", "D01", "fssc", "submitVoucher", true},
		{"EX01", "A01", "fssc", "submitVoucher", false}, // a pre-application posts nothing
		{"TA", "T01", "fssc", "submitVoucher", false},
		{"HT", "H01", "fssc", "submitVoucher", false},
		{"P01", "E20", "fssc", "voucherPreview", false},
		{"FE", "F14", "oareview", "voucherPreview", false},
		{"EX02", "A01", "oareview", "voucherPreview", true},
		{"E09", "S05", "fssc", "taxGroup", true},
		{"DZ10", "S01", "fssc", "taxGroup", true},
		{"P08", "P01", "fssc", "taxGroup", true}, // service fees bear withheld income tax
		{"P08", "P02", "fssc", "taxGroup", false},
		{"CE", "C13", "fssc", "taxGroup", true},
		{"CE", "C14", "fssc", "taxGroup", false},
		{"EX02", "A01", "fssc", "taxGroup", false},
		{"AC", "P01", "fssc", "taxGroup", false},
		{"P01", "E20", "read", "invoiceDetail", false}, // a bank account has no invoices
		{"EX02", "A01", "read", "invoiceDetail", true},
		{"EX02", "A01", "new", "imageUpload", false},
		{"EX02", "A05", "new", "imageUpload", true},
		{"EX03", "A07", "edit", "imageUpload", true},
	}
	for _, tt := range tests {
		t.Run(tt.code+" "+tt.subType+" "+tt.action+" "+tt.button, func(t *testing.T) {
			got := buttons(t, tt.code, tt.subType, tt.action)
			if slices.Contains(got, tt.button) != tt.shown {
				t.Errorf("buttons %v: %s shown %v, want %v", got, tt.button, !tt.shown, tt.shown)
			}
		})
	}
}
