package documents

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

// ListQuery is a query of the generic document list (the form-list page,
// document maintenance, its export): the documents of one type (every type
// when DocType is blank) that the user may read, narrowed by a search text
// and filters, in one order, one page at a time.
type ListQuery struct {
	DocType  string
	Q        string // contained, ignoring case, in the number, the reasons, the applicant's, vendor's or customer's name
	Filters  ListFilters
	Sort     ListSort
	Page     int // from 1 (default 1)
	PageSize int // 1 to MaxListPageSize (default DefaultListPageSize)
}

// ListFilters narrow a list on its indexed columns; a blank one does not.
type ListFilters struct {
	SubType     string   // businessType1 or businessType2
	Status      []string // any of these states
	CompanyCode string
	Department  string
	Applicant   string
	DateFrom    string // creation date yyyy-MM-dd, included
	DateTo      string // creation date yyyy-MM-dd, included
	QuickRange  string // one of QuickRanges, with the dates: whichever bounds most
	AmountFrom  string // decimal, included
	AmountTo    string // decimal, included
}

// ListSort is the order of a list: a column of ListSortFields, ascending
// or descending (default: createAt descending).
type ListSort struct {
	Field string
	Order string // asc or desc
}

// Limits of a list query.
const (
	DefaultListPageSize = 10 // navigation-and-access.md 9
	MaxListPageSize     = 500
	maxQueryText        = 100
	// MaxExportRows is the most rows an export writes; a larger set is
	// refused (narrow it with filters).
	MaxExportRows = 100_000
)

// ListSortFields are the columns a list may be ordered by.
var ListSortFields = []string{"businessId", "docType", "subType", "status", "applicant", "companyCode", "department",
	"vendor", "customer", "amount", "description", "createAt", "updatedAt"}

// QuickRanges are the quick date ranges: the spec's last day, week, month
// and three months (navigation-and-access.md 9), and this month, last month
// and this year (calendar ranges, in the server's time zone).
var QuickRanges = []string{"day", "week", "month", "quarter", "thisMonth", "lastMonth", "thisYear"}

// ReadScope is the set of documents a user may read, as a list reads it:
// MayRead's rule for every document at once. All: every document
// (administrators). Otherwise a document whose maker or reimburser is one
// of Owners (the user and whom they act for today), one of Companies'
// (finance staff), one on the open to-do list of one of Owners, or one
// Me decided on.
type ReadScope struct {
	All       bool
	Me        string
	Owners    []string
	Companies []string
}

// ListFilter is a checked list query as a store reads it: every criterion
// that is not blank applies, within Scope.
type ListFilter struct {
	Scope   ReadScope
	DocType string
	// Text is the search text in lower case; Vendors and Customers are the
	// codes whose names contain it (a document matches the text when its
	// search text, which holds its number, contains it, or its applicant's
	// user name or name does, or it names one of them).
	Text                               string
	Vendors, Customers                 []string
	SubType                            string
	States                             []string
	CompanyCode, Department, Applicant string
	CreatedFrom, CreatedBefore         time.Time // zero: no bound
	AmountFrom, AmountTo               *decimal.Decimal
	Sort                               string // one of ListSortFields; the business id breaks ties
	Desc                               bool
	Offset, Limit                      int
}

// compile checks q against the catalogue and the lifecycle's states and
// makes it a filter (without scope and names); now anchors the quick date
// ranges. Each refusal is EINVALID naming the field.
func (q ListQuery) compile(cat *engine.Catalogue, states map[string]*engine.State, now time.Time) (ListFilter, error) {
	f := ListFilter{DocType: strings.TrimSpace(q.DocType), Text: strings.ToLower(strings.TrimSpace(q.Q)),
		SubType: strings.TrimSpace(q.Filters.SubType), CompanyCode: strings.TrimSpace(q.Filters.CompanyCode),
		Department: strings.TrimSpace(q.Filters.Department), Applicant: strings.TrimSpace(q.Filters.Applicant)}
	if f.DocType != "" && !knownDocType(cat, f.DocType) {
		return f, invalid("docType", "%s 不是单据类型", "%s is no document type", "%s ไม่ใช่ประเภทเอกสาร", engine.Clip(f.DocType, 20))
	}
	if len([]rune(f.Text)) > maxQueryText {
		return f, invalid("q", "搜索内容最多 %d 个字符", "has at most %d characters", "ข้อความค้นหาต้องไม่เกิน %d ตัวอักษร", maxQueryText)
	}
	for _, st := range q.Filters.Status {
		if st = strings.TrimSpace(st); states[st] == nil {
			return f, invalid("filters.status", "%q 不是单据状态", "%q is no document state", "%q ไม่ใช่สถานะเอกสาร", engine.Clip(st, 20))
		}
		f.States = append(f.States, st)
	}
	if err := f.dates(q.Filters, now); err != nil {
		return f, err
	}
	if err := f.amounts(q.Filters); err != nil {
		return f, err
	}
	if err := f.order(q.Sort); err != nil {
		return f, err
	}
	return f, f.page(q.Page, q.PageSize)
}

// knownDocType reports whether code is a document type of any edition.
func knownDocType(cat *engine.Catalogue, code string) bool {
	if cat.DocType(code) != nil {
		return true
	}
	for ed := range cat.Editions {
		if cat.Live(ed, code) != nil {
			return true
		}
	}
	return false
}

// dates sets the creation dates: dateFrom, dateTo (whole days) and the
// quick range, whichever bounds most.
func (f *ListFilter) dates(q ListFilters, now time.Time) error {
	for _, d := range []struct {
		path, v string
		to      bool
	}{{"filters.dateFrom", q.DateFrom, false}, {"filters.dateTo", q.DateTo, true}} {
		if strings.TrimSpace(d.v) == "" {
			continue
		}
		day, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(d.v), now.Location())
		if err != nil {
			return invalid(d.path, "须为日期 yyyy-MM-dd，而不是 %q", "must be a date yyyy-MM-dd, not %q",
				"ต้องเป็นวันที่ yyyy-MM-dd ไม่ใช่ %q", engine.Clip(d.v, 20))
		}
		if d.to {
			f.CreatedBefore = day.AddDate(0, 0, 1)
		} else {
			f.CreatedFrom = day
		}
	}
	if q.QuickRange == "" {
		return nil
	}
	from, before, ok := QuickRange(q.QuickRange, now)
	if !ok {
		list := strings.Join(QuickRanges, ", ")
		return invalid("filters.quickRange", "须为 %s 之一", "must be one of %s", "ต้องเป็นหนึ่งใน %s", list)
	}
	if from.After(f.CreatedFrom) {
		f.CreatedFrom = from
	}
	if !before.IsZero() && (f.CreatedBefore.IsZero() || before.Before(f.CreatedBefore)) {
		f.CreatedBefore = before
	}
	return nil
}

// QuickRange is the creation time range of a quick range at now: from
// (included) and before (excluded; zero: up to now).
func QuickRange(name string, now time.Time) (from, before time.Time, ok bool) {
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, now.Location())
	switch name {
	case "day", "week", "month", "quarter":
		days := map[string]int{"day": 1, "week": 7, "month": 30, "quarter": 90}[name]
		return now.AddDate(0, 0, -days), time.Time{}, true
	case "thisMonth":
		return month, month.AddDate(0, 1, 0), true
	case "lastMonth":
		return month.AddDate(0, -1, 0), month, true
	case "thisYear":
		year := time.Date(now.Year(), 1, 1, 0, 0, 0, 0, now.Location())
		return year, year.AddDate(1, 0, 0), true
	}
	return time.Time{}, time.Time{}, false
}

// amounts sets the amount range.
func (f *ListFilter) amounts(q ListFilters) error {
	for _, a := range []struct {
		path, v string
		to      **decimal.Decimal
	}{{"filters.amountFrom", q.AmountFrom, &f.AmountFrom}, {"filters.amountTo", q.AmountTo, &f.AmountTo}} {
		if strings.TrimSpace(a.v) == "" {
			continue
		}
		d, err := decimal.NewFromString(strings.TrimSpace(a.v))
		if err != nil {
			return invalid(a.path, "须为金额，例如 1000.00，而不是 %q", "must be an amount such as 1000.00, not %q",
				"ต้องเป็นจำนวนเงิน เช่น 1000.00 ไม่ใช่ %q", engine.Clip(a.v, 30))
		}
		*a.to = &d
	}
	if f.AmountFrom != nil && f.AmountTo != nil && f.AmountFrom.GreaterThan(*f.AmountTo) {
		return invalid("filters.amountTo", "金额上限 %s 小于下限 %s", "%s is below amountFrom %s",
			"จำนวนเงินสูงสุด %s น้อยกว่าจำนวนเงินต่ำสุด %s", f.AmountTo.String(), f.AmountFrom.String())
	}
	return nil
}

// order sets the order (default createAt descending).
func (f *ListFilter) order(s ListSort) error {
	f.Sort, f.Desc = strings.TrimSpace(s.Field), true
	if f.Sort == "" {
		f.Sort = "createAt"
	}
	if !slices.Contains(ListSortFields, f.Sort) {
		list := strings.Join(ListSortFields, ", ")
		return invalid("sort.field", "不能按 %q 排序：排序列须为 %s 之一", "cannot sort by %q: it must be one of %s",
			"ไม่สามารถเรียงตาม %q: ต้องเป็นหนึ่งใน %s", engine.Clip(f.Sort, 30), list)
	}
	switch strings.ToLower(strings.TrimSpace(s.Order)) {
	case "", "desc", "descending":
	case "asc", "ascending":
		f.Desc = false
	default:
		return invalid("sort.order", "须为 asc 或 desc，而不是 %q", "must be asc or desc, not %q",
			"ต้องเป็น asc หรือ desc ไม่ใช่ %q", engine.Clip(s.Order, 20))
	}
	return nil
}

// page sets the page's rows.
func (f *ListFilter) page(page, size int) error {
	if page == 0 {
		page = 1
	}
	if size == 0 {
		size = DefaultListPageSize
	}
	if page < 1 || page > 1_000_000 {
		return invalid("page", "页码须在 1 到 %d 之间", "is from 1 to %d", "หน้าต้องอยู่ระหว่าง 1 ถึง %d", 1_000_000)
	}
	if size < 1 || size > MaxListPageSize {
		return invalid("pageSize", "每页条数须在 1 到 %d 之间", "is from 1 to %d", "ขนาดหน้าต้องอยู่ระหว่าง 1 ถึง %d", MaxListPageSize)
	}
	f.Offset, f.Limit = (page-1)*size, size
	return nil
}

// invalid is EINVALID at path with one message in three languages, each a
// format of args, each beginning with the path (the field at fault).
func invalid(path, zh, en, th string, args ...any) error {
	return engine.Refuse(engine.EINVALID, path, engine.Text{
		"zh": path + "：" + fmt.Sprintf(zh, args...), "en": path + ": " + fmt.Sprintf(en, args...), "th": path + ": " + fmt.Sprintf(th, args...)})
}
