package wire

import (
	"context"

	"formwork/adapters/officeconv"
	"formwork/adapters/sqldb/filedb"
	"formwork/documents"
	"formwork/files"
	"formwork/guide"
)

// newFiles builds the files' use cases: records in the database, contents
// in cfg.FileContents or the database, office previews by LibreOffice when
// it is installed (looked up once, at start, as health reports it).
func newFiles(cfg Config, docs *documents.Service, g *guide.Service) *files.Service {
	store := filedb.NewStore(cfg.DB)
	fc := files.Config{Store: store, Contents: cfg.FileContents, Documents: fileDocuments{docs}, Now: cfg.Now,
		Tools: officeconv.Installed(), Published: g.Published}
	if fc.Contents == nil {
		fc.Contents = store
	}
	if lo := officeconv.Find(); lo != nil {
		fc.Converter = lo
	}
	return files.NewService(fc)
}

// fileDocuments is files.Documents on the documents' service: reading a
// file of a document is reading the document; attaching one is changing it.
type fileDocuments struct{ docs *documents.Service }

func (d fileDocuments) MayRead(ctx context.Context, who documents.Actor, businessID string) error {
	rec, err := d.docs.Get(ctx, businessID)
	if err != nil {
		return err
	}
	return d.docs.MayRead(ctx, who, rec)
}

func (d fileDocuments) MayChange(ctx context.Context, who documents.Actor, businessID string) error {
	rec, err := d.docs.Get(ctx, businessID)
	if err != nil {
		return err
	}
	return d.docs.MayOpen(ctx, who, rec)
}

// attachedGroups answers the file groups of the files linked to a document
// (every page of its attachment list), for the guide's required check.
func attachedGroups(cfg Config) guide.Attached {
	store := filedb.NewStore(cfg.DB)
	return func(ctx context.Context, businessID string) ([]string, error) {
		var groups []string
		for offset := 0; ; offset += 100 {
			page, total, err := store.Attachments(ctx, businessID, offset, 100)
			if err != nil {
				return nil, err
			}
			for _, a := range page {
				groups = append(groups, a.Group)
			}
			if len(page) == 0 || int64(offset+len(page)) >= total {
				return groups, nil
			}
		}
	}
}
