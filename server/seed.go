package server

import (
	"context"
	"fmt"
	"io/fs"
	"strings"

	"formwork/seeding"
)

// Seeded says what Seed loaded: nothing of a part whose tables held data.
type Seeded struct {
	Identity   IdentitySeeded
	MasterData MasterDataSeeded
	Workflow   WorkflowSeeded
	Documents  int
}

// Seed loads the seeds folder fsys into an empty database: first the
// identities (menus.yaml, users.yaml) when there is no user, then the master
// data (masterdata/*.yaml) when there is no company, then the demo
// documents when there is no document.
func (s *Server) Seed(ctx context.Context, fsys fs.FS) (Seeded, error) {
	var done Seeded
	var users int64
	if err := s.db.WithContext(ctx).Model(&User{}).Count(&users).Error; err != nil {
		return done, fmt.Errorf("count users: %w", err)
	}
	if users == 0 {
		ids, err := s.SeedIdentity(ctx, fsys)
		if err != nil {
			return done, err
		}
		done.Identity = ids
	}
	var companies int64
	if err := s.db.WithContext(ctx).Model(&Company{}).Count(&companies).Error; err != nil {
		return done, fmt.Errorf("count companies: %w", err)
	}
	if companies == 0 {
		md, err := s.SeedMasterData(ctx, fsys)
		if err != nil {
			return done, err
		}
		done.MasterData = md
	}
	wf, err := s.SeedWorkflow(ctx, fsys)
	if err != nil {
		return done, err
	}
	done.Workflow = wf
	docs, err := s.documents.Count(ctx)
	if err != nil {
		return done, err
	}
	if docs == 0 {
		n, err := s.SeedDocuments(ctx, fsys)
		if err != nil {
			return done, err
		}
		done.Documents = n
	}
	return done, nil
}

// SeedDocuments loads the demo documents under documents/ in fsys
// (seeding.Documents). transitional: the wiring seeds after the split.
func (s *Server) SeedDocuments(ctx context.Context, fsys fs.FS) (int, error) {
	return seeding.Documents(ctx, fsys, s.documents, s.Catalogue())
}

// DemoLogins lists the users of fsys's users.yaml whose password is still
// the one written there, as "username / password / roles": what `serve`
// prints so that someone trying formwork can sign in.
func (s *Server) DemoLogins(ctx context.Context, fsys fs.FS) []string {
	var ids identitySeed
	if err := readYAML(fsys, "users.yaml", &ids); err != nil {
		return nil
	}
	var out []string
	for _, u := range ids.Users {
		if u.Password == "" {
			continue
		}
		username := strings.ToLower(strings.TrimSpace(u.Username))
		var hashes []string
		s.db.WithContext(ctx).Model(&User{}).Where("username = ?", username).Limit(1).Pluck("password_hash", &hashes)
		if len(hashes) == 1 && passwordMatches(hashes[0], u.Password) {
			out = append(out, fmt.Sprintf("%-10s / %s / %s", username, u.Password, strings.Join(u.Roles, ", ")))
		}
	}
	return out
}
