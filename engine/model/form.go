package model

// Form is the export of one document type for a sub-type and action mode:
// what the generic form renders. Package export builds it.
type Form struct {
	DocType     string                     `json:"docType"`
	Family      string                     `json:"family"`
	Edition     string                     `json:"edition"`
	Version     int                        `json:"version"`
	Title       string                     `json:"title"`
	LeadPage    string                     `json:"leadPage"`
	Description string                     `json:"description"`
	Schema      map[string]any             `json:"schema"`
	UISchema    map[string]any             `json:"uiSchema"`
	SubTypes    map[string][]SubTypeOption `json:"subTypes"`
	Buttons     []string                   `json:"buttons"`
}

// SubTypeOption is a business type the form offers, with its children.
type SubTypeOption struct {
	Key      string          `json:"key"`
	Value    string          `json:"value"`
	Children []SubTypeOption `json:"children,omitempty"`
}

// Exporter builds the form export of a document type; package export is
// the one implementation.
type Exporter func(d *DocType, subType, action, lang string) (*Form, error)

var exporter Exporter

// SetExporter installs the export stage. Package export calls it when it is
// initialised: the JSON Schema writer is a stage of its own, while callers
// ask a *DocType to export itself (d.Export), so the method lives here and
// the stage is linked in by importing it (the engine facade does).
func SetExporter(e Exporter) { exporter = e }

// Export builds the JSON Schema (draft 2020-12) and uiSchema of the document
// type for subType ("", "A01" or "A01.A0101") under action, with titles in
// lang. The JSON Schema describes structure only: every field of the type
// with its type, format, bounds and enumeration, and the fields that are
// always required. Rules and conditional states come from Evaluate.
// It returns an *Error (ENOTFOUND) for an unknown sub-type and (EINVALID) for
// an unknown action; EINTERNAL when package export is not linked in.
func (d *DocType) Export(subType, action, lang string) (*Form, error) {
	if exporter == nil {
		return nil, Errorf(EINTERNAL, "", "the export stage (formwork/engine/export) is not linked in")
	}
	return exporter(d, subType, action, lang)
}
