package masterdata

import (
	"context"
	"errors"
	"regexp"

	"formwork/engine"
)

// The use cases of the records of a type (the generic list and edit pages
// of the configuration centre): read with the type's read roles, change
// with its write roles. A record is never deleted: Deactivate keeps it for
// the documents that name it (and the audit trail), Reactivate undoes it.

// Types lists the catalogue's master-data types the actor may read (in
// the catalogue's order), with what they may do.
func (s *Service) Types(actor Actor) []TypeInfo {
	var out []TypeInfo
	for _, t := range s.types() {
		if actor.may(t.Read) || actor.may(t.Write) {
			out = append(out, TypeInfo{Code: t.Code, Title: t.title(), Area: t.Area, Menu: t.Menu,
				CanRead: true, CanWrite: actor.may(t.Write)})
		}
	}
	return out
}

// readSnapshot is the type of a code the actor may read and its current
// snapshot.
func (s *Service) readSnapshot(ctx context.Context, actor Actor, code string) (*Type, *snapshot, error) {
	t, err := s.readable(actor, code)
	if err != nil {
		return nil, nil, err
	}
	snap, err := s.snapshot(ctx, code)
	return t, snap, err
}

// readable is the type of a code the actor may read: ENOTFOUND for an
// unknown type, EFORBIDDEN without a read (or write) role.
func (s *Service) readable(actor Actor, code string) (*Type, error) {
	t := s.typeOf(code)
	switch {
	case t == nil:
		return nil, unknownType(code)
	case !actor.may(t.Read) && !actor.may(t.Write):
		return nil, forbidden(t, false)
	}
	return t, nil
}

// writable is the type of a code the actor may change.
func (s *Service) writable(actor Actor, code string) (*Type, error) {
	t := s.typeOf(code)
	switch {
	case t == nil:
		return nil, unknownType(code)
	case !actor.may(t.Write):
		return nil, forbidden(t, true)
	}
	return t, nil
}

// Get is the record of a key, active or not, the caller's to change:
// ENOTFOUND when there is none.
func (s *Service) Get(ctx context.Context, actor Actor, typ, key string) (*Record, error) {
	t, snap, err := s.readSnapshot(ctx, actor, typ)
	if err != nil {
		return nil, err
	}
	r := snap.record(key)
	if r == nil {
		return nil, unknownRecord(t, key)
	}
	out := *r
	if out.Body, err = BodyOf(r.Body); err != nil {
		return nil, err
	}
	return &out, nil
}

// Create adds a record of a body: the type's checks, its key (a key the
// type has already is ECONFLICT) and its references (existing, active on
// its validFrom or today, of its company) must hold, else Findings.
func (s *Service) Create(ctx context.Context, actor Actor, typ string, body map[string]any) (*Record, error) {
	t, err := s.writable(actor, typ)
	if err != nil {
		return nil, err
	}
	key, body, err := s.checkBody(ctx, t, body, nil, nil)
	if err != nil {
		return nil, err
	}
	r := NewRecord(typ, key, body)
	r.stamp(actor.Username, s.now())
	err = s.store.InTx(ctx, func(tx Tx) error {
		switch had, err := tx.Record(typ, key); {
		case err != nil:
			return err
		case had != nil:
			return exists(t, key)
		}
		if err := tx.Insert([]Record{r}); err != nil {
			if errors.Is(err, ErrExists) {
				return exists(t, key)
			}
			return err
		}
		return tx.AddEvents([]Event{{Type: typ, Key: key, Action: ActionCreate, By: r.UpdatedBy, At: r.UpdatedAt, After: r.image()}})
	})
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Update replaces the body of the record of a key, at the version the
// actor read (another is ESTALE): the key fields cannot change (EINVALID),
// and the body is checked as Create checks it.
func (s *Service) Update(ctx context.Context, actor Actor, typ, key string, version int64, body map[string]any) (*Record, error) {
	t, err := s.writable(actor, typ)
	if err != nil {
		return nil, err
	}
	snap, err := s.snapshot(ctx, typ)
	if err != nil {
		return nil, err
	}
	var stored map[string]any
	if r := snap.record(key); r != nil {
		stored = r.Body
	}
	newKey, body, err := s.checkBody(ctx, t, body, stored, nil)
	if err != nil {
		return nil, err
	}
	if newKey != key {
		return nil, engine.Refuse(engine.EINVALID, t.Keys[0], engine.Text{"zh": "主键字段不能修改",
			"en": "the key fields cannot change", "th": "ไม่สามารถเปลี่ยนฟิลด์คีย์ได้"})
	}
	return s.change(ctx, actor, t, key, version, ActionUpdate, func(r *Record) { r.setBody(body) })
}

// Deactivate deactivates the record of a key, at the version the actor
// read: it stays, named by the documents that name it, but no new
// reference to it passes CheckRefs and no picker offers it.
func (s *Service) Deactivate(ctx context.Context, actor Actor, typ, key string, version int64) (*Record, error) {
	t, err := s.writable(actor, typ)
	if err != nil {
		return nil, err
	}
	return s.change(ctx, actor, t, key, version, ActionDeactivate, func(r *Record) { r.Active = false })
}

// Reactivate makes a deactivated record active again, at the version the
// actor read.
func (s *Service) Reactivate(ctx context.Context, actor Actor, typ, key string, version int64) (*Record, error) {
	t, err := s.writable(actor, typ)
	if err != nil {
		return nil, err
	}
	return s.change(ctx, actor, t, key, version, ActionUpdate, func(r *Record) { r.Active = true })
}

// change applies edit to the record of a key at a version, with an audit
// event: ENOTFOUND when there is no such record, ESTALE when its version
// is another.
func (s *Service) change(ctx context.Context, actor Actor, t *Type, key string, version int64, action string,
	edit func(r *Record)) (*Record, error) {
	var out Record
	err := s.store.InTx(ctx, func(tx Tx) error {
		before, err := tx.Record(t.Code, key)
		switch {
		case err != nil:
			return err
		case before == nil:
			return unknownRecord(t, key)
		case before.Version != version:
			return stale(t, key)
		}
		out = *before
		edit(&out)
		out.Version = version + 1
		out.stamp(actor.Username, s.now())
		switch done, err := tx.Update(out, version); {
		case err != nil:
			return err
		case !done:
			return stale(t, key)
		}
		return tx.AddEvents([]Event{{Type: t.Code, Key: key, Action: action, By: out.UpdatedBy, At: out.UpdatedAt,
			Before: before.image(), After: out.image()}})
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// checkBody checks a body of a type, its server-written fields those of
// stored (nil: a new record): the key, the type's Check, the company of a
// company-scoped type, the validity of a dated one, and the references (a
// reference to a key of the same type in also passes: the records of an
// import). It answers the key and the body as the store keeps it (the
// type's Normalize); failures are Findings.
func (s *Service) checkBody(ctx context.Context, t *Type, body, stored map[string]any, also map[string]int) (string, map[string]any, error) {
	if body == nil {
		body = map[string]any{}
	}
	if t.KeepServerFields != nil {
		t.KeepServerFields(body, stored)
	}
	var findings Findings
	key, bad := t.Key(body)
	if bad != nil {
		findings = append(findings, bad)
	}
	findings = append(findings, t.check(body)...)
	findings = append(findings, t.recordFindings(body)...)
	r := NewRecord(t.Code, key, body)
	date := r.ValidFrom
	if date == "" {
		date = s.today()
	}
	var refs []Ref
	for _, ref := range t.refs(body) {
		if _, imported := also[ref.Code]; ref.Type != t.Code || !imported {
			refs = append(refs, ref)
		}
	}
	refFindings, err := s.CheckRefs(ctx, r.Company, date, refs)
	if err != nil {
		return "", nil, err
	}
	if findings = append(findings, refFindings...); len(findings) > 0 {
		return "", nil, findings
	}
	return key, t.normalized(body), nil
}

var datePattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// recordFindings check what the record repeats of a body: the company of
// a company-scoped type whose company field is required (an optional one
// left empty means the whole group), the validity of a dated type (dates, validFrom
// not after validTo).
func (t *Type) recordFindings(body map[string]any) []*engine.Error {
	var out []*engine.Error
	if company, _ := body["company"].(string); t.CompanyScoped && company == "" && (t.field("company") == nil || t.field("company").Required) {
		label := t.label("company")
		out = append(out, engine.Refuse(engine.ECHECK, "company", engine.Text{"zh": label.In("zh") + "不能为空",
			"en": label.In("en") + " is required", "th": "ต้องระบุ" + label.In("th")}))
	}
	if !t.Dated {
		return out
	}
	from, _ := body["validFrom"].(string)
	to, _ := body["validTo"].(string)
	for _, f := range [][2]string{{"validFrom", from}, {"validTo", to}} {
		if field, v := f[0], f[1]; v != "" && !datePattern.MatchString(v) {
			label := t.label(field)
			out = append(out, engine.Refuse(engine.ECHECK, field, engine.Text{"zh": label.In("zh") + "的格式是 YYYY-MM-DD",
				"en": label.In("en") + " is a date YYYY-MM-DD", "th": label.In("th") + " ต้องเป็นวันที่ YYYY-MM-DD"}))
		}
	}
	if from != "" && to != "" && to < from {
		out = append(out, engine.Refuse(engine.ECHECK, "validTo", engine.Text{"zh": "失效日期不能早于生效日期",
			"en": "valid to cannot be before valid from", "th": "วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น"}))
	}
	return out
}
