package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"formwork/engine"
)

const checkUsage = "usage: formwork check --doc FILE [--edition E] [--action A] [--format text|json] [--lang zh|en|th]"

type checkOptions struct {
	doc, edition, action, format, lang, catDir string
}

func parseCheck(args []string) (checkOptions, bool) {
	var o checkOptions
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.StringVar(&o.doc, "doc", "", "document JSON file (- for standard input)")
	fl.StringVar(&o.edition, "edition", "", "check the document as a type of this edition (default: the edition of its head's companyCode and sob)")
	fl.StringVar(&o.action, "action", "new", "action mode")
	fl.StringVar(&o.format, "format", "text", "text or json (the check result)")
	fl.StringVar(&o.lang, "lang", "zh", "language of messages")
	fl.StringVar(&o.catDir, "catalogue", "", "catalogue directory (default: built in)")
	if err := fl.Parse(args); err != nil {
		return o, false
	}
	if o.doc == "" || fl.NArg() > 0 || (o.format != "text" && o.format != "json") {
		fmt.Fprintln(os.Stderr, checkUsage)
		return o, false
	}
	return o, true
}

// runCheck checks a document as the server does before saving it: exit 0
// valid, 1 invalid, 2 unreadable (or bad usage).
func runCheck(args []string) (code int) {
	defer recoverCommand("check", &code)
	o, ok := parseCheck(args)
	if !ok {
		return exitUsage
	}
	var raw []byte
	var err error
	if o.doc == "-" {
		raw, err = readAll(os.Stdin)
	} else {
		raw, err = os.ReadFile(o.doc)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork check:", err)
		return exitUsage
	}
	cat, ok := loadCatalogue(o.catDir)
	if !ok {
		return exitUsage
	}
	if cat.Modes[o.action] == nil {
		fmt.Fprintf(os.Stderr, "formwork check: unknown action %q\n", o.action)
		return exitUsage
	}
	doc, structural, err := decodeFor(cat, o.edition, raw)
	if err != nil {
		fmt.Fprintf(os.Stderr, "formwork check: %s: %v\n", o.doc, err)
		return exitUsage
	}
	res := engine.Check(doc, structural, engine.Options{Action: o.action})
	printCheck(o, doc, res)
	if !res.Valid {
		return exitInvalid
	}
	return exitOK
}

// decodeFor decodes the document in the edition given, or in its head's.
func decodeFor(cat *engine.Catalogue, edition string, raw []byte) (*engine.Document, []engine.Finding, error) {
	if edition == "" {
		return engine.Decode(cat, raw)
	}
	ed, err := editionOf(cat, edition)
	if err != nil {
		return nil, nil, err
	}
	return engine.DecodeIn(cat, ed, raw)
}

func printCheck(o checkOptions, doc *engine.Document, res engine.CheckResult) {
	l := engine.Lang(o.lang)
	if o.format == "json" {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(res.View(l))
		return
	}
	for _, f := range res.Errors {
		fmt.Printf("%s\t%s\t%s\t%s\n", f.Severity, f.Path, f.Rule, f.Message.In(l))
	}
	if res.Valid {
		fmt.Printf("%s: valid (%s v%d, edition %s)\n", o.doc, res.DocType, res.SchemaVersion, doc.Type.Edition)
	} else {
		fmt.Printf("%s: invalid, %d finding(s) (%s v%d, edition %s)\n", o.doc, len(res.Errors), res.DocType, res.SchemaVersion, doc.Type.Edition)
	}
}
