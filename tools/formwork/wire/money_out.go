package wire

import (
	"formwork"
	"formwork/adapters/outboundhttp"
	"formwork/adapters/sqldb/pushlogdb"
	"formwork/adapters/sqldb/voucherdb"
	"formwork/engine"
	"formwork/outbound"
	"formwork/taxes"
	"formwork/vouchers"
)

// OutboundConfig is where formwork posts vouchers and pushes taxes, and
// how it calls them. An empty URL refuses that system's calls (serve
// points them at the simulators unless real endpoints are configured).
type OutboundConfig struct {
	AccountingURL string
	TaxURL        string
	TaxUsername   string
	TaxPassword   string
	// Policy is the timeout and retries of every call (zero: the spec's
	// 120 s, three tries).
	Policy outbound.Policy
	// Vouchers are the voucher rules; nil: those of the catalogue built
	// into the binary.
	Vouchers *engine.VoucherSet
}

// moneyOut builds the push log, the vouchers and the tax push.
func (a *App) moneyOut(cfg Config) {
	a.PushLog = outbound.NewPushLog(pushlogdb.NewStore(cfg.DB), cfg.Now)
	sender := &outbound.Sender{Transport: outboundhttp.Client{}, Log: a.PushLog.Store(), Policy: cfg.Outbound.Policy, Now: cfg.Now}
	rules := cfg.Outbound.Vouchers
	if rules == nil {
		var err error
		if rules, err = engine.LoadVouchers(formwork.Catalogue, cfg.Catalogue, nil); err != nil {
			panic("the built-in voucher rules do not load: " + err.Error())
		}
	}
	a.Vouchers = vouchers.NewService(voucherdb.NewStore(cfg.DB), a.Documents, a.MasterData, func() *engine.VoucherSet { return rules },
		vouchers.Config{AccountingURL: cfg.Outbound.AccountingURL, Sender: sender, Now: cfg.Now})
	a.Taxes = taxes.NewService(voucherdb.NewTaxStore(cfg.DB), a.Documents, taxes.Config{URL: cfg.Outbound.TaxURL,
		Username: cfg.Outbound.TaxUsername, Password: cfg.Outbound.TaxPassword, Sender: sender, Now: cfg.Now})
}
