// Command receiptpng writes to standard output a photographed receipt (PNG,
// invoices/testimages.ReceiptPNG) carrying a fapiao QR code with the payload
// given as its one argument, for the browser tests (web/e2e/invoices.e2e.mjs):
//
//	go run ./tools/receiptpng '01,32,,24442000000012345678,106.00,20261124,,7C1E,'
package main

import (
	"fmt"
	"io"
	"os"

	"formwork/invoices"
	"formwork/invoices/testimages"
)

func main() {
	if err := run(os.Stdout, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "receiptpng:", err)
		os.Exit(1)
	}
}

func run(out io.Writer, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: receiptpng <fapiao QR payload>")
	}
	// the payload must read as a fapiao's, else the picture tests nothing
	if _, err := invoices.ParseQR(args[0]); err != nil {
		return err
	}
	png, err := testimages.ReceiptPNG(args[0])
	if err != nil {
		return err
	}
	_, err = out.Write(png)
	return err
}
