package searchhelp

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"unicode/utf8"

	"formwork/engine"
	"formwork/masterdata"
)

// Where a dictionary's options come from, in this order: an enumeration of
// the catalogue (engine Catalogue.Enums: what the engine checks a field
// against, so the dropdown offers exactly that), a master-data kind, a
// master-data type of the catalogue open to everyone (its active records:
// key, display name), or the named codes (masterdata.DictionaryEntry).
// Options come by code (employees by employee id); an enumeration keeps
// its catalogue order.
// Dictionaries are answered whole: the spec pages neither /rest/dic/list
// nor /rest/dic/children, and the web keeps the lists to name codes.

// Bounds of one dictionary request: how many ids, and how long each.
const (
	MaxDictionaryIDs      = 100
	MaxDictionaryIDLength = 60
)

// masterDictionary lists the options of a master-data kind.
type masterDictionary func(s *Service, ctx context.Context, lang string) ([]Option, error)

// masterDictionaries are the options of each master-data kind; docs/api.md
// gives each one's attributes.
var masterDictionaries = map[masterdata.Kind]masterDictionary{
	masterdata.KindSetOfBooks: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.SetsOfBooks(ctx))(func(r masterdata.SetOfBooks) Option { return Opt(r.Code, r.Name.In(lang), r.Currency) })
	},
	masterdata.KindCompany: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		cat := s.cat.Catalogue()
		return options(s.md.Companies(ctx))(func(r masterdata.Company) Option {
			return Opt(r.Code, r.Name.In(lang), r.Sob, r.Currency, r.TaxNo, cat.EditionFor(r.Code, r.Sob), r.City)
		})
	},
	masterdata.KindDepartment: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.Departments(ctx))(func(r masterdata.Department) Option {
			return Opt(r.Code, r.Name.In(lang), r.Company, r.Parent, r.CostCenter)
		})
	},
	masterdata.KindCostCenter: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.CostCenters(ctx))(func(r masterdata.CostCenter) Option {
			return Opt(r.Code, r.Name.In(lang), r.Company, r.Department, r.ProfitCenter)
		})
	},
	masterdata.KindProfitCenter: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.ProfitCenters(ctx))(func(r masterdata.ProfitCenter) Option { return Opt(r.Code, r.Name.In(lang), r.Company) })
	},
	masterdata.KindBusinessRange: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.BusinessRanges(ctx))(func(r masterdata.BusinessRange) Option { return Opt(r.Code, r.Name.In(lang), r.Company) })
	},
	masterdata.KindEmployee: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		list, err := s.md.Employees(ctx)
		if err != nil {
			return nil, err
		}
		return s.employeeOptions(ctx, list, lang)
	},
	masterdata.KindVendor: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		banks, err := s.bankNames(ctx, lang)
		if err != nil {
			return nil, err
		}
		return options(s.md.Vendors(ctx))(func(r masterdata.Vendor) Option { return partnerOption(r.BusinessPartner, banks, lang) })
	},
	masterdata.KindCustomer: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		banks, err := s.bankNames(ctx, lang)
		if err != nil {
			return nil, err
		}
		return options(s.md.Customers(ctx))(func(r masterdata.Customer) Option { return partnerOption(r.BusinessPartner, banks, lang) })
	},
	masterdata.KindBank: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.Banks(ctx))(func(r masterdata.Bank) Option {
			return Opt(r.Cnaps, r.Name.In(lang), r.BankCode, r.BankName.In(lang), r.City)
		})
	},
	// the no-project entry first: the record of code 0 (named, no
	// attributes), or the spec's entry when the master data has none
	masterdata.KindProject: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		noProject := Opt(masterdata.NoProjectCode, masterdata.NoProject.In(lang))
		list, err := options(s.md.Projects(ctx))(func(r masterdata.Project) Option {
			if r.Code == masterdata.NoProjectCode {
				noProject = Opt(r.Code, r.Name.In(lang))
			}
			return Opt(r.Code, r.Name.In(lang), r.Company, r.Status)
		})
		if err != nil {
			return nil, err
		}
		list = slices.DeleteFunc(list, func(o Option) bool { return o.Key == masterdata.NoProjectCode })
		return append([]Option{noProject}, list...), nil
	},
	masterdata.KindSpecialAccount: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.SpecialAccounts(ctx, 1))(func(r masterdata.SpecialAccount) Option { return specialAccountOption(r, lang) })
	},
	masterdata.KindSubAccount: func(s *Service, ctx context.Context, lang string) ([]Option, error) {
		return options(s.md.SpecialAccounts(ctx, 2))(func(r masterdata.SpecialAccount) Option { return specialAccountOption(r, lang) })
	},
}

// options turns the records a read returned into options, one each.
func options[T any](list []T, err error) func(toOption func(T) Option) ([]Option, error) {
	return func(toOption func(T) Option) ([]Option, error) {
		if err != nil {
			return nil, err
		}
		out := make([]Option, 0, len(list))
		for _, r := range list {
			out = append(out, toOption(r))
		}
		return out, nil
	}
}

// partnerOption is a vendor or customer: attr1 tax number, attr2 bank
// (CNAPS code), attr3 the bank's name, attr4 account, attr5 account name,
// attr6 company.
func partnerOption(r masterdata.BusinessPartner, banks map[string]string, lang string) Option {
	return Opt(r.Code, r.Name.In(lang), r.TaxNo, r.Bank, banks[r.Bank], r.Account, r.AccountName, r.Company)
}

// bankNames maps CNAPS codes to the branch's name.
func (s *Service) bankNames(ctx context.Context, lang string) (map[string]string, error) {
	banks, err := s.md.Banks(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(banks))
	for _, b := range banks {
		out[b.Cnaps] = b.Name.In(lang)
	}
	return out, nil
}

// enumOptions are an enumeration's values: key, value the label.
func enumOptions(e *engine.Enum, lang string) []Option {
	out := make([]Option, 0, len(e.Values))
	for _, v := range e.Values {
		out = append(out, Opt(v.Key, v.Label.In(lang)))
	}
	return out
}

// CheckDictionaryIDs refuses a dictionary request of more than
// MaxDictionaryIDs ids or with an id longer than MaxDictionaryIDLength
// (EINVALID, the path [i] naming the id).
func CheckDictionaryIDs(ids []string) error {
	if len(ids) > MaxDictionaryIDs {
		return refusal(engine.EINVALID, "", engine.Text{
			"zh": fmt.Sprintf("一次最多查询%d个字典", MaxDictionaryIDs),
			"en": fmt.Sprintf("ask for at most %d dictionaries at once", MaxDictionaryIDs),
			"th": fmt.Sprintf("ขอพจนานุกรมได้ครั้งละไม่เกิน %d รายการ", MaxDictionaryIDs)})
	}
	for i, id := range ids {
		if utf8.RuneCountInString(id) > MaxDictionaryIDLength {
			return refusal(engine.EINVALID, fmt.Sprintf("[%d]", i), engine.Text{
				"zh": fmt.Sprintf("字典编号最多%d个字符", MaxDictionaryIDLength),
				"en": fmt.Sprintf("a dictionary id has at most %d characters", MaxDictionaryIDLength),
				"th": fmt.Sprintf("รหัสพจนานุกรมยาวได้ไม่เกิน %d ตัวอักษร", MaxDictionaryIDLength)})
		}
	}
	return nil
}

// Dictionaries answers the options of each dictionary id (CheckDictionaryIDs
// first), whole, and an empty list for an id that is no dictionary.
func (s *Service) Dictionaries(ctx context.Context, ids []string, lang string) (map[string][]Option, error) {
	if err := CheckDictionaryIDs(ids); err != nil {
		return nil, err
	}
	out := make(map[string][]Option, len(ids))
	var named []string
	enums := s.cat.Catalogue().Enums
	for _, id := range ids {
		if _, done := out[id]; done {
			continue
		}
		kind, master := masterdata.KindOf(id)
		switch {
		case enums[id] != nil:
			out[id] = enumOptions(enums[id], lang)
		case master:
			list, err := masterDictionaries[kind](s, ctx, lang)
			if err != nil {
				return nil, err
			}
			out[id] = list
		default:
			choices, isType, err := s.md.Choices(ctx, id)
			if err != nil {
				return nil, err
			}
			out[id] = []Option{}
			if !isType {
				named = append(named, id)
			}
			for _, c := range choices {
				out[id] = append(out[id], Opt(c.Key, c.Name.In(lang)))
			}
		}
	}
	codes, err := s.md.NamedCodes(ctx, named...)
	if err != nil {
		return nil, err
	}
	for _, id := range named {
		keys := make([]string, 0, len(codes[id]))
		for code := range codes[id] {
			keys = append(keys, code)
		}
		sort.Strings(keys)
		for _, code := range keys {
			out[id] = append(out[id], Opt(code, codes[id][code].In(lang)))
		}
	}
	return out, nil
}
