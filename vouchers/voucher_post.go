package vouchers

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"formwork/documents"
	"formwork/engine"
	"formwork/engine/voucher"
	"formwork/outbound"

	"github.com/shopspring/decimal"
)

// System is the push log's name of the accounting system.
const System = "accounting"

// postingLine and posting are the accounting system's request.
type postingLine struct {
	LineNo        int             `json:"lineNo"`
	Bschl         string          `json:"bschl"`
	DebitCredit   string          `json:"debitCredit"`
	Account       string          `json:"account"`
	Amount        decimal.Decimal `json:"amount"`
	LocalAmount   decimal.Decimal `json:"localAmount"`
	CostCenter    string          `json:"costCenter,omitempty"`
	ProfitCenter  string          `json:"profitCenter,omitempty"`
	InternalOrder string          `json:"internalOrder,omitempty"`
	Supplier      string          `json:"supplier,omitempty"`
	Customer      string          `json:"customer,omitempty"`
	Text          string          `json:"text,omitempty"`
}

type posting struct {
	BusinessID  string          `json:"businessId"`
	DocType     string          `json:"docType"`
	CompanyCode string          `json:"companyCode"`
	Currency    string          `json:"currency"`
	Rate        decimal.Decimal `json:"exchangeRate"`
	Reverses    string          `json:"reverses,omitempty"`
	Lines       []postingLine   `json:"lines"`
}

// answer is the accounting system's answer.
type answer struct {
	SapStatus string `json:"sapStatus"`
	SapBelnr  string `json:"sapBelnr"`
	SapMsg    string `json:"sapMsg"`
}

// Submit saves finance's edits and posts the voucher ('save and submit
// voucher'). The outcome is kept either way: posted (sapBelnr) or failed
// (sapMsg, visible in the voucher-failure report) and tried again by the
// next Submit under a new attempt's idempotency key. ECONFLICT when it is
// posted already or a posting of it is under way.
func (s *Service) Submit(ctx context.Context, who documents.Actor, businessID string, edits []LineEdit) (*Voucher, error) {
	if s.cfg.AccountingURL == "" || s.cfg.Sender == nil {
		return nil, errNoAccounting
	}
	release, err := s.claim(businessID)
	if err != nil {
		return nil, err
	}
	defer release()
	v, err := s.Save(ctx, who, businessID, edits)
	if err != nil {
		return nil, err
	}
	if !v.Balanced() {
		return nil, engine.Refuse(engine.ECHECK, "lines", engine.Text{"zh": "凭证借贷不平", "en": "The voucher does not balance", "th": "ใบสำคัญไม่สมดุล"})
	}
	v.Attempts++
	a := s.send(ctx, v, "", v.Attempts, who.Username())
	v.SapStatus, v.SapMsg = a.SapStatus, a.SapMsg
	if a.SapStatus == StatusPosted {
		v.SapBelnr, v.PostedBy, v.PostedAt = a.SapBelnr, who.Username(), s.cfg.Now()
	}
	v.UpdatedAt = s.cfg.Now()
	if err := s.store.Put(ctx, v); err != nil {
		return nil, err
	}
	return v, nil
}

// Reverse posts the reverse entry of a posted voucher (voucherReversal):
// every line on the other side, referring to the posted number. ECONFLICT
// for a voucher not posted; a refusal of the accounting system answers
// ECHECK with its message and leaves the voucher posted.
func (s *Service) Reverse(ctx context.Context, who documents.Actor, businessID string) (*Voucher, error) {
	if s.cfg.AccountingURL == "" || s.cfg.Sender == nil {
		return nil, errNoAccounting
	}
	release, err := s.claim(businessID)
	if err != nil {
		return nil, err
	}
	defer release()
	v, err := s.Get(ctx, who, businessID)
	if err != nil {
		return nil, err
	}
	if v.SapStatus != StatusPosted {
		return nil, engine.Refuse(engine.ECONFLICT, "sapStatus", engine.Text{
			"zh": "只有已过账的凭证可以冲销", "en": "Only a posted voucher can be reversed", "th": "กลับรายการได้เฉพาะใบสำคัญที่ผ่านรายการแล้ว"})
	}
	v.Attempts++
	a := s.send(ctx, v, v.SapBelnr, v.Attempts, who.Username())
	if a.SapStatus != StatusPosted {
		return nil, engine.Refuse(engine.ECHECK, "sapMsg", engine.Text{"zh": "冲销失败：" + a.SapMsg, "en": "The reversal failed: " + a.SapMsg, "th": "กลับรายการไม่สำเร็จ: " + a.SapMsg})
	}
	v.SapStatus, v.ReversalBelnr, v.ReversedBy, v.ReversedAt = StatusReversed, a.SapBelnr, who.Username(), s.cfg.Now()
	v.SapMsg, v.UpdatedAt = a.SapMsg, s.cfg.Now()
	if err := s.store.Put(ctx, v); err != nil {
		return nil, err
	}
	return v, nil
}

// send posts v (its reversal when reverses is set) and reads the answer;
// a call that failed is an answer E with why.
func (s *Service) send(ctx context.Context, v *Voucher, reverses string, attempt int, by string) answer {
	p := posting{BusinessID: v.BusinessID, DocType: v.DocType, CompanyCode: v.CompanyCode, Currency: v.Currency, Rate: v.ExchangeRate, Reverses: reverses}
	for _, l := range v.Lines {
		pl := postingLine{LineNo: l.LineNo, Bschl: l.Bschl, DebitCredit: l.DebitCredit, Account: l.Account, Amount: l.Amount,
			LocalAmount: l.LocalAmount, CostCenter: l.CostCenter, ProfitCenter: l.ProfitCenter, InternalOrder: l.InternalOrder,
			Supplier: l.Supplier, Customer: l.Customer, Text: l.Text}
		if reverses != "" {
			pl.DebitCredit = map[string]string{voucher.Debit: voucher.Credit, voucher.Credit: voucher.Debit}[l.DebitCredit]
		}
		p.Lines = append(p.Lines, pl)
	}
	body, _ := json.Marshal(p)
	kind := "post"
	if reverses != "" {
		kind = "reverse"
	}
	res, err := s.cfg.Sender.Send(ctx, outbound.Request{System: System, URL: strings.TrimRight(s.cfg.AccountingURL, "/") + "/accounting/post",
		Body: body, Key: outbound.Key(System+"-"+kind, v.BusinessID, attempt), BusinessID: v.BusinessID}, by)
	var a answer
	if jerr := json.Unmarshal(res.Body, &a); jerr != nil || a.SapStatus == "" {
		a = answer{SapStatus: StatusFailed, SapMsg: "the accounting system gave no readable answer"}
	}
	var f *outbound.Failure
	if errors.As(err, &f) && f.Err != nil {
		a = answer{SapStatus: StatusFailed, SapMsg: "the accounting system did not answer: " + f.Err.Error()}
	} else if err != nil && a.SapStatus == StatusPosted {
		a.SapStatus = StatusFailed
	}
	if a.SapStatus != StatusPosted {
		a.SapStatus = StatusFailed
	}
	return a
}
