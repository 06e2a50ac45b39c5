package documents

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"formwork/engine"
)

// SaveRequest is one save of a document a client sent.
type SaveRequest struct {
	Body      []byte
	Family    string // the family of the URL: it must be the type's
	Action    string // the action mode ("" is new)
	Confirmed map[string]bool
	Temp      bool   // a temporary save (暂存): only malformed values are refused
	AuthorBy  string // a new document filed for this delegator
	Who       Actor
}

// Saved is the outcome of a save: the stored record, the document as
// stored, and its evaluation under the save's action (states and check).
// Record is nil when the check refused the document: Evaluation.Check says
// why, and nothing was written.
type Saved struct {
	Record     *Record
	Doc        *engine.Document
	Evaluation *engine.Evaluation
	// Created says the save stored a new document: it has no approval
	// task, holds no budget and no advance yet.
	Created bool
}

// actionPartEdit is the event action of a change under an open task; the
// document's state does not change.
const actionPartEdit = "partEdit"

// Create checks a new document and stores it when the check passes. The
// body is decoded once, as the live version of its type: a new document is
// always of the live version.
func (s *Service) Create(ctx context.Context, req SaveRequest) (*Saved, error) {
	cat := s.cat()
	doc, structural, err := decodeBody(cat, req.Body, nil)
	if err != nil {
		return nil, err
	}
	if err := checkFamily(req.Family, doc.Type); err != nil {
		return nil, err
	}
	head := doc.Head()
	if err := s.FillFiler(ctx, req.Who, req.AuthorBy, head); err != nil {
		return nil, err
	}
	if err := s.MayFileFor(ctx, req.Who, head.String("applicant"), head.String("companyCode")); err != nil {
		return nil, err
	}
	if _, err := s.gate.MaySave(ctx, req.Who, nil, doc.Type.Family, req.Action, req.Temp); err != nil {
		return nil, err
	}
	return s.createIn(ctx, cat, doc, structural, engine.Options{Action: req.Action, Confirmed: req.Confirmed}, req.Who.Username(), req.Temp)
}

// CreateDocument checks a decoded new document and stores it when the check
// passes, with maker as head.createBy. The server's fields (number,
// version, status, maker, ...) are never taken from the client, and a field
// the action mode does not let the user fill is refused (EFORBIDDEN). Who
// may file for whom is the caller's to decide (MayFileFor).
func (s *Service) CreateDocument(ctx context.Context, doc *engine.Document, structural []engine.Finding, opt engine.Options, maker string, temp bool) (*Saved, error) {
	return s.createIn(ctx, s.cat(), doc, structural, opt, maker, temp)
}

// createIn is CreateDocument with the catalogue doc was decoded with.
func (s *Service) createIn(ctx context.Context, cat *engine.Catalogue, doc *engine.Document, structural []engine.Finding, opt engine.Options, maker string, temp bool) (*Saved, error) {
	if id := doc.Head().String("businessId"); id != "" {
		return nil, engine.Refuse(engine.EINVALID, "head.businessId", engine.Text{
			"zh": fmt.Sprintf("单据%s已有单号：请用 PUT .../head/update 修改", id),
			"en": fmt.Sprintf("document %s already has a number: update it with PUT .../head/update", id),
			"th": fmt.Sprintf("เอกสาร %s มีเลขที่แล้ว: กรุณาแก้ไขด้วย PUT .../head/update", id)})
	}
	if opt.Action == "" {
		opt.Action = "new"
	}
	if err := canSave(doc.Type, opt.Action); err != nil {
		return nil, err
	}
	return s.save(ctx, cat, write{doc: doc, structural: structural, opt: opt, temp: temp, by: maker})
}

// Update saves a stored document again, at the version the client loaded
// (optimistic locking): under the type and version it was saved with, as
// the lifecycle and the action mode allow. The body is decoded once, as
// that type: the stored record is looked up by the head's businessId while
// the body is read.
func (s *Service) Update(ctx context.Context, req SaveRequest) (*Saved, error) {
	cat := s.cat()
	var stored *Record
	var storedErr error
	doc, structural, err := decodeBody(cat, req.Body, func(h engine.DecodeHead, live *engine.DocType) *engine.DocType {
		id := h.String("businessId")
		if id == "" {
			return live // refused below, naming head.businessId
		}
		if stored, storedErr = s.store.Get(ctx, id); storedErr != nil || stored.DocType != live.Code {
			return live
		}
		if dt := storedType(cat, stored); dt != nil {
			return dt // checked under the version the document was saved with
		}
		return live
	})
	if err != nil {
		return nil, err
	}
	if err := checkFamily(req.Family, doc.Type); err != nil {
		return nil, err
	}
	head := doc.Head()
	version, err := versionOf(head, structural)
	if err != nil {
		return nil, err
	}
	if storedErr != nil {
		return nil, storedErr
	}
	if err := s.MayOpen(ctx, req.Who, stored); err != nil {
		return nil, err
	}
	// a new reimburser or company is judged like a new document's (a blank
	// one is left to the check, which names the required field)
	if applicant, company := head.String("applicant"), head.String("companyCode"); applicant != "" && company != "" &&
		(applicant != stored.Applicant || company != stored.CompanyCode) {
		if err := s.MayFileFor(ctx, req.Who, applicant, company); err != nil {
			return nil, err
		}
	}
	if err := sameDocument(stored, doc.Type.Code, version); err != nil {
		return nil, err
	}
	if req.Action == "" {
		req.Action = "new"
	}
	if err := canSave(doc.Type, req.Action); err != nil {
		return nil, err
	}
	saveAs, err := s.gate.MaySave(ctx, req.Who, stored, doc.Type.Family, req.Action, req.Temp)
	if err != nil {
		return nil, err
	}
	prev, _, err := engine.DecodeAs(doc.Type, []byte(stored.Body))
	if err != nil {
		return nil, fmt.Errorf("stored document %s cannot be read: %w", stored.BusinessID, err)
	}
	return s.save(ctx, cat, write{doc: doc, structural: structural, opt: engine.Options{Action: req.Action, Confirmed: req.Confirmed},
		temp: req.Temp, by: req.Who.Username(), stored: stored, prev: prev, saveAs: saveAs, version: version})
}

// write is one save whose who and what are settled: the decoded document,
// the record and document it changes (nil for a new document), and how.
type write struct {
	doc        *engine.Document
	structural []engine.Finding
	opt        engine.Options
	temp       bool   // a temporary save: only malformed values are refused
	by         string // the user (the maker of a new document)
	stored     *Record
	prev       *engine.Document // stored, decoded under doc's type
	saveAs     string           // the lifecycle action of an update (partEdit is on the record)
	version    int              // the version of an update the client loaded
}

// save is the one save path of create, update and temporary save: the
// engine checks the save once (one preparation, one check, the forbidden
// changes from the same state), then the store gets the finished record. A
// check that refuses writes nothing: Saved has no Record and says why.
func (s *Service) save(ctx context.Context, cat *engine.Catalogue, w write) (*Saved, error) {
	ctx = withSaveReads(ctx)
	if a, ok := s.store.(CreatesAhead); ok && w.stored == nil {
		var done func()
		ctx, done = a.Ahead(ctx) // the group commit may wait for this create
		defer done()
	}
	lookup, err := s.RuleLookup(ctx, w.doc)
	if err != nil {
		return nil, err
	}
	w.opt.Lookup = lookup
	derived, err := s.derive(ctx, w.doc, w.prev)
	if err != nil {
		return nil, err
	}
	sc := cat.CheckSave(w.doc, w.structural, w.prev, w.opt)
	if err := forbidden(sc.Forbidden, w.opt.Action); err != nil {
		return nil, err
	}
	if _, err := s.derive(ctx, w.doc, nil); err != nil { // again: the check kept read-only cells as they were
		return nil, err
	}
	if w.temp {
		sc.Check = structuralOnly(sc.Check, w.structural)
	}
	if err := s.CheckReferences(ctx, w.doc, &sc.Check); err != nil {
		return nil, err
	}
	if !w.temp {
		if err := s.CheckAttachments(ctx, w.doc, &sc.Check); err != nil {
			return nil, err
		}
	}
	if len(derived) > 0 && !w.temp {
		sc.Check.Errors, sc.Check.Valid = append(sc.Check.Errors, derived...), false
	}
	saved := &Saved{Doc: w.doc, Evaluation: sc.Evaluation}
	if !sc.Check.Valid {
		return saved, nil
	}
	if w.stored == nil {
		if answer, ok := ctx.Value(answerKey{}).(func(*Saved)); ok {
			ctx = OnWritten(ctx, func(rec *Record) {
				answer(&Saved{Doc: w.doc, Evaluation: sc.Evaluation, Record: rec, Created: true})
			})
		}
		saved.Record, err = s.insert(ctx, w)
		saved.Created = err == nil
	} else {
		saved.Record, err = s.replace(ctx, w)
	}
	if f, ok := storeFinding(err); ok { // the store's constraint refused it: answered as the check's finding
		saved.Record = nil
		sc.Check.Errors, sc.Check.Valid = append(sc.Check.Errors, f), false
		return saved, nil
	}
	if err != nil {
		return nil, err
	}
	return saved, nil
}

type answerKey struct{}

// PrepareAnswer is ctx with answer, which a create saved with it calls
// with what the create would answer once its record is written in the
// store's transaction, before that commits (where the store tells it:
// OnWritten), so that the answer is prepared while the commit waits on
// the disk. It is called on the caller's goroutine, before the save
// returns, and holds the answer only if the save answers the same Record:
// the transaction may yet fail, or store the document again.
func PrepareAnswer(ctx context.Context, answer func(*Saved)) context.Context {
	return context.WithValue(ctx, answerKey{}, answer)
}

type writtenKey struct{}

// OnWritten is ctx with written, which a Store's Create may call (on the
// caller's goroutine, once) with the record it has written in a
// transaction not yet committed; Create's answer says whether it is
// stored. written reads and does not change what the record was built of.
func OnWritten(ctx context.Context, written func(*Record)) context.Context {
	return context.WithValue(ctx, writtenKey{}, written)
}

// Written is the function OnWritten gave ctx; nil if none.
func Written(ctx context.Context) func(*Record) {
	f, _ := ctx.Value(writtenKey{}).(func(*Record))
	return f
}

// storeFinding is a refusal of the store at a cell (an invoice a parallel
// save claimed first, in the same transaction as the document) as the
// finding the check would have given, so that the loser of a race is
// answered as if the check had seen the winner.
func storeFinding(err error) (engine.Finding, bool) {
	var ee *engine.Error
	if err == nil || !errors.As(err, &ee) || ee.Code != engine.ECHECK || ee.Path == "" || len(ee.Text) == 0 {
		return engine.Finding{}, false
	}
	return engine.Finding{Path: ee.Path, Rule: "store", Severity: engine.SeverityError, Message: ee.Text}, true
}

// insert numbers a checked new document, fills in the server's fields and
// stores it with its create event (in the store's next group commit).
func (s *Service) insert(ctx context.Context, w write) (*Record, error) {
	now := s.now()
	head := w.doc.Head()
	head["version"] = 1
	head["schemaVersion"] = w.doc.Type.Version
	head["status"] = "draft"
	head["createBy"] = w.by
	head["createAt"] = now.Format("2006-01-02 15:04:05")
	// the record is made here, with a stand-in for the number, and only
	// numbered in the store's transaction (which serves many saves at
	// once and should hold nothing it need not)
	stand, err := standInNumber()
	if err != nil {
		return nil, err
	}
	head["businessId"] = stand
	made, err := recordOf(w.doc) // its list columns hold the number: filled once it is known
	if err != nil {
		return nil, err
	}
	return s.store.Create(ctx, w.doc.Type.Code, now, func(id string) (*Record, *Event, error) {
		head["businessId"] = id
		rec := numbered(made, stand, id)
		if rec == nil { // the stand-in is not found once: made again
			if rec, err = recordOf(w.doc); err != nil {
				return nil, nil, err
			}
		}
		ListFields(w.doc).fill(rec)
		rec.CreatedAt, rec.UpdatedAt = now, now
		return rec, &Event{BusinessID: id, At: now, Actor: w.by, ToStatus: rec.Status, Action: "create"}, nil
	})
}

// standInNumber is a text no document holds by chance, in place of the
// number of a new document until the store numbers it.
func standInNumber() (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return "fw-number-" + hex.EncodeToString(b[:]), nil
}

// numbered is a copy of made with the number id in place of the stand-in
// (its body holds it once, as head.businessId); nil when the body does
// not hold it exactly once.
func numbered(made *Record, stand, id string) *Record {
	if strings.Count(made.Body, stand) != 1 {
		return nil
	}
	rec := *made
	rec.BusinessID, rec.Body = id, strings.Replace(made.Body, stand, id, 1)
	return &rec
}

// replace writes a checked change of a stored document over it, if no one
// was quicker (ECONFLICT otherwise).
func (s *Service) replace(ctx context.Context, w write) (*Record, error) {
	head := w.doc.Head()
	head["version"] = w.version + 1
	head["schemaVersion"] = w.doc.Type.Version
	var event *Event
	if w.saveAs == actionPartEdit { // a change in approval is on the record
		event = &Event{BusinessID: w.stored.BusinessID, At: s.now(), Actor: w.by, FromStatus: w.stored.Status, ToStatus: w.stored.Status, Action: actionPartEdit}
	}
	rec, err := RecordOf(w.doc)
	if err != nil {
		return nil, err
	}
	written, err := s.store.Update(ctx, rec, w.version, event)
	if err != nil {
		return nil, err
	}
	if !written {
		if _, err := s.store.Get(ctx, rec.BusinessID); err != nil {
			return nil, err
		}
		return nil, staleVersion(rec.BusinessID, w.version, w.version+1)
	}
	rec.Edition, rec.CreatedAt = w.stored.Edition, w.stored.CreatedAt
	return rec, nil
}

// versionOf reads head.businessId and head.version of an update.
func versionOf(head engine.Values, structural []engine.Finding) (int, error) {
	if head.String("businessId") == "" {
		return 0, engine.Refuse(engine.EINVALID, "head.businessId", engine.Text{
			"zh": "缺少 head.businessId：新单据请用 POST .../head/create 创建",
			"en": "head.businessId is missing: create a new document with POST .../head/create",
			"th": "ไม่มี head.businessId: สร้างเอกสารใหม่ด้วย POST .../head/create"})
	}
	if version, ok := head["version"].(int); ok {
		return version, nil
	}
	for _, f := range structural {
		if f.Path == "head.version" {
			return 0, engine.Refuse(engine.EINVALID, "head.version", engine.Text{
				"zh": "head.version 须为整数：请回传您加载时的版本号",
				"en": "head.version must be a whole number: send back the version you loaded",
				"th": "head.version ต้องเป็นจำนวนเต็ม: กรุณาส่งเวอร์ชันที่คุณโหลดกลับมา"})
		}
	}
	return 0, engine.Refuse(engine.EINVALID, "head.version", engine.Text{
		"zh": "缺少 head.version：请回传您加载时的版本号",
		"en": "head.version is missing: send back the version you loaded",
		"th": "ไม่มี head.version: กรุณาส่งเวอร์ชันที่คุณโหลดกลับมา"})
}

// sameDocument refuses an update of another type than the stored one, or
// from a version that is no longer the latest.
func sameDocument(stored *Record, docType string, version int) error {
	if stored.DocType != docType {
		return engine.Refuse(engine.EINVALID, "head.docType", engine.Text{
			"zh": fmt.Sprintf("单据%s是%s，不是%s", stored.BusinessID, stored.DocType, docType),
			"en": fmt.Sprintf("document %s is a %s, not a %s", stored.BusinessID, stored.DocType, docType),
			"th": fmt.Sprintf("เอกสาร %s เป็นประเภท %s ไม่ใช่ %s", stored.BusinessID, stored.DocType, docType)})
	}
	if stored.Version != version {
		return staleVersion(stored.BusinessID, version, stored.Version)
	}
	return nil
}

// StaleVersion is the ECONFLICT of a change from a version that is no
// longer the latest.
func StaleVersion(businessID string, have, latest int) error {
	return staleVersion(businessID, have, latest)
}

func staleVersion(businessID string, have, latest int) error {
	return engine.Refuse(engine.ECONFLICT, "head.version", engine.Text{
		"zh": fmt.Sprintf("单据%s已被他人修改（您的版本为%d，最新版本为%d），请重新加载", businessID, have, latest),
		"en": fmt.Sprintf("document %s was changed by someone else (you have version %d, the latest is %d); reload it", businessID, have, latest),
		"th": fmt.Sprintf("เอกสาร %s ถูกผู้อื่นแก้ไขแล้ว (คุณมีเวอร์ชัน %d เวอร์ชันล่าสุดคือ %d) กรุณาโหลดใหม่", businessID, have, latest)})
}

// checkFamily refuses a document saved under another family's URL.
func checkFamily(family string, d *engine.DocType) error {
	if family == d.Family {
		return nil
	}
	return engine.Refuse(engine.EINVALID, "head.docType", engine.Text{
		"zh": fmt.Sprintf("%s单据应保存在 /yx/%s/ 下，而不是 /yx/%s/", d.Code, d.Family, engine.Clip(family, 10)),
		"en": fmt.Sprintf("%s documents are saved under /yx/%s/, not /yx/%s/", d.Code, d.Family, engine.Clip(family, 10)),
		"th": fmt.Sprintf("เอกสาร %s บันทึกภายใต้ /yx/%s/ ไม่ใช่ /yx/%s/", d.Code, d.Family, engine.Clip(family, 10))})
}

// canSave refuses a save under an action mode without a save button (read,
// oareview).
func canSave(d *engine.DocType, action string) error {
	if m := d.Mode(action); m == nil || !m.CanSave() {
		return engine.Refuse(engine.EFORBIDDEN, "action", engine.Text{
			"zh": fmt.Sprintf("在%s模式下不能保存单据", action),
			"en": fmt.Sprintf("a document cannot be saved in action mode %s", action),
			"th": fmt.Sprintf("ไม่สามารถบันทึกเอกสารในโหมด %s", action)})
	}
	return nil
}

// forbidden refuses changes to fields the action mode does not let the
// user edit (paths), naming them.
func forbidden(paths []string, action string) error {
	if len(paths) == 0 {
		return nil
	}
	list := strings.Join(paths, ", ")
	return &ForbiddenChange{Paths: paths, Err: engine.Refuse(engine.EFORBIDDEN, paths[0], engine.Text{
		"zh": fmt.Sprintf("%s模式下不能修改 %s", action, list),
		"en": fmt.Sprintf("action mode %s does not allow changing %s", action, list),
		"th": fmt.Sprintf("โหมด %s ไม่อนุญาตให้แก้ไข %s", action, list)})}
}

// ForbiddenChange is the refusal of fields the action mode does not let
// the user change; Paths names them.
type ForbiddenChange struct {
	Paths []string
	Err   *engine.Error
}

func (f *ForbiddenChange) Error() string { return f.Err.Error() }

// Unwrap lets errors.As find the *engine.Error.
func (f *ForbiddenChange) Unwrap() error { return f.Err }

// Data is what the refusal answers besides its message: the fields.
func (f *ForbiddenChange) Data() any { return map[string]any{"fields": f.Paths} }
