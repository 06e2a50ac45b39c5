package lifecycle_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"formwork/engine/internal/enginetest"
	"formwork/engine/lifecycle"
)

// FuzzLifecycle loads any content as the lifecycle file: an error, or a
// lifecycle whose every action leads between known states; nothing panics.
func FuzzLifecycle(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join(enginetest.Root(f), lifecycle.File)); err == nil {
		f.Add(b)
	}
	f.Add([]byte("states: {draft: {editable: true}, done: {final: true}}\nactions: {finish: {from: [draft], to: done}}\nfamilies: {ap: {finish: {to: same}}}\n"))
	f.Add([]byte("states:\n  a: {}\nactions:\n  go: {from: [a], to: a, last: a, checks: true}\n"))
	f.Fuzz(func(t *testing.T, content []byte) {
		lc, err := lifecycle.Load(fstest.MapFS{lifecycle.File: {Data: content}})
		if err != nil {
			return
		}
		for _, fam := range append(lc.Families(), "") {
			for _, state := range lc.StateOrder {
				for _, a := range lc.Allowed(fam, state) {
					to, err := lc.Next(fam, state, a, false)
					if err != nil || lc.States[to] == nil {
						t.Fatalf("%s from %s (family %q): %q %v", a, state, fam, to, err)
					}
					if !slices.Contains(lc.Action(fam, a).From, state) {
						t.Fatalf("%s allowed from %s but not listed", a, state)
					}
				}
			}
			_ = lc.Markdown(fam)
		}
	})
}
