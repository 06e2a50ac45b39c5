package identity

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"formwork/engine"
)

// ReportAuthority lets a user see one report type of one company
// (navigation-and-access.md 3.4). RptType is the report's menu code under
// /rpt.
type ReportAuthority struct {
	ID          uint   `json:"-"`
	RptType     string `json:"rptType"`
	UserID      string `json:"userId"`
	CompanyCode string `json:"companyCode"`
}

// ReportAuthorities lists the report authority of userID (default: the
// signed-in user; another user's only for administrators, EFORBIDDEN
// otherwise) in company (default: the company context), of rptType when
// one is given, by report type.
func (s *Service) ReportAuthorities(ctx context.Context, id *Identity, userID, company, rptType string) ([]ReportAuthority, error) {
	user := strings.ToLower(strings.TrimSpace(userID))
	if user == "" {
		user = id.Username()
	}
	if user != id.Username() && id.Scope() != ScopeAll {
		return nil, engine.Refuse(engine.EFORBIDDEN, "userId", engine.Text{"zh": "只能查询本人的报表权限",
			"en": "you may look up only your own report authority", "th": "คุณดูสิทธิ์รายงานได้เฉพาะของตนเองเท่านั้น"})
	}
	company = cmp.Or(strings.TrimSpace(company), id.Company)
	out := []ReportAuthority{}
	if company == "" {
		return out, nil
	}
	list, err := s.store.ReportAuthorities(ctx, user, company, strings.TrimSpace(rptType))
	if err != nil {
		return nil, fmt.Errorf("load report authority: %w", err)
	}
	return append(out, list...), nil
}
