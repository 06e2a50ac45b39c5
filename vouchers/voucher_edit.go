package vouchers

import (
	"context"
	"fmt"
	"slices"

	"formwork/documents"
	"formwork/engine"
	"formwork/engine/voucher"
)

// Save applies finance's edits to the voucher and keeps it. It refuses
// (EINVALID at lines[i].field) a field the rules do not make editable, an
// account, posting key or cost object master data lacks, a posting key of
// the other side; ECONFLICT once the voucher is posted.
func (s *Service) Save(ctx context.Context, who documents.Actor, businessID string, edits []LineEdit) (*Voucher, error) {
	v, err := s.Get(ctx, who, businessID)
	if err != nil {
		return nil, err
	}
	if !v.Editable() {
		return nil, posted(v)
	}
	if err := s.apply(ctx, v, edits); err != nil {
		return nil, err
	}
	v.UpdatedAt = s.cfg.Now()
	if err := s.store.Put(ctx, v); err != nil {
		return nil, err
	}
	v.Stored = true
	return v, nil
}

func posted(v *Voucher) error {
	return engine.Refuse(engine.ECONFLICT, "sapStatus", engine.Text{
		"zh": "凭证已过账（" + v.SapBelnr + "），不能修改", "en": "The voucher is posted (" + v.SapBelnr + "): it cannot change",
		"th": "ใบสำคัญผ่านรายการแล้ว (" + v.SapBelnr + ") จึงแก้ไขไม่ได้"})
}

// apply checks and applies edits to v's lines.
func (s *Service) apply(ctx context.Context, v *Voucher, edits []LineEdit) error {
	if len(edits) == 0 {
		return nil
	}
	md, err := s.records(ctx)
	if err != nil {
		return err
	}
	for i, e := range edits {
		if e.LineNo < 1 || e.LineNo > len(v.Lines) {
			return refuseField(i, "lineNo", fmt.Sprintf("%d", e.LineNo), "行号不存在", "there is no such line", "ไม่มีบรรทัดนี้")
		}
		l := &v.Lines[e.LineNo-1]
		for _, f := range e.fields() {
			if f.value == nil {
				continue
			}
			if err := check(i, l, f, md); err != nil {
				return err
			}
			*f.target(l) = *f.value
		}
	}
	return nil
}

// editField is one field of a LineEdit.
type editField struct {
	name, flag, typ string // typ: master-data type the value must be a key of ("" none)
	value           *string
	target          func(l *engine.VoucherLine) *string
}

func (e LineEdit) fields() []editField {
	return []editField{
		{"account", voucher.EditAccount, "glAccount", e.Account, func(l *engine.VoucherLine) *string { return &l.Account }},
		{"bschl", voucher.EditBschl, "postingKey", e.Bschl, func(l *engine.VoucherLine) *string { return &l.Bschl }},
		{"costCenter", voucher.EditCostCenter, "costCenter", e.CostCenter, func(l *engine.VoucherLine) *string { return &l.CostCenter }},
		{"profitCenter", voucher.EditProfitCenter, "profitCenter", e.ProfitCenter, func(l *engine.VoucherLine) *string { return &l.ProfitCenter }},
		{"internalOrder", voucher.EditInternalOrder, "internalOrder", e.InternalOrder, func(l *engine.VoucherLine) *string { return &l.InternalOrder }},
		{"supplier", voucher.EditSupplier, "", e.Supplier, func(l *engine.VoucherLine) *string { return &l.Supplier }},
		{"customer", voucher.EditCustomer, "", e.Customer, func(l *engine.VoucherLine) *string { return &l.Customer }},
		{"text", voucher.EditText, "", e.Text, func(l *engine.VoucherLine) *string { return &l.Text }},
	}
}

// check refuses an edit of f on line l (edit number i).
func check(i int, l *engine.VoucherLine, f editField, md records) error {
	val := *f.value
	if val == *f.target(l) {
		return nil
	}
	if !slices.Contains(l.Editable, f.flag) {
		return refuseField(i, f.name, val, "该字段不可修改", "this field cannot be edited on this line", "แก้ไขช่องนี้ในบรรทัดนี้ไม่ได้")
	}
	if len(val) > 100 {
		return refuseField(i, f.name, val[:20], "内容过长(最多100字符)", "is longer than 100 characters", "ยาวเกิน 100 ตัวอักษร")
	}
	if f.typ == "" || (val == "" && f.typ != "glAccount" && f.typ != "postingKey") {
		return nil
	}
	if _, ok := md.Field(f.typ, val, "code"); !ok {
		return refuseField(i, f.name, val, "主数据中不存在", "is not in master data", "ไม่มีในข้อมูลหลัก")
	}
	if f.typ == "postingKey" {
		side, _ := md.Field("postingKey", val, "debitCredit")
		if map[string]string{"D": voucher.Debit, "C": voucher.Credit}[side] != l.DebitCredit {
			return refuseField(i, f.name, val, "记账码借贷方向与原行不同", "posts to the other side than the line", "ผ่านรายการคนละด้านกับบรรทัดเดิม")
		}
	}
	return nil
}

func refuseField(i int, field, val, zh, en, th string) error {
	return engine.Refuse(engine.EINVALID, fmt.Sprintf("lines[%d].%s", i, field), engine.Text{
		"zh": fmt.Sprintf("%s %q：%s", field, val, zh), "en": fmt.Sprintf("%s %q %s", field, val, en), "th": fmt.Sprintf("%s %q: %s", field, val, th)})
}
