package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"formwork/engine"
)

// catalogueSink is what the reloader updates: the server's catalogue,
// lifecycle and reload status.
type catalogueSink interface {
	SetCatalogue(*engine.Catalogue)
	SetLifecycle(*engine.Lifecycle)
	ReloadFailed([]engine.Problem)
}

// watchCatalogue polls the catalogue directory every interval and reloads
// the server's catalogue when a YAML file changed. An edit that does not
// load keeps the last good catalogue serving; its problems are printed and
// shown at /api/formwork/registry/status. Polling keeps the binary free of a
// file-notification dependency; a second is quick enough for an analyst.
func watchCatalogue(ctx context.Context, dir string, srv catalogueSink, interval time.Duration) {
	last := catalogueStamp(dir)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		stamp := catalogueStamp(dir)
		if stamp == last {
			continue
		}
		last = stamp
		reloadCatalogue(dir, srv, engine.Load)
	}
}

// reloadCatalogue loads the catalogue and lifecycle of dir and serves both,
// or neither: when either does not load, the last good ones keep serving
// and srv is told why. Nothing the files hold ends the process: a panic
// while loading is a failed reload like any other. ok tells whether the
// reload took.
func reloadCatalogue(dir string, srv catalogueSink, load func(fs.FS) (*engine.Catalogue, error)) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			failed(srv, []engine.Problem{{File: dir, Rule: "load", Severity: "error",
				Message: fmt.Sprintf("internal error while reloading (please report it): %v", r)}})
			ok = false
		}
	}()
	cat, err := load(os.DirFS(dir))
	var le *engine.LoadError
	switch {
	case errors.As(err, &le):
		failed(srv, le.Problems)
		return false
	case err != nil:
		failed(srv, []engine.Problem{{File: dir, Rule: "load", Severity: "error", Message: err.Error()}})
		return false
	}
	lc, err := engine.LoadLifecycle(os.DirFS(dir))
	switch {
	case errors.As(err, &le):
		failed(srv, le.Problems)
		return false
	case err != nil:
		failed(srv, []engine.Problem{{File: engine.LifecycleFile, Rule: "lifecycle", Severity: "error", Message: err.Error()}})
		return false
	}
	srv.SetCatalogue(cat)
	srv.SetLifecycle(lc)
	fmt.Printf("%s catalogue reloaded: %d document types\n", time.Now().Format("15:04:05"), len(cat.DocTypes()))
	return true
}

func failed(srv catalogueSink, problems []engine.Problem) {
	srv.ReloadFailed(problems)
	fmt.Fprintf(os.Stderr, "%s catalogue edit not loaded, still serving the last good one:\n%v\n",
		time.Now().Format("15:04:05"), &engine.LoadError{Problems: problems})
}

// catalogueStamp fingerprints the names, sizes and times of the catalogue's
// YAML files.
func catalogueStamp(dir string) [32]byte {
	h := sha256.New()
	for _, sub := range []string{"schemas", "rules"} {
		_ = filepath.WalkDir(filepath.Join(dir, sub), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".json")) {
				return nil
			}
			if info, err := d.Info(); err == nil {
				fmt.Fprintf(h, "%s %d %d\n", p, info.Size(), info.ModTime().UnixNano())
			}
			return nil
		})
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}
