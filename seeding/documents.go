// Package seeding loads the demo data of seeds/ into an empty database
// through the domain packages' use cases, never through HTTP handlers.
package seeding

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"formwork/documents"
	"formwork/engine"
)

// Documents loads the demo documents under documents/ in fsys (JSON files,
// one document each, in name order) through the documents' create use
// case, each made by its reimburser (head.applicant); it returns how many it
// stored. A seed document that fails its check is an error naming the file,
// and nothing after it is loaded. Whether the database is empty is the
// caller's to decide.
func Documents(ctx context.Context, fsys fs.FS, docs *documents.Service, cat *engine.Catalogue) (int, error) {
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
		doc, structural, err := engine.Decode(cat, b)
		if err != nil {
			return n, fmt.Errorf("seed %s: %w", name, err)
		}
		saved, err := docs.CreateDocument(ctx, doc, structural, engine.Options{Action: "new"}, doc.Head().String("applicant"), false)
		if err != nil {
			return n, fmt.Errorf("seed %s: %w", name, err)
		}
		if res := saved.Evaluation.Check; !res.Valid {
			return n, fmt.Errorf("seed %s does not pass its check: %s %s", name, res.Errors[0].Path, res.Errors[0].Message.In("en"))
		}
		n++
	}
	return n, nil
}
