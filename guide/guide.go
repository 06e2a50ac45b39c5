// Package guide is the reimbursement guide (报账指引, documents.md 2): what
// the attachment configuration (master-data type attachmentConfig) says of
// a document type and its business types 1, 2 and 3 — the three guidance
// texts (guilding3, the review guide, only in voucher review), the files
// with those that must be attached — and, without a document type, the
// common table of every business type and its files. The guide video's
// address is the devopsConfig setting guideVideoUrl.
package guide

import (
	"context"
	"fmt"
	"sort"

	"formwork/masterdata"
)

// ConfigType is the master-data type the guide reads.
const ConfigType = "attachmentConfig"

// SettingsType and VideoKey: the guide video's address is the setting
// guideVideoUrl of the devops configuration.
const (
	SettingsType = "devopsConfig"
	VideoKey     = "guideVideoUrl"
)

// ReviewModes are the action modes of voucher review, the only ones shown
// the review guide (guilding3).
var ReviewModes = map[string]bool{"fssc": true, "fsscPartedit": true}

// Records answers the active records of master-data types (the master
// data's snapshots).
type Records interface {
	RuleRecords(ctx context.Context, types []string) (map[string][]masterdata.Record, error)
}

// FileEntry is a file of the guide: a template or example to download, its
// group, and whether a document of the business type must carry a file of
// that group.
type FileEntry struct {
	FileID    string `json:"fileId,omitempty"`
	FileName  string `json:"fileName"`
	FileGroup string `json:"fileGroup,omitempty"`
	Required  bool   `json:"required"`
}

// Entry is the guide of one document type and business type.
type Entry struct {
	Code             string      `json:"code"`
	DocType          string      `json:"docType"`
	BusinessType1    string      `json:"businessType1"`
	BusinessType2    string      `json:"businessType2"`
	BusinessType3    string      `json:"businessType3,omitempty"`
	BusinessType3Txt string      `json:"businessType3Txt,omitempty"`
	Guilding1        string      `json:"guilding1,omitempty"`
	Guilding2        string      `json:"guilding2,omitempty"`
	Guilding3        string      `json:"guilding3,omitempty"`
	FileList         []FileEntry `json:"fileList"`
	Status           string      `json:"status"` // 1: active
}

// Query is what the drawer asks: all empty is the common table.
type Query struct {
	DocType, BusinessType1, BusinessType2, BusinessType3 string
	// Mode is the form's action mode; the review guide only in ReviewModes.
	Mode string
	// Lang is the language the texts are answered in (zh, en, th).
	Lang string
}

// Answer is the guide's answer.
type Answer struct {
	Entries []Entry `json:"entries"`
	// Common is true for the common table (no document type asked).
	Common bool `json:"common"`
	// VideoURL is the guide video ("" when none is configured).
	VideoURL string `json:"videoUrl"`
}

// Service answers the guide.
type Service struct{ records Records }

// NewService builds the guide on the master data.
func NewService(r Records) *Service { return &Service{records: r} }

// Guide answers the entries that match q (business type 3: those for it
// and those for every detail), ordered by business type.
func (s *Service) Guide(ctx context.Context, q Query) (*Answer, error) {
	recs, err := s.records.RuleRecords(ctx, []string{ConfigType, SettingsType})
	if err != nil {
		return nil, fmt.Errorf("read the attachment configuration: %w", err)
	}
	out := &Answer{Entries: []Entry{}, Common: q.DocType == ""}
	for _, r := range recs[SettingsType] {
		if r.Active && str(r.Body, "key") == VideoKey {
			out.VideoURL = str(r.Body, "value")
		}
	}
	for _, r := range recs[ConfigType] {
		if !r.Active {
			continue
		}
		e := entryOf(r.Body, q.Lang)
		if !matches(e, q) {
			continue
		}
		if out.Common || !ReviewModes[q.Mode] {
			e.Guilding3 = ""
		}
		if out.Common {
			e.Guilding1, e.Guilding2 = "", ""
		}
		out.Entries = append(out.Entries, e)
	}
	sort.SliceStable(out.Entries, func(i, j int) bool {
		a, b := out.Entries[i], out.Entries[j]
		return a.DocType+"/"+a.BusinessType1+"/"+a.BusinessType2+"/"+a.BusinessType3 < b.DocType+"/"+b.BusinessType1+"/"+b.BusinessType2+"/"+b.BusinessType3
	})
	return out, nil
}

// Published reports whether a file is one of the guide's (readable by
// everyone signed in).
func (s *Service) Published(ctx context.Context, fileID string) (bool, error) {
	recs, err := s.records.RuleRecords(ctx, []string{ConfigType})
	if err != nil {
		return false, err
	}
	for _, r := range recs[ConfigType] {
		for _, f := range entryOf(r.Body, "").FileList {
			if r.Active && f.FileID != "" && f.FileID == fileID {
				return true, nil
			}
		}
	}
	return false, nil
}

func matches(e Entry, q Query) bool {
	switch {
	case q.DocType == "":
		return true
	case e.DocType != q.DocType, q.BusinessType1 != "" && e.BusinessType1 != q.BusinessType1,
		q.BusinessType2 != "" && e.BusinessType2 != q.BusinessType2:
		return false
	}
	return e.BusinessType3 == "" || q.BusinessType3 == "" || e.BusinessType3 == q.BusinessType3
}

func entryOf(b map[string]any, lang string) Entry {
	e := Entry{Code: str(b, "code"), DocType: str(b, "docType"), BusinessType1: str(b, "businessType1"), BusinessType2: str(b, "businessType2"),
		BusinessType3: str(b, "businessType3"), BusinessType3Txt: textIn(b, "businessType3Txt", lang), Guilding1: textIn(b, "guilding1", lang),
		Guilding2: textIn(b, "guilding2", lang), Guilding3: textIn(b, "guilding3", lang), FileList: []FileEntry{}, Status: "1"}
	rows, _ := b["fileList"].([]any)
	for _, row := range rows {
		m, ok := row.(map[string]any)
		if !ok {
			continue
		}
		req, _ := m["required"].(bool)
		e.FileList = append(e.FileList, FileEntry{FileID: str(m, "fileId"), FileName: str(m, "fileName"), FileGroup: str(m, "fileGroup"), Required: req})
	}
	return e
}

// textIn is a text field in lang (a text of the master data is {zh, en,
// th}), else in Chinese, else as it is.
func textIn(m map[string]any, k, lang string) string {
	t, ok := m[k].(map[string]any)
	if !ok {
		return str(m, k)
	}
	for _, l := range []string{lang, "zh", "en", "th"} {
		if v, ok := t[l].(string); ok && v != "" {
			return v
		}
	}
	return ""
}

func str(m map[string]any, k string) string {
	if s, ok := m[k].(string); ok {
		return s
	}
	if v, ok := m[k]; ok && v != nil {
		return fmt.Sprint(v)
	}
	return ""
}
