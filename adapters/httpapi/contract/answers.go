package contract

import (
	"encoding/json"
	"time"

	"formwork/budget"
	"formwork/engine"
	"formwork/process"
)

// The answers and bodies the handlers build and read themselves, that the
// OpenAPI document describes by their Go types.

// ProcessAnswer is a document's approval with what it holds of budgets.
type ProcessAnswer struct {
	*process.View
	Budget []budget.Holding `json:"budget"`
}

// BudgetView is a budget as answered: with what is still available and the
// account's title.
type BudgetView struct {
	budget.Budget
	BudgetAccountTxt string       `json:"budgetAccountTxt"`
	Available        budget.Money `json:"available"`
}

// BudgetQuery is the body of queryBudget.
type BudgetQuery struct {
	BusinessID    string `json:"businessId"`
	CompanyCode   string `json:"companyCode"`
	Department    string `json:"department"`
	BudgetAccount string `json:"budgetAccount"`
	Project       string `json:"project"`
	Period        string `json:"period"`
	Control       string `json:"control"`
	PageSize      int    `json:"pageSize"`
	CurrentPage   int    `json:"currentPage"`
}

// DocumentBudget is what a document draws and holds.
type DocumentBudget struct {
	BusinessID   string           `json:"businessId"`
	BudgetStatus string           `json:"budgetStatus"`
	CompanyCode  string           `json:"companyCode"`
	Department   string           `json:"department"`
	Project      string           `json:"project"`
	Period       string           `json:"period"`
	Draws        []BudgetDrawView `json:"draws"`
	Entries      []budget.Holding `json:"entries"`
}

// BudgetDrawView is one account a document draws on, with its budget (nil:
// no budget for that node, not controlled).
type BudgetDrawView struct {
	BudgetAccount    string       `json:"budgetAccount"`
	BudgetAccountTxt string       `json:"budgetAccountTxt"`
	Amount           budget.Money `json:"amount"`
	Budget           *BudgetView  `json:"budget"`
}

// ApproverConfigView is a row of the approver configuration as answered,
// with the approvers' names.
type ApproverConfigView struct {
	ID               uint          `json:"id"`
	CompanyCode      string        `json:"companyCode"`
	CostCenter       string        `json:"costCenter"`
	BusinessType     string        `json:"businessType"`
	MinAmount        *budget.Money `json:"minAmount"`
	MaxAmount        *budget.Money `json:"maxAmount"`
	Task1Approver    string        `json:"task1Approver"`
	Task2Approver    string        `json:"task2Approver"`
	Status           string        `json:"status"`
	UpdateBy         string        `json:"updateBy"`
	UpdatedAt        time.Time     `json:"updatedAt"`
	Task1ApproverTxt string        `json:"task1ApproverTxt"`
	Task2ApproverTxt string        `json:"task2ApproverTxt"`
}

// SobBusinessTypeBody is the body of querySobBusinessTypeCode1/2/3.
type SobBusinessTypeBody struct {
	DocTypeCode       LooseString `json:"docTypeCode"`
	Sob               LooseString `json:"sob"`
	CompanyCode       LooseString `json:"companyCode"`
	BusinessTypeCode1 LooseString `json:"businessTypeCode1"`
	BusinessTypeCode2 LooseString `json:"businessTypeCode2"`
}

// FormAnswer is the member `form` of the create, update and load answers:
// all the form needs to show the stored document after one request.
type FormAnswer struct {
	Action  string             `json:"action"`
	States  engine.FieldStates `json:"states"`
	Check   engine.CheckView   `json:"check"`
	Process FormProcess        `json:"process"`
	Schema  FormSchema         `json:"schema"`
	// Budget is what the document would draw on budgets if it were
	// submitted now (as evaluate answers it), while its owner may save it;
	// absent otherwise.
	Budget *budget.Preview `json:"budget,omitempty"`
}

// FormProcess is the document's state and what the user may do now.
type FormProcess struct {
	Status    string   `json:"status"`
	ProcessID string   `json:"processId"`
	Actions   []string `json:"actions"`
	// Returned is why a returned document was returned (the last reject),
	// shown at the top of the form; absent in any other state.
	Returned *process.Rejection `json:"returned,omitempty"`
}

// FormSchema names the export the form renders the document with; etag is
// the export's ETag, so a client that has it cached needs no request.
type FormSchema struct {
	Edition string `json:"edition"`
	DocType string `json:"docType"`
	Family  string `json:"family"`
	Version int    `json:"version"`
	SubType string `json:"subType"`
	ETag    string `json:"etag"`
}

// DocumentAnswer is the envelope of create, update and load: data is the
// stored document, form the states, check, process and schema.
type DocumentAnswer struct {
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	Form    *FormAnswer     `json:"form"`
}

// BusinessTypeBody is the body of queryBusinessType and queryBusinessTypes.
type BusinessTypeBody struct {
	ShowChild      LooseString `json:"showChild"`
	BusinessesType LooseString `json:"businessesType"`
	Sob            LooseString `json:"sob"`
	CompanyCode    LooseString `json:"companyCode"`
}
