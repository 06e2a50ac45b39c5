package server

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"formwork/engine"
)

// Seed loads the demo documents under documents/ in fsys (JSON files, one
// document each) through the same check and store as the API. It is meant
// for an empty database; a seed document that fails its check is an error
// naming the file, and nothing after it is loaded.
func (s *Server) Seed(ctx context.Context, fsys fs.FS) (int, error) {
	entries, err := fs.ReadDir(fsys, "documents")
	if err != nil {
		return 0, nil // no documents to seed
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			names = append(names, path.Join("documents", e.Name()))
		}
	}
	sort.Strings(names)
	n := 0
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return n, err
		}
		doc, structural, err := engine.Decode(s.Catalogue(), b)
		if err != nil {
			return n, fmt.Errorf("seed %s: %w", name, err)
		}
		_, res, err := s.Create(ctx, doc, structural, engine.Options{Action: "new"})
		if err != nil {
			return n, fmt.Errorf("seed %s: %w", name, err)
		}
		if !res.Valid {
			return n, fmt.Errorf("seed %s does not pass its check: %s %s", name, res.Errors[0].Path, res.Errors[0].Message.In("en"))
		}
		n++
	}
	return n, nil
}
