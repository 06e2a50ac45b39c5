package server

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"formwork/engine"
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
	docs, err := s.docs.Count(ctx)
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

// SeedDocuments loads the demo documents under documents/ in fsys (JSON
// files, one document each) through the same check and store as the API,
// each made by its reimburser (head.applicant). A seed document that fails
// its check is an error naming the file, and nothing after it is loaded.
func (s *Server) SeedDocuments(ctx context.Context, fsys fs.FS) (int, error) {
	entries, err := fs.ReadDir(fsys, "documents")
	if err != nil {
		return 0, nil // no documents to seed
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			names = append(names, path.Join("documents", e.Name()))
		}
	}
	sort.Strings(names)
	n := 0
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return n, err
		}
		doc, structural, err := engine.Decode(s.Catalogue(), b)
		if err != nil {
			return n, fmt.Errorf("seed %s: %w", name, err)
		}
		_, res, err := s.Create(ctx, doc, structural, engine.Options{Action: "new"}, doc.Head().String("applicant"))
		if err != nil {
			return n, fmt.Errorf("seed %s: %w", name, err)
		}
		if !res.Valid {
			return n, fmt.Errorf("seed %s does not pass its check: %s %s", name, res.Errors[0].Path, res.Errors[0].Message.In("en"))
		}
		n++
	}
	return n, nil
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
