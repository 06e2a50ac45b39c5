package documents

import (
	"bytes"

	"formwork/engine"
)

// Decode reads a body as a document of the catalogue: of the live version of
// its type, or of the version head.schemaVersion names when that is a
// released earlier one (a document keeps the version it was saved with).
// An unknown docType is EINVALID at head.docType.
func (s *Service) Decode(body []byte) (*engine.Document, []engine.Finding, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil, engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": "请求体为空：请以 JSON 发送单据", "en": "empty body: send the document as JSON", "th": "ไม่มีข้อมูลในคำขอ: กรุณาส่งเอกสารเป็น JSON"})
	}
	cat := s.cat()
	doc, structural, err := engine.Decode(cat, body)
	if err == nil {
		if v, ok := doc.Head()["schemaVersion"].(int); ok && v != doc.Type.Version {
			if old := cat.DocTypeVersion(doc.Type.Edition, doc.Type.Code, v); old != nil {
				doc, structural, err = engine.DecodeAs(old, body)
			}
		}
	}
	if err != nil {
		if e, ok := err.(*engine.Error); ok && e.Code == engine.ENOTFOUND {
			// an unknown docType in a body is a bad request, not a missing resource
			return nil, nil, &engine.Error{Code: engine.EINVALID, Path: "head.docType", Message: e.Message, Text: e.Text}
		}
		return nil, nil, err
	}
	return doc, structural, nil
}

// structuralOnly keeps of a check result only the findings about malformed
// values (structural: the document's decoding refused them): what a
// temporary save still refuses, since a malformed value is never stored.
func structuralOnly(res engine.CheckResult, structural []engine.Finding) engine.CheckResult {
	malformed := map[string]bool{}
	for _, f := range structural {
		malformed[f.Path+"\x00"+f.Rule] = true
	}
	kept := []engine.Finding{}
	res.Valid = true
	for _, f := range res.Errors {
		if malformed[f.Path+"\x00"+f.Rule] {
			kept = append(kept, f)
			res.Valid = res.Valid && f.Severity == engine.SeverityWarning
		}
	}
	res.Errors = kept
	return res
}
