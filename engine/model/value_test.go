package model_test

import (
	"testing"

	"formwork/engine/model"
)

func TestNormalizeDate(t *testing.T) {
	for in, want := range map[string]string{
		"2026-01-05": "2026-01-05", "2026/1/5": "2026-01-05", "2026/01/05": "2026-01-05", "20260105": "2026-01-05",
		"2026-01-05 10:00:00": "2026-01-05", "2026-1-5": "2026-01-05", "2026.1.5": "2026-01-05",
		"2026-01-05T10:00:00+08:00": "2026-01-05", " 2026-01-05 ": "2026-01-05",
		"2026-02-30": "", "2026-13-01": "", "05/01/2026": "", "yesterday": "", "": "",
	} {
		got, ok := model.NormalizeDate(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeDate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// ParseNumber is where every number written as text is read: commas only
// between groups of three, spaces around ignored, nothing longer than 40
// characters, exponents below 100.
func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for not a number
		err  error
	}{
		{"1234.5", "1234.5", nil},
		{" -0.01 ", "-0.01", nil},
		{"+7", "7", nil},
		{"1,234.50", "1234.5", nil},
		{"999,999,999,999,999.99", "999999999999999.99", nil},
		{".5", "0.5", nil},
		{"5.", "5", nil},
		{"1e2", "100", nil},
		{"1.5E-2", "0.015", nil},
		{"100,50", "", model.ErrNotANumber},
		{"1,0,0", "", model.ErrNotANumber},
		{"1,2345", "", model.ErrNotANumber},
		{"1,000.000,1", "", model.ErrNotANumber},
		{"1e1,000", "", model.ErrNotANumber},
		{"1.2.3", "", model.ErrNotANumber},
		{"--1", "", model.ErrNotANumber},
		{"inf", "", model.ErrNotANumber},
		{"NaN", "", model.ErrNotANumber},
		{"0x10", "", model.ErrNotANumber},
		{"1e", "", model.ErrNotANumber},
		{"1e100", "", model.ErrNotANumber},
		{".", "", model.ErrNotANumber},
		{"", "", model.ErrNotANumber},
		{"12 34", "", model.ErrNotANumber},
		{"12345678901234567890123456789012345678901", "", model.ErrNumberTooLong},
	}
	for _, tt := range tests {
		d, err := model.ParseNumber(tt.in)
		if err != tt.err || (err == nil && d.String() != tt.want) {
			t.Errorf("ParseNumber(%q) = %s, %v; want %s, %v", tt.in, d, err, tt.want, tt.err)
		}
	}
}
