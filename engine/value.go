package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"gopkg.in/yaml.v3"
)

// MoneyBound is the largest absolute amount a money field holds (spec 9).
var MoneyBound = decimal.RequireFromString("999999999999999")

// Places of decimals a field type keeps.
const (
	moneyPlaces  = 2
	numberPlaces = 6
)

// valueProblem is why a JSON value does not fit a field: a rule id of the
// structural checks and a message.
type valueProblem struct {
	rule string
	msg  Text
}

func typeProblem(f *Field, want Text) *valueProblem {
	return &valueProblem{"type", Text{"zh": "{field}应为" + want["zh"], "en": "{field} must be " + want["en"]}}
}

var (
	wantText    = Text{"zh": "文本", "en": "text"}
	wantNumber  = Text{"zh": "数字", "en": "a number"}
	wantInteger = Text{"zh": "整数", "en": "a whole number"}
)

// parseValue converts one JSON value (decoded with UseNumber) for field f into
// its typed form: string, decimal.Decimal or int. A nil result with no problem
// means the value is blank (null or empty).
func parseValue(f *Field, v any) (any, *valueProblem) {
	if v == nil {
		return nil, nil
	}
	switch f.Type {
	case TypeMoney, TypeNumber:
		return parseDecimal(f, v)
	case TypeInteger:
		n, ok := v.(json.Number)
		if !ok {
			return nil, typeProblem(f, wantInteger)
		}
		i, err := n.Int64()
		if err != nil || i > 1<<31 || i < -(1<<31) {
			return nil, typeProblem(f, wantInteger)
		}
		if p := checkBounds(f, decimal.NewFromInt(i)); p != nil {
			return nil, p
		}
		return int(i), nil
	case TypeDate:
		s, ok := v.(string)
		if !ok {
			if n, isNum := v.(json.Number); isNum {
				s = n.String()
			} else {
				return nil, typeProblem(f, Text{"zh": "日期", "en": "a date"})
			}
		}
		if strings.TrimSpace(s) == "" {
			return nil, nil
		}
		d, ok := NormalizeDate(s)
		if !ok {
			return nil, &valueProblem{"format", Text{"zh": "{field}不是有效日期：" + s, "en": "{field} is not a date: " + s + " (write yyyy-MM-dd)"}}
		}
		return d, nil
	default:
		s, ok := v.(string)
		if !ok {
			return nil, typeProblem(f, wantText)
		}
		if s == "" {
			return nil, nil
		}
		if f.MaxLength > 0 && utf8.RuneCountInString(s) > f.MaxLength {
			return nil, &valueProblem{"maxLength", Text{"zh": fmt.Sprintf("{field}不能超过%d个字符", f.MaxLength), "en": fmt.Sprintf("{field} is longer than %d characters", f.MaxLength)}}
		}
		if f.Type == TypeEnum && f.Enum != nil && !f.Enum.keys[s] {
			return nil, &valueProblem{"enum", Text{"zh": "{field}的值无效：" + s, "en": "{field} has no option " + s}}
		}
		return s, nil
	}
}

func parseDecimal(f *Field, v any) (any, *valueProblem) {
	var text string
	switch x := v.(type) {
	case json.Number:
		text = x.String()
	case string:
		text = strings.ReplaceAll(strings.TrimSpace(x), ",", "")
		if text == "" {
			return nil, nil
		}
	default:
		return nil, typeProblem(f, wantNumber)
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		return nil, typeProblem(f, wantNumber)
	}
	places := int32(numberPlaces)
	if f.Type == TypeMoney {
		places = moneyPlaces
	}
	if !d.Equal(d.Round(places)) {
		return nil, &valueProblem{"precision", Text{"zh": fmt.Sprintf("{field}最多%d位小数", places), "en": fmt.Sprintf("{field} has more than %d decimals", places)}}
	}
	d = d.Round(places)
	if d.Abs().GreaterThan(MoneyBound) {
		return nil, &valueProblem{"range", Text{"zh": "{field}超出范围（±999999999999999）", "en": "{field} is out of range (+/-999999999999999)"}}
	}
	if p := checkBounds(f, d); p != nil {
		return nil, p
	}
	return d, nil
}

var (
	minMoney       = decimal.New(1, -2)
	msgAboveZero   = Text{"zh": "{field}必须大于零", "en": "{field} must be greater than zero"}
	msgNotNegative = Text{"zh": "{field}必须大于等于0", "en": "{field} must be >= 0"}
)

// checkBounds checks a field's minimum and maximum, with the spec's wording
// for the usual minimums: 0.01 ('amount must be greater than zero') and 0
// ('days must be >= 0').
func checkBounds(f *Field, d decimal.Decimal) *valueProblem {
	if f.Min != nil && d.LessThan(*f.Min) {
		switch {
		case f.Min.Equal(minMoney):
			return &valueProblem{"minimum", msgAboveZero}
		case f.Min.IsZero():
			return &valueProblem{"minimum", msgNotNegative}
		}
		return &valueProblem{"minimum", Text{"zh": "{field}不能小于" + f.Min.String(), "en": "{field} must be at least " + f.Min.String()}}
	}
	if f.Max != nil && d.GreaterThan(*f.Max) {
		return &valueProblem{"maximum", Text{"zh": "{field}不能大于" + f.Max.String(), "en": "{field} must be at most " + f.Max.String()}}
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
	if len(s) == 10 && s[4] == '-' && s[7] == '-' { // already yyyy-MM-dd: only check it is a real day
		if _, err := time.Parse("2006-01-02", s); err != nil {
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

// parseScalarDefault reads a default value written in YAML for field f.
func parseScalarDefault(f *Field, n *yaml.Node) (any, string) {
	if n.Kind != yaml.ScalarNode {
		return nil, "a default must be a single value"
	}
	var v any = n.Value
	if f.Type == TypeMoney || f.Type == TypeNumber || f.Type == TypeInteger {
		v = json.Number(n.Value)
	}
	out, p := parseValue(f, v)
	if p != nil {
		return nil, p.msg.Format(map[string]Text{"field": f.Label}).In("en")
	}
	return out, ""
}

// jsonValue renders a typed value for JSON output: money with exactly 2
// decimals, as a JSON number.
func jsonValue(f *Field, v any) any {
	if d, ok := v.(decimal.Decimal); ok {
		if f.Type == TypeMoney {
			return json.Number(d.StringFixed(moneyPlaces))
		}
		return json.Number(d.String())
	}
	return v
}
