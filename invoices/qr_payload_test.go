package invoices

import (
	"errors"
	"testing"

	"formwork/engine"
)

// TestParseQR is the asserted vector table of fapiao QR payloads: every
// field of a good payload, the part a bad one is refused at.
func TestParseQR(t *testing.T) {
	type want struct {
		kind, code, no, date, check, amount, total string
	}
	good := []struct {
		name, payload string
		want          want
	}{
		{"01 special, 10-digit code, trailing comma", "01,01,3200192130,11223344,259.71,20200311,,A0B1,",
			want{"01", "3200192130", "11223344", "2020-03-11", "", "259.71", "0"}},
		{"04 ordinary, 10-digit code, check code", "01,04,3100194130,04852371,1320.00,20191202,73258923048756132019,3F5A,",
			want{"04", "3100194130", "04852371", "2019-12-02", "73258923048756132019", "1320", "0"}},
		{"10 electronic, 12-digit code", "01,10,044031900111,12345678,100.00,20200101,12345678901234567890,ABCD,",
			want{"10", "044031900111", "12345678", "2020-01-01", "12345678901234567890", "100", "0"}},
		{"10 electronic, no trailing comma", "01,10,044031900111,87654321,88.5,20211231,98765432109876543210,9ab0",
			want{"10", "044031900111", "87654321", "2021-12-31", "98765432109876543210", "88.5", "0"}},
		{"31 数电 special, 20-digit number", "01,31,,24442000000012345678,1130.00,20240315,,7C1E,",
			want{"31", "", "24442000000012345678", "2024-03-15", "", "0", "1130"}},
		{"32 数电 ordinary, 20-digit number", "01,32,,23312000000098765432,56.60,20231105,,BE04,",
			want{"32", "", "23312000000098765432", "2023-11-05", "", "0", "56.6"}},
		{"32 数电, 9 fields", "01,32,,24110000000000000001,300.00,20240229,,0F0F,20240229",
			want{"32", "", "24110000000000000001", "2024-02-29", "", "0", "300"}},
		{"01 special, 9 fields with trailing comma", "01,01,1100201130,00000001,0.01,20200630,,12AB,X1,",
			want{"01", "1100201130", "00000001", "2020-06-30", "", "0.01", "0"}},
		{"14 toll, 12-digit code", "01,14,032001900311,33445566,19.42,20220707,11112222333344445555,C0DE,",
			want{"14", "032001900311", "33445566", "2022-07-07", "11112222333344445555", "19.42", "0"}},
		{"11 roll, short check code", "01,11,044001900104,00112233,20.00,20190101,445566,,",
			want{"11", "044001900104", "00112233", "2019-01-01", "445566", "20", "0"}},
		{"spaces around fields", " 01, 04 ,3200192130, 11223344 ,5.00,20200311,, A0B1 ",
			want{"04", "3200192130", "11223344", "2020-03-11", "", "5", "0"}},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseQR(tc.payload)
			if err != nil {
				t.Fatalf("ParseQR(%q): %v", tc.payload, err)
			}
			got := want{r.Kind, r.InvoiceCode, r.InvoiceNo, r.IssueDate, r.CheckCode, r.Amount.String(), r.Total.String()}
			if got != tc.want {
				t.Fatalf("ParseQR(%q)\n got %+v\nwant %+v", tc.payload, got, tc.want)
			}
			if r.Source != "qr" || !r.Confirmed {
				t.Fatalf("source %q confirmed %v, want qr and confirmed", r.Source, r.Confirmed)
			}
		})
	}
	bad := []struct{ name, payload, path string }{
		{"empty", "", "qr.fields"},
		{"a web address", "https://example.com/?a=1", "qr.fields"},
		{"seven fields", "01,04,3200192130,11223344,259.71,20200311,,", "qr.fields"},
		{"ten fields", "01,04,3200192130,11223344,259.71,20200311,,A0B1,x,y,", "qr.fields"},
		{"version not digits", "v1,04,3200192130,11223344,259.71,20200311,,A0B1,", "qr.version"},
		{"unknown kind 99", "01,99,3200192130,11223344,259.71,20200311,,A0B1,", "qr.kind"},
		{"kind of one digit", "01,4,3200192130,11223344,259.71,20200311,,A0B1,", "qr.kind"},
		{"code of 11 digits", "01,04,32001921301,11223344,259.71,20200311,,A0B1,", "qr.code"},
		{"number of 7 digits", "01,04,3200192130,1122334,259.71,20200311,,A0B1,", "qr.number"},
		{"20-digit number with a code", "01,01,3200192130,24442000000012345678,259.71,20200311,,A0B1,", "qr.number"},
		{"8-digit number without a code", "01,32,,11223344,259.71,20200311,,A0B1,", "qr.number"},
		{"amount with letters", "01,04,3200192130,11223344,25x.71,20200311,,A0B1,", "qr.amount"},
		{"amount with 3 decimals", "01,04,3200192130,11223344,259.711,20200311,,A0B1,", "qr.amount"},
		{"negative amount", "01,04,3200192130,11223344,-259.71,20200311,,A0B1,", "qr.amount"},
		{"date 2020-02-30", "01,04,3200192130,11223344,259.71,20200230,,A0B1,", "qr.date"},
		{"date with dashes", "01,04,3200192130,11223344,259.71,2020-03-11,,A0B1,", "qr.date"},
		{"check code with punctuation", "01,04,3200192130,11223344,259.71,20200311,12#4,A0B1,", "qr.checkCode"},
		{"CRC not hex", "01,04,3200192130,11223344,259.71,20200311,,ZZZZ,", "qr.crc"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseQR(tc.payload)
			var ee *engine.Error
			if !errors.As(err, &ee) {
				t.Fatalf("ParseQR(%q) = %v, want a refusal", tc.payload, err)
			}
			if ee.Path != tc.path {
				t.Fatalf("ParseQR(%q) refused at %s (%s), want %s", tc.payload, ee.Path, ee.Message, tc.path)
			}
			for _, l := range []string{"zh", "en", "th"} {
				if ee.Text[l] == "" {
					t.Fatalf("refusal lacks %s: %v", l, ee.Text)
				}
			}
		})
	}
	if len(good)+len(bad) < 20 {
		t.Fatalf("the table holds %d vectors, want at least 20", len(good)+len(bad))
	}
}
