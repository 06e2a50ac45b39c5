//go:build !embedweb

// Package web holds the built web app (web/dist) for the binary. This build
// has none: build with -tags embedweb (make build) to embed it.
package web

import "io/fs"

// Dist returns nil: this binary was built without the web app.
func Dist() fs.FS { return nil }
