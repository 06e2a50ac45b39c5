package contract

import "formwork/invoices"

// The spec's calls (documents.md 7) served beside routes of their own: the
// common descriptions (cfg/commonDes/page) and the POST form of four /ocr
// calls.

// CommonDescriptionQuery is the body of cfg/commonDes/page.
type CommonDescriptionQuery struct {
	Page        int    `json:"page"`
	Size        int    `json:"size"`
	Status      string `json:"status"` // 1 in use, 0 not, "" both
	DocType     string `json:"docType"`
	CompanyCode string `json:"companyCode"`
}

// CommonDescription is one common description (master-data type
// commonDescription).
type CommonDescription struct {
	Code        string `json:"code"`
	Description string `json:"description"`
	DocType     string `json:"docType"`     // "" every type
	CompanyCode string `json:"companyCode"` // "" the whole group
	SortOrder   int64  `json:"sortOrder"`
	Status      string `json:"status"` // 1 in use (active), 0 not
}

// CommonDescriptionPage is a page of common descriptions and how many match.
type CommonDescriptionPage struct {
	Total int                 `json:"total"`
	Page  int                 `json:"page"`
	Size  int                 `json:"size"`
	Rows  []CommonDescription `json:"rows"`
}

// InvoiceByID names one invoice (POST appShowImagePage).
type InvoiceByID struct {
	ID int64 `json:"id"`
}

func init() {
	pool := []invoices.Pooled{}
	for k, v := range map[string]apiDoc{
		"POST /api/galaxypayment/cfg/commonDes/page": {Tag: "payments", Summary: "The common descriptions (master-data type commonDescription) the form offers for a document's description: those of the user's companies and of the whole group, by order then code; status 1 those in use, 0 those not, empty both; docType those for that type and for every type. The spec asks page 1, size 999, status 1.",
			Request: CommonDescriptionQuery{}, Response: CommonDescriptionPage{}},
		"POST /ocr/appPage/appShowImagePage": {Tag: "invoices", Summary: "As GET: one invoice ({id} in the body, or ?id=) with what was recognised, to its uploader or to whoever may read the document holding it.",
			Request: InvoiceByID{}, Response: invoices.Pooled{}, Refusals: notFound},
		"POST /ocr/pcPage/pcTicketPackagePage":  {Tag: "invoices", Summary: "As GET: my ticket package, every invoice of my pool, newest first.", Response: pool},
		"POST /ocr/pcPage/pcSelectTicketPage":   {Tag: "invoices", Summary: "As GET: the invoices of my pool no document holds (PC).", Response: pool},
		"POST /ocr/appPage/appSelectTicketPage": {Tag: "invoices", Summary: "As GET: the invoices of my pool no document holds (mobile).", Response: pool},
	} {
		apiDocs[k] = v
	}
}
