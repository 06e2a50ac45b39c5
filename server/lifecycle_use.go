package server

import (
	"formwork"
	"formwork/engine"
)

// builtinLifecycle is the lifecycle shipped with the binary, read once.
var builtinLifecycle = func() *engine.Lifecycle {
	lc, err := engine.LoadLifecycle(formwork.Catalogue)
	if err != nil {
		panic("the built-in lifecycle does not load: " + err.Error())
	}
	return lc
}()

// SetLifecycle switches to another lifecycle (a reload); nil is the
// built-in one.
func (s *Server) SetLifecycle(lc *engine.Lifecycle) {
	if lc == nil {
		lc = builtinLifecycle
	}
	s.lc.Store(lc)
}

// Lifecycle returns the lifecycle in use: which action moves which state.
func (s *Server) Lifecycle() *engine.Lifecycle { return s.lc.Load() }
