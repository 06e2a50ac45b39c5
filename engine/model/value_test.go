package model_test

import (
	"encoding/json"
	"testing"

	"formwork/engine/model"

	"github.com/shopspring/decimal"
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

// ParseJSONString and ParseJSONNumber read JSON text as ParseValue reads the
// same value: the same typed value (and decimal exponent) or the same problem.
func TestParseJSONMatchesParseValue(t *testing.T) {
	money := decimal.New(1, -2)
	zero := decimal.Zero
	enum := model.NewEnum("costType", model.Text{"en": "cost type"})
	enum.Add(model.EnumValue{Key: "交通费"})
	enum.Add(model.EnumValue{Key: "taxi"})
	fields := []*model.Field{
		{FieldDef: &model.FieldDef{Name: "amount", Type: model.TypeMoney, Min: &money}},
		{FieldDef: &model.FieldDef{Name: "signed", Type: model.TypeMoney}},
		{FieldDef: &model.FieldDef{Name: "rate", Type: model.TypeNumber, Min: &zero}},
		{FieldDef: &model.FieldDef{Name: "days", Type: model.TypeInteger}},
		{FieldDef: &model.FieldDef{Name: "costType", Type: model.TypeEnum, Enum: enum}},
		{FieldDef: &model.FieldDef{Name: "short", Type: model.TypeEnum, Enum: enum, MaxLength: 2}},
		{FieldDef: &model.FieldDef{Name: "note", Type: model.TypeString, MaxLength: 4}},
		{FieldDef: &model.FieldDef{Name: "day", Type: model.TypeDate}},
	}
	numbers := []string{"12.34", "12.3", "12", "0", "-0", "-12.34", "0.00", "0.001", "12.340", "1.5e2", "1E-2",
		"99999999999999.99", "999999999999999.99", "1000000000000000", "123456789012.123456", "1234567890123.1",
		"-5", "007", "0.0000001", "1.", "-", "12345678901234567890123456789012345678901"}
	texts := []string{"", " ", "交通费", "taxi", "bus", "abcd", "abcde", "2026-11-10", "2026/1/5", "2026-02-30", "12.34", "0"}
	for _, f := range fields {
		for _, n := range numbers {
			got, gp := model.ParseJSONNumber(f, []byte(n))
			want, wp := model.ParseValue(f, json.Number(n))
			sameParse(t, f.Name+" number "+n, got, gp, want, wp)
		}
		for _, s := range texts {
			got, gp := model.ParseJSONString(f, []byte(s))
			want, wp := model.ParseValue(f, s)
			sameParse(t, f.Name+" text "+s, got, gp, want, wp)
		}
	}
}

func sameParse(t *testing.T, what string, got any, gp *model.ValueProblem, want any, wp *model.ValueProblem) {
	t.Helper()
	if (gp == nil) != (wp == nil) || (gp != nil && (gp.Rule != wp.Rule || gp.Msg.In("en") != wp.Msg.In("en"))) {
		t.Errorf("%s: problem %+v, want %+v", what, gp, wp)
		return
	}
	gd, gok := got.(decimal.Decimal)
	wd, wok := want.(decimal.Decimal)
	switch {
	case gok != wok:
		t.Errorf("%s: %#v, want %#v", what, got, want)
	case gok && (!gd.Equal(wd) || gd.Exponent() != wd.Exponent()):
		t.Errorf("%s: %s (exp %d), want %s (exp %d)", what, gd, gd.Exponent(), wd, wd.Exponent())
	case !gok && got != want:
		t.Errorf("%s: %#v, want %#v", what, got, want)
	}
}
