package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
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
	return l, nil
}

// JSON renders the lock, keys sorted.
func (l Lock) JSON() []byte {
	b, _ := json.MarshalIndent(l, "", "  ")
	return append(b, '\n')
}

// SnapshotPath is where version v of a document type of an edition is filed.
func SnapshotPath(edition, code string, v int) string {
	return path.Join(ReleasedDir, edition, code, fmt.Sprintf("v%d.yaml", v))
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Review compares the live catalogue with the released versions the lock
// names (fsys holds the snapshot files). A breaking change without a version
// bump is an error; so are an edited snapshot, a version that went down and
// a released type that is gone. A compatible change and an unreleased
// version are notes: `formwork lint --release` records them.
func (c *Catalogue) Review(fsys fs.FS, lock Lock) []Problem {
	var out []Problem
	problem := func(d *DocType, rule, sev, format string, args ...any) {
		p := Problem{File: LockFile, Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...)}
		if d != nil {
			p.File, p.Line, p.Column = d.File, d.VersionLine, 1
		}
		out = append(out, p)
	}
	for _, d := range c.DocTypes() {
		key := d.Edition + "/" + d.Code
		entry, released := lock[key]
		if !released {
			problem(d, "compat.unreleased", "note", "%s v%d is not released yet (formwork lint --release)", d.Code, d.Version)
			continue
		}
		snapPath := SnapshotPath(d.Edition, d.Code, entry.Version)
		b, err := fs.ReadFile(fsys, snapPath)
		var old *DocType
		if r := c.released[key][entry.Version]; r != nil {
			var lerr error
			if old, lerr = c.snapshot(r); lerr != nil {
				var le *LoadError
				if errors.As(lerr, &le) {
					out = append(out, le.Problems...)
				}
				continue
			}
		}
		switch {
		case err != nil || old == nil:
			problem(d, "compat.snapshot", "error", "%s names %s v%d as released, but %s is missing", LockFile, d.Code, entry.Version, snapPath)
			continue
		case digest(b) != entry.SHA256:
			problem(d, "compat.snapshot", "error", "%s was edited after its release: released snapshots never change", snapPath)
			continue
		case d.Version < entry.Version:
			problem(d, "compat.version", "error", "%s version %d is below the released version %d", d.Code, d.Version, entry.Version)
			continue
		}
		changes := Compare(old, d)
		if d.Version > entry.Version {
			problem(d, "compat.unreleased", "note", "%s v%d is not released yet (v%d is; formwork lint --release)", d.Code, d.Version, entry.Version)
			continue
		}
		var compatible []string
		for _, ch := range changes {
			if ch.Breaking {
				problem(d, "compat.breaking", "error", "%s: %s is a breaking change for documents saved under v%d: raise version to %d", d.Code, ch.Message, entry.Version, entry.Version+1)
			} else {
				compatible = append(compatible, ch.Message)
			}
		}
		if len(compatible) > 0 && !hasBreaking(changes) {
			problem(d, "compat.changed", "note", "%s changed compatibly since v%d was released (%s); formwork lint --release records it", d.Code, entry.Version, strings.Join(compatible, "; "))
		}
	}
	// every released version must still compile: documents saved under it need it
	for _, key := range sortedKeys(c.released) {
		for v, r := range c.released[key] {
			if v == lock[key].Version {
				continue // reviewed above
			}
			if _, err := c.snapshot(r); err != nil {
				var le *LoadError
				if errors.As(err, &le) {
					out = append(out, le.Problems...)
				}
			}
		}
	}
	for _, key := range sortedKeys(lock) {
		if c.docTypes[key] == nil {
			problem(nil, "compat.removed", "error", "document type %s was released (v%d) but is gone from the catalogue: documents of it could no longer be created", key, lock[key].Version)
		}
	}
	return out
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
func (c *Catalogue) Release(fsys fs.FS, lock Lock) (map[string][]byte, Lock, []Problem) {
	var problems []Problem
	for _, p := range c.Review(fsys, lock) {
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
		snap := d.Snapshot()
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
// edition; an *Error (ENOTFOUND) names a version that does not exist.
func (c *Catalogue) Diff(edition, code string, from, to int) ([]Change, error) {
	a, b := c.DocTypeVersion(edition, code, from), c.DocTypeVersion(edition, code, to)
	for v, d := range map[int]*DocType{from: a, to: b} {
		if d == nil {
			return nil, Errorf(ENOTFOUND, "version", "%s has no version %d in edition %s", code, v, edition)
		}
	}
	ch := Compare(a, b)
	if ch == nil {
		ch = []Change{}
	}
	return ch, nil
}

// Coverage is, per module, how much of the catalogue the spec states.
type Coverage struct {
	Module        string   `json:"module"`
	DocTypes      int      `json:"docTypes"`
	SpecStated    int      `json:"specStated"`    // types whose fields the spec gives
	FamilyDefault int      `json:"familyDefault"` // types built from their family's groups
	WithRules     int      `json:"withRules"`     // types with at least one pre-save rule
	Rules         int      `json:"rules"`
	SpecFields    int      `json:"specFields"`
	FamilyFields  int      `json:"familyFields"`
	Types         []string `json:"types"`
}

// CoverageReport counts, per module, the types with their spec-stated fields
// and rules.
func (c *Catalogue) CoverageReport() []Coverage {
	by := map[string]*Coverage{}
	for _, d := range c.DocTypes() {
		m := d.Module
		if m == "" {
			m = "(none)"
		}
		cv := by[m]
		if cv == nil {
			cv = &Coverage{Module: m}
			by[m] = cv
		}
		cv.DocTypes++
		cv.Types = append(cv.Types, d.Edition+"/"+d.Code)
		if d.Source == "family" {
			cv.FamilyDefault++
		} else {
			cv.SpecStated++
		}
		if len(d.Rules) > 0 {
			cv.WithRules++
			cv.Rules += len(d.Rules)
		}
		for _, s := range d.Sections {
			for _, f := range s.Fields {
				if f.Source == "family" || (f.Source == "" && s.Source == "family") {
					cv.FamilyFields++
				} else {
					cv.SpecFields++
				}
			}
		}
	}
	out := make([]Coverage, 0, len(by))
	for _, k := range sortedKeys(by) {
		out = append(out, *by[k])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Module < out[j].Module })
	return out
}
