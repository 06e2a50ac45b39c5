// Package taxes is the push of documents to the tax system: the login
// (POST /itax/ibm/login) and the push of an approved document under a tax
// group order sign (03 by default; 07, 09, 10, 11, 12, 16, 20, 21, 22;
// signs 20, 21 and 22 are for a period and need year and period), each an
// outbound call (outbound: idempotency key per document and attempt,
// timeout, retries, push log). Every push is kept with its outcome: the tax
// check report (rptTaxCheck) reads them.
package taxes

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"formwork/documents"
	"formwork/engine"
	"formwork/outbound"

	"github.com/shopspring/decimal"
)

// System is the push log's name of the tax system.
const System = "tax"

// OrderSigns are the tax group order signs; DefaultSign is used when none is given.
var OrderSigns = []string{"03", "07", "09", "10", "11", "12", "16", "20", "21", "22"}

// DefaultSign is the order sign of a push that names none.
const DefaultSign = "03"

// periodSigns need year and period.
var periodSigns = []string{"20", "21", "22"}

// PeriodSigns are the order signs that need a year and a period.
func PeriodSigns() []string { return append([]string(nil), periodSigns...) }

// Push is one push of a document to the tax system and its outcome.
type Push struct {
	ID          int64           `json:"id"`
	BusinessID  string          `json:"businessId"`
	DocType     string          `json:"docType"`
	CompanyCode string          `json:"companyCode"`
	OrderSign   string          `json:"orderSign"`
	Year        string          `json:"year,omitempty"`
	Period      string          `json:"period,omitempty"`
	Amount      decimal.Decimal `json:"amount"`
	Status      string          `json:"status"` // S accepted, E refused or no answer
	TaxNo       string          `json:"taxNo,omitempty"`
	Message     string          `json:"message"`
	Attempt     int             `json:"attempt"`
	By          string          `json:"by"`
	At          time.Time       `json:"at"`
}

// Request is what finance asks to push.
type Request struct {
	BusinessID string `json:"businessId"`
	OrderSign  string `json:"orderSign"`
	Year       string `json:"year"`
	Period     string `json:"period"`
}

// Store keeps the pushes.
type Store interface {
	Add(ctx context.Context, p *Push) error
	Attempts(ctx context.Context, businessID string) (int, error)
	List(ctx context.Context, businessID string) ([]Push, error)
}

// Documents is what a push reads of a document.
type Documents interface {
	Stored(ctx context.Context, businessID string) (*documents.Record, *engine.Document, []engine.Finding, error)
	MayRead(ctx context.Context, who documents.Actor, rec *documents.Record) error
}

// Config is how the service reaches the tax system.
type Config struct {
	URL                string // "" refuses logins and pushes
	Username, Password string
	Sender             *outbound.Sender
	Now                func() time.Time
}

// Service is the tax system's use cases.
type Service struct {
	store Store
	docs  Documents
	cfg   Config
	mu    sync.Mutex
	token string
}

// NewService builds the service.
func NewService(store Store, docs Documents, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{store: store, docs: docs, cfg: cfg}
}

var (
	yearRe   = regexp.MustCompile(`^20[0-9]{2}$`)
	periodRe = regexp.MustCompile(`^(0[1-9]|1[0-2])$`)
)

// Check refuses a request whose order sign is unknown, or whose period
// sign lacks a year (yyyy) or a period (01-12); it fills the default sign.
func Check(r *Request) error {
	r.OrderSign = strings.TrimSpace(r.OrderSign)
	if r.OrderSign == "" {
		r.OrderSign = DefaultSign
	}
	if !slices.Contains(OrderSigns, r.OrderSign) {
		return engine.Refuse(engine.EINVALID, "orderSign", engine.Text{
			"zh": "税组单据标识应为 " + strings.Join(OrderSigns, "、") + " 之一", "en": "orderSign must be one of " + strings.Join(OrderSigns, ", "),
			"th": "orderSign ต้องเป็นหนึ่งใน " + strings.Join(OrderSigns, ", ")})
	}
	if !slices.Contains(periodSigns, r.OrderSign) {
		r.Year, r.Period = "", ""
		return nil
	}
	if !yearRe.MatchString(r.Year) {
		return engine.Refuse(engine.EINVALID, "year", engine.Text{
			"zh": "标识 " + r.OrderSign + " 须填写年度（yyyy）", "en": "order sign " + r.OrderSign + " needs the year (yyyy)",
			"th": "เครื่องหมาย " + r.OrderSign + " ต้องระบุปี (yyyy)"})
	}
	if !periodRe.MatchString(r.Period) {
		return engine.Refuse(engine.EINVALID, "period", engine.Text{
			"zh": "标识 " + r.OrderSign + " 须填写期间（01-12）", "en": "order sign " + r.OrderSign + " needs the period (01-12)",
			"th": "เครื่องหมาย " + r.OrderSign + " ต้องระบุงวด (01-12)"})
	}
	return nil
}

var errNoTax = engine.Refuse(engine.ECONFLICT, "tax", engine.Text{
	"zh": "未配置税务系统地址", "en": "No tax system is configured", "th": "ยังไม่ได้ตั้งค่าระบบภาษี"})

// Login signs formwork in to the tax system with its configured account
// (the token stays on the server). ECHECK with the tax system's message
// when it refuses.
func (s *Service) Login(ctx context.Context, by string) error {
	if s.cfg.URL == "" || s.cfg.Sender == nil {
		return errNoTax
	}
	body, _ := json.Marshal(map[string]string{"username": s.cfg.Username, "password": s.cfg.Password})
	res, err := s.cfg.Sender.Send(ctx, outbound.Request{System: System, URL: s.url("/itax/ibm/login"), Body: body,
		Key: outbound.Key(System+"-login", by, int(s.cfg.Now().UnixNano()))}, by)
	var a struct{ Status, Token, Message string }
	_ = json.Unmarshal(res.Body, &a)
	if err != nil || a.Token == "" {
		return refused("login", a.Message, err)
	}
	s.mu.Lock()
	s.token = a.Token
	s.mu.Unlock()
	return nil
}

func refused(what, msg string, err error) error {
	if msg == "" && err != nil {
		msg = err.Error()
	}
	return engine.Refuse(engine.ECHECK, "tax", engine.Text{
		"zh": "税务系统" + map[string]string{"login": "登录", "push": "推送"}[what] + "失败：" + msg,
		"en": "The tax system " + what + " failed: " + msg, "th": "ระบบภาษี " + what + " ไม่สำเร็จ: " + msg})
}

func (s *Service) url(p string) string { return strings.TrimRight(s.cfg.URL, "/") + p }

// Push sends an approved document to the tax system under r's order sign
// and keeps the outcome (accepted with its taxNo, or refused with why).
// It signs in first when formwork holds no token, and once more when the
// tax system has forgotten it.
func (s *Service) Push(ctx context.Context, who documents.Actor, r Request) (*Push, error) {
	if s.cfg.URL == "" || s.cfg.Sender == nil {
		return nil, errNoTax
	}
	if err := Check(&r); err != nil {
		return nil, err
	}
	rec, _, _, err := s.docs.Stored(ctx, r.BusinessID)
	if err != nil {
		return nil, err
	}
	if err := s.docs.MayRead(ctx, who, rec); err != nil {
		return nil, err
	}
	if slices.Contains([]string{"", "draft", "inApproval", "returned", "voided"}, rec.Status) {
		return nil, engine.Refuse(engine.ECHECK, "businessId", engine.Text{
			"zh": "单据审批通过后才能推送税务系统", "en": "A document goes to the tax system once it is approved", "th": "ส่งเอกสารไปยังระบบภาษีได้เมื่อได้รับอนุมัติแล้ว"})
	}
	n, err := s.store.Attempts(ctx, r.BusinessID)
	if err != nil {
		return nil, err
	}
	p := &Push{BusinessID: rec.BusinessID, DocType: rec.DocType, CompanyCode: rec.CompanyCode, OrderSign: r.OrderSign, Year: r.Year,
		Period: r.Period, Amount: rec.Amount, Attempt: n + 1, By: who.Username(), At: s.cfg.Now()}
	res, err := s.send(ctx, p)
	if errors.Is(err, errUnauthorized) {
		if lerr := s.Login(ctx, p.By); lerr != nil {
			return nil, lerr
		}
		res, err = s.send(ctx, p)
	}
	var a struct{ Status, TaxNo, Message string }
	_ = json.Unmarshal(res.Body, &a)
	p.Status, p.TaxNo, p.Message = "E", a.TaxNo, a.Message
	if err == nil && a.Status == "S" {
		p.Status = "S"
	} else if p.Message == "" && err != nil {
		p.Message = err.Error()
	}
	if err := s.store.Add(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

var errUnauthorized = errors.New("tax system: not signed in")

// send pushes p with the token held (signing in first without one).
func (s *Service) send(ctx context.Context, p *Push) (outbound.Response, error) {
	s.mu.Lock()
	tok := s.token
	s.mu.Unlock()
	if tok == "" {
		if err := s.Login(ctx, p.By); err != nil {
			return outbound.Response{}, err
		}
		s.mu.Lock()
		tok = s.token
		s.mu.Unlock()
	}
	body, _ := json.Marshal(map[string]string{"businessId": p.BusinessID, "companyCode": p.CompanyCode, "orderSign": p.OrderSign,
		"year": p.Year, "period": p.Period, "amount": p.Amount.StringFixed(2)})
	res, err := s.cfg.Sender.Send(ctx, outbound.Request{System: System, URL: s.url("/itax/push"), Body: body, BusinessID: p.BusinessID,
		Key: outbound.Key(System, p.BusinessID, p.Attempt), Header: map[string]string{"Authorization": "Bearer " + tok}}, p.By)
	if res.Status == 401 {
		s.mu.Lock()
		s.token = ""
		s.mu.Unlock()
		return res, errUnauthorized
	}
	return res, err
}

// List answers the pushes of a document, newest first.
func (s *Service) List(ctx context.Context, who documents.Actor, businessID string) ([]Push, error) {
	rec, _, _, err := s.docs.Stored(ctx, businessID)
	if err != nil {
		return nil, err
	}
	if err := s.docs.MayRead(ctx, who, rec); err != nil {
		return nil, err
	}
	return s.store.List(ctx, businessID)
}
