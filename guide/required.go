package guide

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"formwork/engine"
)

// RuleRequired is the rule of a finding about a file group the attachment
// configuration requires and the document lacks.
const RuleRequired = "attachment.required"

// Attached answers the file groups of the files linked to a document (the
// files' store, set by tools/formwork/wire).
type Attached func(ctx context.Context, businessID string) ([]string, error)

// Required is the check of the attachments the guide marks required: the
// requirement is the attachment configuration's (its fileList rows with
// required), the attached groups are the server's links of files to the
// document. It is one declarative check driven by the configuration, run
// by every save that is not temporary and by every submit
// (documents.Attachments).
type Required struct {
	guide    *Service
	attached Attached
}

// NewRequired builds the check on the guide and the document's links.
func NewRequired(g *Service, attached Attached) *Required {
	return &Required{guide: g, attached: attached}
}

// Missing answers a finding (error, at the document, path "") for each
// file group the configuration of the document's type and business types
// requires and no file linked to it carries. A document without a number
// (not yet created) has no links: files uploaded before the first save are
// linked to it right after, so its check waits for the next save or the
// submit.
func (r *Required) Missing(ctx context.Context, doc *engine.Document) ([]engine.Finding, error) {
	head := doc.Head()
	id := head.String("businessId")
	if id == "" {
		return nil, nil
	}
	ans, err := r.guide.Guide(ctx, Query{DocType: doc.Type.Code, BusinessType1: head.String("businessType1"),
		BusinessType2: head.String("businessType2"), BusinessType3: head.String("businessType3")})
	if err != nil {
		return nil, err
	}
	need := map[string]string{} // group -> the file's name in the configuration
	bt3 := head.String("businessType3")
	for _, e := range ans.Entries {
		if e.BusinessType3 != "" && e.BusinessType3 != bt3 { // another detail's (the guide shows them all)
			continue
		}
		for _, f := range e.FileList {
			if g := strings.TrimSpace(f.FileGroup); f.Required && g != "" && need[g] == "" {
				need[g] = f.FileName
			}
		}
	}
	if len(need) == 0 {
		return nil, nil
	}
	groups, err := r.attached(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("read the attachments of %s: %w", id, err)
	}
	for _, g := range groups {
		delete(need, strings.TrimSpace(g))
	}
	missing := make([]string, 0, len(need))
	for g := range need {
		missing = append(missing, g)
	}
	sort.Strings(missing)
	out := make([]engine.Finding, 0, len(missing))
	for _, g := range missing {
		name := need[g]
		if name == "" {
			name = g
		}
		out = append(out, engine.Finding{Path: "", Rule: RuleRequired, Severity: engine.SeverityError, Message: engine.Text{
			"zh": fmt.Sprintf("缺少必须的附件：%s（分组 %s），请上传后再保存", name, g),
			"en": fmt.Sprintf("a required attachment is missing: %s (group %s); upload it before saving", name, g),
			"th": fmt.Sprintf("ขาดเอกสารแนบที่จำเป็น: %s (กลุ่ม %s) กรุณาอัปโหลดก่อนบันทึก", name, g)}})
	}
	return out, nil
}
