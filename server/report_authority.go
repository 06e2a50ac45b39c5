package server

import (
	"fmt"
	"strings"

	"formwork/engine"

	"github.com/labstack/echo/v4"
)

// ReportAuthority lets a user see one report type of one company
// (navigation-and-access.md 3.4). rptType is the report's menu code under
// /rpt.
type ReportAuthority struct {
	ID          uint   `gorm:"primaryKey" json:"-"`
	RptType     string `gorm:"size:60;not null;uniqueIndex:idx_report_authorities_key" json:"rptType"`
	UserID      string `gorm:"size:64;not null;uniqueIndex:idx_report_authorities_key" json:"userId"`
	CompanyCode string `gorm:"size:20;not null;uniqueIndex:idx_report_authorities_key" json:"companyCode"`
}

// selectReportAuthority: GET /api/galaxyreport/rptAuth/selectByUserId?
// companyCode=&rptType=&userId=. The entries of the user (default: the
// signed-in one; another user's only for administrators) in the company
// (default: the X-company context), of the report type when one is given.
func (s *Server) selectReportAuthority(c echo.Context) error {
	id := CurrentUser(c)
	user := strings.ToLower(strings.TrimSpace(c.QueryParam("userId")))
	if user == "" {
		user = id.Username()
	}
	if user != id.Username() && id.Scope() != scopeAll {
		return engine.Errorf(engine.EFORBIDDEN, "userId", "%s", say(c, "只能查询本人的报表权限", "you may look up only your own report authority"))
	}
	company := strings.TrimSpace(c.QueryParam("companyCode"))
	if company == "" {
		company = id.Company
	}
	q := s.db.WithContext(c.Request().Context()).Where("user_id = ? AND company_code = ?", user, company)
	if t := strings.TrimSpace(c.QueryParam("rptType")); t != "" {
		q = q.Where("rpt_type = ?", t)
	}
	out := []ReportAuthority{}
	if err := q.Order("rpt_type").Find(&out).Error; err != nil {
		return fmt.Errorf("load report authority: %w", err)
	}
	return ok(c, out)
}
