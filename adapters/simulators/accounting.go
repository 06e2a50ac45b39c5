package simulators

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/shopspring/decimal"
)

// PostingLine is a voucher line as the accounting system takes it.
type PostingLine struct {
	LineNo      int             `json:"lineNo"`
	Bschl       string          `json:"bschl"`
	DebitCredit string          `json:"debitCredit"` // S debit, H credit
	Account     string          `json:"account"`
	Amount      decimal.Decimal `json:"amount"`
	LocalAmount decimal.Decimal `json:"localAmount"`
}

// Posting is a voucher sent for posting, or a reversal (Reverses set).
type Posting struct {
	BusinessID  string        `json:"businessId"`
	CompanyCode string        `json:"companyCode"`
	Currency    string        `json:"currency"`
	Reverses    string        `json:"reverses,omitempty"`
	Lines       []PostingLine `json:"lines"`
}

// PostingAnswer is the accounting system's answer: the spec's sapStatus
// (S posted, E refused), sapBelnr (its document number) and sapMsg.
type PostingAnswer struct {
	SapStatus string `json:"sapStatus"`
	SapBelnr  string `json:"sapBelnr,omitempty"`
	SapMsg    string `json:"sapMsg"`
}

// Accounting is the accounting-system simulator: POST /accounting/post
// posts a balanced voucher (or a reversal of a posted one) and answers its
// number.
func Accounting() http.Handler {
	s := newSim()
	var mu sync.Mutex
	posted := map[string]bool{}
	mux := http.NewServeMux()
	mux.HandleFunc("/control", s.control)
	mux.HandleFunc("POST /accounting/post", func(w http.ResponseWriter, r *http.Request) {
		var p Posting
		if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
			writeJSON(w, http.StatusBadRequest, PostingAnswer{SapStatus: "E", SapMsg: "unreadable posting: " + err.Error()})
			return
		}
		s.serve(w, r, func(seq int) answer {
			mu.Lock()
			defer mu.Unlock()
			if msg := refusal(p, posted); msg != "" {
				return answer{http.StatusUnprocessableEntity, PostingAnswer{SapStatus: "E", SapMsg: msg}}
			}
			belnr := fmt.Sprintf("51%08d", seq)
			posted[belnr] = true
			return answer{http.StatusOK, PostingAnswer{SapStatus: "S", SapBelnr: belnr, SapMsg: "document " + belnr + " posted in company " + p.CompanyCode}}
		})
	})
	return mux
}

// refusal is why the accounting system refuses p ("" when it posts).
func refusal(p Posting, posted map[string]bool) string {
	if p.BusinessID == "" || p.CompanyCode == "" {
		return "businessId and companyCode are required"
	}
	if p.Reverses != "" && !posted[p.Reverses] {
		return "document " + p.Reverses + " to reverse is not posted"
	}
	if len(p.Lines) < 2 {
		return "a voucher needs at least two lines"
	}
	var debit, credit decimal.Decimal
	for _, l := range p.Lines {
		if l.Account == "" || l.Bschl == "" {
			return fmt.Sprintf("line %d: account and posting key are required", l.LineNo)
		}
		switch l.DebitCredit {
		case "S":
			debit = debit.Add(l.LocalAmount)
		case "H":
			credit = credit.Add(l.LocalAmount)
		default:
			return fmt.Sprintf("line %d: debitCredit must be S or H", l.LineNo)
		}
	}
	if !debit.Equal(credit) {
		return fmt.Sprintf("balance is not zero: debit %s, credit %s", debit.StringFixed(2), credit.StringFixed(2))
	}
	return ""
}
