package server

import (
	"context"

	"github.com/labstack/echo/v4"
)

// transitional: remove after the split (documents.Service decides access).
func (s *Server) mayOpen(c echo.Context, id *Identity, rec *DocumentRecord) error {
	return s.documents.MayOpen(c.Request().Context(), id, rec)
}

// transitional: remove after the split.
func (s *Server) mayRead(c echo.Context, id *Identity, rec *DocumentRecord) error {
	return s.documents.MayRead(c.Request().Context(), id, rec)
}

// transitional: remove after the split.
func (s *Server) isOwner(c echo.Context, who *Identity, rec *DocumentRecord) (bool, error) {
	return s.documents.IsOwner(c.Request().Context(), who, rec)
}

// IsDelegate (documents.People) reports whether delegate may act for
// delegator today. transitional: identity answers it after the split.
func (s *Server) IsDelegate(ctx context.Context, delegate, delegator string) (bool, error) {
	return s.isDelegate(ctx, delegate, delegator)
}

// WorksFor (documents.People) reports whether username is a user of
// company. transitional: identity answers it after the split.
func (s *Server) WorksFor(ctx context.Context, username, company string) (bool, error) {
	id, err := s.identityOf(ctx, username)
	if err != nil || id == nil {
		return false, err
	}
	return id.WorksFor(company), nil
}
