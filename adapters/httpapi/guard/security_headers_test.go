package guard_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"formwork/adapters/httpapi/guard"
)

// TestCacheControl: API answers are never kept; the web app's content-named
// files under /assets/ are kept for a year; its page and other files are
// left to the browser's own revalidation.
func TestCacheControl(t *testing.T) {
	e := echo.New()
	e.Use(guard.SecurityHeaders)
	e.GET("/*", func(c echo.Context) error { return c.String(http.StatusOK, "x") })
	for _, c := range []struct{ path, want string }{
		{"/api/galaxycommon/user/current", "no-store"},
		{"/ocr/invoice", "no-store"},
		{"/assets/index-C1n6QXbI.js", "public, max-age=31536000, immutable"},
		{"/assets/pdf.worker.min-FHbmGBN0.mjs", "public, max-age=31536000, immutable"},
		{"/", ""},
		{"/form", ""},
		{"/ie-check.js", ""},
		{"/assetsx/a.js", ""},
	} {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		if got := rec.Header().Get("Cache-Control"); got != c.want {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, got, c.want)
		}
	}
}
