package server

import (
	"context"
	"fmt"

	"formwork/engine"

	"gorm.io/gorm"
)

// Where a dictionary's options come from, in this order: an enumeration of
// the catalogue (engine Catalogue.Enums: what the engine checks a field
// against, so the dropdown offers exactly that), a master-data table, or
// the named codes (DictionaryEntry: users.yaml's and the master data's
// dictionaries). Options come by code (employees by employee id); an
// enumeration keeps its catalogue order.

// masterDictionary lists the options of a master-data dictionary.
type masterDictionary func(s *Server, ctx context.Context, lang string) ([]option, error)

// noProjectCode is the key of the no-project entry the project dictionary
// starts with (documents.md 7).
const noProjectCode = "0"

var noProject = engine.Text{"zh": "无项目", "en": "No project", "th": "ไม่มีโครงการ"}

// masterDictionaries are the master-data dictionaries by id; docs/api.md
// gives each one's attributes.
var masterDictionaries = map[string]masterDictionary{
	"sob": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return masterOptions(ctx, s.db, "code", func(r SetOfBooks) option { return opt(r.Code, r.Name.In(lang), r.Currency) })
	},
	"company": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		cat := s.Catalogue()
		return masterOptions(ctx, s.db, "code", func(r Company) option {
			return opt(r.Code, r.Name.In(lang), r.Sob, r.Currency, r.TaxNo, cat.EditionFor(r.Code, r.Sob), r.City)
		})
	},
	"department": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return masterOptions(ctx, s.db, "code", func(r Department) option {
			return opt(r.Code, r.Name.In(lang), r.Company, r.Parent, r.CostCenter)
		})
	},
	"costCenter": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return masterOptions(ctx, s.db, "code", func(r CostCenter) option {
			return opt(r.Code, r.Name.In(lang), r.Company, r.Department, r.ProfitCenter)
		})
	},
	"profitCenter": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return masterOptions(ctx, s.db, "code", func(r ProfitCenter) option { return opt(r.Code, r.Name.In(lang), r.Company) })
	},
	"bizRang": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return masterOptions(ctx, s.db, "code", func(r BusinessRange) option { return opt(r.Code, r.Name.In(lang), r.Company) })
	},
	"employee": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		var list []Employee
		if err := s.db.WithContext(ctx).Order("emp_id").Find(&list).Error; err != nil {
			return nil, fmt.Errorf("load employees: %w", err)
		}
		return s.employeeOptions(ctx, list, lang)
	},
	"vendor": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		banks, err := bankNames(ctx, s.db, lang)
		if err != nil {
			return nil, err
		}
		return masterOptions(ctx, s.db, "code", func(r Vendor) option {
			return opt(r.Code, r.Name.In(lang), r.TaxNo, r.Bank, banks[r.Bank], r.Account, r.AccountName, r.Company)
		})
	},
	"customer": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		banks, err := bankNames(ctx, s.db, lang)
		if err != nil {
			return nil, err
		}
		return masterOptions(ctx, s.db, "code", func(r Customer) option {
			return opt(r.Code, r.Name.In(lang), r.TaxNo, r.Bank, banks[r.Bank], r.Account, r.AccountName, r.Company)
		})
	},
	"bank": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return masterOptions(ctx, s.db, "cnaps", func(r Bank) option {
			return opt(r.Cnaps, r.Name.In(lang), r.BankCode, r.BankName.In(lang), r.City)
		})
	},
	"project": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		list, err := masterOptions(ctx, s.db, "code", func(r Project) option { return opt(r.Code, r.Name.In(lang), r.Company, r.Status) })
		if err != nil {
			return nil, err
		}
		return append([]option{opt(noProjectCode, noProject.In(lang))}, list...), nil
	},
	"specAccCode1": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return specialAccountOptions(ctx, s.db, 1, lang)
	},
	"specAccCode2": func(s *Server, ctx context.Context, lang string) ([]option, error) {
		return specialAccountOptions(ctx, s.db, 2, lang)
	},
}

// masterOptions loads every record of a kind, ordered by orderBy, as
// options.
func masterOptions[T any](ctx context.Context, db *gorm.DB, orderBy string, toOption func(T) option) ([]option, error) {
	var list []T
	if err := db.WithContext(ctx).Order(orderBy).Find(&list).Error; err != nil {
		return nil, fmt.Errorf("load master data: %w", err)
	}
	out := make([]option, 0, len(list))
	for _, r := range list {
		out = append(out, toOption(r))
	}
	return out, nil
}

func specialAccountOptions(ctx context.Context, db *gorm.DB, level int, lang string) ([]option, error) {
	var list []SpecialAccount
	if err := db.WithContext(ctx).Where("level = ?", level).Order("code").Find(&list).Error; err != nil {
		return nil, fmt.Errorf("load special account codes: %w", err)
	}
	out := make([]option, 0, len(list))
	for _, a := range list {
		out = append(out, specialAccountOption(a, lang))
	}
	return out, nil
}

// bankNames maps CNAPS codes to the branch's name.
func bankNames(ctx context.Context, db *gorm.DB, lang string) (map[string]string, error) {
	var banks []Bank
	if err := db.WithContext(ctx).Find(&banks).Error; err != nil {
		return nil, fmt.Errorf("load banks: %w", err)
	}
	out := make(map[string]string, len(banks))
	for _, b := range banks {
		out[b.Cnaps] = b.Name.In(lang)
	}
	return out, nil
}

// enumOptions are an enumeration's values: key, value the label.
func enumOptions(e *engine.Enum, lang string) []option {
	out := make([]option, 0, len(e.Values))
	for _, v := range e.Values {
		out = append(out, opt(v.Key, v.Label.In(lang)))
	}
	return out
}

// dictionaries answers the options of each dictionary id, and an empty list
// for an id that is no dictionary.
func (s *Server) dictionaries(ctx context.Context, ids []string, lang string) (map[string][]option, error) {
	out := make(map[string][]option, len(ids))
	var named []string
	enums := s.Catalogue().Enums
	for _, id := range ids {
		if _, done := out[id]; done {
			continue
		}
		switch {
		case enums[id] != nil:
			out[id] = enumOptions(enums[id], lang)
		case masterDictionaries[id] != nil:
			list, err := masterDictionaries[id](s, ctx, lang)
			if err != nil {
				return nil, err
			}
			out[id] = list
		default:
			out[id] = []option{}
			named = append(named, id)
		}
	}
	if len(named) == 0 {
		return out, nil
	}
	codes, err := s.namedCodes(ctx, named...)
	if err != nil {
		return nil, err
	}
	for _, id := range named {
		for _, code := range sortedKeys(codes[id]) {
			out[id] = append(out[id], opt(code, codes[id][code].In(lang)))
		}
	}
	return out, nil
}
