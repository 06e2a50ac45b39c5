package registry

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"formwork/engine"
)

// DocTypeEntry is a document type as the registry lists it.
type DocTypeEntry struct {
	DocType string      `json:"docType"`
	Family  string      `json:"family"`
	Module  string      `json:"module"`
	Source  string      `json:"source"`
	Version int         `json:"version"`
	Edition string      `json:"edition"`
	Title   engine.Text `json:"title"`
}

// DocTypes lists every edition's document types, or (edition set) one
// edition's as its companies see it: its own types, then the default
// edition's for the codes it lacks. An unknown edition is ENOTFOUND.
func (s *Service) DocTypes(edition string) ([]DocTypeEntry, error) {
	cat := s.Catalogue()
	if edition != "" && cat.Editions[edition] == nil {
		return nil, unknownEdition(edition)
	}
	out := []DocTypeEntry{}
	seen := map[string]bool{}
	for _, d := range cat.DocTypes() {
		if edition != "" {
			if seen[d.Code] || cat.DocTypeIn(edition, d.Code) != d {
				continue
			}
			seen[d.Code] = true
		}
		out = append(out, DocTypeEntry{DocType: d.Code, Family: d.Family, Module: d.Module, Source: d.Source, Version: d.Version,
			Edition: d.Edition, Title: d.Title})
	}
	return out, nil
}

// EditionEntry is a catalogue edition: which companies and sets of books
// work in it.
type EditionEntry struct {
	Key       string      `json:"key"`
	Title     engine.Text `json:"title"`
	Default   bool        `json:"default"`
	Companies []string    `json:"companies"`
	Sobs      []string    `json:"sobs"`
}

// Editions lists the editions: the default one first, then by key.
func (s *Service) Editions() []EditionEntry {
	cat := s.Catalogue()
	keys := []string{cat.DefaultEdition}
	for k := range cat.Editions {
		if k != cat.DefaultEdition {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys[1:])
	out := []EditionEntry{}
	for _, k := range keys {
		e := cat.Editions[k]
		out = append(out, EditionEntry{Key: k, Title: e.Title, Default: k == cat.DefaultEdition, Companies: nonNil(e.Companies), Sobs: nonNil(e.Sobs)})
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// DocTypeRef names a document type as a request does: its code, the
// edition (empty: the default edition, falling back as the companies of
// that edition see it) and the version (empty: the live one).
type DocTypeRef struct {
	Code, Edition, Version string
}

// DocType resolves a reference: ENOTFOUND for an unknown edition, document
// type or version, EINVALID for a version that is not a whole number.
func (s *Service) DocType(ref DocTypeRef) (*engine.DocType, error) {
	cat := s.Catalogue()
	edition := ref.Edition
	if edition == "" {
		edition = cat.DefaultEdition
	} else if cat.Editions[edition] == nil {
		return nil, unknownEdition(edition)
	}
	d := cat.DocTypeIn(edition, ref.Code)
	if d == nil {
		q := strconv.Quote(engine.Clip(ref.Code, 40))
		return nil, refusal(engine.ENOTFOUND, "docType", engine.Text{"zh": "单据类型" + q + "不存在", "en": "unknown docType " + q,
			"th": "ไม่มีประเภทเอกสาร " + q})
	}
	if ref.Version == "" {
		return d, nil
	}
	n, err := strconv.Atoi(ref.Version)
	if err != nil || n < 1 {
		q := strconv.Quote(engine.Clip(ref.Version, 20))
		return nil, refusal(engine.EINVALID, "version", engine.Text{"zh": "版本号应为正整数，而不是" + q,
			"en": "version must be a whole number, not " + q, "th": "หมายเลขเวอร์ชันต้องเป็นจำนวนเต็มบวก ไม่ใช่ " + q})
	}
	old := cat.DocTypeVersion(d.Edition, d.Code, n)
	if old == nil {
		return nil, noVersion(cat, d, n)
	}
	return old, nil
}

// noVersion is the ENOTFOUND answer for a version a document type does not
// have.
func noVersion(cat *engine.Catalogue, d *engine.DocType, n int) *engine.Error {
	var list []string
	for _, v := range cat.Versions(d.Edition, d.Code) {
		list = append(list, strconv.Itoa(v))
	}
	return refusal(engine.ENOTFOUND, "version", engine.Text{
		"zh": fmt.Sprintf("%s没有版本%d（现有版本：%s）", d.Code, n, strings.Join(list, "、")),
		"en": fmt.Sprintf("%s has no version %d (versions: %s)", d.Code, n, strings.Join(list, ", ")),
		"th": fmt.Sprintf("%s ไม่มีเวอร์ชัน %d (เวอร์ชันที่มี: %s)", d.Code, n, strings.Join(list, ", "))})
}

func unknownEdition(edition string) *engine.Error {
	q := strconv.Quote(engine.Clip(edition, 40))
	return refusal(engine.ENOTFOUND, "edition", engine.Text{"zh": "目录版本" + q + "不存在", "en": "unknown edition " + q,
		"th": "ไม่มีรุ่นแค็ตตาล็อก " + q})
}

// VersionEntry is a version of a document type: the live one, and whether
// it is released (the live one is when it equals a released snapshot).
type VersionEntry struct {
	Version  int  `json:"version"`
	Live     bool `json:"live"`
	Released bool `json:"released"`
}

// Versions lists the versions of d's document type in d's edition,
// ascending.
func (s *Service) Versions(d *engine.DocType) []VersionEntry {
	cat := s.Catalogue()
	out := []VersionEntry{}
	for _, v := range cat.Versions(d.Edition, d.Code) {
		released := v != d.Version
		if !released {
			for _, r := range cat.ReleasedVersions(d.Edition, d.Code) {
				released = released || r == v
			}
		}
		out = append(out, VersionEntry{Version: v, Live: v == d.Version, Released: released})
	}
	return out
}

// Difference is what changed between two versions of a document type.
type Difference struct {
	DocType string          `json:"docType"`
	Edition string          `json:"edition"`
	From    int             `json:"from"`
	To      int             `json:"to"`
	Changes []engine.Change `json:"changes"`
}

// Diff compares two versions (from, to: version numbers as sent) of d's
// document type in d's edition: EINVALID when they are no numbers,
// ENOTFOUND when the type has no such version.
func (s *Service) Diff(d *engine.DocType, from, to string) (*Difference, error) {
	a, err1 := strconv.Atoi(from)
	b, err2 := strconv.Atoi(to)
	if err1 != nil || err2 != nil {
		return nil, refusal(engine.EINVALID, "from", engine.Text{"zh": "from和to应为版本号", "en": "from and to must be version numbers",
			"th": "from และ to ต้องเป็นหมายเลขเวอร์ชัน"})
	}
	cat := s.Catalogue()
	for _, v := range []int{a, b} {
		if cat.DocTypeVersion(d.Edition, d.Code, v) == nil {
			return nil, noVersion(cat, d, v)
		}
	}
	changes, err := cat.Diff(d.Edition, d.Code, a, b)
	if err != nil {
		return nil, err
	}
	return &Difference{DocType: d.Code, Edition: d.Edition, From: a, To: b, Changes: changes}, nil
}

// refusal is a refusal whose message names the field it concerns first,
// as "path: message" in every language.
func refusal(code, path string, t engine.Text) *engine.Error {
	if path != "" {
		named := make(engine.Text, len(t))
		for lang, msg := range t {
			named[lang] = path + ": " + msg
		}
		t = named
	}
	return engine.Refuse(code, path, t)
}

// TypeLogEntry is one version of a document type in its log: the version and
// what changed from the version before it (none for the first).
type TypeLogEntry struct {
	VersionEntry
	Changes []engine.Change `json:"changes"`
}

// Log is the change log of d's document type in d's edition (the spec's
// doc/type/log): every version, newest first, with what changed from the
// one before.
func (s *Service) Log(d *engine.DocType) ([]TypeLogEntry, error) {
	versions := s.Versions(d)
	out := make([]TypeLogEntry, 0, len(versions))
	for i := len(versions) - 1; i >= 0; i-- {
		e := TypeLogEntry{VersionEntry: versions[i], Changes: []engine.Change{}}
		if i > 0 {
			changes, err := s.Catalogue().Diff(d.Edition, d.Code, versions[i-1].Version, versions[i].Version)
			if err != nil {
				return nil, err
			}
			e.Changes = append(e.Changes, changes...)
		}
		out = append(out, e)
	}
	return out, nil
}
