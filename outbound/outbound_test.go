package outbound_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"formwork/outbound"
)

type script struct {
	answers []outbound.Response
	errs    []error
	got     []outbound.Request
}

func (s *script) Do(_ context.Context, r outbound.Request) (outbound.Response, error) {
	i := len(s.got)
	s.got = append(s.got, r)
	return s.answers[i], s.errs[i]
}

type memLog struct {
	mu    sync.Mutex
	calls []outbound.Call
}

func (m *memLog) Record(_ context.Context, c outbound.Call) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, c)
	return nil
}

func TestSendRetriesWithBackoffAndLogsEveryTry(t *testing.T) {
	noAnswer := errors.New("connection refused")
	cases := []struct {
		name     string
		answers  []outbound.Response
		errs     []error
		wantErr  bool
		statuses []string
		pauses   []time.Duration
	}{
		{"first try", []outbound.Response{{Status: 200}}, []error{nil}, false, []string{"S"}, nil},
		{"503 then 200", []outbound.Response{{Status: 503}, {Status: 200}}, []error{nil, nil}, false, []string{"E", "S"}, []time.Duration{time.Second}},
		{"no answer thrice", make([]outbound.Response, 3), []error{noAnswer, noAnswer, noAnswer}, true, []string{"T", "T", "T"}, []time.Duration{time.Second, 2 * time.Second}},
		{"422 is final", []outbound.Response{{Status: 422}}, []error{nil}, true, []string{"E"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr := &script{answers: tc.answers, errs: tc.errs}
			log := &memLog{}
			var pauses []time.Duration
			s := &outbound.Sender{Transport: tr, Log: log, Sleep: func(_ context.Context, d time.Duration) error {
				pauses = append(pauses, d)
				return nil
			}}
			key := outbound.Key("accounting", "EX0200001", 2)
			_, err := s.Send(context.Background(), outbound.Request{System: "accounting", URL: "http://x/post", Key: key, BusinessID: "EX0200001"}, "fin")
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if len(log.calls) != len(tc.statuses) {
				t.Fatalf("logged %d calls, want %d", len(log.calls), len(tc.statuses))
			}
			for i, c := range log.calls {
				if c.Status != tc.statuses[i] || c.Try != i+1 || c.Key != key || c.Method != "POST" || c.By != "fin" {
					t.Errorf("call %d = %+v", i, c)
				}
			}
			for _, r := range tr.got {
				if r.Key != "accounting:EX0200001:2" {
					t.Errorf("key %q: every try of an attempt carries the attempt's key", r.Key)
				}
			}
			if len(pauses) != len(tc.pauses) {
				t.Fatalf("pauses %v, want %v", pauses, tc.pauses)
			}
			for i := range pauses {
				if pauses[i] != tc.pauses[i] {
					t.Errorf("pause %d = %v, want %v", i, pauses[i], tc.pauses[i])
				}
			}
		})
	}
}

type slow struct{}

func (slow) Do(ctx context.Context, _ outbound.Request) (outbound.Response, error) {
	<-ctx.Done()
	return outbound.Response{}, ctx.Err()
}

func TestSendTimesOutEachTry(t *testing.T) {
	log := &memLog{}
	s := &outbound.Sender{Transport: slow{}, Log: log, Policy: outbound.Policy{Timeout: 20 * time.Millisecond, Attempts: 2, Backoff: time.Millisecond}}
	_, err := s.Send(context.Background(), outbound.Request{URL: "http://x"}, "")
	var f *outbound.Failure
	if !errors.As(err, &f) || !f.TimedOut || f.Tries != 2 {
		t.Fatalf("err = %#v, want a timed-out failure after 2 tries", err)
	}
	if len(log.calls) != 2 || log.calls[0].Status != outbound.StatusTimeout {
		t.Fatalf("log = %+v", log.calls)
	}
	if outbound.DefaultPolicy.Timeout != 120*time.Second {
		t.Fatalf("default timeout %v, the spec's is 120 s", outbound.DefaultPolicy.Timeout)
	}
}
