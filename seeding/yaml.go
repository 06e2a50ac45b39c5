// Package seeding loads the demo data of the seeds folder into an empty
// database through the domain packages' use cases and stores, never through
// an HTTP handler.
package seeding

import (
	"fmt"
	"io/fs"
	"strings"

	"gopkg.in/yaml.v3"
)

// ReadYAML decodes the seed file name of fsys into v; a key v does not
// know is an error naming it.
func ReadYAML(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("seeds: %w", err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("seeds/%s: %w", name, err)
	}
	return nil
}
