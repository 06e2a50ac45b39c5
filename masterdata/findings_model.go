package masterdata

import (
	"fmt"

	"formwork/engine"
)

// ESTALE is the code of a change made to a version of a record that is no
// longer the latest (the HTTP adapter answers 409).
const ESTALE = "ESTALE"

// Findings is the refusal of a record, or of an import, that fails its
// checks: every finding (ECHECK), each at its path. As an error it is the
// first finding (errors.As finds its *engine.Error); Data lists them all.
type Findings []*engine.Error

func (f Findings) Error() string {
	if len(f) == 1 {
		return f[0].Error()
	}
	return fmt.Sprintf("%s (and %d more findings)", f[0].Error(), len(f)-1)
}

// Unwrap is the first finding.
func (f Findings) Unwrap() error { return f[0] }

// FindingView is a finding as an answer carries it: the message in English
// and in every language.
type FindingView struct {
	Path    string      `json:"path"`
	Code    string      `json:"code"`
	Message string      `json:"message"`
	Text    engine.Text `json:"text"`
}

// Data lists the findings for an answer.
func (f Findings) Data() any {
	out := make([]FindingView, len(f))
	for i, e := range f {
		out[i] = FindingView{Path: e.Path, Code: e.Code, Message: e.In("en"), Text: e.Text}
	}
	return out
}

// refusals of the use cases, in zh, en and th.

func unknownType(code string) *engine.Error {
	c := engine.ShownCode(code)
	return engine.Refuse(engine.ENOTFOUND, "type", engine.Text{"zh": "没有主数据类型 " + c,
		"en": "there is no master-data type " + c, "th": "ไม่มีประเภทข้อมูลหลัก " + c})
}

func unknownRecord(t *Type, key string) *engine.Error {
	title, k := t.title(), engine.ShownCode(key)
	return engine.Refuse(engine.ENOTFOUND, "key", engine.Text{"zh": title.In("zh") + " " + k + " 不存在",
		"en": title.In("en") + " " + k + " does not exist", "th": title.In("th") + " " + k + " ไม่มีอยู่"})
}

func forbidden(t *Type, write bool) *engine.Error {
	title := t.title()
	if write {
		return engine.Refuse(engine.EFORBIDDEN, "", engine.Text{"zh": "你无权维护" + title.In("zh"),
			"en": "you may not change " + title.In("en") + " records", "th": "คุณไม่มีสิทธิ์แก้ไข" + title.In("th")})
	}
	return engine.Refuse(engine.EFORBIDDEN, "", engine.Text{"zh": "你无权查看" + title.In("zh"),
		"en": "you may not read " + title.In("en") + " records", "th": "คุณไม่มีสิทธิ์ดู" + title.In("th")})
}

func stale(t *Type, key string) *engine.Error {
	title, k := t.title(), engine.ShownCode(key)
	return engine.Refuse(ESTALE, "version", engine.Text{
		"zh": title.In("zh") + " " + k + " 已被他人修改，请刷新后重试",
		"en": title.In("en") + " " + k + " was changed meanwhile: reload it and try again",
		"th": title.In("th") + " " + k + " ถูกแก้ไขไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง"})
}

func exists(t *Type, key string) *engine.Error {
	title, k := t.title(), engine.ShownCode(key)
	return engine.Refuse(engine.ECONFLICT, t.Keys[0], engine.Text{"zh": title.In("zh") + " " + k + " 已存在",
		"en": title.In("en") + " " + k + " exists already", "th": title.In("th") + " " + k + " มีอยู่แล้ว"})
}
