package simulators

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// TaxPush is a document pushed to the tax system under a tax group order
// sign; signs 20, 21 and 22 are for a period and need year and period.
type TaxPush struct {
	BusinessID  string `json:"businessId"`
	CompanyCode string `json:"companyCode"`
	OrderSign   string `json:"orderSign"`
	Year        string `json:"year,omitempty"`
	Period      string `json:"period,omitempty"`
	Amount      string `json:"amount,omitempty"`
}

// TaxAnswer is the tax system's answer.
type TaxAnswer struct {
	Status  string `json:"status"` // S accepted, E refused
	TaxNo   string `json:"taxNo,omitempty"`
	Message string `json:"message"`
}

var taxSigns = map[string]bool{"03": true, "07": true, "09": true, "10": true, "11": true, "12": true, "16": true, "20": true, "21": true, "22": true}

// Tax is the tax-system simulator: POST /itax/ibm/login answers a token
// for any non-empty user; POST /itax/push (Authorization: Bearer token)
// takes a tax push and answers its number.
func Tax() http.Handler {
	s := newSim()
	var mu sync.Mutex
	tokens := map[string]bool{}
	mux := http.NewServeMux()
	mux.HandleFunc("/control", s.control)
	mux.HandleFunc("POST /itax/ibm/login", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Username, Password string }
		_ = json.NewDecoder(r.Body).Decode(&in)
		s.serve(w, r, func(seq int) answer {
			if in.Username == "" || in.Password == "" {
				return answer{http.StatusUnauthorized, TaxAnswer{Status: "E", Message: "username and password are required"}}
			}
			tok := fmt.Sprintf("itax-%06d", seq)
			mu.Lock()
			tokens[tok] = true
			mu.Unlock()
			return answer{http.StatusOK, map[string]string{"status": "S", "token": tok}}
		})
	})
	mux.HandleFunc("POST /itax/push", func(w http.ResponseWriter, r *http.Request) {
		var p TaxPush
		if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
			writeJSON(w, http.StatusBadRequest, TaxAnswer{Status: "E", Message: "unreadable push: " + err.Error()})
			return
		}
		mu.Lock()
		ok := tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
		mu.Unlock()
		if !ok {
			writeJSON(w, http.StatusUnauthorized, TaxAnswer{Status: "E", Message: "not signed in: login first"})
			return
		}
		s.serve(w, r, func(seq int) answer {
			if msg := taxRefusal(p); msg != "" {
				return answer{http.StatusUnprocessableEntity, TaxAnswer{Status: "E", Message: msg}}
			}
			return answer{http.StatusOK, TaxAnswer{Status: "S", TaxNo: fmt.Sprintf("TX%08d", seq), Message: "accepted under order sign " + p.OrderSign}}
		})
	})
	return mux
}

func taxRefusal(p TaxPush) string {
	switch {
	case p.BusinessID == "":
		return "businessId is required"
	case !taxSigns[p.OrderSign]:
		return "unknown order sign " + p.OrderSign
	case (p.OrderSign == "20" || p.OrderSign == "21" || p.OrderSign == "22") && (p.Year == "" || p.Period == ""):
		return "order sign " + p.OrderSign + " needs year and period"
	}
	return ""
}
