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
	"formwork/server"
)

// watchCatalogue polls the catalogue directory every interval and reloads
// the server's catalogue when a YAML file changed. An edit that does not
// load keeps the last good catalogue serving; its problems are printed and
// shown at /api/formwork/registry/status. Polling keeps the binary free of a
// file-notification dependency; a second is quick enough for an analyst.
func watchCatalogue(ctx context.Context, dir string, srv *server.Server, interval time.Duration) {
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
		cat, err := engine.Load(os.DirFS(dir))
		var le *engine.LoadError
		switch {
		case errors.As(err, &le):
			srv.ReloadFailed(le.Problems)
			fmt.Fprintf(os.Stderr, "%s catalogue edit not loaded, still serving the last good one:\n%v\n", time.Now().Format("15:04:05"), err)
		case err != nil:
			srv.ReloadFailed([]engine.Problem{{File: dir, Rule: "load", Severity: "error", Message: err.Error()}})
			fmt.Fprintln(os.Stderr, "catalogue reload:", err)
		default:
			srv.SetCatalogue(cat)
			fmt.Printf("%s catalogue reloaded: %d document types\n", time.Now().Format("15:04:05"), len(cat.DocTypes()))
			if lc, err := engine.LoadLifecycle(os.DirFS(dir)); err != nil {
				fmt.Fprintln(os.Stderr, "lifecycle not reloaded, still serving the last good one:", err)
			} else {
				srv.SetLifecycle(lc)
			}
		}
	}
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
