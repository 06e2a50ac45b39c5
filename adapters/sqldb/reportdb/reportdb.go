// Package reportdb reads the report sources (reports.Store) from the
// tables of the other stores: documents, their charge lines (in the
// document body), budgets, the budget log and approval tasks. A report
// names source fields only; each field is a column expression here, or is
// computed from others in Go. Conditions on columns go into the query as
// parameters; the rest are applied to the rows read (reports.Match).
package reportdb

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"formwork/reports"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
)

// Kinds of columns, as scanned.
const (
	kText  = iota // text
	kDec          // numeric
	kCents        // whole cents (budget.Money)
	kInt          // integer
	kTime         // timestamp
)

// column is a source field read from the database.
type column struct {
	expr string
	kind int
}

// computed is a source field computed from others (deps) of the row.
type computed struct {
	deps []string
	fn   func(vals map[string]any) any
}

// source is how one report source is read.
type source struct {
	from     string
	columns  map[string]column
	computed map[string]computed
	lines    bool // one row per charge line of the document body
}

var docColumns = map[string]column{
	"businessId": {"d.business_id", kText}, "docType": {"d.doc_type", kText}, "businessType1": {"d.business_type1", kText},
	"businessType2": {"d.business_type2", kText}, "status": {"d.status", kText}, "applicant": {"d.applicant", kText},
	"createBy": {"d.create_by", kText}, "companyCode": {"d.company_code", kText}, "department": {"d.department", kText},
	"vendor": {"d.vendor", kText}, "customer": {"d.customer", kText}, "description": {"d.description", kText},
	"amount": {"d.amount", kDec}, "createdAt": {"d.created_at", kTime}, "updatedAt": {"d.updated_at", kTime},
}

var docComputed = map[string]computed{
	"createdDate":  {[]string{"createdAt"}, func(v map[string]any) any { return day(v["createdAt"]) }},
	"createdMonth": {[]string{"createdAt"}, func(v map[string]any) any { return month(v["createdAt"]) }},
}

func withBody(m map[string]column) map[string]column {
	out := map[string]column{"_body": {"d.body", kText}}
	for k, v := range m {
		out[k] = v
	}
	return out
}

var budgetColumns = map[string]column{
	"companyCode": {"b.company_code", kText}, "department": {"b.department", kText}, "budgetAccount": {"b.budget_account", kText},
	"project": {"b.project", kText}, "period": {"b.period", kText},
}

func merge(a, b map[string]column) map[string]column {
	out := map[string]column{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

var sources = map[string]*source{
	// the kept vouchers and tax pushes (adapters/sqldb/voucherdb)
	"vouchers": {from: "vouchers v", columns: map[string]column{"businessId": {"v.business_id", kText}, "docType": {"v.doc_type", kText},
		"companyCode": {"v.company_code", kText}, "currency": {"v.currency", kText}, "amount": {"v.amount", kDec},
		"sapStatus": {"v.sap_status", kText}, "sapBelnr": {"v.sap_belnr", kText}, "sapMsg": {"v.sap_msg", kText},
		"attempts": {"v.attempts", kInt}, "postedBy": {"v.posted_by", kText}, "reversalBelnr": {"v.reversal_belnr", kText},
		"at": {"v.updated_at", kTime}},
		computed: map[string]computed{"atDate": {[]string{"at"}, func(v map[string]any) any { return day(v["at"]) }}}},
	"taxChecks": {from: "tax_pushes p", columns: map[string]column{"businessId": {"p.business_id", kText}, "docType": {"p.doc_type", kText},
		"companyCode": {"p.company_code", kText}, "orderSign": {"p.order_sign", kText}, "year": {"p.year", kText},
		"period": {"p.period", kText}, "amount": {"p.amount", kDec}, "status": {"p.status", kText}, "taxNo": {"p.tax_no", kText},
		"message": {"p.message", kText}, "by": {"p.pushed_by", kText}, "at": {"p.at", kTime}},
		computed: map[string]computed{"atDate": {[]string{"at"}, func(v map[string]any) any { return day(v["at"]) }}}},
	"documents": {from: "documents d", columns: docColumns, computed: docComputed},
	"lines":     {from: "documents d", columns: withBody(docColumns), computed: docComputed, lines: true},
	"budgets": {from: "budgets b", columns: merge(budgetColumns, map[string]column{"control": {"b.control", kText},
		"amount": {"b.amount", kCents}, "occupied": {"b.occupied", kCents}, "consumed": {"b.consumed", kCents},
		"available": {"(b.amount - b.occupied - b.consumed)", kCents}})},
	"budgetMovements": {from: "budget_movements m JOIN budgets b ON b.id = m.budget_id", columns: merge(budgetColumns, map[string]column{
		"businessId": {"m.business_id", kText}, "kind": {"m.kind", kText}, "amount": {"m.amount", kCents},
		"at": {"m.at", kTime}, "actor": {"m.actor", kText}, "reason": {"m.reason", kText}}),
		computed: map[string]computed{"atDate": {[]string{"at"}, func(v map[string]any) any { return day(v["at"]) }}}},
	"approvals": {from: "process_tasks t JOIN documents d ON d.business_id = t.business_id", columns: map[string]column{
		"taskId": {"t.task_id", kInt}, "businessId": {"t.business_id", kText}, "docType": {"d.doc_type", kText},
		"companyCode": {"d.company_code", kText}, "department": {"d.department", kText}, "applicant": {"d.applicant", kText},
		"amount": {"d.amount", kDec}, "step": {"t.step", kText}, "assignee": {"t.assignee", kText},
		"taskStatus": {"t.status", kText}, "result": {"t.task_reult", kText}, "completeAt": {"t.complete_at", kTime},
		"_opened": {"t.opened_at", kTime}, "_created": {"t.created_at", kTime}},
		computed: map[string]computed{
			// a task arrives when it opens (the next step's task is
			// written at submission, waiting)
			"createdAt":   {[]string{"_opened", "_created"}, func(v map[string]any) any { return firstTime(v["_opened"], v["_created"]) }},
			"createdDate": {[]string{"_opened", "_created"}, func(v map[string]any) any { return day(firstTime(v["_opened"], v["_created"])) }},
			"hours": {[]string{"_opened", "_created", "completeAt"}, func(v map[string]any) any {
				from, _ := firstTime(v["_opened"], v["_created"]).(time.Time)
				to, ok := v["completeAt"].(time.Time)
				if !ok || from.IsZero() {
					return nil
				}
				return decimal.NewFromInt(int64(to.Sub(from)/time.Second)).DivRound(decimal.NewFromInt(3600), 2)
			}}}},
}

// invoiceSource reads the claimed invoices, each with its document and
// what its claimer's pool recognised of it.
var invoiceSource = &source{
	from: "invoice_claims c JOIN documents d ON d.business_id = c.business_id " +
		"LEFT JOIN pool_invoices p ON p.invoice_key = c.invoice_key AND p.uploader = d.create_by",
	columns: map[string]column{
		"invoiceKey": {"c.invoice_key", kText}, "invoiceCode": {"p.invoice_code", kText}, "invoiceNo": {"p.invoice_no", kText},
		"kind": {"p.kind", kText}, "issueDate": {"p.issue_date", kText}, "sellerName": {"p.seller_name", kText},
		"source": {"p.source", kText}, "verifyStatus": {"p.verify_status", kText},
		"amount": {"p.amount", kDec}, "taxAmount": {"p.tax_amount", kDec}, "total": {"p.total", kDec},
		"businessId": {"d.business_id", kText}, "docType": {"d.doc_type", kText}, "status": {"d.status", kText},
		"companyCode": {"d.company_code", kText}, "department": {"d.department", kText}, "applicant": {"d.applicant", kText},
		"createdAt": {"c.created_at", kTime}},
	computed: map[string]computed{"createdDate": docComputed["createdDate"]},
}

func init() { sources["invoices"] = invoiceSource }

// lineFields are read from each charge line of the body.
var lineFields = map[string]bool{"lineNo": true, "costType": true, "lineAmount": true, "taxAmount": true, "expDate": true}

// Store reads report sources from db.
type Store struct{ db *gorm.DB }

// NewStore is the report store over db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

var _ reports.Store = (*Store)(nil)

// Fields lists the fields of a source this store reads (for a test that
// every field the engine declares is read).
func Fields(name string) []string {
	s := sources[name]
	if s == nil {
		return nil
	}
	var out []string
	for k := range s.columns {
		if !strings.HasPrefix(k, "_") {
			out = append(out, k)
		}
	}
	for k := range s.computed {
		out = append(out, k)
	}
	if s.lines {
		for k := range lineFields {
			out = append(out, k)
		}
	}
	return out
}

// Scan reads q (see reports.Store).
func (st *Store) Scan(ctx context.Context, q reports.Query, fn func(row []any) error) error {
	src := sources[q.Source]
	if src == nil {
		return fmt.Errorf("report source %s is not read by this store", q.Source)
	}
	plan, err := src.plan(q)
	if err != nil {
		return err
	}
	tx := st.db.WithContext(ctx).Table(src.from).Select(strings.Join(plan.exprs, ", "))
	for _, c := range plan.sqlConds {
		col := src.columns[c.Field]
		if col.kind == kCents {
			c = inCents(c)
		}
		tx = where(tx, col.expr, c)
	}
	rows, err := tx.Rows()
	if err != nil {
		return fmt.Errorf("report %s: %w", q.Source, err)
	}
	defer rows.Close()
	for rows.Next() {
		vals, err := scanRow(rows, plan)
		if err != nil {
			return err
		}
		if err := src.emit(q, plan, vals, fn); err != nil {
			return err
		}
	}
	return rows.Err()
}

// where adds one parameterised condition on a column expression.
func where(tx *gorm.DB, expr string, c reports.Cond) *gorm.DB {
	ops := map[string]string{"eq": "=", "ne": "<>", "ge": ">=", "gt": ">", "le": "<=", "lt": "<"}
	switch c.Op {
	case "in":
		return tx.Where(expr+" IN ?", c.Values)
	case "notIn":
		return tx.Where(expr+" NOT IN ?", c.Values)
	case "contains":
		s, _ := c.Values[0].(string)
		return tx.Where("LOWER("+expr+") LIKE ?", "%"+strings.ToLower(s)+"%")
	}
	return tx.Where(expr+" "+ops[c.Op]+" ?", c.Values[0])
}

// plan is which columns a scan selects and which conditions the query
// holds; the others are applied to the rows.
type plan struct {
	names    []string // selected columns' field names
	exprs    []string
	kinds    []int
	sqlConds []reports.Cond
	goConds  []reports.Cond
}

func (s *source) plan(q reports.Query) (*plan, error) {
	p := &plan{}
	seen := map[string]bool{}
	var need func(f string) error
	need = func(f string) error {
		if seen[f] {
			return nil
		}
		seen[f] = true
		if c, ok := s.columns[f]; ok {
			p.names, p.exprs, p.kinds = append(p.names, f), append(p.exprs, c.expr), append(p.kinds, c.kind)
			return nil
		}
		if c, ok := s.computed[f]; ok {
			for _, d := range c.deps {
				if err := need(d); err != nil {
					return err
				}
			}
			return nil
		}
		if s.lines && lineFields[f] {
			return need("_body")
		}
		return fmt.Errorf("report source field %s is not read by this store", f)
	}
	for _, f := range q.Fields {
		if err := need(f); err != nil {
			return nil, err
		}
	}
	for _, c := range q.Conds {
		if _, ok := s.columns[c.Field]; ok && len(c.Values) > 0 {
			p.sqlConds = append(p.sqlConds, c)
			continue
		}
		if err := need(c.Field); err != nil {
			return nil, err
		}
		p.goConds = append(p.goConds, c)
	}
	return p, nil
}

// scanRow reads one row's columns by field name.
func scanRow(rows *sql.Rows, p *plan) (map[string]any, error) {
	dest := make([]any, len(p.kinds))
	for i, k := range p.kinds {
		switch k {
		case kText:
			dest[i] = new(sql.NullString)
		case kDec:
			dest[i] = new(decimal.NullDecimal)
		case kCents, kInt:
			dest[i] = new(sql.NullInt64)
		case kTime:
			dest[i] = new(sql.NullTime)
		}
	}
	if err := rows.Scan(dest...); err != nil {
		return nil, fmt.Errorf("report row: %w", err)
	}
	out := make(map[string]any, len(dest))
	for i, d := range dest {
		var v any
		switch x := d.(type) {
		case *sql.NullString:
			if x.Valid {
				v = x.String
			}
		case *decimal.NullDecimal:
			if x.Valid {
				v = x.Decimal
			}
		case *sql.NullInt64:
			if x.Valid && p.kinds[i] == kCents {
				v = decimal.New(x.Int64, -2)
			} else if x.Valid {
				v = x.Int64
			}
		case *sql.NullTime:
			if x.Valid {
				v = x.Time
			}
		}
		out[p.names[i]] = v
	}
	return out, nil
}

// emit computes the row's other fields (one row per charge line for
// lines), applies the remaining conditions and hands on the fields asked.
func (s *source) emit(q reports.Query, p *plan, vals map[string]any, fn func(row []any) error) error {
	for f, c := range s.computed {
		vals[f] = c.fn(vals)
	}
	if !s.lines {
		return pass(q, p, vals, fn)
	}
	body, _ := vals["_body"].(string)
	for i, line := range charges(body) {
		vals["lineNo"] = int64(i + 1)
		for _, f := range []string{"costType", "expDate"} {
			vals[f] = text(line[f])
		}
		vals["lineAmount"], vals["taxAmount"] = money(line["amount"]), money(line["taxAmount"])
		if err := pass(q, p, vals, fn); err != nil {
			return err
		}
	}
	return nil
}

func pass(q reports.Query, p *plan, vals map[string]any, fn func(row []any) error) error {
	for _, c := range p.goConds {
		if !reports.Match(c, vals[c.Field]) {
			return nil
		}
	}
	row := make([]any, len(q.Fields))
	for i, f := range q.Fields {
		row[i] = vals[f]
	}
	return fn(row)
}

// charges are the charge lines of a document body that count (a line
// marked deleted, flag D, counts for nothing).
func charges(body string) []map[string]any {
	var doc struct {
		LineList []map[string]any `json:"lineList"`
	}
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&doc) != nil {
		return nil
	}
	out := doc.LineList[:0]
	for _, l := range doc.LineList {
		if f, _ := l["flag"].(string); f != "D" {
			out = append(out, l)
		}
	}
	return out
}

func text(v any) any {
	if s, ok := v.(string); ok && s != "" {
		return s
	}
	return nil
}

func money(v any) any {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	default:
		return nil
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return nil
	}
	return d
}

func firstTime(vs ...any) any {
	for _, v := range vs {
		if t, ok := v.(time.Time); ok && !t.IsZero() {
			return t
		}
	}
	return nil
}

func day(v any) any {
	if t, ok := v.(time.Time); ok {
		return t.Local().Format(time.DateOnly)
	}
	return nil
}

func month(v any) any {
	if t, ok := v.(time.Time); ok {
		return t.Local().Format("2006-01")
	}
	return nil
}

// inCents has a condition's amounts in whole cents, as budget amounts are
// stored (an expression over them has no type a database would convert a
// decimal parameter to).
func inCents(c reports.Cond) reports.Cond {
	out := reports.Cond{Field: c.Field, Op: c.Op}
	for _, v := range c.Values {
		if d, ok := v.(decimal.Decimal); ok {
			v = d.Round(2).Shift(2).IntPart()
		}
		out.Values = append(out.Values, v)
	}
	return out
}
