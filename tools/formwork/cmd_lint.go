package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"formwork/engine"
)

func runLint(args []string) int {
	fl := flag.NewFlagSet("lint", flag.ContinueOnError)
	format := fl.String("format", "text", "text or json")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if fl.NArg() > 1 || (*format != "text" && *format != "json") {
		fmt.Fprintln(os.Stderr, "usage: formwork lint [--format text|json] [DIR]")
		return exitUsage
	}
	dir := "."
	if fl.NArg() == 1 {
		dir = fl.Arg(0)
	}
	if _, err := os.Stat(dir + "/schemas"); err != nil {
		fmt.Fprintf(os.Stderr, "formwork lint: %s has no schemas/ folder\n", dir)
		return exitUsage
	}
	cat, err := engine.Load(os.DirFS(dir))
	var problems []engine.Problem
	var le *engine.LoadError
	if errors.As(err, &le) {
		problems = le.Problems
	} else if err != nil {
		fmt.Fprintln(os.Stderr, "formwork lint:", err)
		return exitUsage
	}
	if *format == "json" {
		if problems == nil {
			problems = []engine.Problem{}
		}
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(problems)
	} else {
		for _, p := range problems {
			fmt.Println(p.String())
		}
		if len(problems) == 0 {
			fmt.Printf("%d document types, no problems\n", len(cat.DocTypes()))
		} else {
			fmt.Printf("%d problem(s)\n", len(problems))
		}
	}
	if len(problems) > 0 {
		return exitInvalid
	}
	return exitOK
}
