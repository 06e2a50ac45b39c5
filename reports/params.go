package reports

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"formwork/engine"
	"formwork/identity"

	"github.com/shopspring/decimal"
)

// maxParamText bounds a text parameter.
const maxParamText = 100

var periodRe = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// defaultOf is p's default resolved for id at now.
func defaultOf(p engine.ReportParam, id *identity.Identity, now time.Time) (any, bool) {
	d := p.Default
	if d == "" {
		return nil, false
	}
	y, m, day := now.Date()
	month := time.Date(y, m, 1, 0, 0, 0, 0, now.Location())
	switch p.Type {
	case "company":
		return id.Company, id.Company != ""
	case "list":
		return splitList(d), true
	case "date":
		switch d {
		case "today":
			return time.Date(y, m, day, 0, 0, 0, 0, now.Location()).Format(time.DateOnly), true
		case "monthStart":
			return month.Format(time.DateOnly), true
		case "yearStart":
			return time.Date(y, 1, 1, 0, 0, 0, 0, now.Location()).Format(time.DateOnly), true
		case "lastMonthStart":
			return month.AddDate(0, -1, 0).Format(time.DateOnly), true
		case "lastMonthEnd":
			return month.AddDate(0, 0, -1).Format(time.DateOnly), true
		}
	case "period":
		switch d {
		case "thisMonth":
			return month.Format("2006-01"), true
		case "lastMonth":
			return month.AddDate(0, -1, 0).Format("2006-01"), true
		}
	}
	return d, true
}

func splitList(s string) []string {
	out := []string{}
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// resolve reads the run's parameters of r: given values checked by type,
// defaults for the others; a blank optional parameter resolves to nil.
// Each refusal is EINVALID naming params.<name>.
func resolve(r *engine.Report, given map[string]any, id *identity.Identity, now time.Time) (map[string]any, error) {
	for k := range given {
		if r.Param(k) == nil {
			return nil, invalid("params."+engine.Clip(k, 40), "报表没有参数 %s", "the report has no parameter %s", "รายงานไม่มีพารามิเตอร์ %s", engine.Clip(k, 40))
		}
	}
	out := map[string]any{}
	for _, p := range r.Params {
		raw, ok := given[p.Name]
		var v any
		var err error
		if ok && !blank(raw) {
			v, err = parseParam(p, raw)
			if err != nil {
				return nil, err
			}
		} else if d, ok := defaultOf(p, id, now); ok {
			if v, err = parseParam(p, d); err != nil {
				return nil, err
			}
		}
		if v == nil && p.Required {
			return nil, invalid("params."+p.Name, "%s 必填", "%s is required", "ต้องระบุ %s", p.Label.In("zh"), p.Label.In("en"), p.Label.In("th"))
		}
		out[p.Name] = v
	}
	return out, nil
}

func blank(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	case []string:
		return len(x) == 0
	}
	return false
}

// parseParam reads a value of p: a string (text, company, date, period,
// number), a number, or a list of strings (list; a string is split at
// commas).
func parseParam(p engine.ReportParam, raw any) (any, error) {
	path := "params." + p.Name
	if p.Type == "list" {
		var list []string
		switch x := raw.(type) {
		case string:
			list = splitList(x)
		case []string:
			list = x
		case []any:
			for _, e := range x {
				s, ok := e.(string)
				if !ok {
					return nil, invalid(path, "%s 应为文本列表", "%s must be a list of texts", "%s ต้องเป็นรายการข้อความ", p.Name, p.Name, p.Name)
				}
				list = append(list, strings.TrimSpace(s))
			}
		default:
			return nil, invalid(path, "%s 应为文本列表", "%s must be a list of texts", "%s ต้องเป็นรายการข้อความ", p.Name, p.Name, p.Name)
		}
		for _, v := range list {
			if len(p.Options) > 0 && !slices.Contains(p.Options, v) {
				return nil, invalid(path, "%q 不是可选值", "%q is not one of the choices", "%q ไม่ใช่ตัวเลือกที่มี", engine.Clip(v, 40), engine.Clip(v, 40), engine.Clip(v, 40))
			}
		}
		if len(list) == 0 {
			return nil, nil
		}
		return list, nil
	}
	var s string
	switch x := raw.(type) {
	case string:
		s = strings.TrimSpace(x)
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return nil, invalid(path, "%s 应为文本", "%s must be a text", "%s ต้องเป็นข้อความ", p.Name, p.Name, p.Name)
	}
	return parseScalar(p, path, s)
}

func parseScalar(p engine.ReportParam, path, s string) (any, error) {
	switch p.Type {
	case "date":
		d, ok := engine.NormalizeDate(s)
		if !ok {
			return nil, invalid(path, "%q 不是日期（yyyy-MM-dd）", "%q is no date (yyyy-MM-dd)", "%q ไม่ใช่วันที่ (yyyy-MM-dd)", engine.Clip(s, 20), engine.Clip(s, 20), engine.Clip(s, 20))
		}
		return d, nil
	case "period":
		if !periodRe.MatchString(s) {
			return nil, invalid(path, "%q 不是期间（yyyy-MM）", "%q is no period (yyyy-MM)", "%q ไม่ใช่งวด (yyyy-MM)", engine.Clip(s, 20), engine.Clip(s, 20), engine.Clip(s, 20))
		}
		return s, nil
	case "number":
		d, err := decimal.NewFromString(s)
		if err != nil {
			return nil, invalid(path, "%q 不是数字", "%q is no number", "%q ไม่ใช่ตัวเลข", engine.Clip(s, 20), engine.Clip(s, 20), engine.Clip(s, 20))
		}
		return d, nil
	}
	if len([]rune(s)) > maxParamText {
		return nil, invalid(path, "最多 %d 个字符", "has at most %d characters", "ต้องไม่เกิน %d ตัวอักษร", maxParamText, maxParamText, maxParamText)
	}
	if len(p.Options) > 0 && !slices.Contains(p.Options, s) {
		return nil, invalid(path, "%q 不是可选值", "%q is not one of the choices", "%q ไม่ใช่ตัวเลือกที่มี", engine.Clip(s, 40), engine.Clip(s, 40), engine.Clip(s, 40))
	}
	return s, nil
}

// invalid is EINVALID at path in every language; args are given per
// language in turn when there are three times as many as one format takes,
// else shared.
func invalid(path, zh, en, th string, args ...any) error {
	n := strings.Count(zh, "%")
	a := [3][]any{args, args, args}
	if n > 0 && len(args) == 3*n {
		a = [3][]any{args[:n], args[n : 2*n], args[2*n:]}
	}
	prefix := ""
	if strings.HasPrefix(path, "params.") {
		prefix = path + ": " // the parameter at fault, in every language
	}
	return engine.Refuse(engine.EINVALID, path, engine.Text{"zh": prefix + fmt.Sprintf(zh, a[0]...), "en": prefix + fmt.Sprintf(en, a[1]...), "th": prefix + fmt.Sprintf(th, a[2]...)})
}
