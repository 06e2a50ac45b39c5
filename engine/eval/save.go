package eval

import (
	"strings"
	"sync"

	"formwork/engine/model"
)

// SaveCheck is everything one save of a document and its answer need, from
// one preparation of the document: its evaluation under the save's action
// (the document with the server's fields kept and defaults and derived
// values applied, the field states and the check result; not the values the
// engine set, Values is nil: a save answers with the whole document) and the
// changes the action mode does not allow.
type SaveCheck struct {
	*Evaluation
	// Forbidden lists the paths the save changes in fields the action mode
	// does not let the user edit, in path order (["action"] when the type
	// has no such mode); empty when the save may change what it changes.
	Forbidden []string
}

// CheckSave evaluates doc, as a client sent it, for a save under opt,
// changing it in place. prev is the stored document of an update; nil for a
// new document, which is compared with the blank new document of its type
// and sub-type under the action (from blanks, which may be nil for an
// update). The server's fields of doc (KeepServerFields) are taken from prev,
// or cleared for a new document; doc is then prepared once and checked
// once, and the forbidden changes are read from that same state. prev gets
// its defaults applied and nothing else: it is a document the server wrote.
func CheckSave(doc *model.Document, structural []model.Finding, prev *model.Document, opt Options, blanks *Blanks) *SaveCheck {
	if opt.Action == "" {
		opt.Action = "new"
	}
	var before baseline
	if prev != nil {
		st := storedBaseline(prev, opt.Action)
		model.KeepServerFields(doc, prev)
		before = st
	} else {
		model.KeepServerFields(doc, doc.Type.NewDocument())
	}
	r := newRun(doc, opt, true)
	r.values = false // the save answers with the document itself
	prepareRun(r, structural)
	r.check()
	if before == nil {
		before = blanks.blank(doc.Type, r.path, opt.Action)
	}
	forbidden := r.forbiddenChanges(before)
	r.finish()
	if st, ok := before.(*stored); ok {
		st.r.release()
	}
	return &SaveCheck{Evaluation: r.ev, Forbidden: forbidden}
}

// Blanks keeps the blank new documents creates are compared with: one per
// document type (which is one version of it), sub-type and action mode,
// built on first use. Its keys are document types of one loaded catalogue,
// so each catalogue has its own Blanks and a reloaded catalogue starts
// afresh. The zero value is ready; it is safe for concurrent use.
type Blanks struct{ m sync.Map }

type blankKey struct {
	dt      *model.DocType
	subType string // the sub-type path, A01.A0101
	action  string
}

// keyOf is the key of dt with the sub-type path under action, and the
// path's sub-type keys.
func keyOf(dt *model.DocType, path []*model.SubType, action string) (blankKey, []string) {
	keys := make([]string, len(path))
	for i, n := range path {
		keys[i] = n.Key
	}
	return blankKey{dt: dt, subType: strings.Join(keys, "."), action: action}, keys
}

// blank is a new document of a type and sub-type as the form starts it
// under an action mode: the sub-type chosen, defaults and derived values
// applied. It is read by many saves at once and never changed after build.
type blank struct {
	once sync.Once
	doc  *model.Document
	// editableIn is the editability in the blank of the object fields
	// whose editable condition is an expression; every other field is as
	// editable in the blank as in the saved document (same mode, constant
	// condition), and the blank has no table rows.
	editableIn map[*model.Field]bool
}

// blank returns the blank document of dt with the sub-type path, under
// action, building it on first use.
func (bs *Blanks) blank(dt *model.DocType, path []*model.SubType, action string) *blank {
	key, keys := keyOf(dt, path, action)
	v, ok := bs.m.Load(key)
	if !ok {
		v, _ = bs.m.LoadOrStore(key, &blank{})
	}
	b := v.(*blank)
	b.once.Do(func() { b.build(dt, keys, action) })
	return b
}

func (b *blank) build(dt *model.DocType, subType []string, action string) {
	doc := dt.NewDocument()
	for i, k := range subType {
		doc.Head()[model.SubTypeKeys[i]] = k
	}
	r := prepare(doc, nil, Options{Action: action}, false)
	b.doc, b.editableIn = doc, map[*model.Field]bool{}
	for _, s := range dt.Sections {
		if s.Table {
			continue
		}
		for _, f := range s.Fields {
			if !f.ReadOnly && f.Editable.Dynamic() {
				b.editableIn[f] = r.editableAt(f, -1)
			}
		}
	}
	r.release()
}

func (b *blank) document() *model.Document { return b.doc }

func (b *blank) editable(f *model.Field, row int) bool { return row < 0 && b.editableIn[f] }
