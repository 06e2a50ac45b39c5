package documents

import (
	"context"

	"formwork/engine"
)

// References checks the master-data codes a document names: each reference
// exists, is active on date and belongs to company where its type is kept
// per company. Each one that fails is a finding at its path.
// masterdata.Service is one.
type References interface {
	CheckRefs(ctx context.Context, company, date string, refs []engine.Ref) ([]*engine.Error, error)
}

// SetReferences sets the master data the codes of a saved document are
// checked against; unset, codes are not checked.
func (s *Service) SetReferences(r References) { s.refs = r }

// RuleReference is the rule of a finding about a code master data does not
// know (or not on the document's date, or not for its company).
const RuleReference = "reference"

// documentDate is the date master data is read on for doc: its
// head.docDate, else today (YYYY-MM-DD).
func (s *Service) documentDate(doc *engine.Document) string {
	date := doc.Head().String("docDate")
	if len(date) < len("2006-01-02") {
		date = s.today()
	}
	return date[:len("2006-01-02")]
}

// CheckReferences adds to res a finding (error) at each path of doc whose
// code master data does not know for the document's company
// (head.companyCode) on its date (head.docDate, else today): every save,
// temporary ones too, and every submit check codes, so an unknown code
// never reaches budget control. Codes match exactly.
func (s *Service) CheckReferences(ctx context.Context, doc *engine.Document, res *engine.CheckResult) error {
	if s.refs == nil {
		return nil
	}
	head := doc.Head()
	findings, err := s.refs.CheckRefs(ctx, head.String("companyCode"), s.documentDate(doc), engine.DocumentRefs(doc))
	if err != nil {
		return err
	}
	for _, f := range findings {
		res.Errors = append(res.Errors, engine.Finding{Path: f.Path, Rule: RuleReference, Severity: engine.SeverityError, Message: f.Text})
		res.Valid = false
	}
	return nil
}
