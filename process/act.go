package process

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"formwork/documents"
	"formwork/engine"
)

// MaxComment bounds a comment (characters).
const MaxComment = 1000

// Request is what every process call names: the document, optionally the
// version the user saw, and a comment; Lang is the language of the answer.
type Request struct {
	Who        documents.Actor
	BusinessID string
	Version    *int
	Comment    string
	Lang       string
}

// Check trims the request and refuses a missing businessId or a comment
// too long; example shows the body the call expects.
func (r *Request) Check(example string) error {
	r.BusinessID = strings.TrimSpace(r.BusinessID)
	r.Comment = strings.TrimSpace(r.Comment)
	switch {
	case r.BusinessID == "":
		return missing("businessId", example)
	case utf8.RuneCountInString(r.Comment) > MaxComment:
		return engine.Refuse(engine.EINVALID, "comment", engine.Text{
			"zh": fmt.Sprintf("意见超过%d个字符", MaxComment),
			"en": fmt.Sprintf("comment is longer than %d characters", MaxComment),
			"th": fmt.Sprintf("ความเห็นยาวเกิน %d ตัวอักษร", MaxComment)})
	}
	return nil
}

// missing refuses a request without a field it needs.
func missing(field, example string) error {
	if example == "" {
		return engine.Refuse(engine.EINVALID, field, engine.Text{
			"zh": "缺少" + field, "en": field + " is missing", "th": "ไม่มี " + field})
	}
	return engine.Refuse(engine.EINVALID, field, engine.Text{
		"zh": fmt.Sprintf("缺少%s（请发送如 %s 的 JSON）", field, example),
		"en": fmt.Sprintf("%s is missing (send JSON such as %s)", field, example),
		"th": fmt.Sprintf("ไม่มี %s (กรุณาส่ง JSON เช่น %s)", field, example)})
}

// Load loads the document a call acts on, as its user may open it: who
// cannot open it is EFORBIDDEN, a version the user saw that is no longer
// the latest ECONFLICT.
func (s *Service) Load(ctx context.Context, r Request) (*documents.Record, *engine.Document, []engine.Finding, error) {
	rec, doc, structural, err := s.docs.Stored(ctx, r.BusinessID)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := s.docs.MayOpen(ctx, r.Who, rec); err != nil {
		return nil, nil, nil, err
	}
	if err := sameVersion(rec, r.Version); err != nil {
		return nil, nil, nil, err
	}
	return rec, doc, structural, nil
}

// sameVersion refuses a version the user saw that is no longer the latest.
func sameVersion(rec *documents.Record, seen *int) error {
	if seen == nil || *seen == rec.Version {
		return nil
	}
	return engine.Refuse(engine.ECONFLICT, "version", engine.Text{
		"zh": fmt.Sprintf("单据%s已被他人修改（您的版本为%d，最新版本为%d），请重新加载", rec.BusinessID, *seen, rec.Version),
		"en": fmt.Sprintf("document %s was changed by someone else (you have version %d, the latest is %d); reload it", rec.BusinessID, *seen, rec.Version),
		"th": fmt.Sprintf("เอกสาร %s ถูกผู้อื่นแก้ไขแล้ว (คุณมีเวอร์ชัน %d เวอร์ชันล่าสุดคือ %d) กรุณาโหลดใหม่", rec.BusinessID, *seen, rec.Version)})
}

// MustBeOwner refuses who unless they act for the document's owner (its
// maker, its reimburser, a delegate of either, an administrator).
func (s *Service) MustBeOwner(ctx context.Context, who documents.Actor, rec *documents.Record, action string) error {
	ok, err := s.docs.IsOwner(ctx, who, rec)
	if err != nil || ok {
		return err
	}
	return engine.Refuse(engine.EFORBIDDEN, "businessId", engine.Text{
		"zh": fmt.Sprintf("只有单据%s的制单人、报账人或其代理人可以%s", rec.BusinessID, s.ActionTitle("", action, "zh")),
		"en": fmt.Sprintf("only the maker or reimburser of document %s (or their delegate) may %s it", rec.BusinessID, action),
		"th": fmt.Sprintf("เฉพาะผู้จัดทำหรือผู้เบิกของเอกสาร %s (หรือผู้รับมอบอำนาจ) เท่านั้นที่ทำรายการ %s ได้", rec.BusinessID, s.ActionTitle("", action, "th")),
	})
}

// transition is one lifecycle step of a stored document.
type transition struct {
	Action  string
	To      string
	By      string
	Comment string
	TaskID  *int64
	At      time.Time
	// Edit changes the head besides status and version (processId).
	Edit func(head engine.Values)
}

// writeTransition moves a stored document to t.To within tx: head.status,
// head.version + 1 and t.Edit in the body and the columns, but only if the
// document is still at the version and state it was loaded with (else
// ECONFLICT: someone was quicker); and it writes the event.
func writeTransition(tx Tx, rec *documents.Record, doc *engine.Document, t transition) error {
	head := doc.Head()
	head["status"] = t.To
	head["version"] = rec.Version + 1
	if t.Edit != nil {
		t.Edit(head)
	}
	next, err := documents.RecordOf(doc)
	if err != nil {
		return err
	}
	written, err := tx.UpdateDocument(next, rec.Version, rec.Status)
	if err != nil {
		return err
	}
	if !written {
		return engine.Refuse(engine.ECONFLICT, "businessId", engine.Text{
			"zh": fmt.Sprintf("单据%s刚被他人修改，请重新加载后再试", rec.BusinessID),
			"en": fmt.Sprintf("document %s was changed meanwhile by someone else: reload it and try again", rec.BusinessID),
			"th": fmt.Sprintf("เอกสาร %s เพิ่งถูกผู้อื่นแก้ไข กรุณาโหลดใหม่แล้วลองอีกครั้ง", rec.BusinessID)})
	}
	return tx.AddEvent(&documents.Event{BusinessID: rec.BusinessID, At: t.At, Actor: t.By, FromStatus: rec.Status, ToStatus: t.To,
		Action: t.Action, Comment: t.Comment, TaskID: t.TaskID})
}
