package wire

import (
	"formwork/adapters/outboundhttp"
	"formwork/adapters/sqldb/pushlogdb"
	"formwork/invoices"
	"formwork/outbound"
)

// invoiceVerification is invoice verification over HTTP with the spec's
// policy (120 s per try, three tries) and every try in the push log.
func invoiceVerification(cfg Config) invoices.Verification {
	if cfg.InvoiceVerifyURL == "" {
		return invoices.Verification{}
	}
	return invoices.Verification{URL: cfg.InvoiceVerifyURL, Sender: &outbound.Sender{
		Transport: outboundhttp.Client{}, Log: pushlogdb.NewStore(cfg.DB), Policy: outbound.DefaultPolicy, Now: cfg.Now}}
}
