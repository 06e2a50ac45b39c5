package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
)

func runExport(args []string) int {
	fl := flag.NewFlagSet("export", flag.ContinueOnError)
	docType := fl.String("docType", "", "document type, e.g. EX02")
	subType := fl.String("subType", "", "sub-type: A01 or A01.A0101")
	action := fl.String("action", "new", "action mode")
	lang := fl.String("lang", "zh", "language of titles")
	catDir := fl.String("catalogue", "", "catalogue directory (default: built in)")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if *docType == "" {
		fmt.Fprintln(os.Stderr, "usage: formwork export --docType X [--subType Y] [--action A]")
		return exitUsage
	}
	cat, ok := loadCatalogue(*catDir)
	if !ok {
		return exitUsage
	}
	d := cat.DocType(*docType)
	if d == nil {
		fmt.Fprintf(os.Stderr, "formwork export: unknown docType %q\n", *docType)
		return exitUsage
	}
	form, err := d.Export(*subType, *action, *lang)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork export:", err)
		return exitUsage
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(form)
	return exitOK
}

func readAll(r io.Reader) ([]byte, error) { return io.ReadAll(r) }
