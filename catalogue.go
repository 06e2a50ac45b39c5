// Package formwork holds the embedded catalogue: the document-type schemas
// and rules the binary serves when no catalogue directory is given.
package formwork

import "embed"

// Catalogue is schemas/ and rules/ as shipped with the binary.
//
//go:embed schemas rules
var Catalogue embed.FS
