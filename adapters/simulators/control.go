// Package simulators is stand-ins for the outside systems formwork posts
// to: the accounting system (vouchers, sapBelnr) and the tax system (login
// and tax push). Each is a small HTTP service run as its own process
// (`formwork simulate accounting|tax --http ADDR`), for the tests and for
// `make run` when no real endpoint is configured. Each assigns document
// numbers, remembers answers by idempotency key (a repeated key gets the
// first answer and books nothing), and can be told to fail or to hang:
//
//	POST /control {"fail": N, "failStatus": 503, "hang": N, "hangMillis": 3000}
//	GET  /control  -> {"requests": R, "booked": B, ...}
package simulators

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

// Control is what the next requests do: the next Fail answer FailStatus,
// the next Hang wait HangMillis before answering.
type Control struct {
	Fail        int    `json:"fail"`
	FailStatus  int    `json:"failStatus"`
	FailMessage string `json:"failMessage"`
	Hang        int    `json:"hang"`
	HangMillis  int    `json:"hangMillis"`
}

// Stats are what a simulator has seen.
type Stats struct {
	Requests int `json:"requests"`
	Booked   int `json:"booked"`
	Repeated int `json:"repeated"`
	Control
}

// sim is the state the simulators share: the control and the answers by
// idempotency key.
type sim struct {
	mu      sync.Mutex
	ctl     Control
	stats   Stats
	answers map[string]answer
	seq     int
}

type answer struct {
	status int
	body   any
}

func newSim() *sim { return &sim{answers: map[string]answer{}} }

// control: POST sets, GET answers the stats.
func (s *sim) control(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Method == http.MethodPost {
		var c Control
		if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
			return
		}
		s.ctl = c
	}
	st := s.stats
	st.Control = s.ctl
	writeJSON(w, http.StatusOK, st)
}

// fault is what the control makes of the next request: a failure status
// (0: none) and a pause. It counts the request.
func (s *sim) fault() (int, string, time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Requests++
	var hang time.Duration
	if s.ctl.Hang > 0 {
		s.ctl.Hang--
		hang = time.Duration(s.ctl.HangMillis) * time.Millisecond
	}
	if s.ctl.Fail > 0 {
		s.ctl.Fail--
		st := s.ctl.FailStatus
		if st == 0 {
			st = http.StatusServiceUnavailable
		}
		msg := s.ctl.FailMessage
		if msg == "" {
			msg = "simulated failure"
		}
		return st, msg, hang
	}
	return 0, "", hang
}

// once answers the request with key from memory, or books it with book
// (under the lock: two tries with one key cannot both book) and remembers
// the answer. An empty key books every time.
func (s *sim) once(key string, book func(seq int) answer) answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a, ok := s.answers[key]; ok && key != "" {
		s.stats.Repeated++
		return a
	}
	s.seq++
	a := book(s.seq)
	if a.status < 300 {
		s.stats.Booked++
	}
	if key != "" {
		s.answers[key] = a
	}
	return a
}

// serve runs one booking request: the control's fault first (a hang still
// books, so the late answer's key is known to the next try), then book.
func (s *sim) serve(w http.ResponseWriter, r *http.Request, book func(seq int) answer) {
	status, msg, hang := s.fault()
	if status != 0 {
		pause(r, hang)
		// both systems' ways of saying it (accounting: sapStatus, sapMsg;
		// tax: status, message)
		writeJSON(w, status, map[string]string{"status": "E", "message": msg, "sapStatus": "E", "sapMsg": msg})
		return
	}
	a := s.once(r.Header.Get("Idempotency-Key"), book)
	pause(r, hang)
	writeJSON(w, a.status, a.body)
}

func pause(r *http.Request, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
