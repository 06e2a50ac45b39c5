package outboundhttp_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"formwork/adapters/outboundhttp"
	"formwork/adapters/simulators"
	"formwork/adapters/simulators/simtest"
	"formwork/outbound"
)

func posting() []byte {
	b, _ := json.Marshal(map[string]any{"businessId": "EX0200001", "companyCode": "1000", "lines": []map[string]any{
		{"lineNo": 1, "bschl": "40", "debitCredit": "S", "account": "6601", "amount": "100.00", "localAmount": "100.00"},
		{"lineNo": 2, "bschl": "31", "debitCredit": "H", "account": "2202", "amount": "100.00", "localAmount": "100.00"}}})
	return b
}

// A simulator that answers after the timeout has booked the first try; the
// second try carries the same idempotency key and gets the same number:
// one booking, not two.
func TestLateAnswerDoesNotPostTwice(t *testing.T) {
	sim := simtest.Start(t, "accounting")
	sim.Set(t, simulators.Control{Hang: 1, HangMillis: 1500})
	s := &outbound.Sender{Transport: outboundhttp.Client{}, Policy: outbound.Policy{Timeout: 300 * time.Millisecond, Attempts: 3, Backoff: 10 * time.Millisecond}}
	res, err := s.Send(context.Background(), outbound.Request{System: "accounting", URL: sim.URL + "/accounting/post",
		Body: posting(), Key: outbound.Key("accounting", "EX0200001", 1)}, "fin")
	if err != nil {
		t.Fatal(err)
	}
	var a simulators.PostingAnswer
	_ = json.Unmarshal(res.Body, &a)
	if a.SapStatus != "S" || a.SapBelnr == "" {
		t.Fatalf("answer %s", res.Body)
	}
	st := sim.Stats(t)
	if st.Booked != 1 || st.Repeated != 1 || st.Requests != 2 {
		t.Fatalf("stats %+v: want 2 requests, 1 booking, 1 repeated answer", st)
	}
	// a new attempt (a new key) books anew
	res2, err := s.Send(context.Background(), outbound.Request{System: "accounting", URL: sim.URL + "/accounting/post",
		Body: posting(), Key: outbound.Key("accounting", "EX0200001", 2)}, "fin")
	if err != nil {
		t.Fatal(err)
	}
	var b simulators.PostingAnswer
	_ = json.Unmarshal(res2.Body, &b)
	if b.SapBelnr == a.SapBelnr {
		t.Fatalf("a second attempt got the first attempt's number %s", b.SapBelnr)
	}
}

func TestFailuresAreRetriedAgainstTheSimulator(t *testing.T) {
	sim := simtest.Start(t, "accounting")
	sim.Set(t, simulators.Control{Fail: 2, FailStatus: 503})
	s := &outbound.Sender{Transport: outboundhttp.Client{}, Policy: outbound.Policy{Timeout: time.Second, Attempts: 3, Backoff: 10 * time.Millisecond}}
	if _, err := s.Send(context.Background(), outbound.Request{URL: sim.URL + "/accounting/post", Body: posting(), Key: "k1"}, ""); err != nil {
		t.Fatalf("third try should post: %v", err)
	}
	sim.Set(t, simulators.Control{Fail: 3, FailStatus: 500, FailMessage: "ledger closed"})
	_, err := s.Send(context.Background(), outbound.Request{URL: sim.URL + "/accounting/post", Body: posting(), Key: "k2"}, "")
	if f, ok := err.(*outbound.Failure); !ok || f.Tries != 3 || f.Last.Status != 500 {
		t.Fatalf("err = %v, want a failure after three 500s", err)
	}
}
