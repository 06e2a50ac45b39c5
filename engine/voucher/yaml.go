package voucher

import (
	"reflect"

	"formwork/engine/model"
)

// The shape of a voucher rule file, for its JSON Schema (the loader reads
// the YAML nodes itself, to point at each value's line and column).
type rulesYAML struct {
	DocType      string        `yaml:"docType" doc:"the document type; the file is named <docType>.yaml"`
	DocTypes     []string      `yaml:"docTypes" doc:"the document types one file serves (instead of docType): CODE of the edition, or edition/CODE"`
	Edition      string        `yaml:"edition" doc:"the edition of the types named; default: the catalogue's default edition"`
	None         []noneYAML    `yaml:"none" doc:"in a file of its own: document types that make no voucher, each with its reason"`
	Title        model.Text    `yaml:"title"`
	Currency     valueYAML     `yaml:"currency" doc:"a path (head.currency) or a code; default CNY"`
	ExchangeRate valueYAML     `yaml:"exchangeRate" doc:"a path (head.exchangeRate); default 1"`
	Vouchers     []variantYAML `yaml:"vouchers" doc:"the vouchers by sub-type: the first whose subTypes hold business type 2, else 1, else one without subTypes"`
}

type noneYAML struct {
	Reason   model.Text `yaml:"reason" doc:"why the types make no voucher (zh, en, th)"`
	Edition  string     `yaml:"edition"`
	DocTypes []string   `yaml:"docTypes"`
}

type variantYAML struct {
	SubTypes []string   `yaml:"subTypes" doc:"business types (level 1 or 2) it applies to; none: every one"`
	Lines    []lineYAML `yaml:"lines"`
}

type lineYAML struct {
	For           string    `yaml:"for" doc:"a table: one line per row (rows flagged D left out)"`
	Bschl         valueYAML `yaml:"bschl" doc:"posting key: a code of master data postingKey (its side makes the line a debit or a credit), a path, or {record, key, field}"`
	Account       valueYAML `yaml:"account" doc:"G/L account: a code of master data glAccount, a path, or {record: costType, key: row.costType, field: glAccount}"`
	Amount        valueYAML `yaml:"amount" doc:"a money path (head.x, row.x, table.x); none on the balancing line"`
	Minus         valueYAML `yaml:"minus" doc:"a money path subtracted from amount"`
	CostCenter    valueYAML `yaml:"costCenter"`
	ProfitCenter  valueYAML `yaml:"profitCenter"`
	InternalOrder valueYAML `yaml:"internalOrder"`
	Supplier      valueYAML `yaml:"supplier"`
	Customer      valueYAML `yaml:"customer"`
	Text          valueYAML `yaml:"text"`
	When          valueYAML `yaml:"when" doc:"the line is made only where this value is true, e.g. {record: invoiceType, key: row.invoiceType, field: deductible}"`
	Unless        valueYAML `yaml:"unless" doc:"the line is made only where this value is not true"`
	Balance       bool      `yaml:"balance" doc:"the one line that takes what makes the voucher balance (payable, receivable or bank)"`
	Editable      []string  `yaml:"editable" doc:"what finance may change in action fssc: account, bschl, costCenter, profitCenter, internalOrder, supplier, customer, text"`
}

// valueYAML is a value: a code, a path, or a master-data lookup.
type valueYAML struct{}

// lookupYAML is a field of the master-data record whose key is a path.
type lookupYAML struct {
	Record string `yaml:"record" doc:"the master-data type (costType, ...)"`
	Key    string `yaml:"key" doc:"a path holding the record's key (row.costType)"`
	Field  string `yaml:"field" doc:"the record's field (glAccount)"`
}

// SchemaAs: a value is text (a code or a path) or a lookup.
func (valueYAML) SchemaAs() []any { return []any{"", lookupYAML{}} }

// YAMLType is the Go type a voucher rule file's JSON Schema
// (schemas/_jsonschema/voucher.schema.json) is written from.
func YAMLType() reflect.Type { return reflect.TypeOf(rulesYAML{}) }
