package files

import (
	"context"
	"sync"
	"testing"
	"time"

	"formwork/documents"
	"formwork/engine"

	"github.com/shopspring/decimal"
)

// memory is Store and Contents in memory.
type memory struct {
	mu       sync.Mutex
	files    map[string]File
	links    []Link
	contents map[string][]byte
	tokens   map[string]UploadToken
}

func newMemory() *memory {
	return &memory{files: map[string]File{}, contents: map[string][]byte{}, tokens: map[string]UploadToken{}}
}

func (m *memory) AddFile(_ context.Context, f File) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[f.ID] = f
	return nil
}
func (m *memory) File(_ context.Context, id string) (*File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if f, ok := m.files[id]; ok {
		return &f, nil
	}
	return nil, nil
}
func (m *memory) AddLink(_ context.Context, l Link) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.links = append(m.links, l)
	return nil
}
func (m *memory) Links(_ context.Context, id string) (out []Link, _ error) {
	for _, l := range m.links {
		if l.FileID == id {
			out = append(out, l)
		}
	}
	return out, nil
}
func (m *memory) Attachments(context.Context, string, int, int) ([]Attachment, int64, error) {
	return nil, 0, nil
}
func (m *memory) AddToken(_ context.Context, t UploadToken) error { m.tokens[t.Token] = t; return nil }
func (m *memory) Token(_ context.Context, v string) (*UploadToken, error) {
	if t, ok := m.tokens[v]; ok {
		return &t, nil
	}
	return nil, nil
}
func (m *memory) Put(_ context.Context, k string, c []byte) error {
	if _, ok := m.contents[k]; !ok {
		m.contents[k] = c
	}
	return nil
}
func (m *memory) Get(_ context.Context, k string) ([]byte, bool, error) {
	c, ok := m.contents[k]
	return c, ok, nil
}

// docs: alice may read and change A1; nobody else anything.
type docs struct{}

func (docs) MayRead(_ context.Context, who documents.Actor, id string) error {
	if who.Username() == "alice" && id == "A1" {
		return nil
	}
	return engine.Refuse(engine.EFORBIDDEN, "businessId", engine.Text{"zh": "不可", "en": "no", "th": "ไม่"})
}
func (d docs) MayChange(ctx context.Context, who documents.Actor, id string) error {
	return d.MayRead(ctx, who, id)
}

type user string

func (u user) Username() string   { return string(u) }
func (user) Scope() string        { return documents.ScopeOwn }
func (user) WorksFor(string) bool { return false }

// intake finds one invoice in every PDF, after the content is stored.
type intake struct{ store *memory }

func (i intake) Recognise(_ context.Context, uploader, fileID, contentType string, content []byte) ([]Recognised, error) {
	if _, stored := i.store.files[fileID]; !stored || contentType != "application/pdf" {
		return nil, nil
	}
	return []Recognised{{Source: "pdf", InvoiceNo: "12345678", Total: decimal.RequireFromString("106.00"), Findings: []string{uploader}}}, nil
}

func TestUploadAnswersTheIntake(t *testing.T) {
	mem := newMemory()
	s := NewService(Config{Store: mem, Contents: mem, Documents: docs{}, Now: func() time.Time { return time.Unix(0, 0) }})
	ctx := context.Background()
	pdf := []byte("%PDF-1.4\n...")
	up, err := s.Upload(ctx, user("alice"), Upload{Name: "a.pdf", Content: pdf})
	if err != nil || up.Invoices == nil || len(up.Invoices) != 0 {
		t.Fatalf("without an intake: %+v, %v", up, err)
	}
	s.SetIntake(intake{mem})
	up, err = s.Upload(ctx, user("alice"), Upload{Name: "b.pdf", Content: pdf, BusinessID: "A1", Line: "lineList[0]"})
	if err != nil || len(up.Invoices) != 1 || up.Invoices[0].InvoiceNo != "12345678" || up.Invoices[0].Findings[0] != "alice" || up.Link == nil {
		t.Fatalf("with an intake: %+v, %v", up, err)
	}
	if len(mem.contents) != 1 {
		t.Errorf("the same content stored %d times", len(mem.contents))
	}
	if _, err := s.Upload(ctx, user("bob"), Upload{Name: "c.pdf", Content: pdf, BusinessID: "A1"}); engine.ErrorCode(err) != engine.EFORBIDDEN {
		t.Errorf("bob attaches to A1: %v", err)
	}
	// linked to A1: alice reads it, bob does not; bob's own unlinked upload is his
	if _, err := s.Get(ctx, user("bob"), up.ID); engine.ErrorCode(err) != engine.EFORBIDDEN {
		t.Errorf("bob reads alice's linked file: %v", err)
	}
	mine, _ := s.Upload(ctx, user("bob"), Upload{Name: "d.pdf", Content: pdf})
	if _, err := s.Get(ctx, user("bob"), mine.ID); err != nil {
		t.Errorf("bob reads his own upload: %v", err)
	}
	if _, err := s.Get(ctx, user("alice"), mine.ID); engine.ErrorCode(err) != engine.EFORBIDDEN {
		t.Errorf("alice reads bob's unlinked upload: %v", err)
	}
}
