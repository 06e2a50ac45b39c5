package load

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"

	"formwork/engine/model"
)

// ReleasedDir holds the released snapshots: ReleasedDir/<edition>/<CODE>/v<N>.yaml
// for document types, ReleasedDir/_masterdata/<code>/v<N>.yaml
// (MasterDataEdition) for master-data types.
const ReleasedDir = "schemas/_released"

// MasterDataEdition is the folder of ReleasedDir, and the prefix of the lock
// keys, of master-data types: no edition's name begins with _.
const MasterDataEdition = "_masterdata"

// indexReleased finds the released snapshots of every document type. They
// are compiled when first asked for (Catalogue.ReleasedDocType), so that a
// long history does not slow down every start; lint compiles them all.
func (l *loader) indexReleased() {
	editions, _ := fs.ReadDir(l.fsys, ReleasedDir)
	for _, ed := range editions {
		if !ed.IsDir() {
			continue
		}
		codes, _ := fs.ReadDir(l.fsys, path.Join(ReleasedDir, ed.Name()))
		for _, code := range codes {
			if code.IsDir() {
				l.indexReleasedType(ed.Name(), code.Name())
			}
		}
	}
}

// indexReleasedType indexes the snapshot files of one document type (or
// master-data type).
func (l *loader) indexReleasedType(edition, code string) {
	for _, f := range l.files(path.Join(ReleasedDir, edition, code)) {
		var v int
		if _, err := fmt.Sscanf(path.Base(f), "v%d.yaml", &v); err != nil || path.Base(f) != fmt.Sprintf("v%d.yaml", v) {
			l.problem(f, 0, 0, "a released snapshot is named v<N>.yaml")
			continue
		}
		index, key := l.cat.released, edition+"/"+code
		if edition == MasterDataEdition {
			index, key = l.cat.mdReleased, code
		}
		if index[key] == nil {
			index[key] = map[int]*releasedRef{}
		}
		index[key][v] = &releasedRef{path: f, edition: edition, code: code, version: v}
	}
}

// releasedRef is a released snapshot, compiled on first use.
type releasedRef struct {
	path, edition, code string
	version             int
	once                sync.Once
	d                   *model.DocType
	md                  *model.MasterDataType
	err                 error
}

// snapshot compiles (once) and returns a released version.
func (c *Catalogue) snapshot(r *releasedRef) (*model.DocType, error) {
	r.once.Do(func() {
		l := &loader{fsys: c.fsys, src: map[string][]byte{}, cat: c}
		defer func() {
			if p := recover(); p != nil {
				r.d, r.err = nil, l.panicked(p)
			}
		}()
		d := l.loadDocType(r.path, r.edition, true)
		if d != nil && (d.Code != r.code || d.Version != r.version) {
			l.problem(r.path, 1, 1, "snapshot of %s v%d filed as %s v%d", d.Code, d.Version, r.code, r.version)
		}
		if len(l.problems) > 0 {
			r.err = &model.LoadError{Problems: l.problems}
			return
		}
		c.liveRefs(d)
		r.d = d
	})
	return r.d, r.err
}

// liveRefs gives the fields of a released document type the refs they
// have now: those of the live type's field of the same place, else of the
// field catalogue's entry. A ref is not part of a version: it says where a
// field's codes live, and unknown codes are refused whatever the version a
// document was saved under, so snapshots do not record refs.
func (c *Catalogue) liveRefs(d *model.DocType) {
	live := c.docTypes[d.Edition+"/"+d.Code]
	for _, s := range d.Sections {
		for _, f := range s.Fields {
			f.Ref, f.RefCompany = "", ""
			if live != nil && live.Section(s.Name) != nil && live.Section(s.Name).Field(f.Name) != nil {
				lf := live.Section(s.Name).Field(f.Name)
				f.Ref, f.RefCompany = lf.Ref, lf.RefCompany
			} else if def := c.Fields[f.FieldDef.Name]; def != nil {
				f.Ref, f.RefCompany = def.Ref, def.RefCompany
			}
		}
	}
}

// ReleasedMasterDataType compiles (once) and returns the released snapshot of
// version v of a master-data type: (nil, nil) when there is no such
// snapshot, a *model.LoadError when it does not compile.
func (c *Catalogue) ReleasedMasterDataType(code string, v int) (*model.MasterDataType, error) {
	r := c.mdReleased[code][v]
	if r == nil {
		return nil, nil
	}
	r.once.Do(func() {
		l := &loader{fsys: c.fsys, src: map[string][]byte{}, cat: c}
		defer func() {
			if p := recover(); p != nil {
				r.md, r.err = nil, l.panicked(p)
			}
		}()
		t := l.loadMasterDataType(r.path, map[string]*model.Enum{})
		if t != nil && (t.Code != r.code || t.Version != r.version) {
			l.problem(r.path, 1, 1, "snapshot of %s v%d filed as %s v%d", t.Code, t.Version, r.code, r.version)
		}
		if len(l.problems) > 0 {
			r.err = &model.LoadError{Problems: l.problems}
			return
		}
		r.md = t
	})
	return r.md, r.err
}

// ReleasedMasterDataVersions lists the released versions of a master-data
// type, ascending.
func (c *Catalogue) ReleasedMasterDataVersions(code string) []int {
	var out []int
	for v := range c.mdReleased[code] {
		out = append(out, v)
	}
	sort.Ints(out)
	return out
}

// ReleasedMasterDataTypes lists the codes of the master-data types with
// released snapshots, sorted.
func (c *Catalogue) ReleasedMasterDataTypes() []string {
	out := make([]string, 0, len(c.mdReleased))
	for k := range c.mdReleased {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
