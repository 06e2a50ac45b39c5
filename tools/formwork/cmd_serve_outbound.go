package main

import (
	"fmt"
	"os"

	"formwork/engine"
	"formwork/tools/formwork/wire"
)

// The outside systems serve posts to, from the environment:
//
//	FORMWORK_ACCOUNTING_URL  the accounting system (vouchers: POST <url>/accounting/post)
//	FORMWORK_TAX_URL         the tax system (POST <url>/itax/ibm/login, <url>/itax/push)
//	FORMWORK_TAX_USER, FORMWORK_TAX_PASSWORD  formwork's account there
//
// `make run` starts the simulators (`formwork simulate accounting|tax`)
// and points these at them unless they are set. A system left unset
// refuses its calls with a message saying none is configured.
func outboundFromEnv(cfg *wire.Config, catDir string) error {
	cfg.Outbound = wire.OutboundConfig{AccountingURL: os.Getenv("FORMWORK_ACCOUNTING_URL"), TaxURL: os.Getenv("FORMWORK_TAX_URL"),
		TaxUsername: os.Getenv("FORMWORK_TAX_USER"), TaxPassword: os.Getenv("FORMWORK_TAX_PASSWORD")}
	set, err := engine.LoadVouchers(catalogueFS(catDir), cfg.Catalogue, nil)
	if err != nil {
		return err
	}
	cfg.Outbound.Vouchers = set
	for name, url := range map[string]string{"accounting": cfg.Outbound.AccountingURL, "tax": cfg.Outbound.TaxURL} {
		if url == "" {
			fmt.Printf("no %s system configured: its calls are refused (see cmd_serve_outbound.go)\n", name)
		}
	}
	return nil
}
