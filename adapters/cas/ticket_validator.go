// Package cas is the client of a CAS single sign-on server (protocol 2/3):
// it validates service tickets with /serviceValidate for the identity
// service (identity.TicketValidator).
package cas

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"formwork/identity"
)

// namespace is the XML namespace of CAS answers.
const namespace = "http://www.yale.edu/tp/cas"

// maxAnswer bounds what is read from the CAS server.
const maxAnswer = 1 << 20

// Client validates tickets with the CAS server at ServerURL (its base,
// https://cas.example.com/cas).
type Client struct {
	ServerURL string
	HTTP      *http.Client // nil: a client with a 10-second timeout
}

var _ identity.TicketValidator = (*Client)(nil)

// ValidateTicket asks the CAS server whom ticket, issued for service,
// names. Errors: identity.ErrTicketRefused when the answer holds an
// authenticationFailure anywhere (even beside a success), no
// authenticationSuccess, or not exactly one user;
// identity.ErrSSOUnreachable when the server cannot be reached;
// identity.ErrSSOUnreadable when it answers anything but HTTP 200 with a
// CAS serviceResponse.
func (c *Client) ValidateTicket(ctx context.Context, ticket, service string) (string, error) {
	client := c.HTTP
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	u := strings.TrimRight(c.ServerURL, "/") + "/serviceValidate?" + url.Values{"ticket": {ticket}, "service": {service}}.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", fmt.Errorf("single sign-on request: %w", err)
	}
	resp, err := client.Do(req)
	if err != nil {
		slog.Warn("single sign-on server unreachable", "err", err)
		return "", identity.ErrSSOUnreachable
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil || resp.StatusCode != http.StatusOK {
		slog.Warn("single sign-on server answered badly", "status", resp.StatusCode, "err", err)
		return "", identity.ErrSSOUnreadable
	}
	user, err := userOf(body)
	if errors.Is(err, identity.ErrSSOUnreadable) {
		slog.Warn("single sign-on server answered badly", "status", resp.StatusCode, "err", err)
	}
	return user, err
}

// userOf reads a serviceValidate answer: the one user of its one
// authenticationSuccess, unless any authenticationFailure appears.
func userOf(body []byte) (string, error) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	var (
		path      []xml.Name // the open elements
		root      bool       // a serviceResponse began
		users     []string
		successes int
		failed    bool
	)
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", fmt.Errorf("%w: %v", identity.ErrSSOUnreadable, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(path) == 0 {
				if t.Name != (xml.Name{Space: namespace, Local: "serviceResponse"}) {
					return "", fmt.Errorf("%w: the answer is no CAS serviceResponse but <%s>", identity.ErrSSOUnreadable, t.Name.Local)
				}
				root = true
			}
			switch {
			case t.Name.Local == "authenticationFailure":
				failed = true // in any namespace, at any depth
			case t.Name.Space == namespace && t.Name.Local == "authenticationSuccess" && len(path) == 1:
				successes++
			case t.Name.Space == namespace && t.Name.Local == "user" && len(path) == 2 && path[1].Local == "authenticationSuccess":
				var user string
				if err := dec.DecodeElement(&user, &t); err != nil {
					return "", fmt.Errorf("%w: %v", identity.ErrSSOUnreadable, err)
				}
				users = append(users, strings.TrimSpace(user))
				continue // DecodeElement consumed the end element
			}
			path = append(path, t.Name)
		case xml.EndElement:
			path = path[:len(path)-1]
		}
	}
	if !root {
		return "", fmt.Errorf("%w: an empty answer", identity.ErrSSOUnreadable)
	}
	if failed || successes != 1 || len(users) != 1 || users[0] == "" {
		return "", identity.ErrTicketRefused
	}
	return users[0], nil
}
