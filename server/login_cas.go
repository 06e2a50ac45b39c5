package server

import (
	"encoding/xml"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// CASConfig is the single sign-on server (CAS protocol 2/3) formwork trusts.
// ServerURL is the CAS base (https://cas.example.com/cas); ServiceURL is
// formwork's own page the CAS server sends the browser back to with a
// ticket (https://portal.example.com/sso). Both must be set for single
// sign-on. A service sent with a ticket must be ServiceURL, optionally with
// a query: a ticket issued for any other service is refused, so a ticket
// meant for another application cannot open a formwork session.
type CASConfig struct {
	ServerURL  string
	ServiceURL string
	Client     *http.Client // nil: a client with a 10-second timeout
}

// casResponse is the XML of /serviceValidate.
type casResponse struct {
	XMLName xml.Name `xml:"http://www.yale.edu/tp/cas serviceResponse"`
	Success *struct {
		User string `xml:"http://www.yale.edu/tp/cas user"`
	} `xml:"http://www.yale.edu/tp/cas authenticationSuccess"`
	Failure *struct {
		Code    string `xml:"code,attr"`
		Message string `xml:",chardata"`
	} `xml:"http://www.yale.edu/tp/cas authenticationFailure"`
}

// maxCASAnswer bounds what is read from the CAS server.
const maxCASAnswer = 1 << 20

// loginWithTicket: GET /api/galaxycommon/login/cas?ticket=...&service=...
// Validates the ticket with the CAS server (serviceValidate), maps the CAS
// user to a formwork user by username and answers like login/auth.
func (s *Server) loginWithTicket(c echo.Context) error {
	cas := s.cfg.CAS
	if cas.ServerURL == "" || cas.ServiceURL == "" {
		return refuseLogin(c, loginUnavailable, say(c, "未配置单点登录，请使用用户名和密码登录", "Single sign-on is not configured: sign in with username and password"))
	}
	ticket := strings.TrimSpace(c.QueryParam("ticket"))
	if ticket == "" {
		return engine.Errorf(engine.EINVALID, "ticket", "ticket is missing: the single sign-on server sends it back as ?ticket=")
	}
	if len(ticket) > 2048 {
		return engine.Errorf(engine.EINVALID, "ticket", "ticket is too long")
	}
	service := strings.TrimSpace(c.QueryParam("service"))
	if service == "" {
		service = cas.ServiceURL
	}
	if service != cas.ServiceURL && !strings.HasPrefix(service, cas.ServiceURL+"?") {
		return refuseLogin(c, loginRefused, say(c, "单点登录票据不是为本系统签发的", "The single sign-on ticket was not issued for this portal"))
	}
	client := cas.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	u := strings.TrimRight(cas.ServerURL, "/") + "/serviceValidate?" + url.Values{"ticket": {ticket}, "service": {service}}.Encode()
	req, err := http.NewRequestWithContext(c.Request().Context(), http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("single sign-on request: %w", err)
	}
	resp, err := client.Do(req)
	if err != nil {
		slog.Warn("single sign-on server unreachable", "err", err)
		return refuseLogin(c, loginUnavailable, say(c, "单点登录服务暂不可用，请稍后再试", "The single sign-on server cannot be reached: try again later"))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxCASAnswer))
	var answer casResponse
	if err == nil && resp.StatusCode == http.StatusOK {
		err = xml.Unmarshal(body, &answer)
	}
	if err != nil || resp.StatusCode != http.StatusOK {
		slog.Warn("single sign-on server answered badly", "status", resp.StatusCode, "err", err)
		return refuseLogin(c, loginUnavailable, say(c, "单点登录服务应答异常，请稍后再试", "The single sign-on server gave an unreadable answer: try again later"))
	}
	if answer.Success == nil || strings.TrimSpace(answer.Success.User) == "" {
		return refuseLogin(c, loginRefused, say(c, "单点登录票据无效或已过期，请重新登录", "The single sign-on ticket is invalid or expired: sign in again"))
	}
	username := strings.ToLower(strings.TrimSpace(answer.Success.User))
	id, err := s.identityOf(c.Request().Context(), username)
	if err != nil {
		return err
	}
	if id == nil || id.User.Status != userStatusActive {
		return refuseLogin(c, loginRefused, say(c,
			"登录人员无效："+clipText(username, 64)+"不是本系统的有效用户",
			"Login person invalid: "+clipText(username, 64)+" is no active user of this portal"))
	}
	return s.startSession(c, id, loginCAS)
}
