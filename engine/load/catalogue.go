package load

import (
	"io/fs"
	"slices"
	"sort"

	"formwork/engine/model"
)

// Catalogue is a loaded and compiled set of document types and master-data
// types. It is immutable
// after Load and safe for concurrent use.
type Catalogue struct {
	Fields         map[string]*model.FieldDef
	Enums          map[string]*model.Enum
	Modes          map[string]*model.Mode
	Editions       map[string]*Edition
	DefaultEdition string
	docTypes       map[string]*model.DocType // by edition/code
	released       map[string]map[int]*releasedRef
	order          []string
	fsys           fs.FS // where released snapshots are read from
	masterData     map[string]*model.MasterDataType
	mdOrder        []*model.MasterDataType
	mdReleased     map[string]map[int]*releasedRef // by master-data type code
	Menu           *model.Menu                     // schemas/_menu.yaml; nil without one
}

// Edition is a catalogue of document types side by side with the others: the
// same code may mean another document in another edition (the travel
// portal's EX01 is a repayment, the form-entry edition's a pre-application).
// Companies and sets of books choose their edition; a code an edition lacks
// comes from the default edition.
type Edition struct {
	Key       string
	Title     model.Text
	Companies []string
	Sobs      []string
}

// DocType returns the document type with the given code in the default
// edition, or nil.
func (c *Catalogue) DocType(code string) *model.DocType {
	return c.docTypes[c.DefaultEdition+"/"+code]
}

// DocTypeIn returns the document type with the given code in edition, or in
// the default edition when that edition has no such type; nil if none.
func (c *Catalogue) DocTypeIn(edition, code string) *model.DocType {
	if d := c.docTypes[edition+"/"+code]; d != nil {
		return d
	}
	return c.DocType(code)
}

// Live returns the live document type with the given code in edition
// itself (no fall back on the default edition), or nil.
func (c *Catalogue) Live(edition, code string) *model.DocType {
	return c.docTypes[edition+"/"+code]
}

// EditionFor returns the edition a company and set of books work in: the
// first edition naming the set of books, else the first naming the company,
// else the default edition.
func (c *Catalogue) EditionFor(company, sob string) string {
	keys := c.editionKeys()
	for _, k := range keys {
		if sob != "" && slices.Contains(c.Editions[k].Sobs, sob) {
			return k
		}
	}
	for _, k := range keys {
		if company != "" && slices.Contains(c.Editions[k].Companies, company) {
			return k
		}
	}
	return c.DefaultEdition
}

func (c *Catalogue) editionKeys() []string {
	keys := make([]string, 0, len(c.Editions))
	for k := range c.Editions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// DocTypes lists the document types of every edition: the default edition
// first, then the others by key, each by code.
func (c *Catalogue) DocTypes() []*model.DocType {
	out := make([]*model.DocType, len(c.order))
	for i, k := range c.order {
		out[i] = c.docTypes[k]
	}
	return out
}

// DocTypeVersion returns version v of a document type of an edition: the
// live type when v is its version, else the released snapshot of v; nil
// when there is neither (or the snapshot does not compile).
func (c *Catalogue) DocTypeVersion(edition, code string, v int) *model.DocType {
	if d := c.docTypes[edition+"/"+code]; d != nil && d.Version == v {
		return d
	}
	d, _ := c.ReleasedDocType(edition, code, v)
	return d
}

// ReleasedDocType compiles (once) and returns the released snapshot of
// version v of a document type of an edition: (nil, nil) when there is no
// such snapshot, a *model.LoadError when it does not compile.
func (c *Catalogue) ReleasedDocType(edition, code string, v int) (*model.DocType, error) {
	r := c.released[edition+"/"+code][v]
	if r == nil {
		return nil, nil
	}
	return c.snapshot(r)
}

// Versions lists the versions of a document type of an edition: the
// released ones and the live one, ascending.
func (c *Catalogue) Versions(edition, code string) []int {
	out := c.ReleasedVersions(edition, code)
	if d := c.docTypes[edition+"/"+code]; d != nil && !slices.Contains(out, d.Version) {
		out = append(out, d.Version)
		sort.Ints(out)
	}
	if out == nil {
		out = []int{}
	}
	return out
}

// ReleasedVersions lists the released versions of a document type of an
// edition, ascending.
func (c *Catalogue) ReleasedVersions(edition, code string) []int {
	var out []int
	for v := range c.released[edition+"/"+code] {
		out = append(out, v)
	}
	sort.Ints(out)
	return out
}

// ReleasedTypes lists the document types with released snapshots, as
// edition/code keys, sorted.
func (c *Catalogue) ReleasedTypes() []string {
	out := make([]string, 0, len(c.released))
	for k := range c.released {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
