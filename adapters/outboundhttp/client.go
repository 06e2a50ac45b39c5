// Package outboundhttp carries one try of an outbound call (outbound.
// Transport) over HTTP: JSON body, the idempotency key in the
// Idempotency-Key header, the context's deadline as the timeout.
package outboundhttp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"formwork/outbound"
)

// maxAnswer bounds what is read of an answer (and kept in the push log).
const maxAnswer = 1 << 20

// Client is an outbound.Transport over net/http.
type Client struct {
	// HTTP is the client (nil: a client without its own timeout; the
	// Sender's policy bounds every try through the context).
	HTTP *http.Client
}

var _ outbound.Transport = Client{}

// Do sends r once.
func (c Client) Do(ctx context.Context, r outbound.Request) (outbound.Response, error) {
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, bytes.NewReader(r.Body))
	if err != nil {
		return outbound.Response{}, fmt.Errorf("outbound request %s: %w", r.URL, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if r.Key != "" {
		req.Header.Set("Idempotency-Key", r.Key)
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return outbound.Response{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return outbound.Response{Status: res.StatusCode}, err
	}
	return outbound.Response{Status: res.StatusCode, Body: body}, nil
}
