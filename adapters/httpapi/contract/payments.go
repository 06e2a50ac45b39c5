package contract

import (
	"reflect"

	"formwork/budget"
	"formwork/contracts"
	"formwork/payments"
)

// The payments' and contracts' requests and answers
// (adapters/httpapi/paymentapi).

// PaymentStateRequest names the document whose payment state is asked
// (galaxypayment boe/get, form-ap/get).
type PaymentStateRequest struct {
	BusinessID string `json:"businessId"`
}

// PaymentList is a payment list: finance tells whether the reader is
// finance staff (accounts whole, lines movable); otherwise account numbers
// longer than 8 show their first and last 4 digits only.
type PaymentList struct {
	Finance bool            `json:"finance"`
	Lines   []payments.Line `json:"lines"`
}

// PaymentFailureChange corrects a failed payment (paidFail/modifyDetail):
// its bank message, and with resend true sends it again (pending).
type PaymentFailureChange struct {
	payments.Change
	Resend bool `json:"resend"`
}

// PaymentImport is a payment import booked: how many lines it moved.
type PaymentImport struct {
	Imported int             `json:"imported"`
	Lines    []payments.Line `json:"lines"`
}

// ContractQuery is the body of contract/queryContractHead: a page (the
// spec asks page 1, size 999) and optional filters.
type ContractQuery struct {
	Page        int    `json:"page"`
	Size        int    `json:"size"`
	ContractNo  string `json:"contractNo,omitempty"`
	CompanyCode string `json:"companyCode,omitempty"`
	Vendor      string `json:"vendor,omitempty"`
}

// ContractHead is a contract of the contract master: paid and unpaid
// amounts are the server's, from the approved payments against it.
type ContractHead struct {
	ContractID   string       `json:"contractId"`
	ContractNo   string       `json:"contractNo"`
	ContractName string       `json:"contractName"`
	CompanyCode  string       `json:"companyCode"`
	PartyA       string       `json:"partyA"`
	PartyB       string       `json:"partyB"`
	PartyC       string       `json:"partyC"`
	Vendor       string       `json:"vendor"`
	Currency     string       `json:"currency"`
	Amount       budget.Money `json:"amount"`
	CreditAmount budget.Money `json:"creditAmount"`
	PaidAmount   budget.Money `json:"paidAmount"`
	UnpaidAmount budget.Money `json:"unpaidAmount"`
	Status       string       `json:"status"`
	SignDate     string       `json:"signDate"`
	StartDate    string       `json:"startDate"`
	EndDate      string       `json:"endDate"`
	DeleteFlag   string       `json:"deleteFlag"`
}

// ContractPage is a page of contracts and how many match.
type ContractPage struct {
	Total int            `json:"total"`
	Page  int            `json:"page"`
	Size  int            `json:"size"`
	Rows  []ContractHead `json:"rows"`
}

// HeadOfContract is the answer's view of a contract record's body
// (deleteFlag blank is N).
func HeadOfContract(body map[string]any) ContractHead {
	s := func(k string) string { v, _ := body[k].(string); return v }
	m := func(k string) budget.Money { return budget.MoneyOf(contracts.Amount(body, k)) }
	h := ContractHead{ContractID: s("contractId"), ContractNo: s("contractNo"), ContractName: s("contractName"), CompanyCode: s("company"),
		PartyA: s("partyA"), PartyB: s("partyB"), PartyC: s("partyC"), Vendor: s("vendor"), Currency: s("currency"),
		Amount: m("amount"), CreditAmount: m("creditAmount"), PaidAmount: m("paidAmount"), UnpaidAmount: m("unpaidAmount"),
		Status: s("status"), SignDate: s("signDate"), StartDate: s("startDate"), EndDate: s("endDate"), DeleteFlag: s("deleteFlag")}
	if h.DeleteFlag == "" {
		h.DeleteFlag = "N"
	}
	return h
}

func init() {
	componentNames[reflect.TypeFor[payments.Event]()] = "PaymentEvent"
	componentNames[reflect.TypeFor[payments.Change]()] = "PaymentChange"
	componentNames[reflect.TypeFor[payments.Line]()] = "PaymentLine"
	componentNames[reflect.TypeFor[payments.State]()] = "PaymentState"
	line := "businessId and item (the paymentList row, 1-based) name the line, version is the one read (409 naming version when stale). "
	for k, v := range map[string]apiDoc{
		"POST /api/galaxypayment/api/boe/get": {Tag: "payments", Summary: "A document's payment state (付款状态): its status, whether it is payable (approved, with payment lines), the summary (pending, paid, failed), each payment line with its status, bank reference or message, and the events. Account numbers longer than 8 show their first and last 4 digits unless the reader is finance staff (menu CW00003).",
			Request: PaymentStateRequest{}, Response: payments.State{}, Refusals: notFound},
		"POST /api/galaxypayment/api/form-ap/get": {Tag: "payments", Summary: "The same payment state, as the payables' form asks it.",
			Request: PaymentStateRequest{}, Response: payments.State{}, Refusals: notFound},
		"GET /api/formwork/payments": {Tag: "payments", Summary: "Payment lines: scope mine (我的付款, the user's own, default) or finance (the payment list of CW00003: every line of the user's companies); status filters (pending, paid, failed).",
			Query: []string{"scope", "status"}, Response: PaymentList{}},
		"POST /api/formwork/payments/paid": {Tag: "payments", Summary: "Finance marks a pending payment line paid with the bank's reference (bankRef). " + line + "409 for a line already paid, failed (re-send it first) or of a document not approved yet; 404 for an unknown document or line.",
			Request: payments.Change{}, Response: payments.Line{}, Refusals: stale},
		"POST /api/galaxyform/paidFail/createDetail": {Tag: "payments", Summary: "Finance records a failed payment: a pending line becomes failed with the bank's message (bankMessage) and returns to finance. " + line + "409 for a line already paid.",
			Request: payments.Change{}, Response: payments.Line{}, Refusals: stale},
		"POST /api/galaxyform/paidFail/modifyDetail": {Tag: "payments", Summary: "Finance corrects a failed payment: its bank message, or with resend true sends it again (pending). " + line,
			Request: PaymentFailureChange{}, Response: payments.Line{}, Refusals: stale},
		"POST /api/galaxyform/account/createAccountDetail": {Tag: "payments", Summary: "Finance gives a payment line without an account its payee account (accountName, bank, cnaps, account: digits, at most 34). " + line,
			Request: payments.Change{}, Response: payments.Line{}, Refusals: stale},
		"POST /api/galaxyform/account/modifyAccountDetail": {Tag: "payments", Summary: "Finance corrects the payee account of a failed payment line before sending it again. " + line,
			Request: payments.Change{}, Response: payments.Line{}, Refusals: stale},
		"POST /api/formwork/payments/import": {Tag: "payments", Summary: "Payment import (CW00003): an xlsx whose first sheet has the columns businessId, item, result (paid or failed), bankRef, bankMessage under a header row. All rows or none: 422 with every row's finding (unknown line, not pending, a repeated line, a missing reference or message).",
			Upload: XLSX, Response: PaymentImport{}, Refusals: []int{422}},
		"POST /api/galaxyform/contract/queryContractHead": {Tag: "contracts", Summary: "The contract master (page 1, size 999 as the spec asks; filters contractNo, companyCode, vendor): contracts not deleted of the user's companies, with the paid and unpaid amounts the server keeps from approved payments.",
			Request: ContractQuery{}, Response: ContractPage{}},
	} {
		apiDocs[k] = v
	}
}
