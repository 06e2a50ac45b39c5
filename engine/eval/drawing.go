package eval

import (
	"sync"

	"formwork/engine/export"
	"formwork/engine/model"
)

// drawings keeps export.DrawnEditable by type, sub-type and action, worked
// out once each: how the export draws the object fields whose editability
// is an expression. Bounded: past maxDrawings it starts afresh (a reloaded
// catalogue's types take the old ones' places).
var drawings struct {
	mu sync.Mutex
	m  map[blankKey]map[*model.Field]bool
}

const maxDrawings = 4096

// exportEditable is how the export draws f, an object field whose
// editability is an expression, for the run's sub-type and action.
func (r *run) exportEditable(f *model.Field) bool {
	if r.drawing == nil {
		r.drawing = drawingOf(r.dt, r.path, r.opt.Action)
	}
	return r.drawing[f]
}

// drawingOf is export.DrawnEditable of dt for the sub-type path and action,
// from drawings.
func drawingOf(dt *model.DocType, path []*model.SubType, action string) map[*model.Field]bool {
	k, keys := keyOf(dt, path, action)
	drawings.mu.Lock()
	d, ok := drawings.m[k]
	drawings.mu.Unlock()
	if !ok {
		d = export.DrawnEditable(dt, keys, action) // outside the lock: two at once work out the same
		drawings.mu.Lock()
		if drawings.m == nil || len(drawings.m) >= maxDrawings {
			drawings.m = map[blankKey]map[*model.Field]bool{}
		}
		drawings.m[k] = d
		drawings.mu.Unlock()
	}
	return d
}
