package documents

import (
	"bytes"

	"formwork/engine"
)

// Decode reads a body as a document of the catalogue: of the live version of
// its type, or of the version head.schemaVersion names when that is a
// released earlier one (a document keeps the version it was saved with).
// The body is decoded once. An unknown docType is EINVALID at head.docType.
func (s *Service) Decode(body []byte) (*engine.Document, []engine.Finding, error) {
	cat := s.cat()
	return decodeBody(cat, body, func(h engine.DecodeHead, live *engine.DocType) *engine.DocType {
		if v, ok := h.Value(live, "schemaVersion").(int); ok && v != live.Version {
			if old := cat.DocTypeVersion(live.Edition, live.Code, v); old != nil {
				return old
			}
		}
		return live
	})
}

// decodeBody decodes a body once, as the type choose picks from its head and
// the live type (nil choose: the live type). An empty body and an unknown
// docType are EINVALID.
func decodeBody(cat *engine.Catalogue, body []byte, choose func(engine.DecodeHead, *engine.DocType) *engine.DocType) (*engine.Document, []engine.Finding, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil, engine.Refuse(engine.EINVALID, "", engine.Text{
			"zh": "请求体为空：请以 JSON 发送单据", "en": "empty body: send the document as JSON", "th": "ไม่มีข้อมูลในคำขอ: กรุณาส่งเอกสารเป็น JSON"})
	}
	var (
		doc        *engine.Document
		structural []engine.Finding
		err        error
	)
	if choose == nil {
		doc, structural, err = engine.Decode(cat, body)
	} else {
		doc, structural, err = engine.DecodeChoosing(cat, body, choose)
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
