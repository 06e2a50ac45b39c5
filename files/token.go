package files

import (
	"context"

	"formwork/documents"
	"formwork/engine"
)

// UploadToken issues a short-lived upload token (file/getUFSToken) for who
// and, when businessID is given, that document, which who must be allowed
// to change.
func (s *Service) UploadToken(ctx context.Context, who documents.Actor, businessID string) (*UploadToken, error) {
	if businessID != "" {
		if err := s.cfg.Documents.MayChange(ctx, who, businessID); err != nil {
			return nil, err
		}
	}
	t := UploadToken{Token: newID() + newID(), Username: who.Username(), BusinessID: businessID, ExpiresAt: s.cfg.Now().Add(TokenTTL)}
	if err := s.cfg.Store.AddToken(ctx, t); err != nil {
		return nil, err
	}
	return &t, nil
}

// checkToken: an upload sent with a token is refused unless the token is
// who's, unexpired, and for the document uploaded to.
func (s *Service) checkToken(ctx context.Context, who documents.Actor, u Upload) error {
	if u.Token == "" {
		return nil
	}
	t, err := s.cfg.Store.Token(ctx, u.Token)
	if err != nil {
		return err
	}
	switch {
	case t == nil || t.Username != who.Username():
		return engine.Refuse(engine.EFORBIDDEN, "token", engine.Text{
			"zh": "上传凭证无效", "en": "the upload token is not valid", "th": "โทเค็นอัปโหลดไม่ถูกต้อง"})
	case !s.cfg.Now().Before(t.ExpiresAt):
		return engine.Refuse(engine.EFORBIDDEN, "token", engine.Text{
			"zh": "上传凭证已过期，请重新获取", "en": "the upload token has expired: ask for a new one", "th": "โทเค็นอัปโหลดหมดอายุ กรุณาขอใหม่"})
	case t.BusinessID != u.BusinessID:
		return engine.Refuse(engine.EFORBIDDEN, "token", engine.Text{
			"zh": "上传凭证不适用于单据 " + u.BusinessID, "en": "the upload token is not for document " + u.BusinessID,
			"th": "โทเค็นอัปโหลดไม่ได้ใช้กับเอกสาร " + u.BusinessID})
	}
	return nil
}
