package searchhelp

import (
	"context"
	"strconv"

	"formwork/masterdata"
)

// The special account codes (专项科目): level 1 by company, level 2 under a
// level-1 code. Options by code, at most SearchLimit; the search text
// matches the code or the name.

// specialAccountOption: key the code, value the name; attr1 the company
// (empty: every company), attr2 the level (1, 2), attr3 the level-1 code of a
// level-2 code.
func specialAccountOption(a masterdata.SpecialAccount, lang string) Option {
	return Opt(a.Code, a.Name.In(lang), a.Company, strconv.Itoa(a.Level), a.Parent)
}

// SpecialAccountQuery asks querySpecAccCode1: the company's level-1 codes,
// the company named by CompanyCode, else by the cost centre, else by the
// business range, else the caller's.
type SpecialAccountQuery struct {
	CompanyCode, CostCenter, BizRang, SearchTxt string
	Caller                                      Caller
}

// SpecialAccounts answers querySpecAccCode1: the level-1 codes of the
// company and those of every company.
func (s *Service) SpecialAccounts(ctx context.Context, q SpecialAccountQuery, lang string) ([]Option, error) {
	text, err := searchText(q.SearchTxt)
	if err != nil {
		return nil, err
	}
	company, err := s.specialAccountCompany(ctx, q)
	if err != nil {
		return nil, err
	}
	return s.specialAccounts(ctx, masterdata.SpecialAccountFilter{Text: text, Level: 1, Company: company}, lang)
}

// specialAccountCompany is the company a querySpecAccCode1 asks about.
func (s *Service) specialAccountCompany(ctx context.Context, q SpecialAccountQuery) (string, error) {
	switch {
	case q.CompanyCode != "":
		co, err := s.md.Company(ctx, q.CompanyCode)
		if err != nil {
			return "", err
		}
		if co == nil {
			return "", unknownCode("companyCode", q.CompanyCode)
		}
		return co.Code, nil
	case q.CostCenter != "":
		cc, err := s.md.CostCenter(ctx, q.CostCenter)
		if err != nil {
			return "", err
		}
		if cc == nil {
			return "", unknownCode("costCenter", q.CostCenter)
		}
		return cc.Company, nil
	case q.BizRang != "":
		br, err := s.md.BusinessRange(ctx, q.BizRang)
		if err != nil {
			return "", err
		}
		if br == nil {
			return "", unknownCode("bizRang", q.BizRang)
		}
		return br.Company, nil
	}
	return q.Caller.Company, nil
}

// SubAccounts answers querySpecAccCode2: the level-2 codes under a level-1
// code (required).
func (s *Service) SubAccounts(ctx context.Context, specAccCode1, searchTxt, lang string) ([]Option, error) {
	text, err := searchText(searchTxt)
	if err != nil {
		return nil, err
	}
	if specAccCode1 == "" {
		return nil, missingParam("specAccCode1")
	}
	parent, err := s.md.SpecialAccount(ctx, specAccCode1)
	if err != nil {
		return nil, err
	}
	if parent == nil || parent.Level != 1 {
		return nil, unknownCode("specAccCode1", specAccCode1)
	}
	return s.specialAccounts(ctx, masterdata.SpecialAccountFilter{Text: text, Level: 2, Parent: parent.Code}, lang)
}

func (s *Service) specialAccounts(ctx context.Context, f masterdata.SpecialAccountFilter, lang string) ([]Option, error) {
	f.Limit = SearchLimit
	list, err := s.md.SearchSpecialAccounts(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]Option, 0, len(list))
	for _, a := range list {
		out = append(out, specialAccountOption(a, lang))
	}
	return out, nil
}
