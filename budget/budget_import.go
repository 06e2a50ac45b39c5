package budget

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"formwork/engine"
)

// Codes checks that codes name master records (masterdata.Service does):
// each reference that fails is a finding at its path.
type Codes interface {
	CheckRefs(ctx context.Context, company, date string, refs []engine.Ref) ([]*engine.Error, error)
}

// SetCodes sets where imported codes are checked; unset, they are not.
func (s *Service) SetCodes(c Codes) { s.codes = c }

// ImportRow is a row of a budget workbook: its row number in the sheet and
// its cells. Amount is nil when the cell is blank.
type ImportRow struct {
	Row                                                              int
	CompanyCode, Department, BudgetAccount, Project, Period, Control string
	Amount                                                           *Money
}

// RowPath is the path of a row's field in an import's findings:
// rows[7].department for row 7 of the sheet.
func RowPath(row int, field string) string {
	if field == "" {
		return fmt.Sprintf("rows[%d]", row)
	}
	return fmt.Sprintf("rows[%d].%s", row, field)
}

// ImportProblems is the refusal of an import: every problem, each an
// ECHECK at RowPath(row, field). As an error it is the first.
type ImportProblems []*engine.Error

func (p ImportProblems) Error() string {
	if len(p) == 1 {
		return p[0].Error()
	}
	return fmt.Sprintf("%s (and %d more problems)", p[0].Error(), len(p)-1)
}

// Unwrap is the first problem.
func (p ImportProblems) Unwrap() error { return p[0] }

// Imported says what an import did: budgets created, lowered (counted at
// once), raised (waiting for confirmation) and left as they were.
type Imported struct {
	Created   int `json:"created"`
	Lowered   int `json:"lowered"`
	Raised    int `json:"raised"`
	Unchanged int `json:"unchanged"`
}

// Import writes the budgets of a workbook's rows, all or nothing: a row
// with a field missing or wrong, a code master data does not have
// (company, department, budget account, project), a company out of scope,
// a node twice, or a strong budget lowered below what it holds, is a
// problem, and ImportProblems lists them all with nothing written. A new
// node is created with amount 0 and the row's amount waiting for
// confirmation; a higher amount than the confirmed one waits for
// confirmation (Decide); a lower one counts at once. The control is set as
// the row says (not done: a control loosened by an import counts at once,
// without confirmation; only amounts wait). Each change is a
// MovementImport.
func (s *Service) Import(ctx context.Context, rows []ImportRow, scope Scope, by string) (Imported, error) {
	problems := checkRows(rows, scope)
	if s.codes != nil {
		refs := importRefs(rows)
		found, err := s.codes.CheckRefs(ctx, "", "", refs)
		if err != nil {
			return Imported{}, err
		}
		for _, f := range found {
			row, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(f.Path, "rows["), "]", 2)[0])
			problems = append(problems, engine.Refuse(engine.ECHECK, f.Path, engine.RowText(row, f.Text)))
		}
	}
	if len(problems) > 0 {
		return Imported{}, sortedProblems(problems)
	}
	var done Imported
	err := s.store.InAdjustTx(ctx, func(tx AdjustTx) error {
		done = Imported{}
		var late ImportProblems
		for _, r := range rows {
			p, err := s.importRow(tx, r, by, &done)
			if err != nil {
				return err
			}
			if p != nil {
				late = append(late, p)
			}
		}
		if len(late) > 0 {
			return late
		}
		return nil
	})
	return done, err
}

// importRow writes one checked row in the import's transaction: a problem
// when a strong budget would drop below what it holds.
func (s *Service) importRow(tx AdjustTx, r ImportRow, by string, done *Imported) (*engine.Error, error) {
	now := s.now()
	node := Node{CompanyCode: r.CompanyCode, Department: r.Department, Project: r.Project, Period: r.Period}
	if err := tx.LockBudgets(nil, node, []string{r.BudgetAccount}); err != nil {
		return nil, err
	}
	found, err := tx.BudgetsOf(node, []string{r.BudgetAccount})
	if err != nil {
		return nil, err
	}
	amount := *r.Amount
	b, ok := found[r.BudgetAccount]
	if !ok {
		b = Budget{CompanyCode: r.CompanyCode, Department: r.Department, BudgetAccount: r.BudgetAccount, Project: r.Project, Period: r.Period,
			Control: r.Control, UpdateBy: by}
		if amount > 0 {
			b.Pending, b.PendingKind, b.PendingBy, b.PendingReason, b.PendingAt = &amount, MovementImport, by, "", &now
		}
		if err := tx.InsertBudget(&b); err != nil {
			return nil, err
		}
		done.Created++
		return nil, tx.LogMovement(Movement{BudgetID: b.ID, Kind: MovementImport, Amount: amount, At: now, Actor: by, Pending: amount > 0})
	}
	delta, strong := amount-b.Amount, r.Control == ControlStrong
	if strong && amount < b.Occupied+b.Consumed {
		return engine.Refuse(engine.ECHECK, RowPath(r.Row, "amount"), engine.RowText(r.Row, engine.Text{
			"zh": fmt.Sprintf("预算%s已占用%s、已消耗%s，强控制下不能降至%s", NodeText(b), b.Occupied, b.Consumed, amount),
			"en": fmt.Sprintf("budget %s has %s occupied and %s consumed: under strong control it cannot drop to %s", NodeText(b), b.Occupied, b.Consumed, amount),
			"th": fmt.Sprintf("งบประมาณ %s มียอดใช้อยู่ %s และใช้ไปแล้ว %s: ภายใต้การควบคุมแบบเข้มงวดจึงลดเหลือ %s ไม่ได้", NodeText(b), b.Occupied, b.Consumed, amount)})), nil
	}
	b.Control, b.UpdateBy = r.Control, by
	switch {
	case delta > 0:
		b.Pending, b.PendingKind, b.PendingBy, b.PendingReason, b.PendingAt = &amount, MovementImport, by, "", &now
		done.Raised++
	case delta < 0:
		b.Amount = amount
		b.Pending, b.PendingKind, b.PendingBy, b.PendingReason, b.PendingAt = nil, "", "", "", nil
		done.Lowered++
	default:
		done.Unchanged++
	}
	ok, err = tx.PutBudget(b, now, strong)
	if err == nil && !ok {
		err = changedMeanwhile(RowPath(r.Row, ""))
	}
	if err != nil || delta == 0 {
		return nil, err
	}
	return nil, tx.LogMovement(Movement{BudgetID: b.ID, Kind: MovementImport, Amount: delta, At: now, Actor: by, Pending: delta > 0})
}

// checkRows are the problems of rows on their own: fields missing, too
// long or wrong, companies out of scope, nodes twice.
func checkRows(rows []ImportRow, scope Scope) []*engine.Error {
	var problems []*engine.Error
	bad := func(row int, field, zh, en, th string) {
		problems = append(problems, engine.Refuse(engine.ECHECK, RowPath(row, field), engine.RowText(row, engine.Text{"zh": zh, "en": en, "th": th})))
	}
	seen := map[string]int{}
	for i := range rows {
		r := &rows[i]
		for _, f := range []struct {
			name string
			v    *string
			max  int
		}{{"companyCode", &r.CompanyCode, 20}, {"department", &r.Department, 40}, {"budgetAccount", &r.BudgetAccount, 40}, {"project", &r.Project, 40},
			{"period", &r.Period, 7}, {"control", &r.Control, 10}} {
			*f.v = strings.TrimSpace(*f.v)
			switch {
			case *f.v == "" && f.name != "project":
				bad(r.Row, f.name, f.name+"未填写", f.name+" is missing", "ยังไม่ได้ระบุ "+f.name)
			case utf8.RuneCountInString(*f.v) > f.max && f.name != "period":
				bad(r.Row, f.name, fmt.Sprintf("%s超过%d个字符", f.name, f.max), fmt.Sprintf("%s is longer than %d characters", f.name, f.max),
					fmt.Sprintf("%s ยาวเกิน %d ตัวอักษร", f.name, f.max))
			}
		}
		if r.Project == "0" {
			r.Project = ""
		}
		r.Period = periodOfCell(r.Period)
		if p := engine.Clip(r.Period, 20); p != "" && !periodRe.MatchString(r.Period) {
			bad(r.Row, "period", fmt.Sprintf("期间须为月份yyyy-MM，而不是%q", p), fmt.Sprintf("period must be a month yyyy-MM, not %q", p),
				fmt.Sprintf("งวดต้องเป็นเดือนในรูปแบบ yyyy-MM ไม่ใช่ %q", p))
		}
		if r.Control != "" && !ValidControl(r.Control) {
			bad(r.Row, "control", "控制方式须为strong、weak或none", "control must be strong, weak or none", "รูปแบบการควบคุมต้องเป็น strong, weak หรือ none")
		}
		switch {
		case r.Amount == nil:
			bad(r.Row, "amount", "金额未填写", "amount is missing", "ยังไม่ได้ระบุจำนวนเงิน")
		case *r.Amount < 0:
			bad(r.Row, "amount", "金额不能为负数", "amount must not be negative", "จำนวนเงินต้องไม่ติดลบ")
		}
		if r.CompanyCode != "" && !scope.Covers(r.CompanyCode) {
			c := engine.Clip(r.CompanyCode, 20)
			bad(r.Row, "companyCode", "您不属于公司"+c, "you do not work for company "+c, "คุณไม่ได้สังกัดบริษัท "+c)
		}
		key := strings.Join([]string{r.CompanyCode, r.Department, r.BudgetAccount, r.Project, r.Period}, "/")
		if first, twice := seen[key]; twice {
			bad(r.Row, "period", fmt.Sprintf("预算%s已在第%d行", key, first), fmt.Sprintf("budget %s is on row %d already", key, first),
				fmt.Sprintf("งบประมาณ %s อยู่ในแถว %d แล้ว", key, first))
		} else {
			seen[key] = r.Row
		}
	}
	return problems
}

// periodOfCell reads a period cell: yyyy-MM as it is, or the serial
// number of a cell Excel took for a date.
func periodOfCell(s string) string {
	if serial, err := strconv.ParseFloat(s, 64); err == nil && serial > 20000 && serial < 2958466 {
		return time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(serial)).Format("2006-01")
	}
	return s
}

// importRefs are the codes of rows to check against master data, each at
// its row's path and of its row's company.
func importRefs(rows []ImportRow) []engine.Ref {
	var refs []engine.Ref
	for _, r := range rows {
		add := func(field, typ, code string) {
			if code != "" {
				refs = append(refs, engine.Ref{Path: RowPath(r.Row, field), Type: typ, Code: code, Company: r.CompanyCode})
			}
		}
		add("companyCode", "company", r.CompanyCode)
		add("department", "department", r.Department)
		add("budgetAccount", "budgetAccount", r.BudgetAccount)
		add("project", "project", r.Project)
	}
	return refs
}

// sortedProblems orders problems by row (then as found).
func sortedProblems(p []*engine.Error) ImportProblems {
	row := func(e *engine.Error) int {
		n, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(e.Path, "rows["), "]", 2)[0])
		return n
	}
	sort.SliceStable(p, func(i, j int) bool { return row(p[i]) < row(p[j]) })
	return ImportProblems(p)
}
