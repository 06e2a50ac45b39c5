// Package load reads a catalogue (schemas/ and rules/, YAML) from an fs.FS
// and compiles it: every key checked against what it may be, every field
// looked up in the field catalogue, every expression (values, conditions,
// rules) compiled and type-checked against the document type's typed
// environment, sub-types and editions resolved. Problems come back as one
// *model.LoadError with file, line, column and a snippet each; a catalogue
// with any problem is not used. Released snapshots are indexed here and
// compiled on first use.
package load

import (
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strings"

	"formwork/engine/internal/yamlx"
	"formwork/engine/model"

	"github.com/expr-lang/expr"
	"gopkg.in/yaml.v3"
)

// Load reads and compiles a catalogue from fsys, which holds schemas/ (document
// types, plus _fields/, _enums/, _groups/, _masterdata/, _modes.yaml,
// _editions.yaml and _menu.yaml) and rules/ (shared rule files). Every expression is compiled here, once. Any problem makes
// Load return a *model.LoadError listing all problems with file, line and
// column. No file, however malformed, makes it panic: a failure it did not
// foresee is reported as a problem of the file it was reading.
func Load(fsys fs.FS) (cat *Catalogue, err error) {
	l := &loader{fsys: fsys, src: map[string][]byte{}, mdAttempted: map[string]bool{}, cat: &Catalogue{
		Fields: map[string]*model.FieldDef{}, Enums: map[string]*model.Enum{}, Modes: map[string]*model.Mode{}, Editions: map[string]*Edition{},
		docTypes: map[string]*model.DocType{}, released: map[string]map[int]*releasedRef{}, fsys: fsys,
		masterData: map[string]*model.MasterDataType{}, mdReleased: map[string]map[int]*releasedRef{},
	}}
	defer func() {
		if r := recover(); r != nil {
			cat, err = nil, l.panicked(r)
		}
	}()
	l.load()
	if len(l.problems) > 0 {
		e := &model.LoadError{Problems: l.problems}
		e.Sort()
		return nil, e
	}
	return l.cat, nil
}

type loader struct {
	fsys     fs.FS
	src      map[string][]byte
	problems []model.Problem
	cat      *Catalogue
	groups   map[string]*groupYAML
	groupAt  map[string]string
	shared   []sharedRule
	current  string // the file being read, for a failure nobody foresaw
	// refs of the field catalogue, checked once the master-data types are
	// loaded, and where each master-data field is written
	fieldRefs   []fieldRefUse
	mdFieldAt   map[*model.MasterDataField][2]int
	mdAttempted map[string]bool // master-data type files read, loaded or not
	lookupFns   []expr.Option   // the typed functions of record, standard and confirmed (rule_lookup.go)
}

// panicked turns a panic of the loader into a load error naming the file
// it was reading: a catalogue edit must never take the process down.
func (l *loader) panicked(r any) *model.LoadError {
	file := l.current
	if file == "" {
		file = "schemas"
	}
	p := model.Problem{File: file, Rule: "load", Severity: "error",
		Message: fmt.Sprintf("internal error while reading this file (please report it): %v", r)}
	return &model.LoadError{Problems: append(l.problems, p)}
}

type sharedRule struct {
	file string
	ruleYAML
}

func (l *loader) problem(file string, line, col int, format string, args ...any) {
	p := model.Problem{File: file, Line: line, Column: col, Rule: "load", Severity: "error", Message: fmt.Sprintf(format, args...)}
	if line > 0 {
		p.Snippet = model.Snippet(l.src[file], line, col)
	}
	l.problems = append(l.problems, p)
}

func (l *loader) files(dir string) []string {
	entries, err := fs.ReadDir(l.fsys, dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && (strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			out = append(out, path.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

// parse reads file into a YAML node and decodes it into v (if not nil). An
// empty (or comment-only) file is a problem: every catalogue file declares
// something.
func (l *loader) parse(file string, v any) (*yaml.Node, bool) {
	l.current = file
	b, err := fs.ReadFile(l.fsys, file)
	if err != nil {
		l.problem(file, 0, 0, "cannot read: %v", err)
		return nil, false
	}
	l.src[file] = b
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil {
		l.yamlProblem(file, err)
		return nil, false
	}
	body := yamlx.Body(&root)
	if body == nil {
		l.problem(file, 1, 1, "the file is empty: it must declare something (or be removed)")
		return nil, false
	}
	if v != nil {
		err := yamlx.StrictKeys(&root, reflect.TypeOf(v))
		if err == nil {
			err = root.Decode(v)
		}
		if err != nil {
			l.yamlProblem(file, err)
			return nil, false
		}
	}
	return &root, true
}

func (l *loader) yamlProblem(file string, err error) {
	for _, m := range yamlx.Messages(err) {
		line, col := m.Line, 1
		if line == 0 {
			col = 0
		}
		l.problem(file, line, col, "%s", m.Text)
	}
}

func (l *loader) load() {
	l.loadFieldCatalogue()
	l.loadModes()
	l.loadMasterData()
	l.loadSharedRules()
	l.loadEditions()
	attempted := l.loadDocTypes()
	l.indexReleased()
	l.checkSharedRules(attempted)
	l.orderDocTypes()
	l.loadMenu()
}

// loadDocTypes loads every document type file of every edition and returns
// the edition/code keys it tried, loaded or not.
func (l *loader) loadDocTypes() map[string]bool {
	attempted := map[string]bool{}
	for _, ed := range l.cat.editionKeys() {
		dir := "schemas"
		if ed != l.cat.DefaultEdition {
			dir = "schemas/" + ed
		}
		for _, f := range l.files(dir) {
			if strings.HasPrefix(path.Base(f), "_") {
				continue
			}
			attempted[ed+"/"+strings.TrimSuffix(strings.TrimSuffix(path.Base(f), ".yaml"), ".yml")] = true
			l.loadDocType(f, ed, false)
		}
	}
	return attempted
}

// checkSharedRules reports a shared rule naming an edition or document type
// that does not exist.
func (l *loader) checkSharedRules(attempted map[string]bool) {
	for _, r := range l.shared {
		for _, ed := range r.editions(l.cat.DefaultEdition) {
			if l.cat.Editions[ed] == nil {
				l.problem(r.file, r.Line, 1, "rule %s names unknown edition %s", r.ID, ed)
				continue
			}
			for _, dt := range r.DocTypes {
				// a type whose own file failed to load has its problem reported already
				if l.cat.docTypes[ed+"/"+dt] == nil && !attempted[ed+"/"+dt] {
					l.problem(r.file, r.Line, 1, "rule %s names unknown docType %s (edition %s)", r.ID, dt, ed)
				}
			}
		}
	}
}

// orderDocTypes lists the types: the default edition first, then by key.
func (l *loader) orderDocTypes() {
	for k := range l.cat.docTypes {
		l.cat.order = append(l.cat.order, k)
	}
	def := l.cat.DefaultEdition + "/"
	sort.Slice(l.cat.order, func(i, j int) bool {
		a, b := l.cat.order[i], l.cat.order[j]
		if da, db := strings.HasPrefix(a, def), strings.HasPrefix(b, def); da != db {
			return da
		}
		return a < b
	})
}

func (r sharedRule) editions(def string) []string {
	if len(r.Editions) == 0 {
		return []string{def}
	}
	return r.Editions
}
