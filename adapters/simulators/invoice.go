package simulators

import (
	"encoding/json"
	"net/http"
	"strings"
)

// InvoiceCheck is one invoice sent to verification (查验): code (empty for
// 数电), number, issue date, the amount and, for the ordinary kinds, the
// last six digits of the check code.
type InvoiceCheck struct {
	InvoiceCode string `json:"invoiceCode"`
	InvoiceNo   string `json:"invoiceNo"`
	IssueDate   string `json:"issueDate"`
	Amount      string `json:"amount"`
	CheckCode   string `json:"checkCode,omitempty"`
}

// InvoiceVerdict is the verification service's answer: verifyStatus 1
// consistent, 2 inconsistent, 3 not found; certifyStatus and authStatus 0
// not yet certified / selected for deduction, 1 done.
type InvoiceVerdict struct {
	VerifyStatus  string `json:"verifyStatus"`
	CertifyStatus string `json:"certifyStatus"`
	AuthStatus    string `json:"authStatus"`
	Message       string `json:"message"`
}

// Invoice is the invoice-verification simulator: POST /invoice/verify
// answers a verdict. Its register holds every invoice whose number does
// not end in 0000 (not found); an amount of 0 is inconsistent; a special
// invoice (a code whose 8th digit is 1, or a 数电 number starting 2444)
// is certified and selected.
func Invoice() http.Handler {
	s := newSim()
	mux := http.NewServeMux()
	mux.HandleFunc("/control", s.control)
	mux.HandleFunc("POST /invoice/verify", func(w http.ResponseWriter, r *http.Request) {
		var in InvoiceCheck
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.InvoiceNo == "" {
			writeJSON(w, http.StatusBadRequest, InvoiceVerdict{Message: "invoiceNo is required"})
			return
		}
		s.serve(w, r, func(int) answer { return answer{http.StatusOK, verdict(in)} })
	})
	return mux
}

func verdict(in InvoiceCheck) InvoiceVerdict {
	switch {
	case strings.HasSuffix(in.InvoiceNo, "0000"):
		return InvoiceVerdict{VerifyStatus: "3", CertifyStatus: "0", AuthStatus: "0", Message: "no such invoice in the register"}
	case in.Amount == "" || strings.Trim(in.Amount, "0.") == "":
		return InvoiceVerdict{VerifyStatus: "2", CertifyStatus: "0", AuthStatus: "0", Message: "the amount does not match the register"}
	}
	special := strings.HasPrefix(in.InvoiceNo, "2444") || (len(in.InvoiceCode) >= 8 && in.InvoiceCode[7] == '1')
	if special {
		return InvoiceVerdict{VerifyStatus: "1", CertifyStatus: "1", AuthStatus: "1", Message: "consistent; certified and selected for deduction"}
	}
	return InvoiceVerdict{VerifyStatus: "1", CertifyStatus: "0", AuthStatus: "0", Message: "consistent"}
}
