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

// LockFile records the released version of every document type: it is
// committed beside the schemas and written by `formwork lint --release`.
const LockFile = "schemas/catalogue.lock.json"

// Lock maps edition/code to its latest released version.
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

// SnapshotPath is where version v of a document type of an edition is filed.
func SnapshotPath(edition, code string, v int) string {
	return path.Join(load.ReleasedDir, edition, code, fmt.Sprintf("v%d.yaml", v))
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// review collects the problems of one Review.
type review struct {
	c    *load.Catalogue
	fsys fs.FS
	lock Lock
	out  []model.Problem
}

func (r *review) problem(d *model.DocType, rule, sev, format string, args ...any) {
	p := model.Problem{File: LockFile, Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...)}
	if d != nil {
		p.File, p.Line, p.Column = d.File, d.VersionLine, 1
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

// Review compares the live catalogue with the released versions the lock
// names (fsys holds the snapshot files). A breaking change without a version
// bump is an error; so are an edited snapshot, a version that went down and
// a released type that is gone. A compatible change and an unreleased
// version are notes: `formwork lint --release` records them.
func Review(c *load.Catalogue, fsys fs.FS, lock Lock) []model.Problem {
	r := &review{c: c, fsys: fsys, lock: lock}
	for _, d := range c.DocTypes() {
		r.reviewType(d)
	}
	// every released version must still compile: documents saved under it need it
	for _, key := range c.ReleasedTypes() {
		edition, code, _ := strings.Cut(key, "/")
		for _, v := range c.ReleasedVersions(edition, code) {
			if v == lock[key].Version {
				continue // reviewed above
			}
			if _, err := c.ReleasedDocType(edition, code, v); err != nil {
				r.loadProblems(err)
			}
		}
	}
	for _, key := range sortedKeys(lock) {
		edition, code, _ := strings.Cut(key, "/")
		if c.Live(edition, code) == nil {
			r.problem(nil, "compat.removed", "error", "document type %s was released (v%d) but is gone from the catalogue: documents of it could no longer be created", key, lock[key].Version)
		}
	}
	return r.out
}

// reviewType reviews one live type against its latest released version.
func (r *review) reviewType(d *model.DocType) {
	key := d.Edition + "/" + d.Code
	entry, released := r.lock[key]
	if !released {
		r.problem(d, "compat.unreleased", "note", "%s v%d is not released yet (formwork lint --release)", d.Code, d.Version)
		return
	}
	snapPath := SnapshotPath(d.Edition, d.Code, entry.Version)
	b, err := fs.ReadFile(r.fsys, snapPath)
	old, lerr := r.c.ReleasedDocType(d.Edition, d.Code, entry.Version)
	switch {
	case lerr != nil:
		r.loadProblems(lerr)
		return
	case err != nil || old == nil:
		r.problem(d, "compat.snapshot", "error", "%s names %s v%d as released, but %s is missing", LockFile, d.Code, entry.Version, snapPath)
		return
	case digest(b) != entry.SHA256:
		r.problem(d, "compat.snapshot", "error", "%s was edited after its release: released snapshots never change", snapPath)
		return
	case d.Version < entry.Version:
		r.problem(d, "compat.version", "error", "%s version %d is below the released version %d", d.Code, d.Version, entry.Version)
		return
	case d.Version > entry.Version:
		r.problem(d, "compat.unreleased", "note", "%s v%d is not released yet (v%d is; formwork lint --release)", d.Code, d.Version, entry.Version)
		return
	}
	changes := Compare(old, d)
	var compatible []string
	for _, ch := range changes {
		if ch.Breaking {
			r.problem(d, "compat.breaking", "error", "%s: %s is a breaking change for documents saved under v%d: raise version to %d", d.Code, ch.Message, entry.Version, entry.Version+1)
		} else {
			compatible = append(compatible, ch.Message)
		}
	}
	if len(compatible) > 0 && !hasBreaking(changes) {
		r.problem(d, "compat.changed", "note", "%s changed compatibly since v%d was released (%s); formwork lint --release records it", d.Code, entry.Version, strings.Join(compatible, "; "))
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

// Release records every live document type as released: it returns the
// snapshot files to write (path -> content) and the new lock. A breaking
// change without a version bump refuses the whole release: the problems say
// which, and nothing is to be written.
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
	for _, d := range c.DocTypes() {
		snap := Snapshot(d)
		key := d.Edition + "/" + d.Code
		if e, ok := lock[key]; ok && e.Version == d.Version && e.SHA256 == digest(snap) {
			continue
		}
		files[SnapshotPath(d.Edition, d.Code, d.Version)] = snap
		next[key] = LockEntry{Version: d.Version, SHA256: digest(snap)}
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
