package contract

import "formwork/documents"

// DocumentQuery is the body of the generic document list and its export
// (POST /api/formwork/documents/query, .../export.xlsx).
type DocumentQuery struct {
	// DocType: one document type's documents; blank: every type's
	// (document maintenance).
	DocType string `json:"docType"`
	// Q is contained, ignoring case, in the business id, the description or
	// reason, the applicant's name, or a vendor's or customer's name.
	Q        string               `json:"q"`
	Filters  DocumentQueryFilters `json:"filters"`
	Sort     DocumentQuerySort    `json:"sort"`
	Page     int                  `json:"page"`     // from 1 (default 1)
	PageSize int                  `json:"pageSize"` // 1 to 500 (default 10)
}

// DocumentQueryFilters narrow the list on its indexed columns.
type DocumentQueryFilters struct {
	SubType     string      `json:"subType"` // businessType1 or businessType2
	Status      LooseList   `json:"status"`  // document states (a list, or one text separated by commas)
	CompanyCode LooseString `json:"companyCode"`
	Department  string      `json:"department"`
	Applicant   string      `json:"applicant"`
	DateFrom    string      `json:"dateFrom"` // creation date yyyy-MM-dd, included
	DateTo      string      `json:"dateTo"`   // creation date yyyy-MM-dd, included
	QuickRange  string      `json:"quickRange" enum:"day,week,month,quarter,thisMonth,lastMonth,thisYear"`
	AmountFrom  LooseString `json:"amountFrom"` // an amount (number or text), included
	AmountTo    LooseString `json:"amountTo"`   // an amount (number or text), included
}

// DocumentQuerySort is the list's order.
type DocumentQuerySort struct {
	Field string `json:"field" enum:"businessId,docType,subType,status,applicant,companyCode,department,vendor,customer,amount,description,createAt,updatedAt"`
	Order string `json:"order" enum:"asc,desc"`
}

// ListQuery is the query the list use case reads.
func (q DocumentQuery) ListQuery() documents.ListQuery {
	f := q.Filters
	return documents.ListQuery{DocType: q.DocType, Q: q.Q, Page: q.Page, PageSize: q.PageSize,
		Sort: documents.ListSort{Field: q.Sort.Field, Order: q.Sort.Order},
		Filters: documents.ListFilters{SubType: f.SubType, Status: f.Status, CompanyCode: f.CompanyCode.String(),
			Department: f.Department, Applicant: f.Applicant, DateFrom: f.DateFrom, DateTo: f.DateTo,
			QuickRange: f.QuickRange, AmountFrom: f.AmountFrom.String(), AmountTo: f.AmountTo.String()}}
}
