package registry

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"formwork/budget"
	"formwork/engine"
)

// Export is the form of d for a sub-type (A01 or A01.A0101; empty: none)
// and an action mode (empty: new) in lang: JSON Schema, uiSchema, sub-types
// and buttons. An unknown action is EINVALID, an unknown sub-type
// ENOTFOUND.
func (s *Service) Export(d *engine.DocType, subType, action, lang string) (*engine.Form, error) {
	if action != "" && d.Mode(action) == nil {
		q := strconv.Quote(engine.Clip(action, 40))
		return nil, refusal(engine.EINVALID, "action", engine.Text{"zh": "未知的操作模式" + q, "en": "unknown action " + q,
			"th": "ไม่รู้จักโหมดการทำงาน " + q})
	}
	keys := engine.ParseSubType(subType)
	if _, found := d.SubTypePath(keys...); !found || len(keys) > len(engine.SubTypeKeys) {
		q := strconv.Quote(engine.Clip(subType, 60))
		return nil, refusal(engine.ENOTFOUND, "subType", engine.Text{"zh": d.Code + "没有业务类型" + q, "en": d.Code + " has no sub-type " + q,
			"th": d.Code + " ไม่มีประเภทธุรกิจ " + q})
	}
	return d.Export(subType, action, lang)
}

// FormETag is a strong validator of the form export of a document type:
// the same for the same edition, document type, version, sub-type, action
// (empty: new, as Export has it) and language while the catalogue stays
// loaded, another after every reload. It is an HTTP entity tag, quotes
// included.
func (s *Service) FormETag(edition, docType string, version int, subType, action, lang string) string {
	if action == "" {
		action = "new"
	}
	h := sha256.New()
	for _, part := range []string{strconv.FormatUint(s.Generation(), 10), edition, docType, strconv.Itoa(version), subType, action, lang} {
		h.Write([]byte(strconv.Itoa(len(part)) + ":" + part + ";"))
	}
	return `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`
}

// Evaluation is what evaluate answers: the check of the document, the state
// of its fields, the values the engine set (defaults, derived values) and
// what it would draw on budgets if it were submitted now (Budget: the
// caller adds it, budget.Service.Preview; nothing is occupied).
type Evaluation struct {
	Check  engine.CheckView   `json:"check"`
	Fields engine.FieldStates `json:"fields"`
	Values map[string]any     `json:"values"`
	Budget *budget.Preview    `json:"budget,omitempty"`
}

// Evaluate checks a decoded document (with the findings of its decoding)
// for an action, as the form does on every change; lang is the language of
// the findings' messages. It stores nothing.
func (s *Service) Evaluate(doc *engine.Document, structural []engine.Finding, opt engine.Options, lang string) Evaluation {
	ev := engine.Evaluate(doc, structural, opt)
	return Evaluation{Check: ev.Check.View(lang), Fields: ev.Fields, Values: ev.Values}
}
