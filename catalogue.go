// Package formwork holds the embedded catalogue: the document-type schemas
// and rules the binary serves when no catalogue directory is given.
package formwork

import "embed"

// Catalogue is schemas/ and rules/ as shipped with the binary.
//
//go:embed all:schemas rules
var Catalogue embed.FS

// Seeds is seeds/: demo data loaded by serve on an empty database.
//
//go:embed seeds
var Seeds embed.FS
