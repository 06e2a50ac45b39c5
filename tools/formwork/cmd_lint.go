package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"formwork/engine"
)

const lintUsage = "usage: formwork lint [--format text|json|sarif] [--release] [--coverage] [DIR]"

func runLint(args []string) int {
	fl := flag.NewFlagSet("lint", flag.ContinueOnError)
	format := fl.String("format", "text", "text, json or sarif")
	release := fl.Bool("release", false, "record the live catalogue as released: write snapshots and the lock file")
	coverage := fl.Bool("coverage", false, "report per module how many types have their spec-stated fields and rules")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if fl.NArg() > 1 || (*format != "text" && *format != "json" && *format != "sarif") {
		fmt.Fprintln(os.Stderr, lintUsage)
		return exitUsage
	}
	dir := "."
	if fl.NArg() == 1 {
		dir = fl.Arg(0)
	}
	if _, err := os.Stat(filepath.Join(dir, "schemas")); err != nil {
		fmt.Fprintf(os.Stderr, "formwork lint: %s has no schemas/ folder\n", dir)
		return exitUsage
	}
	fsys := os.DirFS(dir)
	cat, err := engine.Load(fsys)
	var problems []engine.Problem
	var le *engine.LoadError
	switch {
	case errors.As(err, &le):
		problems = le.Problems
	case err != nil:
		fmt.Fprintln(os.Stderr, "formwork lint:", err)
		return exitUsage
	default:
		lock, err := engine.ReadLock(fsys)
		if err != nil {
			fmt.Fprintln(os.Stderr, "formwork lint:", err)
			return exitUsage
		}
		if *release {
			files, next, refused := cat.Release(fsys, lock)
			if refused != nil {
				problems = refused
				break
			}
			for p, b := range files {
				if err := writeFile(filepath.Join(dir, p), b); err != nil {
					fmt.Fprintln(os.Stderr, "formwork lint --release:", err)
					return exitUsage
				}
				fmt.Fprintf(os.Stderr, "released %s\n", p)
			}
			if err := writeFile(filepath.Join(dir, engine.LockFile), next.JSON()); err != nil {
				fmt.Fprintln(os.Stderr, "formwork lint --release:", err)
				return exitUsage
			}
			if cat, err = engine.Load(os.DirFS(dir)); err != nil {
				fmt.Fprintln(os.Stderr, "formwork lint --release: the released catalogue does not load:", err)
				return exitInvalid
			}
			lock, _ = engine.ReadLock(fsys)
		}
		problems = cat.Review(fsys, lock)
	}
	switch *format {
	case "json":
		if problems == nil {
			problems = []engine.Problem{}
		}
		writeJSON(os.Stdout, problems)
	case "sarif":
		writeJSON(os.Stdout, sarif(problems))
	default:
		for _, p := range problems {
			fmt.Println(p.String())
		}
		if n := countFindings(problems); n == 0 && cat != nil {
			fmt.Printf("%d document types, no problems\n", len(cat.DocTypes()))
		} else {
			fmt.Printf("%d problem(s)\n", n)
		}
	}
	if *coverage && cat != nil {
		printCoverage(os.Stderr, cat, fsys)
	}
	if countFindings(problems) > 0 {
		return exitInvalid
	}
	return exitOK
}

// countFindings counts errors and warnings; notes (an unreleased version, a
// compatible change) do not fail the lint.
func countFindings(problems []engine.Problem) int {
	n := 0
	for _, p := range problems {
		if p.Severity != "note" {
			n++
		}
	}
	return n
}

func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

func printCoverage(w io.Writer, cat *engine.Catalogue, fsys fs.FS) {
	fmt.Fprintf(w, "%-12s %6s %6s %7s %6s %6s %8s\n", "module", "types", "spec", "family", "rules", "typesR", "fields")
	for _, c := range cat.CoverageReport() {
		fmt.Fprintf(w, "%-12s %6d %6d %7d %6d %6d %4d/%-4d\n", c.Module, c.DocTypes, c.SpecStated, c.FamilyDefault, c.Rules, c.WithRules, c.SpecFields, c.SpecFields+c.FamilyFields)
	}
	fmt.Fprintln(w, "spec: types whose fields the spec states; family: built from the family's groups; typesR: types with rules; fields: spec-stated/all")
	groups, _ := engine.LoadFixtures(fsys, engine.FixturesDir)
	covered := engine.Covered(groups)
	rules := map[string]bool{}
	for _, d := range cat.DocTypes() {
		for _, r := range d.Rules {
			rules[r.ID] = true
		}
	}
	var missing []string
	for r := range rules {
		if !covered[r] {
			missing = append(missing, r)
		}
	}
	sort.Strings(missing)
	fmt.Fprintf(w, "rules with fixtures (a passing and a failing case): %d of %d\n", len(rules)-len(missing), len(rules))
	for _, r := range missing {
		fmt.Fprintf(w, "  no fixtures: %s\n", r)
	}
}

// sarif renders problems as SARIF 2.1.0, for code-scanning tools.
func sarif(problems []engine.Problem) map[string]any {
	rules := map[string]bool{}
	results := []any{}
	for _, p := range problems {
		rules[p.Rule] = true
		level := p.Severity
		if level == "" {
			level = "error"
		}
		loc := map[string]any{"artifactLocation": map[string]any{"uri": p.File}}
		if p.Line > 0 {
			region := map[string]any{"startLine": p.Line, "startColumn": max(p.Column, 1)}
			if p.Snippet != "" {
				region["snippet"] = map[string]any{"text": strings.TrimSpace(p.Snippet)}
			}
			loc["region"] = region
		}
		results = append(results, map[string]any{
			"ruleId": p.Rule, "level": level, "message": map[string]any{"text": p.Message},
			"locations": []any{map[string]any{"physicalLocation": loc}},
		})
	}
	var ruleList []any
	for r := range rules {
		ruleList = append(ruleList, map[string]any{"id": r})
	}
	return map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool":    map[string]any{"driver": map[string]any{"name": "formwork lint", "informationUri": "docs/rules.md", "rules": ruleList}},
			"results": results,
		}},
	}
}
