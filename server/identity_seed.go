package server

import (
	"context"
	"io/fs"

	"formwork/seeding"
)

// SeedIdentity loads menus.yaml and users.yaml of fsys (seeding.Identity),
// then empties the identity cache.
// transitional: remove after the split
func (s *Server) SeedIdentity(ctx context.Context, fsys fs.FS) (IdentitySeeded, error) {
	done, err := seeding.Identity(ctx, fsys, s.idnStore, s.cfg.PasswordCost)
	s.idn.ForgetAll()
	return done, err
}

// readYAML decodes a seed file (seeding.ReadYAML), for the seeds of the
// other areas.
// transitional: remove after the split
func readYAML(fsys fs.FS, name string, v any) error { return seeding.ReadYAML(fsys, name, v) }
