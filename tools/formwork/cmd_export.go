package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"formwork/engine"
)

const exportUsage = "usage: formwork export --docType X [--edition E] [--subType Y] [--action A] [--lang zh|en|th]\n       formwork export --masterData CODE [--lang zh|en|th]"

// runExport prints the form export (JSON Schema + uiSchema) of a document
// type of an edition, or of a master-data type's record: exit 0, or 2 for
// an unknown edition, type, sub-type or action.
func runExport(args []string) (code int) {
	defer recoverCommand("export", &code)
	fl := flag.NewFlagSet("export", flag.ContinueOnError)
	docType := fl.String("docType", "", "document type, e.g. EX02")
	edition := fl.String("edition", "", "edition whose type it is, e.g. travel (default: the default edition)")
	subType := fl.String("subType", "", "sub-type: A01 or A01.A0101")
	action := fl.String("action", "new", "action mode")
	lang := fl.String("lang", "zh", "language of titles")
	catDir := fl.String("catalogue", "", "catalogue directory (default: built in)")
	masterData := fl.String("masterData", "", "master-data type, e.g. department (instead of --docType)")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if (*docType == "") == (*masterData == "") || fl.NArg() > 0 {
		fmt.Fprintln(os.Stderr, exportUsage)
		return exitUsage
	}
	cat, ok := loadCatalogue(*catDir)
	if !ok {
		return exitUsage
	}
	if *masterData != "" {
		return exportMasterData(cat, *masterData, *lang)
	}
	ed, err := editionOf(cat, *edition)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork export:", err)
		return exitUsage
	}
	d := cat.DocTypeIn(ed, *docType)
	if d == nil {
		fmt.Fprintf(os.Stderr, "formwork export: unknown docType %q (edition %s)\n", *docType, ed)
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

// exportMasterData prints the JSON Schema and uiSchema of a master-data
// type's record body.
func exportMasterData(cat *engine.Catalogue, code, lang string) int {
	t := cat.MasterDataType(code)
	if t == nil {
		fmt.Fprintf(os.Stderr, "formwork export: unknown master-data type %q\n", code)
		return exitUsage
	}
	schema, ui := engine.ExportMasterData(t, lang)
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(map[string]json.RawMessage{"schema": schema, "uiSchema": ui})
	return exitOK
}

// editionOf reads an --edition flag: the edition, or the default one when
// the flag is empty; an error naming the known editions when the catalogue
// has no such edition.
func editionOf(cat *engine.Catalogue, given string) (string, error) {
	if given == "" {
		return cat.DefaultEdition, nil
	}
	if cat.Editions[given] != nil {
		return given, nil
	}
	keys := make([]string, 0, len(cat.Editions))
	for k := range cat.Editions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return "", fmt.Errorf("unknown edition %q (known: %s)", given, strings.Join(keys, ", "))
}

func readAll(r io.Reader) ([]byte, error) { return io.ReadAll(r) }
