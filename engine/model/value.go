package model

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"formwork/engine/internal/jsontext"

	"github.com/shopspring/decimal"
)

// MoneyBound is the largest absolute amount a money field holds (spec 9).
var MoneyBound = decimal.RequireFromString("999999999999999")

// Places of decimals a field type keeps.
const (
	MoneyPlaces  = 2
	NumberPlaces = 6
)

// ValueProblem is why a JSON value does not fit a field: a rule id of the
// structural checks (type, format, precision, range, minimum, maximum,
// maxLength, enum) and a message with a {field} placeholder.
type ValueProblem struct {
	Rule string
	Msg  Text
}

func typeProblem(want Text) *ValueProblem {
	return &ValueProblem{"type", Text{"zh": "{field}应为" + want["zh"], "en": "{field} must be " + want["en"], "th": "{field}ต้องเป็น" + want["th"]}}
}

var (
	wantText    = Text{"zh": "文本", "en": "text", "th": "ข้อความ"}
	wantNumber  = Text{"zh": "数字", "en": "a number", "th": "ตัวเลข"}
	wantInteger = Text{"zh": "整数", "en": "a whole number", "th": "จำนวนเต็ม"}
	wantDate    = Text{"zh": "日期", "en": "a date", "th": "วันที่"}
	msgTooLong  = Text{
		"zh": fmt.Sprintf("{field}不是数字：超过%d个字符", MaxNumberLen),
		"en": fmt.Sprintf("{field} is not a number: longer than %d characters", MaxNumberLen),
		"th": fmt.Sprintf("{field}ไม่ใช่ตัวเลข: ยาวเกิน %d ตัวอักษร", MaxNumberLen)}
)

// ParseValue converts one JSON value (string, json.Number, bool or nil) for
// field f into its typed form: string, decimal.Decimal or int. A nil result
// with no problem means the value is blank (null or empty).
func ParseValue(f *Field, v any) (any, *ValueProblem) {
	if v == nil {
		return nil, nil
	}
	switch f.Type {
	case TypeMoney, TypeNumber:
		return parseDecimal(f, v)
	case TypeInteger:
		return parseInteger(f, v)
	case TypeDate:
		if s, ok := v.(string); ok {
			return parseDate(s)
		}
		n, ok := v.(json.Number)
		if !ok {
			return nil, typeProblem(wantDate)
		}
		return parseDate(n.String())
	default:
		s, ok := v.(string)
		if !ok {
			return nil, typeProblem(wantText)
		}
		return parseText(f, s)
	}
}

// ParseJSONString is ParseValue of a JSON string of text b; an option of an
// enumeration is the option's own (boxed) key.
func ParseJSONString(f *Field, b []byte) (any, *ValueProblem) {
	switch f.Type {
	case TypeEnum:
		if f.Enum != nil && (f.MaxLength <= 0 || utf8.RuneCount(b) <= f.MaxLength) {
			if v := f.Enum.option(b); v != nil {
				return v, nil
			}
		}
		return parseText(f, string(b))
	case TypeDate:
		return parseDate(string(b))
	case TypeString, TypeText:
		return parseText(f, string(b))
	}
	return ParseValue(f, string(b))
}

// ParseJSONNumber is ParseValue of a JSON number whose literal text is b.
// An amount written plainly (digits, a point and no more decimals than the
// field keeps) is read straight into a decimal; anything else the way
// ParseValue reads a json.Number.
func ParseJSONNumber(f *Field, b []byte) (any, *ValueProblem) {
	if f.Type == TypeMoney || f.Type == TypeNumber {
		places := int32(NumberPlaces)
		if f.Type == TypeMoney {
			places = MoneyPlaces
		}
		if d, ok := plainDecimal(b, places); ok {
			if p := checkBounds(f, d); p != nil {
				return nil, p
			}
			return d, nil
		}
	}
	return ParseValue(f, json.Number(b))
}

// plainDecimal reads b when it is [-]digits[.digits] with at most 14 digits
// before the point (within MoneyBound), at most places after it and at most
// 18 in all once scaled (an int64), as parseDecimal would: exponent -places.
func plainDecimal(b []byte, places int32) (decimal.Decimal, bool) {
	i, neg := 0, false
	if len(b) > 0 && b[0] == '-' {
		i, neg = 1, true
	}
	var m int64
	whole := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		m = m*10 + int64(b[i]-'0')
		whole++
	}
	if whole == 0 || whole > 14 || whole+int(places) > 18 {
		return decimal.Decimal{}, false
	}
	frac := int32(0)
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			m = m*10 + int64(b[i]-'0')
			frac++
		}
		if frac == 0 {
			return decimal.Decimal{}, false
		}
	}
	if i != len(b) || frac > places {
		return decimal.Decimal{}, false
	}
	for ; frac < places; frac++ {
		m *= 10
	}
	if neg {
		m = -m
	}
	return decimal.New(m, -places), true
}

func parseInteger(f *Field, v any) (any, *ValueProblem) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, typeProblem(wantInteger)
	}
	if len(n) > MaxNumberLen {
		return nil, &ValueProblem{"type", msgTooLong}
	}
	i, err := n.Int64()
	if err != nil || i > 1<<31 || i < -(1<<31) {
		return nil, typeProblem(wantInteger)
	}
	if p := checkBounds(f, decimal.NewFromInt(i)); p != nil {
		return nil, p
	}
	return int(i), nil
}

func parseDate(s string) (any, *ValueProblem) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	d, ok := NormalizeDate(s)
	if !ok {
		s = Clip(s, 40)
		return nil, &ValueProblem{"format", Text{"zh": "{field}不是有效日期：" + s, "en": "{field} is not a date: " + s + " (write yyyy-MM-dd)",
			"th": "{field}ไม่ใช่วันที่ที่ถูกต้อง: " + s + " (เขียนเป็น yyyy-MM-dd)"}}
	}
	return d, nil
}

func parseText(f *Field, s string) (any, *ValueProblem) {
	if s == "" {
		return nil, nil
	}
	if f.MaxLength > 0 && utf8.RuneCountInString(s) > f.MaxLength {
		return nil, &ValueProblem{"maxLength", Text{"zh": fmt.Sprintf("{field}不能超过%d个字符", f.MaxLength), "en": fmt.Sprintf("{field} is longer than %d characters", f.MaxLength),
			"th": fmt.Sprintf("{field}ยาวเกิน %d ตัวอักษร", f.MaxLength)}}
	}
	if f.Type == TypeEnum && f.Enum != nil && !f.Enum.Has(s) {
		shown := Clip(s, 40)
		return nil, &ValueProblem{"enum", Text{"zh": "{field}的值无效：" + shown, "en": "{field} has no option " + shown, "th": "{field}ไม่มีตัวเลือก " + shown}}
	}
	return s, nil
}

// CheckDerived checks a value an expression derived for field f as decoding
// would check it: a decimal within MoneyBound and the field's minimum and
// maximum (a total of no lines is 0, below an amount's 0.01), an integer
// within the decoder's bounds, a date (normalized), text within its maximum
// length, an option of its enumeration. It returns the value to
// store, or nil and why it cannot be stored: the engine never stores a value
// it would refuse to read.
func CheckDerived(f *Field, v any) (any, *ValueProblem) {
	switch x := v.(type) {
	case decimal.Decimal:
		if x.Abs().GreaterThan(MoneyBound) {
			return nil, rangeProblem
		}
		if p := checkBounds(f, x); p != nil {
			return nil, p
		}
	case int:
		if x > 1<<31 || x < -(1<<31) {
			return nil, typeProblem(wantInteger)
		}
	case string:
		if f.Type == TypeDate {
			return parseDate(x)
		}
		return parseText(f, x)
	}
	return v, nil
}

var rangeProblem = &ValueProblem{"range", Text{"zh": "{field}超出范围（±999999999999999）", "en": "{field} is out of range (+/-999999999999999)",
	"th": "{field}เกินช่วงที่กำหนด (±999999999999999)"}}

// RowText prefixes a message with the row number (1-based; 0 for no row),
// as the spec's table check does ('row N, field is empty').
func RowText(rowNo int, t Text) Text {
	if rowNo == 0 {
		return t
	}
	return Text{"zh": fmt.Sprintf("第%d行，", rowNo) + t.In("zh"), "en": fmt.Sprintf("Row %d: ", rowNo) + t.In("en"), "th": fmt.Sprintf("แถวที่ %d: ", rowNo) + t.In("th")}
}

func parseDecimal(f *Field, v any) (any, *ValueProblem) {
	var text string
	switch x := v.(type) {
	case json.Number:
		text = x.String()
	case string:
		if strings.TrimSpace(x) == "" {
			return nil, nil
		}
		text = x
	default:
		return nil, typeProblem(wantNumber)
	}
	d, err := ParseNumber(text)
	switch {
	case err == ErrNumberTooLong:
		return nil, &ValueProblem{"type", msgTooLong}
	case err != nil:
		return nil, typeProblem(wantNumber)
	}
	places := int32(NumberPlaces)
	if f.Type == TypeMoney {
		places = MoneyPlaces
	}
	if !d.Equal(d.Round(places)) {
		return nil, &ValueProblem{"precision", Text{"zh": fmt.Sprintf("{field}最多%d位小数", places), "en": fmt.Sprintf("{field} has more than %d decimals", places),
			"th": fmt.Sprintf("{field}มีทศนิยมเกิน %d ตำแหน่ง", places)}}
	}
	d = d.Round(places)
	if d.Abs().GreaterThan(MoneyBound) {
		return nil, rangeProblem
	}
	if p := checkBounds(f, d); p != nil {
		return nil, p
	}
	return d, nil
}

var (
	minMoney       = decimal.New(1, -2)
	msgAboveZero   = Text{"zh": "{field}必须大于零", "en": "{field} must be greater than zero", "th": "{field}ต้องมากกว่าศูนย์"}
	msgNotNegative = Text{"zh": "{field}必须大于等于0", "en": "{field} must be >= 0", "th": "{field}ต้องมากกว่าหรือเท่ากับ 0"}
)

// checkBounds checks a field's minimum and maximum, with the spec's wording
// for the usual minimums: 0.01 ('amount must be greater than zero') and 0
// ('days must be >= 0').
func checkBounds(f *Field, d decimal.Decimal) *ValueProblem {
	if f.Min != nil && d.LessThan(*f.Min) {
		switch {
		case f.Min.Equal(minMoney):
			return &ValueProblem{"minimum", msgAboveZero}
		case f.Min.IsZero():
			return &ValueProblem{"minimum", msgNotNegative}
		}
		return &ValueProblem{"minimum", Text{"zh": "{field}不能小于" + f.Min.String(), "en": "{field} must be at least " + f.Min.String(),
			"th": "{field}ต้องไม่น้อยกว่า " + f.Min.String()}}
	}
	if f.Max != nil && d.GreaterThan(*f.Max) {
		return &ValueProblem{"maximum", Text{"zh": "{field}不能大于" + f.Max.String(), "en": "{field} must be at most " + f.Max.String(),
			"th": "{field}ต้องไม่มากกว่า " + f.Max.String()}}
	}
	return nil
}

var dateLayouts = []string{
	"2006-01-02", "2006-1-2", "2006/1/2", "2006/01/02", "20060102", "2006.1.2",
	"2006-01-02 15:04:05", "2006-01-02 15:04", "2006/1/2 15:04:05", "2006/1/2 15:04",
	"2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05",
}

// NormalizeDate reads a date in the formats people type (2026-01-05,
// 2026/1/5, 20260105, 2026-01-05 10:00:00, ...) and returns it as
// yyyy-MM-dd. ok is false when the text is not a calendar date.
func NormalizeDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 40 { // no layout is longer: do not make time.Parse read a megabyte
		return "", false
	}
	if len(s) == 10 && s[4] == '-' && s[7] == '-' { // already yyyy-MM-dd: only check it is a real day
		if !isoDay(s) {
			return "", false
		}
		return s, true
	}
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02"), true
		}
	}
	return "", false
}

// isoDay reports whether s (yyyy-MM-dd, dashes at 4 and 7) is a calendar
// day, as time.Parse("2006-01-02", s) would, without its cost.
func isoDay(s string) bool {
	num := func(a, b int) (int, bool) {
		n := 0
		for i := a; i < b; i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
			n = n*10 + int(s[i]-'0')
		}
		return n, true
	}
	year, ok1 := num(0, 4)
	month, ok2 := num(5, 7)
	day, ok3 := num(8, 10)
	if !ok1 || !ok2 || !ok3 || month < 1 || month > 12 || day < 1 {
		return false
	}
	return day <= time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// JSONValue renders a typed value for JSON output: money with exactly 2
// decimals, as a JSON number.
func JSONValue(f *Field, v any) any {
	if d, ok := v.(decimal.Decimal); ok {
		if f.Type == TypeMoney {
			return json.Number(jsontext.AppendFixed(nil, d, MoneyPlaces))
		}
		return json.Number(d.String())
	}
	return v
}
