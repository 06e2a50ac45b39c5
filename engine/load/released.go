package load

import (
	"fmt"
	"io/fs"
	"path"
	"sync"

	"formwork/engine/model"
)

// ReleasedDir holds the released snapshots: ReleasedDir/<edition>/<CODE>/v<N>.yaml.
const ReleasedDir = "schemas/_released"

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

// indexReleasedType indexes the snapshot files of one document type.
func (l *loader) indexReleasedType(edition, code string) {
	for _, f := range l.files(path.Join(ReleasedDir, edition, code)) {
		var v int
		if _, err := fmt.Sscanf(path.Base(f), "v%d.yaml", &v); err != nil || path.Base(f) != fmt.Sprintf("v%d.yaml", v) {
			l.problem(f, 0, 0, "a released snapshot is named v<N>.yaml")
			continue
		}
		key := edition + "/" + code
		if l.cat.released[key] == nil {
			l.cat.released[key] = map[int]*releasedRef{}
		}
		l.cat.released[key][v] = &releasedRef{path: f, edition: edition, code: code, version: v}
	}
}

// releasedRef is a released snapshot, compiled on first use.
type releasedRef struct {
	path, edition, code string
	version             int
	once                sync.Once
	d                   *model.DocType
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
		r.d = d
	})
	return r.d, r.err
}
