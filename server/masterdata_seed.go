package server

import (
	"context"
	"io/fs"

	"formwork/adapters/sqldb"
	"formwork/masterdata"
	"formwork/seeding"
)

// MasterDataSeeded says how many records of each kind SeedMasterData loaded.
//
// transitional: remove after the split (seeding.MasterData answers
// masterdata.Counts).
type MasterDataSeeded = masterdata.Counts

// Company is the row of a company (Seed counts them).
//
// transitional: remove after the split (use masterdata.Service.Empty).
type Company = sqldb.CompanyRow

// SeedMasterData loads every masterdata/*.yaml of fsys (the seeds folder)
// in one transaction (seeding.MasterData).
//
// transitional: remove after the split (call seeding.MasterData).
func (s *Server) SeedMasterData(ctx context.Context, fsys fs.FS) (MasterDataSeeded, error) {
	return seeding.MasterData(ctx, s.masterData, fsys)
}
