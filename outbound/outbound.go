// Package outbound is how formwork calls outside systems (the accounting
// system, the tax system, invoice verification): every call carries an
// idempotency key per document and attempt, runs under a timeout (the
// spec's 120 s), is retried with a growing pause when the other side fails
// or does not answer, and leaves one push-log entry per try (the spec's
// pushGX/pushLog: url, reqData, response, status, method).
//
// The package knows no HTTP client: a Transport (adapters/outboundhttp)
// carries one try; a Log (adapters/sqldb/pushlogdb) keeps the entries. A
// business area builds a Sender once and calls Send.
package outbound

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Request is one call to an outside system.
type Request struct {
	// System names the counterpart ("accounting", "tax", "invoice"): the
	// push log is filtered by it.
	System string
	Method string // POST by default
	URL    string
	Body   []byte // JSON
	// Key is the idempotency key (Key(businessID, attempt)): every try of
	// one attempt sends the same key, so a counterpart that got a try
	// whose answer was lost answers the next try with the same result
	// instead of booking twice.
	Key string
	// BusinessID is the document the call is about ("" for a login).
	BusinessID string
	// Header holds further headers (a tax-system token).
	Header map[string]string
}

// Response is what the counterpart answered to one try.
type Response struct {
	Status int // HTTP status
	Body   []byte
}

// Transport carries one try of a request. It honours ctx's deadline and
// answers an error when no answer came (refused, reset, timed out).
type Transport interface {
	Do(ctx context.Context, r Request) (Response, error)
}

// Outcomes of one try as the push log records them (status).
const (
	StatusOK      = "S" // the counterpart answered 2xx
	StatusFailed  = "E" // the counterpart answered an error
	StatusTimeout = "T" // no answer within the timeout, or no connection
)

// Call is one push-log entry: one try of a request.
type Call struct {
	ID         int64
	System     string
	URL        string
	Method     string
	ReqData    string
	Response   string
	Status     string // StatusOK, StatusFailed, StatusTimeout
	HTTPStatus int
	Key        string
	Try        int
	BusinessID string
	At         time.Time
	Millis     int64
	// By is who caused the call: the user, or "client" when the browser
	// reported it (POST pushGX/pushLog).
	By string
}

// Log keeps the push log.
type Log interface {
	Record(ctx context.Context, c Call) error
}

// Policy is how long a try may take and how often a call is tried.
type Policy struct {
	Timeout  time.Duration // per try (default 120 s)
	Attempts int           // tries in all (default 3)
	Backoff  time.Duration // pause before the second try, doubled after each (default 1 s)
}

// DefaultPolicy is the spec's: 120 s per try, three tries, 1 s then 2 s pauses.
var DefaultPolicy = Policy{Timeout: 120 * time.Second, Attempts: 3, Backoff: time.Second}

func (p Policy) withDefaults() Policy {
	if p.Timeout <= 0 {
		p.Timeout = DefaultPolicy.Timeout
	}
	if p.Attempts <= 0 {
		p.Attempts = DefaultPolicy.Attempts
	}
	if p.Backoff <= 0 {
		p.Backoff = DefaultPolicy.Backoff
	}
	return p
}

// Key is the idempotency key of a document's attempt at a call: system,
// document and attempt number (1 for the first posting, 2 for the retry a
// person starts after a failure, ...).
func Key(system, businessID string, attempt int) string {
	return fmt.Sprintf("%s:%s:%d", system, businessID, attempt)
}

// Failure is a call that did not succeed after every try.
type Failure struct {
	Tries    int
	Last     Response // the last answer (Status 0 when none came)
	Err      error    // the last transport error, nil when the counterpart answered
	TimedOut bool
}

func (f *Failure) Error() string {
	if f.Err != nil {
		return fmt.Sprintf("no answer after %d tries: %v", f.Tries, f.Err)
	}
	return fmt.Sprintf("answered %d after %d tries: %s", f.Last.Status, f.Tries, clip(string(f.Last.Body), 200))
}

// Unwrap is the last transport error.
func (f *Failure) Unwrap() error { return f.Err }

// Sender sends requests under a policy and logs every try.
type Sender struct {
	Transport Transport
	Log       Log
	Policy    Policy
	Now       func() time.Time
	// Sleep pauses between tries (default: a timer that ctx cancels).
	Sleep func(ctx context.Context, d time.Duration) error
}

// Send tries r until the counterpart answers below 500 (a 4xx answer is
// final: trying again would get the same), the tries run out or ctx ends.
// It answers the successful (2xx) or final 4xx response; a *Failure when
// every try failed. by is who caused the call (the push log's By).
func (s *Sender) Send(ctx context.Context, r Request, by string) (Response, error) {
	p := s.Policy.withDefaults()
	if r.Method == "" {
		r.Method = "POST"
	}
	var fail Failure
	pause := p.Backoff
	for try := 1; try <= p.Attempts; try++ {
		if try > 1 {
			if err := s.sleep(ctx, pause); err != nil {
				return Response{}, err
			}
			pause *= 2
		}
		res, err, timedOut := s.try(ctx, r, p.Timeout, try, by)
		fail = Failure{Tries: try, Last: res, Err: err, TimedOut: timedOut}
		if err == nil && res.Status < 500 {
			if res.Status >= 300 {
				return res, &fail
			}
			return res, nil
		}
		if ctx.Err() != nil {
			break
		}
	}
	return fail.Last, &fail
}

// try sends r once and logs it.
func (s *Sender) try(ctx context.Context, r Request, timeout time.Duration, try int, by string) (Response, error, bool) {
	now := s.now()
	start := now()
	tctx, cancel := context.WithTimeout(ctx, timeout)
	res, err := s.Transport.Do(tctx, r)
	timedOut := err != nil && (errors.Is(err, context.DeadlineExceeded) || tctx.Err() != nil)
	cancel()
	c := Call{System: r.System, URL: r.URL, Method: r.Method, ReqData: string(r.Body), Response: string(res.Body),
		HTTPStatus: res.Status, Key: r.Key, Try: try, BusinessID: r.BusinessID, At: start,
		Millis: now().Sub(start).Milliseconds(), By: by}
	switch {
	case err != nil:
		c.Status, c.Response = StatusTimeout, err.Error()
	case res.Status >= 200 && res.Status < 300:
		c.Status = StatusOK
	default:
		c.Status = StatusFailed
	}
	if s.Log != nil {
		// the log is a record of the call, not a condition of it: the
		// context may have ended, the entry is still written
		// (a lost entry must not turn a booked call into a retry)
		_ = s.Log.Record(context.WithoutCancel(ctx), c)
	}
	return res, err, timedOut
}

func (s *Sender) now() func() time.Time {
	if s.Now != nil {
		return s.Now
	}
	return time.Now
}

func (s *Sender) sleep(ctx context.Context, d time.Duration) error {
	if s.Sleep != nil {
		return s.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
