package contract

import (
	"time"

	"formwork/engine"
	"formwork/outbound"
	"formwork/taxes"
	"formwork/vouchers"

	"github.com/shopspring/decimal"
)

// The vouchers', push log's and tax system's requests and answers
// (adapters/httpapi/voucherapi).

// VoucherQuery names a document's voucher.
type VoucherQuery struct {
	BusinessID string `json:"businessId"`
}

// VoucherEdit is finance's save or 'save and submit voucher': the edits
// of the editable fields per line.
type VoucherEdit struct {
	BusinessID string              `json:"businessId"`
	Lines      []vouchers.LineEdit `json:"lines"`
}

// VoucherHead is the voucher's head.
type VoucherHead struct {
	BusinessID       string          `json:"businessId"`
	DocType          string          `json:"docType"`
	CompanyCode      string          `json:"companyCode"`
	Currency         string          `json:"currency"`
	ExchangeRate     decimal.Decimal `json:"exchangeRate"`
	DebitAmount      decimal.Decimal `json:"debitAmount"`
	CreditAmount     decimal.Decimal `json:"creditAmount"`
	LocalDebitAmount decimal.Decimal `json:"localDebitAmount"`
	LocalCredit      decimal.Decimal `json:"localCreditAmount"`
	Balanced         bool            `json:"balanced"`
	SapStatus        string          `json:"sapStatus"`
	SapBelnr         string          `json:"sapBelnr"`
	SapMsg           string          `json:"sapMsg"`
	FiscalYear       string          `json:"fiscalYear"` // of an imported posting result (CW00002)
	Attempts         int             `json:"attempts"`
	PostedBy         string          `json:"postedBy"`
	PostedAt         *time.Time      `json:"postedAt"`
	ReversalBelnr    string          `json:"reversalBelnr"`
	Stored           bool            `json:"stored"`
	Editable         bool            `json:"editable"`
}

// VoucherLineView is a voucher line with its editable fields (the spec's
// upper-case list: ACCOUNT, BSCHL, COSTCENTER, PROFITCENTER,
// INTERNALORDER, SUPPLIER, CUSTOMER, TEXT).
type VoucherLineView struct {
	LineNo        int             `json:"lineNo"`
	Bschl         string          `json:"bschl"`
	DebitCredit   string          `json:"debitCredit"`
	Account       string          `json:"account"`
	Amount        decimal.Decimal `json:"amount"`
	LocalAmount   decimal.Decimal `json:"localAmount"`
	CostCenter    string          `json:"costCenter"`
	ProfitCenter  string          `json:"profitCenter"`
	InternalOrder string          `json:"internalOrder"`
	Supplier      string          `json:"supplier"`
	Customer      string          `json:"customer"`
	Text          string          `json:"text"`
	Balance       bool            `json:"balance"`
	EditFields    []string        `json:"editFields"`
}

// VoucherView is the answer of queryVcHeadById: head and lines.
type VoucherView struct {
	Head  VoucherHead       `json:"head"`
	Lines []VoucherLineView `json:"lines"`
}

// ViewOfVoucher is the answer's view of a voucher.
func ViewOfVoucher(v *vouchers.Voucher) VoucherView {
	d, c, ld, lc := v.Totals()
	h := VoucherHead{BusinessID: v.BusinessID, DocType: v.DocType, CompanyCode: v.CompanyCode, Currency: v.Currency,
		ExchangeRate: v.ExchangeRate, DebitAmount: d, CreditAmount: c, LocalDebitAmount: ld, LocalCredit: lc, Balanced: v.Balanced(),
		SapStatus: v.SapStatus, SapBelnr: v.SapBelnr, SapMsg: v.SapMsg, FiscalYear: v.FiscalYear, Attempts: v.Attempts, PostedBy: v.PostedBy,
		ReversalBelnr: v.ReversalBelnr, Stored: v.Stored, Editable: v.Editable()}
	if !v.PostedAt.IsZero() {
		t := v.PostedAt
		h.PostedAt = &t
	}
	out := VoucherView{Head: h, Lines: make([]VoucherLineView, len(v.Lines))}
	for i, l := range v.Lines {
		out.Lines[i] = viewOfLine(l, v.Editable())
	}
	return out
}

func viewOfLine(l engine.VoucherLine, editable bool) VoucherLineView {
	f := l.Editable
	if f == nil || !editable {
		f = []string{}
	}
	return VoucherLineView{LineNo: l.LineNo, Bschl: l.Bschl, DebitCredit: l.DebitCredit, Account: l.Account, Amount: l.Amount.Round(2),
		LocalAmount: l.LocalAmount.Round(2), CostCenter: l.CostCenter, ProfitCenter: l.ProfitCenter, InternalOrder: l.InternalOrder,
		Supplier: l.Supplier, Customer: l.Customer, Text: l.Text, Balance: l.Balance, EditFields: f}
}

// PushLogEntry is one push-log entry (pushGX/pushLog).
type PushLogEntry struct {
	ID         int64     `json:"id"`
	System     string    `json:"system"`
	URL        string    `json:"url"`
	Method     string    `json:"method"`
	ReqData    string    `json:"reqData"`
	Response   string    `json:"response"`
	Status     string    `json:"status"`
	HTTPStatus int       `json:"httpStatus"`
	Key        string    `json:"key"`
	Try        int       `json:"try"`
	BusinessID string    `json:"businessId"`
	At         time.Time `json:"at"`
	Millis     int64     `json:"millis"`
	By         string    `json:"by"`
}

// PushLogReport is a call the browser reports (the spec's pushLog body).
type PushLogReport struct {
	URL        string `json:"url"`
	ReqData    string `json:"reqData"`
	Response   string `json:"response"`
	Status     string `json:"status"`
	Method     string `json:"method"`
	BusinessID string `json:"businessId"`
}

// ViewOfCall is the answer's view of a push-log entry.
func ViewOfCall(c outbound.Call) PushLogEntry { return PushLogEntry(c) }

// PushLogPage is a page of the push log.
type PushLogPage struct {
	Rows  []PushLogEntry `json:"rows"`
	Total int64          `json:"total"`
	Page  int            `json:"page"`
	Size  int            `json:"size"`
}

// VoucherImport is the voucher import's answer: how many posting results
// were booked and the vouchers' heads.
type VoucherImport struct {
	Imported int           `json:"imported"`
	Vouchers []VoucherHead `json:"vouchers"`
}

// TaxOrderSigns are the tax group order signs a push accepts (GET
// /api/formwork/tax/orderSigns): all, the default, those needing year and
// period.
type TaxOrderSigns struct {
	Signs       []string `json:"signs"`
	Default     string   `json:"default"`
	PeriodSigns []string `json:"periodSigns"`
}

// TaxLogin is the tax-system login's answer.
type TaxLogin struct {
	Status string `json:"status"`
}

func init() {
	for k, v := range map[string]apiDoc{
		"POST /api/galaxyvoucher/queryVoucher/queryVcHeadById": {Tag: "vouchers", Summary: "An approved document's voucher (head and lines with account, amount, localAmount, costCenter, profitCenter, internalOrder, supplier, customer, bschl and the editable fields): the kept one, else generated by its type's voucher rules; it balances. 422 before approval or without voucher rules.",
			Request: VoucherQuery{}, Response: VoucherView{}, Refusals: refusedOrStale},
		"POST /api/galaxyvoucher/queryVoucher/saveVoucher": {Tag: "vouchers", Summary: "Finance saves its edits of the editable fields (400 naming lines[i].field otherwise; 409 once posted).",
			Request: VoucherEdit{}, Response: VoucherView{}, Refusals: refusedOrStale},
		"POST /api/galaxyvoucher/queryVoucher/submitVoucher": {Tag: "vouchers", Summary: "Save and submit voucher: saves the edits and posts the voucher to the accounting system (idempotency key per document and attempt, 120 s timeout, retries with backoff, a push-log entry per try). The answer carries sapStatus S with sapBelnr, or E with sapMsg (kept; submit again to retry). 409 when posted or being posted.",
			Request: VoucherEdit{}, Response: VoucherView{}, Refusals: refusedOrStale},
		"POST /api/galaxyvoucher/queryVoucher/reverseVoucher": {Tag: "vouchers", Summary: "Voucher reversal (voucherReversal): posts the reverse entry of a posted voucher; its number is reversalBelnr. 409 when not posted; 422 with the accounting system's message when it refuses.",
			Request: VoucherQuery{}, Response: VoucherView{}, Refusals: refusedOrStale},
		"POST /api/galaxycommon/pushGX/pushLog": {Tag: "vouchers", Summary: "Record a call the browser made to an outside system (url, reqData, response, status, method).",
			Request: PushLogReport{}, Response: PushLogEntry{}},
		"GET /api/galaxycommon/pushGX/pushLog": {Tag: "vouchers", Summary: "The push log (voucherLog): every call to the accounting and tax systems, one entry per try, newest first; filtered by system, url (part), method, status (S, E, T), businessId (part), from and to (yyyy-MM-dd), paged.",
			Query: []string{"system", "url", "method", "status", "businessId", "from", "to", "page", "size"}, Response: PushLogPage{}},
		"POST /itax/ibm/login": {Tag: "vouchers", Summary: "Sign formwork in to the tax system with its configured account (the token stays on the server); 422 with the tax system's message when it refuses, 409 when none is configured.",
			Response: TaxLogin{}, Refusals: refusedOrStale},
		"POST /api/formwork/tax/push": {Tag: "vouchers", Summary: "Push an approved document to the tax system under a tax group order sign (03 by default; 07, 09, 10, 11, 12, 16, 20, 21, 22; 20, 21 and 22 need year and period): the outcome is kept (status S with taxNo, or E with message).",
			Request: taxes.Request{}, Response: taxes.Push{}, Refusals: refusedOrStale},
		"POST /api/formwork/vouchers/import": {Tag: "vouchers", Summary: "Voucher import (CW00002): an xlsx of the posting results of vouchers posted outside the adapter; its first sheet (or sheet vouchers) has the columns businessId, sapBelnr, fiscalYear, status (S posted, E failed), message under a header row (names or labels in any language). All rows or none: 422 with every row's finding at rows[n].column (unknown or unapproved document, a voucher posted already, a repeated document, a missing number, year or message). The numbers then show in queryVcHeadById and the push log.",
			Upload: XLSX, Response: VoucherImport{}, Refusals: []int{422}},
		"GET /api/formwork/vouchers/import/template.xlsx": {Tag: "vouchers", Summary: "The voucher import's template (labels in the user's language, an example row).", File: XLSX},
		"GET /api/formwork/tax/pushes":                    {Tag: "vouchers", Summary: "A document's tax pushes, newest first.", Query: []string{"businessId"}, Response: []taxes.Push{}, Refusals: notFound},
		"GET /api/formwork/tax/orderSigns": {Tag: "vouchers", Summary: "The tax group order signs a push accepts, the default one (03) and those that need year and period (20, 21, 22).",
			Response: TaxOrderSigns{}},
	} {
		apiDocs[k] = v
	}
}

// VoucherPosting is the posting state of a document's voucher, without its
// lines, for anyone who may read the document: state none (not approved,
// or its type makes no voucher), notPosted, posted (sapBelnr, postedAt),
// failed (sapMsg) or reversed (reversalBelnr, reversedAt).
type VoucherPosting struct {
	BusinessID    string     `json:"businessId"`
	State         string     `json:"state"`
	SapStatus     string     `json:"sapStatus"`
	SapBelnr      string     `json:"sapBelnr"`
	SapMsg        string     `json:"sapMsg"`
	FiscalYear    string     `json:"fiscalYear"`
	PostedAt      *time.Time `json:"postedAt"`
	ReversalBelnr string     `json:"reversalBelnr"`
	ReversedAt    *time.Time `json:"reversedAt"`
}

// ViewOfPosting is the answer's view of a voucher's posting state.
func ViewOfPosting(p *vouchers.Posting) VoucherPosting {
	at := func(t time.Time) *time.Time {
		if t.IsZero() {
			return nil
		}
		return &t
	}
	return VoucherPosting{BusinessID: p.BusinessID, State: p.State, SapStatus: p.SapStatus, SapBelnr: p.SapBelnr, SapMsg: p.SapMsg,
		FiscalYear: p.FiscalYear, PostedAt: at(p.PostedAt), ReversalBelnr: p.ReversalBelnr, ReversedAt: at(p.ReversedAt)}
}

func init() {
	apiDocs["POST "+VoucherPostingPath] = apiDoc{Tag: "vouchers", Summary: "The posting state of a document's voucher for anyone who may read the document (403 otherwise, 404 for an unknown one), without its lines: state none (not approved yet, or its type makes no voucher), notPosted, posted (sapBelnr, postedAt), failed (sapMsg) or reversed (reversalBelnr, reversedAt). Read only; finance posts with submitVoucher.",
		Request: VoucherQuery{}, Response: VoucherPosting{}, Refusals: notFound}
}

// VoucherPostingPath is the route of a voucher's posting state.
const VoucherPostingPath = "/api/formwork/vouchers/posting"
