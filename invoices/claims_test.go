package invoices

import (
	"reflect"
	"testing"
)

// TestClaimsOfBody: the invoice lines of a stored body, as ClaimsOf reads
// them of a decoded document: deleted rows and rows without a number claim
// nothing, a code makes a key of code and number unless the number is a
// 20-digit 数电 number, and a table that is not an array of objects claims
// nothing.
func TestClaimsOfBody(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []Claim
	}{
		{"numbers and codes", `{"head":{},"invoiceList":[{"invoiceNo":"24442000000012345678"},{"invoiceCode":"3200192130","invoiceNo":"11223344"},{"invoiceCode":"3200192130","invoiceNo":"24442000000012345679"}]}`,
			[]Claim{{"24442000000012345678", "invoiceList[0].invoiceNo"}, {"3200192130-11223344", "invoiceList[1].invoiceNo"}, {"24442000000012345679", "invoiceList[2].invoiceNo"}}},
		{"deleted and empty rows", `{"invoiceList":[{"invoiceNo":"1","flag":"D"},{"invoiceNo":""},null,{"amount":1},{"invoiceNo":"2","flag":"U"}]}`,
			[]Claim{{"2", "invoiceList[4].invoiceNo"}}},
		{"a number that is not a string", `{"invoiceList":[{"invoiceNo":12345678}]}`, nil},
		{"escaped", `{"invoiceList":[{"invoiceNo":"\u0031\u0032"}]}`, []Claim{{"12", "invoiceList[0].invoiceNo"}}},
		{"no invoice lines", `{"head":{"invoiceNo":"1"},"lineList":[{"invoiceNo":"2"}]}`, nil},
		{"an object, not a table", `{"invoiceList":{"invoiceNo":"1"}}`, nil},
		{"a row that is not an object", `{"invoiceList":[{"invoiceNo":"1"},"x"]}`, nil},
		{"null", `{"invoiceList":null}`, nil},
		{"not an object", `[{"invoiceList":[{"invoiceNo":"1"}]}]`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ClaimsOfBody([]byte(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
	if _, err := ClaimsOfBody([]byte(`{"invoiceList":[`)); err == nil {
		t.Fatal("a broken body read without an error")
	}
}
