package printing

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"html/template"
	"slices"
	"strings"
	"time"

	"formwork/engine"

	"github.com/shopspring/decimal"
)

//go:embed templates/print.html
var printTemplates embed.FS

var printTemplate = template.Must(template.New("print.html").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
}).ParseFS(printTemplates, "templates/print.html"))

// Service renders print views.
type Service struct {
	people     People
	codes      Codes
	lifecycles Lifecycles
	now        func() time.Time
}

// NewService builds the print view on what names people, codes, states and
// actions; now is the clock of the print time.
func NewService(people People, codes Codes, lifecycles Lifecycles, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{people: people, codes: codes, lifecycles: lifecycles, now: now}
}

type printCell struct {
	Label string
	Value string
	Num   bool
}

type printTable struct {
	Title   string
	Columns []printCell
	Rows    [][]printCell
}

type printEvent struct {
	At, ByTxt, ActionTxt, FromTxt, ToTxt, Comment string
}

type printPage struct {
	Lang, Title, BusinessID, StatusTxt, PrintedAt, Stamp string
	T                                                    map[string]string
	HeadRows                                             [][]printCell
	Currency, Amount, Capital                            string
	Tables                                               []printTable
	History                                              []printEvent
	Waiting                                              string
	Maker, Applicant, Approvers                          string
	Version                                              int
}

// printHidden are head fields the print view leaves out: system fields
// shown elsewhere on the page, and the amount, which has its own line.
var printHidden = map[string]bool{"businessId": true, "docType": true, "version": true, "schemaVersion": true, "status": true, "processId": true,
	"amount": true, "currency": true}

// timeLayout is how the page writes the print time.
const timeLayout = "2006-01-02 15:04:05"

// Page renders the printable A4 HTML page of a document in lang: title,
// number, state and print time, the head fields with their catalogue
// labels, the amount with 人民币大写 (ChineseCapital of the local amount),
// the line tables, the approval history, and the maker, reimburser and
// approvers. A voided document prints with a stamp. Who may print it is
// the caller's to decide.
func (s *Service) Page(ctx context.Context, src DocumentSource, approval Approval, lang string) ([]byte, error) {
	l, texts := textsIn(lang)
	doc := src.Document()
	w := &writer{s: s, ctx: ctx, lang: l, doc: doc, lc: s.lifecycles.Lifecycle(), people: map[string]string{}}
	p := printPage{Lang: l, T: texts, Title: in(doc.Type.Title, l), BusinessID: src.BusinessID(),
		StatusTxt: w.state(approval.Status, approval.StatusTxt), PrintedAt: s.now().Format(timeLayout), Version: src.Version()}
	if src.Status() == "voided" {
		p.Stamp = texts["voided"]
	}
	head := doc.Head()
	amount, _ := head["amount"].(decimal.Decimal)
	p.Currency, p.Amount = head.String("currency"), MoneyText(amount)
	if p.Currency == "" {
		p.Currency = "CNY"
	}
	local := amount
	if d, ok := head["domesticAmount"].(decimal.Decimal); ok {
		local = d
	}
	p.Capital = ChineseCapital(local)
	p.Maker, p.Applicant = w.person(src.CreateBy()), w.person(src.Applicant())
	p.HeadRows = pairs(w.headCells(head))
	p.Tables = w.tables()
	p.History, p.Waiting, p.Approvers = w.history(approval)
	if w.err != nil {
		return nil, w.err
	}
	var buf bytes.Buffer
	if err := printTemplate.Execute(&buf, p); err != nil {
		return nil, fmt.Errorf("render print view: %w", err)
	}
	return buf.Bytes(), nil
}

// writer writes the values of one page; the first error of a name look-up
// is kept in err (the page is then not rendered).
type writer struct {
	s      *Service
	ctx    context.Context
	lang   string
	doc    *engine.Document
	lc     *engine.Lifecycle
	people map[string]string
	err    error
}

// person is the name of a user in the page's language, looked up once; the
// username when unknown.
func (w *writer) person(username string) string {
	if username == "" {
		return ""
	}
	if n, ok := w.people[username]; ok {
		return n
	}
	t, err := w.s.people.PersonName(w.ctx, username)
	w.keep(err)
	n := in(t, w.lang)
	if n == "" {
		n = username
	}
	w.people[username] = n
	return n
}

func (w *writer) keep(err error) {
	if w.err == nil {
		w.err = err
	}
}

// headCells are the head fields the page shows, in catalogue order.
func (w *writer) headCells(head engine.Values) []printCell {
	var cells []printCell
	for _, f := range w.doc.Type.Section("head").Fields {
		v, has := head[f.Name]
		if !has || printHidden[f.Name] || strings.HasSuffix(f.Name, "Txt") {
			continue
		}
		text, num := w.value(head, f, v)
		if text == "" {
			continue
		}
		cells = append(cells, printCell{Label: in(f.Label, w.lang), Value: text, Num: num})
	}
	return cells
}

// pairs puts cells two to a row.
func pairs(cells []printCell) [][]printCell {
	var rows [][]printCell
	for i := 0; i < len(cells); i += 2 {
		rows = append(rows, cells[i:min(i+2, len(cells))])
	}
	return rows
}

// tables are the line tables with rows (deleted rows left out), each with
// the columns some row fills.
func (w *writer) tables() []printTable {
	var out []printTable
	for _, sec := range w.doc.Type.Sections {
		if !sec.Table {
			continue
		}
		var rows []engine.Values
		for _, r := range w.doc.Tables[sec.Name] {
			if r.String("flag") != "D" {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			continue
		}
		cols := filledColumns(sec, rows)
		t := printTable{Title: in(sec.Title, w.lang)}
		for _, f := range cols {
			t.Columns = append(t.Columns, printCell{Label: in(f.Label, w.lang), Num: f.Type == engine.TypeMoney || f.Type == engine.TypeNumber || f.Type == engine.TypeInteger})
		}
		for _, r := range rows {
			var row []printCell
			for _, f := range cols {
				text, num := "", false
				if v, has := r[f.Name]; has {
					text, num = w.value(r, f, v)
				}
				row = append(row, printCell{Value: text, Num: num})
			}
			t.Rows = append(t.Rows, row)
		}
		out = append(out, t)
	}
	return out
}

// filledColumns are the fields of a table some row has, but the line
// status, the deletion flag and the Txt twins.
func filledColumns(sec *engine.Section, rows []engine.Values) []*engine.Field {
	var cols []*engine.Field
	for _, f := range sec.Fields {
		if f.Name == sec.StatusField || f.Name == "flag" || strings.HasSuffix(f.Name, "Txt") {
			continue
		}
		for _, r := range rows {
			if _, has := r[f.Name]; has {
				cols = append(cols, f)
				break
			}
		}
	}
	return cols
}

// history is the approval history with the names of who acted, who the
// open task waits for, and the approvers (who completed a task that is no
// supplement), in order, joined.
func (w *writer) history(a Approval) (events []printEvent, waiting, approvers string) {
	for _, e := range a.Events {
		ev := printEvent{At: e.At, ByTxt: w.person(e.By), ActionTxt: e.ActionTxt, ToTxt: w.state(e.To, e.ToTxt), Comment: e.Comment}
		if e.From != "" {
			ev.FromTxt = w.state(e.From, e.FromTxt)
		}
		if act := w.lc.Action(a.Family, e.Action); act != nil && len(act.Title) > 0 {
			ev.ActionTxt = in(act.Title, w.lang)
		}
		events = append(events, ev)
	}
	var names []string
	for _, t := range a.Tasks {
		if t.Done && !t.Supplement {
			if n := w.person(t.CompleteBy); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		if t.Open {
			waiting = w.person(t.Assignee)
		}
	}
	_, texts := textsIn(w.lang)
	return events, waiting, strings.Join(names, texts["listSep"])
}

// state is a state's title in the page's language, else txt.
func (w *writer) state(key, txt string) string {
	if st := w.lc.States[key]; st != nil && len(st.Title) > 0 {
		return in(st.Title, w.lang)
	}
	return txt
}
