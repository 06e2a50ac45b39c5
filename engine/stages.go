package engine

import (
	"encoding/json"
	"formwork/engine/advancebook"
	"io/fs"

	"formwork/engine/decode"
	"formwork/engine/eval"
	"formwork/engine/export"
	"formwork/engine/fixtures"
	"formwork/engine/lifecycle"
	"formwork/engine/lint"
	"formwork/engine/model"
	"formwork/engine/versions"
)

// Decode parses a document JSON for catalogue c, as the type head.docType
// names in the edition of head.companyCode and head.sob (see decode.Decode):
// structural findings, or an *Error when the input is no document.
func Decode(c *Catalogue, raw []byte) (*Document, []Finding, error) { return decode.Decode(c, raw) }

// DecodeHead is the head of a document JSON before its type is chosen.
type DecodeHead = decode.Head

// DecodeChoosing is Decode with the type chosen by choose from the head and
// the live type Decode would take, parsing and decoding the JSON once (see
// decode.DecodeChoosing).
func DecodeChoosing(c *Catalogue, raw []byte, choose func(h DecodeHead, live *DocType) *DocType) (*Document, []Finding, error) {
	return decode.DecodeChoosing(c, raw, choose)
}

// DecodeIn is Decode in the given edition instead of the head's.
func DecodeIn(c *Catalogue, edition string, raw []byte) (*Document, []Finding, error) {
	return decode.DecodeIn(c, edition, raw)
}

// DecodeAs parses a document JSON as a document of dt, whatever its head
// says: for a stored document, whose type and edition are on record.
func DecodeAs(dt *DocType, raw []byte) (*Document, []Finding, error) { return decode.DecodeAs(dt, raw) }

// Check applies defaults and derived values to doc (in place) and runs every
// pre-save check (see eval.Check).
func Check(doc *Document, structural []Finding, opt Options) CheckResult {
	return eval.Check(doc, structural, opt)
}

// Evaluate is Check plus the field states and changed values the form needs.
func Evaluate(doc *Document, structural []Finding, opt Options) *Evaluation {
	return eval.Evaluate(doc, structural, opt)
}

// EvalCounters reads how many documents this process prepared and fully
// checked (see eval.Counters): for tests that count the work of a save.
func EvalCounters() EvalCount { return eval.CountersNow() }

// KeepServerFields makes the read-only fields of doc what they are in from
// (see model.KeepServerFields).
func KeepServerFields(doc, from *Document) { model.KeepServerFields(doc, from) }

// NormalizeDate reads a date in the formats people type and returns it as
// yyyy-MM-dd; ok is false when the text is not a calendar date.
func NormalizeDate(s string) (string, bool) { return model.NormalizeDate(s) }

// ParseSubType splits "A01.A0101.A010101" into the business types.
func ParseSubType(s string) []string { return model.ParseSubType(s) }

// Lang picks a supported language from a query value or Accept-Language
// header; unknown values give DefaultLang.
func Lang(s string) string { return model.Lang(s) }

// Refuse builds an *Error whose message a person reads, in every language.
func Refuse(code, path string, t Text) *Error { return model.Refuse(code, path, t) }

// Errorf builds an *Error.
func Errorf(code, path, format string, args ...any) *Error {
	return model.Errorf(code, path, format, args...)
}

// ErrorCode returns the code of err if it is an *Error, else EINTERNAL.
func ErrorCode(err error) string { return model.ErrorCode(err) }

// Compare lists the changes from one version of a document type to another
// (see versions.Compare for what breaks).
func Compare(old, new *DocType) []Change { return versions.Compare(old, new) }

// ReadLock reads the lock file of fsys; a missing file is an empty lock.
func ReadLock(fsys fs.FS) (Lock, error) { return versions.ReadLock(fsys) }

// SnapshotPath is where version v of a document type of an edition is filed.
func SnapshotPath(edition, code string, v int) string { return versions.SnapshotPath(edition, code, v) }

// LoadFixtures reads every fixture file under dir (YAML, a list of groups).
func LoadFixtures(fsys fs.FS, dir string) ([]FixtureGroup, []Problem) {
	return fixtures.LoadFixtures(fsys, dir)
}

// Covered returns the rules that have fixtures: a test that expects a
// finding of the rule and a test of its group that passes without one.
func Covered(groups []FixtureGroup) map[string]bool { return fixtures.Covered(groups) }

// LoadLifecycle reads LifecycleFile from fsys.
func LoadLifecycle(fsys fs.FS) (*Lifecycle, error) { return lifecycle.Load(fsys) }

// LoadAdvanceBook reads AdvancesFile from fsys, checked against the
// document types of cat (see advancebook.Load).
func LoadAdvanceBook(fsys fs.FS, cat *Catalogue) (*AdvanceBook, error) {
	return advancebook.Load(fsys, cat)
}

// RowDeleted says whether a table row is marked deleted (flag D): such a row
// counts for nothing (no totals, no checks, no budget).
func RowDeleted(row Values) bool { return model.RowDeleted(row) }

// Snapshot writes a document type as a self-contained YAML file, as
// `formwork lint --release` files it (see versions.Snapshot).
func Snapshot(d *DocType) []byte { return versions.Snapshot(d) }

// MissingLanguages returns a problem of the given severity for every live
// catalogue text of fsys (schemas/ and rules/, released snapshots left out)
// that lacks zh, en or th (see lint.Languages).
func MissingLanguages(fsys fs.FS, severity string) []Problem { return lint.Languages(fsys, severity) }

// DocumentRefs lists the master-data references a document holds: every
// non-empty value of a field with `ref:`, with its path (head.department,
// lineList[2].costType); deleted rows hold none.
func DocumentRefs(doc *Document) []Ref { return model.DocumentRefs(doc) }

// ExportMasterData builds the JSON Schema (draft 2020-12) and uiSchema of a
// master-data type's record body, titles in lang (see export.MasterData).
func ExportMasterData(t *MasterDataType, lang string) (schema, uiSchema json.RawMessage) {
	s, ui := export.MasterData(t, lang)
	schema, _ = json.Marshal(s)
	uiSchema, _ = json.Marshal(ui)
	return schema, uiSchema
}

// CompareMasterData lists the changes from one version of a master-data type
// to another (see versions.CompareMasterData for what breaks).
func CompareMasterData(old, new *MasterDataType) []Change {
	return versions.CompareMasterData(old, new)
}

// SnapshotMasterData writes a master-data type as a self-contained YAML file,
// as `formwork lint --release` files it.
func SnapshotMasterData(t *MasterDataType) []byte { return versions.SnapshotMasterData(t) }
