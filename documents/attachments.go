package documents

import (
	"context"

	"formwork/engine"
)

// Attachments says which files a document must carry and lacks (the
// reimbursement guide's attachment configuration against the files linked
// to it: guide.Required).
type Attachments interface {
	Missing(ctx context.Context, doc *engine.Document) ([]engine.Finding, error)
}

// SetAttachments sets the check of required attachments; unset, none is
// checked.
func (s *Service) SetAttachments(a Attachments) { s.attachments = a }

// CheckAttachments adds to res a finding (error) for each attachment doc
// must carry and lacks: every save that is not temporary and every submit.
func (s *Service) CheckAttachments(ctx context.Context, doc *engine.Document, res *engine.CheckResult) error {
	if s.attachments == nil {
		return nil
	}
	findings, err := s.attachments.Missing(ctx, doc)
	if err != nil {
		return err
	}
	if len(findings) > 0 {
		res.Errors, res.Valid = append(res.Errors, findings...), false
	}
	return nil
}
