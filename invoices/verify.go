package invoices

import (
	"context"
	"encoding/json"
	"fmt"

	"formwork/engine"
	"formwork/outbound"
)

// Verification is the invoice verification service (查验) reached through
// an outbound sender: idempotency key, timeout, retries, a push-log entry
// per try. URL is its verify endpoint; empty: not configured.
type Verification struct {
	Sender *outbound.Sender
	URL    string
}

// Verdict is what verification answered: verifyStatus (1 consistent, 2
// inconsistent, 3 not found), certifyStatus, authStatus and its message.
type Verdict struct {
	VerifyStatus  string `json:"verifyStatus"`
	CertifyStatus string `json:"certifyStatus"`
	AuthStatus    string `json:"authStatus"`
	Message       string `json:"message"`
}

// verifyRequest is the body sent: the fields the tax bureau's check takes.
type verifyRequest struct {
	InvoiceCode string `json:"invoiceCode"`
	InvoiceNo   string `json:"invoiceNo"`
	IssueDate   string `json:"issueDate"`
	Amount      string `json:"amount"`
	CheckCode   string `json:"checkCode,omitempty"`
}

// SetVerification sets how invoices are verified.
func (s *Service) SetVerification(v Verification) { s.verify = v }

// Verify sends one pooled invoice to verification as user (its uploader, or
// a reader of the document holding it, as the caller decided) and records
// the statuses answered. The attempt is numbered by how often it was
// verified, so a retry after a failure is a new attempt with its own key.
func (s *Service) Verify(ctx context.Context, user string, id int64) (*Pooled, error) {
	if s.verify.URL == "" || s.verify.Sender == nil {
		return nil, engine.Refuse(engine.ECONFLICT, "verification", engine.Text{
			"zh": "未配置发票查验服务（--invoice-verify-url）",
			"en": "invoice verification is not configured (--invoice-verify-url)",
			"th": "ยังไม่ได้ตั้งค่าบริการตรวจสอบใบกำกับภาษี (--invoice-verify-url)"})
	}
	p, err := s.store.Find(ctx, id)
	if err != nil {
		return nil, err
	}
	amount := p.Amount
	if len(p.InvoiceNo) == 20 || amount.IsZero() {
		amount = p.Total
	}
	body, _ := json.Marshal(verifyRequest{InvoiceCode: p.InvoiceCode, InvoiceNo: p.InvoiceNo, IssueDate: p.IssueDate,
		Amount: amount.StringFixed(2), CheckCode: lastSix(p.CheckCode)})
	key := outbound.Key("invoice", fmt.Sprintf("%s#%d", p.Key, p.ID), p.Attempts+1)
	res, err := s.verify.Sender.Send(ctx, outbound.Request{System: "invoice", URL: s.verify.URL, Body: body, Key: key, BusinessID: p.HeldBy}, user)
	if err != nil {
		return nil, engine.Refuse(engine.ECONFLICT, "verification", engine.Text{
			"zh": "发票查验失败：" + err.Error(),
			"en": "invoice verification failed: " + err.Error(),
			"th": "การตรวจสอบใบกำกับภาษีล้มเหลว: " + err.Error()})
	}
	var v Verdict
	if err := json.Unmarshal(res.Body, &v); err != nil || v.VerifyStatus == "" {
		return nil, fmt.Errorf("invoice verification answered %q", engine.Clip(string(res.Body), 200))
	}
	if err := s.store.SetVerdict(ctx, id, v); err != nil {
		return nil, err
	}
	p.VerifyStatus, p.CertifyStatus, p.AuthStatus, p.Attempts = v.VerifyStatus, v.CertifyStatus, v.AuthStatus, p.Attempts+1
	return p, nil
}

// lastSix is what the check asks of a check code: its last six characters.
func lastSix(code string) string {
	if len(code) <= 6 {
		return code
	}
	return code[len(code)-6:]
}
