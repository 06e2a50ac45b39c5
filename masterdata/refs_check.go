package masterdata

import (
	"cmp"
	"context"
	"slices"

	"formwork/engine"
)

// Ref is a reference to a master record: the path of the value
// (head.department, lineList[2].costType), the type it names and the code
// (the record's key); engine.DocumentRefs and a type's Refs list them.
type Ref = engine.Ref

// CheckRefs checks references made by something of a company on a date
// (YYYY-MM-DD; "" today): each names a record of its type by its exact key
// (no case folding, no Unicode normalisation: a look-alike letter or a
// zero-width character is another, unknown, code), active on the date and,
// when the record belongs to a company, of the same company (company ""
// checks no company). Each reference that fails is a finding (ECHECK) at
// its path, in zh, en and th: 部门 NOPE 不存在 / Department NOPE does not
// exist. The error is the store's.
func (s *Service) CheckRefs(ctx context.Context, company, date string, refs []Ref) ([]*engine.Error, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	if date == "" {
		date = s.today()
	}
	var types []string // the few types of the refs, once each, sorted
	for _, r := range refs {
		if i, found := slices.BinarySearch(types, r.Type); !found {
			types = slices.Insert(types, i, r.Type)
		}
	}
	snaps, err := s.snapshots(ctx, types...)
	if err != nil {
		return nil, err
	}
	var findings []*engine.Error
	for _, ref := range refs {
		i, _ := slices.BinarySearch(types, ref.Type)
		// the company a field names (refCompany), else the document's
		if f := s.refFinding(ref, snaps[i].record(ref.Code), cmp.Or(ref.Company, company), date); f != nil {
			findings = append(findings, f)
		}
	}
	return findings, nil
}

// refFinding is the finding of a reference to rec (nil: there is no such
// record); nil when it holds. The message is written only for a finding.
func (s *Service) refFinding(ref Ref, rec *Record, company, date string) *engine.Error {
	var zh, en, th string // what is wrong
	switch {
	case rec == nil:
		zh, en, th = " 不存在", " does not exist", " ไม่มีอยู่"
	case !rec.activeOn(date):
		zh, en, th = " 在 "+date+" 未启用", " is not active on "+date, " ไม่ได้ใช้งานในวันที่ "+date
	case company != "" && rec.Company != "" && rec.Company != company:
		zh, en, th = " 不属于公司 "+company, " does not belong to company "+company, " ไม่ได้เป็นของบริษัท "+company
	default:
		return nil
	}
	title := untranslated(ref.Type)
	if t := s.typeOf(ref.Type); t != nil {
		title = t.title()
	}
	code := engine.ShownCode(ref.Code)
	return engine.Refuse(engine.ECHECK, ref.Path, engine.Text{"zh": title.In("zh") + " " + code + zh,
		"en": title.In("en") + " " + code + en, "th": title.In("th") + " " + code + th})
}
