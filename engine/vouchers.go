package engine

import (
	"io/fs"

	"formwork/engine/voucher"
)

// VoucherRules are a document type's voucher rules (schemas/_vouchers,
// see package engine/voucher); VoucherSet those of a catalogue.
type (
	VoucherRules  = voucher.Rules
	VoucherSet    = voucher.Set
	Voucher       = voucher.Voucher
	VoucherLine   = voucher.VoucherLine
	VoucherCodes  = voucher.Codes
	VoucherLookup = voucher.Records
)

// VouchersDir holds the voucher rule files.
const VouchersDir = voucher.Dir

// LoadVouchers reads and lints the voucher rules of fsys against the
// document types of c and, when codes is not nil, the accounts and
// posting keys of master data: an error is a *LoadError listing the
// problems at file:line:col.
func LoadVouchers(fsys fs.FS, c *Catalogue, codes VoucherCodes) (*VoucherSet, error) {
	return voucher.Load(fsys, c, codes)
}

// GenerateVoucher makes doc's voucher by its type's rules (see
// voucher.Generate for what it refuses).
func GenerateVoucher(r *VoucherRules, doc *Document, md VoucherLookup) (*Voucher, error) {
	return voucher.Generate(r, doc, md)
}
