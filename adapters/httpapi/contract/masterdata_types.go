package contract

import (
	"encoding/json"
	"time"
)

// The bodies and answers of the master-data routes (issue 11 item 8, the
// configuration centre's list and edit pages and the pickers).

// MasterDataTypeView is a master-data type as a user sees it: its title in
// their language, how its records are keyed, shown and searched, and what
// they may do with them.
type MasterDataTypeView struct {
	Code     string   `json:"code"`
	Title    string   `json:"title"`
	Area     string   `json:"area"`
	Menu     string   `json:"menu"`
	Display  string   `json:"display"`
	Search   []string `json:"search"`
	Keys     []string `json:"keys"`
	Scope    string   `json:"scope" enum:"company,group"`
	Dated    bool     `json:"dated"`
	CanRead  bool     `json:"canRead"`
	CanWrite bool     `json:"canWrite"`
}

// MasterRecord is a stored master-data record as answered: Display is its
// display field in the request's language.
type MasterRecord struct {
	Type      string         `json:"type"`
	Key       string         `json:"key"`
	Company   string         `json:"company"`
	Active    bool           `json:"active"`
	ValidFrom string         `json:"validFrom"`
	ValidTo   string         `json:"validTo"`
	Version   int64          `json:"version"`
	UpdatedAt time.Time      `json:"updatedAt"`
	UpdatedBy string         `json:"updatedBy"`
	Display   string         `json:"display"`
	Body      map[string]any `json:"body"`
}

// MasterRecordPage is a page of records and how many match.
type MasterRecordPage struct {
	Total int            `json:"total"`
	Rows  []MasterRecord `json:"rows"`
}

// MasterRecordInput is the body of a create or an update (which sends the
// version it read). Company, validFrom and validTo, when sent, are set on
// the body; Active false deactivates the record, true reactivates it.
type MasterRecordInput struct {
	Version   int64          `json:"version"`
	Company   string         `json:"company"`
	Active    *bool          `json:"active"`
	ValidFrom string         `json:"validFrom"`
	ValidTo   string         `json:"validTo"`
	Body      map[string]any `json:"body" required:"true"`
}

// MasterDataForm is the JSON Schema 2020-12 and rjsf uiSchema of a type's
// record body, and their ETag.
type MasterDataForm struct {
	Schema   json.RawMessage `json:"schema"`
	UISchema json.RawMessage `json:"uiSchema"`
	ETag     string          `json:"etag"`
}

// MasterRecordRemoved is the answer of a delete: records are never removed
// (documents may name them), only deactivated.
type MasterRecordRemoved struct {
	Key     string `json:"key"`
	Removed bool   `json:"removed"`
	Active  bool   `json:"active"`
}

// MasterRecordNames are the display names of the keys asked that the store
// has, by key.
type MasterRecordNames map[string]string

// MasterDataPrefill is a new document's head from the signed-in user's
// employee record, each code with its name (suffix Txt); empty when the
// user has no employee record.
type MasterDataPrefill map[string]string

// MasterDataFinding is a refusal at one field of a record, or at one cell
// of an imported sheet (Row: the sheet's row number).
type MasterDataFinding struct {
	Path    string `json:"path"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Row     int    `json:"row,omitempty"`
}

// MasterDataFindings is the data of a refused record or import (422 ECHECK).
type MasterDataFindings struct {
	Findings []MasterDataFinding `json:"findings"`
}
