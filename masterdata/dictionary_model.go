package masterdata

import (
	"slices"

	"formwork/engine"
)

// Kind is a kind of master record, named by the id of its dictionary
// (/rest/dic/list): docs/api.md gives each one's attributes.
type Kind string

// The master-data kinds.
const (
	KindSetOfBooks     Kind = "sob"
	KindCompany        Kind = "company"
	KindDepartment     Kind = "department"
	KindCostCenter     Kind = "costCenter"
	KindProfitCenter   Kind = "profitCenter"
	KindBusinessRange  Kind = "bizRang"
	KindEmployee       Kind = "employee"
	KindVendor         Kind = "vendor"
	KindCustomer       Kind = "customer"
	KindBank           Kind = "bank"
	KindProject        Kind = "project"
	KindSpecialAccount Kind = "specAccCode1" // level 1
	KindSubAccount     Kind = "specAccCode2" // level 2
)

// Kinds lists every master-data kind, in the order of docs/api.md.
var Kinds = []Kind{KindSetOfBooks, KindCompany, KindDepartment, KindCostCenter, KindProfitCenter, KindBusinessRange,
	KindEmployee, KindVendor, KindCustomer, KindBank, KindProject, KindSpecialAccount, KindSubAccount}

// KindOf reports whether a dictionary id names a master-data kind.
func KindOf(dicID string) (Kind, bool) {
	k := Kind(dicID)
	return k, slices.Contains(Kinds, k)
}

// The codes of the master-data types the typed records are kept as
// (schemas/_masterdata/<code>.yaml; the record model's yaml tags are their
// field names). Their keys: code, but empId for employees, cnaps for banks
// and dicId/code for the dictionary's named codes.
const (
	TypeSetOfBooks     = "setOfBooks"
	TypeCompany        = "company"
	TypeDepartment     = "department"
	TypeCostCenter     = "costCenter"
	TypeProfitCenter   = "profitCenter"
	TypeBusinessRange  = "businessRange"
	TypeEmployee       = "employee"
	TypeVendor         = "vendor"
	TypeCustomer       = "customer"
	TypeBank           = "bank"
	TypeProject        = "project"
	TypeSpecialAccount = "specialAccount"
	TypeDictionary     = "dictionary"
)

// TypeOf is the master-data type a kind's records are kept as (both
// special account kinds are type specialAccount, told apart by level).
func (k Kind) TypeOf() string {
	switch k {
	case KindSetOfBooks:
		return TypeSetOfBooks
	case KindBusinessRange:
		return TypeBusinessRange
	case KindSpecialAccount, KindSubAccount:
		return TypeSpecialAccount
	}
	return string(k)
}

// Dictionary is the names of codes, by dictionary id and code.
type Dictionary map[string]map[string]engine.Text

// Name is the code's name in lang, or the code itself when the dictionary
// has none.
func (d Dictionary) Name(dic, code, lang string) string {
	if t, ok := d[dic][code]; ok {
		return t.In(lang)
	}
	return code
}

// dictionaryOf groups named codes by dictionary.
func dictionaryOf(entries []DictionaryEntry) Dictionary {
	d := Dictionary{}
	for _, e := range entries {
		if d[e.DicID] == nil {
			d[e.DicID] = map[string]engine.Text{}
		}
		d[e.DicID][e.Code] = e.Name.Text()
	}
	return d
}
