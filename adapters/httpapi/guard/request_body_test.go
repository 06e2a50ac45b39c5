package guard_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"formwork/adapters/httpapi/guard"

	"github.com/labstack/echo/v4"
)

// A handler behind the guard reads the body the guard read, once, as
// reading the request would: a body put in its place, or one partly read,
// is read from the request.
func TestBodyAfterTheGuard(t *testing.T) {
	const sent = `{"head":{"docType":"EX02"}}`
	tests := []struct {
		name   string
		handle func(c echo.Context) error // before Body
		want   string
		again  string // what Body reads next
	}{
		{"as the guard read it", func(echo.Context) error { return nil }, sent, ""},
		{"another body put in its place", func(c echo.Context) error {
			c.Request().Body = io.NopCloser(strings.NewReader(`{"other":1}`))
			return nil
		}, `{"other":1}`, ""},
		{"partly read", func(c echo.Context) error {
			_, err := c.Request().Body.Read(make([]byte, 2))
			return err
		}, sent[2:], ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got, again []byte
			e := echo.New()
			e.POST("/", func(c echo.Context) error {
				if err := tt.handle(c); err != nil {
					return err
				}
				var err error
				if got, err = guard.Body(c); err != nil {
					return err
				}
				again, err = guard.Body(c)
				return err
			}, guard.Request)
			req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(sent))
			req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK || string(got) != tt.want || string(again) != tt.again {
				t.Errorf("HTTP %d %s: read %q then %q, want %q then %q", rec.Code, rec.Body, got, again, tt.want, tt.again)
			}
		})
	}
}
