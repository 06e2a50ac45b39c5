package guard

import (
	"strings"

	"github.com/labstack/echo/v4"
)

// contentSecurityPolicy is what the embedded web app may load: its own
// scripts (no inline script), styles (MUI writes inline style elements),
// images from itself, data: and blob: (previews, the print page), and
// nobody may frame it.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// SecurityHeaders sets the headers of every answer: the CSP, no MIME
// sniffing, no referrer to other sites, no framing; no caching of API
// answers, which carry tokens and personal data; and the web app's built
// files under /assets/, whose names change with their content (vite), kept
// by the browser for a year without asking again (and so their compiled
// code too: a page opened again starts sooner).
func SecurityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		if p := c.Request().URL.Path; IsAPIPath(p) {
			h.Set("Cache-Control", "no-store")
		} else if strings.HasPrefix(p, "/assets/") {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		return next(c)
	}
}

// IsAPIPath tells the API's paths from the web app's.
func IsAPIPath(p string) bool {
	for _, prefix := range apiPrefixes {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// apiPrefixes are the paths the API answers, with a JSON 404 for an
// unknown one: never the web app's page.
var apiPrefixes = []string{"/api/", "/rest/", "/ocr/", "/itax/"}
