package vouchers

import (
	"context"

	"fmt"
	"slices"
	"sync"
	"time"

	"formwork/documents"
	"formwork/engine"
	"formwork/masterdata"
	"formwork/outbound"
)

// Documents is what vouchers read of the stored documents.
type Documents interface {
	Stored(ctx context.Context, businessID string) (*documents.Record, *engine.Document, []engine.Finding, error)
	MayRead(ctx context.Context, who documents.Actor, rec *documents.Record) error
}

// MasterData answers the records voucher lines name (accounts, posting
// keys, cost types, cost objects).
type MasterData interface {
	RuleRecords(ctx context.Context, types []string) (map[string][]masterdata.Record, error)
}

// Config is how the service reaches the accounting system.
type Config struct {
	// AccountingURL is the accounting system's base URL (the simulator's,
	// or a real one); "" refuses postings.
	AccountingURL string
	Sender        *outbound.Sender
	Now           func() time.Time
}

// Service is the vouchers' use cases.
type Service struct {
	store Store
	docs  Documents
	md    MasterData
	rules func() *engine.VoucherSet
	cfg   Config
	// one posting or reversal of a document at a time in this process
	mu   sync.Mutex
	busy map[string]bool
}

// NewService builds the service.
func NewService(store Store, docs Documents, md MasterData, rules func() *engine.VoucherSet, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{store: store, docs: docs, md: md, rules: rules, cfg: cfg, busy: map[string]bool{}}
}

// notYet are the states of a document that has no voucher yet.
var notYet = []string{"", "draft", "inApproval", "returned", "voided"}

// Get answers the voucher of an approved document the user may read: the
// kept one, else the one its type's rules generate now. ENOTFOUND for an
// unknown document, ECHECK for one not approved or without voucher rules.
func (s *Service) Get(ctx context.Context, who documents.Actor, businessID string) (*Voucher, error) {
	rec, doc, err := s.document(ctx, who, businessID)
	if err != nil {
		return nil, err
	}
	if v, err := s.store.Get(ctx, businessID); err != nil || v != nil {
		if v != nil {
			v.Stored = true
		}
		return v, err
	}
	return s.generate(ctx, rec, doc)
}

// document loads an approved document the user may read.
func (s *Service) document(ctx context.Context, who documents.Actor, businessID string) (*documents.Record, *engine.Document, error) {
	rec, doc, _, err := s.docs.Stored(ctx, businessID)
	if err != nil {
		return nil, nil, err
	}
	if err := s.docs.MayRead(ctx, who, rec); err != nil {
		return nil, nil, err
	}
	if slices.Contains(notYet, rec.Status) {
		return nil, nil, engine.Refuse(engine.ECHECK, "businessId", engine.Text{
			"zh": "单据审批通过后才生成凭证", "en": "A document has a voucher once it is approved", "th": "เอกสารจะมีใบสำคัญเมื่อได้รับอนุมัติแล้ว"})
	}
	return rec, doc, nil
}

// generate makes the voucher of doc by its type's rules.
func (s *Service) generate(ctx context.Context, rec *documents.Record, doc *engine.Document) (*Voucher, error) {
	set := s.rules()
	rules := set.In(rec.Edition, rec.DocType)
	if n := set.NoneIn(rec.Edition, rec.DocType); rules == nil && n != nil {
		return nil, engine.Refuse(engine.ECHECK, "docType", engine.Text{
			"zh": fmt.Sprintf("单据类型 %s 不生成凭证：%s", rec.DocType, n.Reason["zh"]),
			"en": fmt.Sprintf("Document type %s makes no voucher: %s", rec.DocType, n.Reason["en"]),
			"th": fmt.Sprintf("ประเภทเอกสาร %s ไม่สร้างใบสำคัญ: %s", rec.DocType, n.Reason["th"])})
	}
	if rules == nil {
		return nil, engine.Refuse(engine.ECHECK, "docType", engine.Text{
			"zh": fmt.Sprintf("单据类型 %s 没有凭证规则", rec.DocType), "en": fmt.Sprintf("Document type %s has no voucher rules", rec.DocType),
			"th": fmt.Sprintf("ประเภทเอกสาร %s ไม่มีกฎใบสำคัญ", rec.DocType)})
	}
	md, err := s.records(ctx)
	if err != nil {
		return nil, err
	}
	g, err := engine.GenerateVoucher(rules, doc, md)
	if err != nil {
		return nil, err
	}
	return &Voucher{BusinessID: rec.BusinessID, DocType: rec.DocType, CompanyCode: rec.CompanyCode, Currency: g.Currency,
		ExchangeRate: g.ExchangeRate, Lines: g.Lines}, nil
}

// recordTypes are the master-data types voucher lines read.
var recordTypes = []string{"glAccount", "postingKey", "costType", "costCenter", "profitCenter", "internalOrder", "invoiceType"}

// records are the master data of recordTypes in memory.
func (s *Service) records(ctx context.Context) (records, error) {
	by, err := s.md.RuleRecords(ctx, recordTypes)
	if err != nil {
		return nil, err
	}
	out := records{}
	for typ, list := range by {
		out[typ] = map[string]map[string]any{}
		for _, r := range list {
			if r.Active {
				body := map[string]any{"code": r.Key}
				for k, v := range r.Body {
					body[k] = v
				}
				out[typ][r.Key] = body
			}
		}
	}
	return out, nil
}

// records answers engine.VoucherLookup from master-data bodies.
type records map[string]map[string]map[string]any

func (m records) Field(typ, key, field string) (string, bool) {
	r, ok := m[typ][key]
	if !ok {
		return "", false
	}
	v, ok := r[field]
	if !ok || v == nil {
		return "", ok
	}
	return fmt.Sprint(v), true
}

// claim marks a document's voucher busy (one posting at a time); the
// answer releases it.
func (s *Service) claim(businessID string) (func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.busy[businessID] {
		return nil, engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
			"zh": "该凭证正在过账，请稍后刷新", "en": "This voucher is being posted: refresh in a moment", "th": "ใบสำคัญนี้กำลังผ่านรายการ กรุณารีเฟรชในอีกสักครู่"})
	}
	s.busy[businessID] = true
	return func() { s.mu.Lock(); delete(s.busy, businessID); s.mu.Unlock() }, nil
}

var errNoAccounting = engine.Refuse(engine.ECONFLICT, "accounting", engine.Text{
	"zh": "未配置会计系统地址，无法过账", "en": "No accounting system is configured: vouchers cannot be posted",
	"th": "ยังไม่ได้ตั้งค่าระบบบัญชี จึงผ่านรายการใบสำคัญไม่ได้"})
