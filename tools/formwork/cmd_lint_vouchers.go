package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"formwork/engine"
	"formwork/engine/voucher"
)

// lintVouchers checks the voucher rules (schemas/_vouchers) against the
// catalogue's document types and the accounts and posting keys of the
// master-data seeds beside it (seeds/masterdata; none: codes unchecked),
// and that every document type has voucher rules or is declared under
// none: with its reason.
func lintVouchers(fsys fs.FS, cat *engine.Catalogue) []engine.Problem {
	if cat == nil {
		return nil
	}
	md, err := voucher.SeedRecords(fsys)
	if err != nil {
		return []engine.Problem{{File: voucher.SeedDir, Rule: "voucher", Severity: "error", Message: err.Error()}}
	}
	set, err := engine.LoadVouchers(fsys, cat, md.Codes())
	var le *engine.LoadError
	switch {
	case errors.As(err, &le):
		return le.Problems
	case err != nil:
		return []engine.Problem{{File: engine.VouchersDir, Rule: "voucher", Severity: "error", Message: err.Error()}}
	}
	return voucher.Uncovered(set, cat)
}

// printVoucherCoverage counts the types with voucher rules and lists those
// declared to make none, with their reason (lint --coverage).
func printVoucherCoverage(w io.Writer, cat *engine.Catalogue, fsys fs.FS) {
	set, err := engine.LoadVouchers(fsys, cat, nil)
	if err != nil {
		fmt.Fprintf(w, "voucher rules: %v\n", err)
		return
	}
	nones := set.Nones()
	fmt.Fprintf(w, "types with voucher rules: %d; without voucher (schemas/_vouchers, none:): %d\n", len(set.DocTypes()), len(nones))
	for _, n := range nones {
		fmt.Fprintf(w, "  no voucher: %s/%s: %s\n", n.Edition, n.DocType, n.Reason["en"])
	}
}
