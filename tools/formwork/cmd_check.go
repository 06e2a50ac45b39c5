package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"formwork/engine"
)

func runCheck(args []string) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	docFile := fl.String("doc", "", "document JSON file (- for standard input)")
	action := fl.String("action", "new", "action mode")
	format := fl.String("format", "text", "text or json (the check result)")
	lang := fl.String("lang", "zh", "language of messages")
	catDir := fl.String("catalogue", "", "catalogue directory (default: built in)")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if *docFile == "" || (*format != "text" && *format != "json") {
		fmt.Fprintln(os.Stderr, "usage: formwork check --doc FILE [--action A] [--format text|json]")
		return exitUsage
	}
	var raw []byte
	var err error
	if *docFile == "-" {
		raw, err = readAll(os.Stdin)
	} else {
		raw, err = os.ReadFile(*docFile)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork check:", err)
		return exitUsage
	}
	cat, ok := loadCatalogue(*catDir)
	if !ok {
		return exitUsage
	}
	if cat.Modes[*action] == nil {
		fmt.Fprintf(os.Stderr, "formwork check: unknown action %q\n", *action)
		return exitUsage
	}
	doc, structural, err := engine.Decode(cat, raw)
	if err != nil {
		fmt.Fprintf(os.Stderr, "formwork check: %s: %v\n", *docFile, err)
		return exitUsage
	}
	res := engine.Check(doc, structural, engine.Options{Action: *action})
	l := engine.Lang(*lang)
	if *format == "json" {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(res.View(l))
	} else {
		for _, f := range res.Errors {
			fmt.Printf("%s\t%s\t%s\t%s\n", f.Severity, f.Path, f.Rule, f.Message.In(l))
		}
		if res.Valid {
			fmt.Printf("%s: valid (%s v%d)\n", *docFile, res.DocType, res.SchemaVersion)
		} else {
			fmt.Printf("%s: invalid, %d finding(s)\n", *docFile, len(res.Errors))
		}
	}
	if !res.Valid {
		return exitInvalid
	}
	return exitOK
}
