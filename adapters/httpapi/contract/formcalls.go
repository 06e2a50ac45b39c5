package contract

import (
	"formwork/adapters/httpapi/formcallapi"
	"formwork/registry"
)

// The spec's form calls under the documents' server-side names
// (adapters/httpapi/formcallapi).

// commonCharges is reimburse/createCommonCharges' body: the head as
// formRmbHead, the charge lines as formRmbCharges, other lists under their
// own names.
type commonCharges struct {
	FormRmbHead    documentHead     `json:"formRmbHead" required:"true"`
	FormRmbCharges []map[string]any `json:"formRmbCharges" description:"The charge lines (lineList)."`
	_              struct{}         `additionalProperties:"true"`
}

// ivvfForm is ivvf/modifyForm's body: the stored document's head (with its
// businessId and version) as formIvvfHead, the lists under their names.
type ivvfForm struct {
	FormIvvfHead documentHead `json:"formIvvfHead" required:"true"`
	_            struct{}     `additionalProperties:"true"`
}

// typeLogRequest is doc/type/log's body.
type typeLogRequest struct {
	DocType string `json:"docType" required:"true" example:"EX02"`
	Edition string `json:"edition" description:"The edition (default: the default edition)."`
}

func init() {
	for k, v := range map[string]apiDoc{
		"POST " + formcallapi.CommonChargesPath: {Tag: "documents", Summary: "Create a reimbursement (an expense claim of family ap) under the server's names: formRmbHead is the head, formRmbCharges the charge lines (lineList); checked, stored and answered as head/create.",
			Query: []string{"action", "confirm", "tempSave"}, Request: commonCharges{}, Response: storedForm{}, Refusals: refusedOrStale},
		"POST " + formcallapi.ModifyFormPath: {Tag: "documents", Summary: "Save a stored document again under the server's names: formIvvfHead is its head (businessId, version), the lists keep their names; checked, stored and answered as head/update of its family.",
			Query: []string{"action", "confirm", "tempSave"}, Request: ivvfForm{}, Response: storedForm{}, Refusals: refusedOrStale},
		"POST " + formcallapi.TypeLogPath: {Tag: "registry", Summary: "The change log of a document type: its versions, newest first, each with what changed from the one before.",
			Request: typeLogRequest{}, Response: []registry.TypeLogEntry{}, Refusals: notFound},
	} {
		apiDocs[k] = v
	}
}
