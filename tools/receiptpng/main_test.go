package main

import (
	"bytes"
	"strings"
	"testing"

	"formwork/invoices"
)

func TestReceiptPNG(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		refused string // part of the refusal, "" when the picture is written
	}{
		{"a 数电 receipt", []string{"01,32,,24442000011234567890,212.00,20261124,,7C1E,"}, ""},
		{"an ordinary VAT receipt", []string{"01,04,3200192130,11223344,259.71,20200311,,A0B1,"}, ""},
		{"no payload", nil, "usage"},
		{"two payloads", []string{"a", "b"}, "usage"},
		{"not a fapiao's payload", []string{"https://example.com"}, "not a fapiao QR"},
		{"a bad number", []string{"01,32,,2444,212.00,20261124,,7C1E,"}, "invoice number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(&out, tc.args)
			if tc.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refused) {
					t.Fatalf("err = %v, want one saying %q", err, tc.refused)
				}
				if out.Len() != 0 {
					t.Fatalf("wrote %d bytes with a refusal", out.Len())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// the picture's QR reads back as the payload, as the server's intake reads it
			text, ok := invoices.DecodeImageQR(out.Bytes())
			if !ok || text != tc.args[0] {
				t.Fatalf("QR read %q (%v), want %q", text, ok, tc.args[0])
			}
			want, _ := invoices.ParseQR(tc.args[0])
			got, err := invoices.ParseQR(text)
			if err != nil || got.InvoiceNo != want.InvoiceNo || !got.Total.Equal(want.Total) {
				t.Fatalf("recognised %+v (%v), want %+v", got, err, want)
			}
		})
	}
}
