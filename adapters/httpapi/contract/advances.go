package contract

import "formwork/advances"

// The advances' answers (adapters/httpapi/advanceapi).

// AdvanceView is an advance with what it has outstanding and its status
// (open while something is outstanding or held).
type AdvanceView struct {
	advances.Advance
	Outstanding advances.Money `json:"outstanding"`
	Status      string         `json:"status"`
}

// AdvanceMovements is an advance with its movements, oldest first: for an
// advance kept per line (AA's prepayments, AX's accruals), Advance is the
// document's total and Lines each line; the movements name their line.
type AdvanceMovements struct {
	Advance   AdvanceView         `json:"advance"`
	Lines     []AdvanceView       `json:"lines,omitempty"`
	Movements []advances.Movement `json:"movements"`
}

// ViewOfAdvance is the answer's view of an advance.
func ViewOfAdvance(a advances.Advance) AdvanceView {
	return AdvanceView{Advance: a, Outstanding: a.Outstanding(), Status: a.Status()}
}

func init() {
	for k, v := range map[string]apiDoc{
		"GET /api/formwork/advances": {Tag: "advances", Summary: "My loans, pre-applications, prepayments and withholdings (MY00010): amount, paid out, written off, returned, repaid, held by submitted documents, outstanding; kind and status (open, closed) filter.",
			Query: []string{"kind", "status"}, Response: []AdvanceView{}},
		"GET /api/formwork/advances/:businessId/movements": {Tag: "advances", Summary: "One of my advances (all its lines where it is kept per line) with its movements: created on approval, held by a submitted document, written off, repaid, returned, released.",
			Response: AdvanceMovements{}, Refusals: notFound},
	} {
		apiDocs[k] = v
	}
}
