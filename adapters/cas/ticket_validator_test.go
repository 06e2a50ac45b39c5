package cas_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"formwork/adapters/cas"
	"formwork/identity"
)

const (
	begin = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">`
	end   = `</cas:serviceResponse>`
	okay  = `<cas:authenticationSuccess><cas:user>employee01</cas:user></cas:authenticationSuccess>`
	nope  = `<cas:authenticationFailure code="INVALID_TICKET">Ticket ST-1 not recognized</cas:authenticationFailure>`
)

// A CAS server answering body with status; ValidateTicket's answer to it.
func TestValidateTicket(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		body   string
		user   string
		err    error
	}{
		{"a success names its user", 200, begin + okay + end, "employee01", nil},
		{"blanks around the user are dropped", 200, begin + `<cas:authenticationSuccess><cas:user> employee01
			</cas:user><cas:attributes><cas:mail>a@b</cas:mail></cas:attributes></cas:authenticationSuccess>` + end, "employee01", nil},
		{"a failure is refused", 200, begin + nope + end, "", identity.ErrTicketRefused},
		{"a failure before a success is refused", 200, begin + nope + okay + end, "", identity.ErrTicketRefused},
		{"a failure after a success is refused", 200, begin + okay + nope + end, "", identity.ErrTicketRefused},
		{"a failure inside a success is refused", 200, begin + `<cas:authenticationSuccess><cas:user>employee01</cas:user>` + nope + `</cas:authenticationSuccess>` + end, "", identity.ErrTicketRefused},
		{"a failure in another namespace is refused", 200, begin + okay + `<authenticationFailure>x</authenticationFailure>` + end, "", identity.ErrTicketRefused},
		{"two successes are refused", 200, begin + okay + okay + end, "", identity.ErrTicketRefused},
		{"two users are refused", 200, begin + `<cas:authenticationSuccess><cas:user>a</cas:user><cas:user>b</cas:user></cas:authenticationSuccess>` + end, "", identity.ErrTicketRefused},
		{"an empty user is refused", 200, begin + `<cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess>` + end, "", identity.ErrTicketRefused},
		{"neither success nor failure is refused", 200, begin + end, "", identity.ErrTicketRefused},
		{"a user outside a success counts for nothing", 200, begin + `<cas:user>employee01</cas:user>` + end, "", identity.ErrTicketRefused},
		{"HTML is unreadable", 200, `<html>gateway timeout</html>`, "", identity.ErrSSOUnreadable},
		{"another namespace is unreadable", 200, `<serviceResponse>` + okay + `</serviceResponse>`, "", identity.ErrSSOUnreadable},
		{"an empty answer is unreadable", 200, ``, "", identity.ErrSSOUnreadable},
		{"a cut answer is unreadable", 200, begin + okay, "", identity.ErrSSOUnreadable},
		{"a server error is unreadable", 500, begin + okay + end, "", identity.ErrSSOUnreadable},
	} {
		t.Run(c.name, func(t *testing.T) {
			var asked string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				asked = r.URL.Path + "?" + r.URL.RawQuery
				w.WriteHeader(c.status)
				_, _ = w.Write([]byte(c.body))
			}))
			defer srv.Close()
			client := &cas.Client{ServerURL: srv.URL + "/cas/"}
			user, err := client.ValidateTicket(context.Background(), "ST-1", "https://portal.example/sso?a=b")
			if user != c.user || !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
				t.Errorf("got %q, %v; want %q, %v", user, err, c.user, c.err)
			}
			if want := "/cas/serviceValidate?service=https%3A%2F%2Fportal.example%2Fsso%3Fa%3Db&ticket=ST-1"; asked != want {
				t.Errorf("asked %s, want %s", asked, want)
			}
		})
	}
}

func TestValidateTicketServerDown(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	client := &cas.Client{ServerURL: srv.URL + "/cas"}
	if _, err := client.ValidateTicket(context.Background(), "ST-1", "https://portal.example/sso"); !errors.Is(err, identity.ErrSSOUnreachable) {
		t.Errorf("got %v, want %v", err, identity.ErrSSOUnreachable)
	}
}
