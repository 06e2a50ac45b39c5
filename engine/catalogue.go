package engine

import (
	"io/fs"

	"formwork/engine/eval"
	"formwork/engine/fixtures"
	"formwork/engine/lint"
	"formwork/engine/load"
	"formwork/engine/versions"
)

// Catalogue is a loaded and compiled catalogue (load.Catalogue: its
// document types, editions, versions, field catalogue and master-data
// types) with what the later stages do with one: check a save, review and
// release its versions, diff two of them, report its coverage, replay its
// fixtures. It is immutable after Load (but for the blank documents it
// caches) and safe for concurrent use.
type Catalogue struct {
	*load.Catalogue
	blanks eval.Blanks // the blank new documents creates are compared with
}

// Load reads and compiles a catalogue from fsys (schemas/, with
// schemas/_masterdata, and rules/). Any problem makes it return a
// *LoadError listing all problems with file, line and column; no file,
// however malformed, makes it panic.
func Load(fsys fs.FS) (*Catalogue, error) {
	c, err := load.Load(fsys)
	if err != nil {
		return nil, err
	}
	return &Catalogue{Catalogue: c}, nil
}

// CheckSave evaluates a decoded document for a save under opt, in place:
// prev is the stored document of an update, nil for a new document, which
// is compared with the blank document of its type and sub-type (built once
// per catalogue, type version, sub-type and action). It prepares and checks
// the document once; see eval.CheckSave.
func (c *Catalogue) CheckSave(doc *Document, structural []Finding, prev *Document, opt Options) *SaveCheck {
	return eval.CheckSave(doc, structural, prev, opt, &c.blanks)
}

// Review compares the live catalogue (document types and master-data
// types) with the released versions the lock names (see versions.Review).
func (c *Catalogue) Review(fsys fs.FS, lock Lock) []Problem {
	return versions.Review(c.Catalogue, fsys, lock)
}

// Release records every live document type and master-data type as
// released: the snapshot files to write and the new lock, or the problems
// that refuse it (see versions.Release).
func (c *Catalogue) Release(fsys fs.FS, lock Lock) (map[string][]byte, Lock, []Problem) {
	return versions.Release(c.Catalogue, fsys, lock)
}

// Diff lists the changes between two versions of a document type of an
// edition; an *Error (ENOTFOUND) names a version that does not exist.
func (c *Catalogue) Diff(edition, code string, from, to int) ([]Change, error) {
	return versions.Diff(c.Catalogue, edition, code, from, to)
}

// Coverage is, per module, how much of the catalogue the spec states.
type Coverage = lint.Coverage

// CoverageReport counts, per module, the types with their spec-stated fields
// and rules.
func (c *Catalogue) CoverageReport() []Coverage { return lint.CoverageReport(c.Catalogue) }

// WithoutTotals lists the document types with lines and no derived head
// total (see lint.WithoutTotals).
func (c *Catalogue) WithoutTotals() []string { return lint.WithoutTotals(c.Catalogue) }

// FixtureDocument builds the document a fixture test checks (see
// fixtures.Document).
func (c *Catalogue) FixtureDocument(fsys fs.FS, g *FixtureGroup, t *FixtureTest) ([]byte, *DocType, error) {
	return fixtures.Document(c.Catalogue, fsys, g, t)
}

// Replay runs one fixture test through the same decode and check as the
// server. The base document is read from fsys.
func (c *Catalogue) Replay(fsys fs.FS, g *FixtureGroup, t *FixtureTest) FixtureResult {
	return fixtures.Replay(c.Catalogue, fsys, g, t)
}
