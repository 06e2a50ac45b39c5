// Package versions keeps the catalogue's history: the released snapshot of
// every version of a document type (written by Snapshot, filed under
// load.ReleasedDir), the lock file naming the latest released version of
// each, the review of the live catalogue against them (a breaking change
// without a version bump is an error: Compare says what breaks), the
// release that records new versions, and the diff between two versions.
package versions

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"formwork/engine/load"
	"formwork/engine/model"
)

// LockFile records the released version of every type: it is
// committed beside the schemas and written by `formwork lint --release`.
const LockFile = "schemas/catalogue.lock.json"

// Lock maps edition/code of a document type, and _masterdata/code of a
// master-data type, to its latest released version.
type Lock map[string]LockEntry

// LockEntry is one released document type: its version and the SHA-256 of
// its snapshot file, so that an edited snapshot is noticed.
type LockEntry struct {
	Version int    `json:"version"`
	SHA256  string `json:"sha256"`
}

// ReadLock reads the lock file of fsys; a missing file is an empty lock.
func ReadLock(fsys fs.FS) (Lock, error) {
	b, err := fs.ReadFile(fsys, LockFile)
	if errors.Is(err, fs.ErrNotExist) {
		return Lock{}, nil
	}
	if err != nil {
		return nil, err
	}
	var l Lock
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("%s: %w", LockFile, err)
	}
	if l == nil {
		l = Lock{}
	}
	return l, nil
}

// JSON renders the lock, keys sorted.
func (l Lock) JSON() []byte {
	b, _ := json.MarshalIndent(l, "", "  ")
	return append(b, '\n')
}

// SnapshotPath is where version v of a document type of an edition is filed
// (edition load.MasterDataEdition: of a master-data type).
func SnapshotPath(edition, code string, v int) string {
	return path.Join(load.ReleasedDir, edition, code, fmt.Sprintf("v%d.yaml", v))
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// versioned is a live type of either kind (document type, master-data
// type) as the review and the release see it.
type versioned struct {
	key      string // lock key: edition/code, or _masterdata/code
	code     string
	saved    string // what is saved under a version: documents, records
	version  int
	file     string
	line     int                       // of `version:`, where problems point
	path     func(v int) string        // where version v's snapshot is filed
	released func(v int) (bool, error) // compiles released version v: false when there is none
	compare  func(v int) []Change      // changes from released version v to the live type
	snapshot func() []byte             // the live type as a snapshot
}

// docVersioned is a live document type for the review.
func docVersioned(c *load.Catalogue, d *model.DocType) versioned {
	return versioned{key: d.Edition + "/" + d.Code, code: d.Code, saved: "documents", version: d.Version, file: d.File, line: d.VersionLine,
		path: func(v int) string { return SnapshotPath(d.Edition, d.Code, v) },
		released: func(v int) (bool, error) {
			old, err := c.ReleasedDocType(d.Edition, d.Code, v)
			return old != nil, err
		},
		compare: func(v int) []Change {
			old, _ := c.ReleasedDocType(d.Edition, d.Code, v)
			return Compare(old, d)
		},
		snapshot: func() []byte { return Snapshot(d) },
	}
}

// mdVersioned is a live master-data type for the review.
func mdVersioned(c *load.Catalogue, t *model.MasterDataType) versioned {
	return versioned{key: MasterDataLockKey(t.Code), code: t.Code, saved: "records", version: t.Version, file: t.File, line: t.VersionLine,
		path: func(v int) string { return SnapshotPath(load.MasterDataEdition, t.Code, v) },
		released: func(v int) (bool, error) {
			old, err := c.ReleasedMasterDataType(t.Code, v)
			return old != nil, err
		},
		compare: func(v int) []Change {
			old, _ := c.ReleasedMasterDataType(t.Code, v)
			return CompareMasterData(old, t)
		},
		snapshot: func() []byte { return SnapshotMasterData(t) },
	}
}

// MasterDataLockKey is the lock key of a master-data type.
func MasterDataLockKey(code string) string { return load.MasterDataEdition + "/" + code }

// live lists every live type of the catalogue: document types, then
// master-data types.
func live(c *load.Catalogue) []versioned {
	var out []versioned
	for _, d := range c.DocTypes() {
		out = append(out, docVersioned(c, d))
	}
	for _, t := range c.MasterDataTypes() {
		out = append(out, mdVersioned(c, t))
	}
	return out
}

// review collects the problems of one Review.
type review struct {
	c    *load.Catalogue
	fsys fs.FS
	lock Lock
	out  []model.Problem
}

func (r *review) problem(v *versioned, rule, sev, format string, args ...any) {
	p := model.Problem{File: LockFile, Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...)}
	if v != nil {
		p.File, p.Line, p.Column = v.file, v.line, 1
	}
	r.out = append(r.out, p)
}

// loadProblems adds the problems of a snapshot that does not compile.
func (r *review) loadProblems(err error) {
	var le *model.LoadError
	if errors.As(err, &le) {
		r.out = append(r.out, le.Problems...)
	}
}

// Review compares the live catalogue (document types and master-data
// types) with the released versions the lock names (fsys holds the
// snapshot files). A breaking change without a version bump is an error; so
// are an edited snapshot, a version that went down and a released type that
// is gone. A compatible change and an unreleased version are notes:
// `formwork lint --release` records them.
func Review(c *load.Catalogue, fsys fs.FS, lock Lock) []model.Problem {
	r := &review{c: c, fsys: fsys, lock: lock}
	for _, v := range live(c) {
		r.reviewType(v)
	}
	// every released version must still compile: documents and records saved under it need it
	for _, key := range c.ReleasedTypes() {
		edition, code, _ := strings.Cut(key, "/")
		for _, v := range c.ReleasedVersions(edition, code) {
			if v != lock[key].Version {
				_, err := c.ReleasedDocType(edition, code, v)
				r.loadProblems(err)
			}
		}
	}
	for _, code := range c.ReleasedMasterDataTypes() {
		for _, v := range c.ReleasedMasterDataVersions(code) {
			if v != lock[MasterDataLockKey(code)].Version {
				_, err := c.ReleasedMasterDataType(code, v)
				r.loadProblems(err)
			}
		}
	}
	for _, key := range sortedKeys(lock) {
		edition, code, _ := strings.Cut(key, "/")
		switch {
		case edition == load.MasterDataEdition && c.MasterDataType(code) == nil:
			r.problem(nil, "compat.removed", "error", "master-data type %s was released (v%d) but is gone from the catalogue: its records could no longer be read", code, lock[key].Version)
		case edition != load.MasterDataEdition && c.Live(edition, code) == nil:
			r.problem(nil, "compat.removed", "error", "document type %s was released (v%d) but is gone from the catalogue: documents of it could no longer be created", key, lock[key].Version)
		}
	}
	return r.out
}

// reviewType reviews one live type against its latest released version.
func (r *review) reviewType(v versioned) {
	entry, released := r.lock[v.key]
	if !released {
		r.problem(&v, "compat.unreleased", "note", "%s v%d is not released yet (formwork lint --release)", v.code, v.version)
		return
	}
	snapPath := v.path(entry.Version)
	b, err := fs.ReadFile(r.fsys, snapPath)
	found, lerr := v.released(entry.Version)
	switch {
	case lerr != nil:
		r.loadProblems(lerr)
		return
	case err != nil || !found:
		r.problem(&v, "compat.snapshot", "error", "%s names %s v%d as released, but %s is missing", LockFile, v.code, entry.Version, snapPath)
		return
	case digest(b) != entry.SHA256:
		r.problem(&v, "compat.snapshot", "error", "%s was edited after its release: released snapshots never change", snapPath)
		return
	case v.version < entry.Version:
		r.problem(&v, "compat.version", "error", "%s version %d is below the released version %d", v.code, v.version, entry.Version)
		return
	case v.version > entry.Version:
		r.problem(&v, "compat.unreleased", "note", "%s v%d is not released yet (v%d is; formwork lint --release)", v.code, v.version, entry.Version)
		return
	}
	changes := v.compare(entry.Version)
	var compatible []string
	for _, ch := range changes {
		if ch.Breaking {
			r.problem(&v, "compat.breaking", "error", "%s: %s is a breaking change for %s saved under v%d: raise version to %d", v.code, ch.Message, v.saved, entry.Version, entry.Version+1)
		} else {
			compatible = append(compatible, ch.Message)
		}
	}
	if len(compatible) > 0 && !hasBreaking(changes) {
		r.problem(&v, "compat.changed", "note", "%s changed compatibly since v%d was released (%s); formwork lint --release records it", v.code, entry.Version, strings.Join(compatible, "; "))
	}
}

func hasBreaking(changes []Change) bool {
	for _, ch := range changes {
		if ch.Breaking {
			return true
		}
	}
	return false
}

// Release records every live type (document types and master-data types)
// as released: it returns the snapshot files to write (path -> content) and
// the new lock. A breaking change without a version bump refuses the whole
// release: the problems say which, and nothing is to be written.
func Release(c *load.Catalogue, fsys fs.FS, lock Lock) (map[string][]byte, Lock, []model.Problem) {
	var problems []model.Problem
	for _, p := range Review(c, fsys, lock) {
		if p.Severity == "error" && p.Rule != "compat.snapshot" {
			problems = append(problems, p)
		}
	}
	if len(problems) > 0 {
		return nil, nil, problems
	}
	files := map[string][]byte{}
	next := Lock{}
	for k, v := range lock {
		next[k] = v
	}
	for _, v := range live(c) {
		snap := v.snapshot()
		if e, ok := lock[v.key]; ok && e.Version == v.version && e.SHA256 == digest(snap) {
			continue
		}
		files[v.path(v.version)] = snap
		next[v.key] = LockEntry{Version: v.version, SHA256: digest(snap)}
	}
	return files, next, nil
}

// Diff lists the changes between two versions of a document type of an
// edition; an *model.Error (ENOTFOUND) names a version that does not exist.
func Diff(c *load.Catalogue, edition, code string, from, to int) ([]Change, error) {
	a, b := c.DocTypeVersion(edition, code, from), c.DocTypeVersion(edition, code, to)
	for _, x := range []struct {
		v int
		d *model.DocType
	}{{from, a}, {to, b}} {
		if x.d == nil {
			return nil, model.Errorf(model.ENOTFOUND, "version", "%s has no version %d in edition %s", code, x.v, edition)
		}
	}
	ch := Compare(a, b)
	if ch == nil {
		ch = []Change{}
	}
	return ch, nil
}
