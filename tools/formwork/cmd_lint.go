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

	"formwork/engine"
	"formwork/seeding"
)

const lintUsage = "usage: formwork lint [--format text|json|sarif] [--release] [--coverage] [--require-languages] [DIR]"

type lintOptions struct {
	format           string
	release          bool
	coverage         bool
	requireLanguages bool
	dir              string
}

func parseLint(args []string) (lintOptions, bool) {
	var o lintOptions
	fl := flag.NewFlagSet("lint", flag.ContinueOnError)
	fl.StringVar(&o.format, "format", "text", "text, json or sarif")
	fl.BoolVar(&o.release, "release", false, "record the live catalogue as released: write snapshots and the lock file")
	fl.BoolVar(&o.coverage, "coverage", false, "report per module how many types have their spec-stated fields and rules, and every text that lacks a language")
	fl.BoolVar(&o.requireLanguages, "require-languages", false, "fail on any live catalogue text that lacks zh, en or th")
	if err := fl.Parse(args); err != nil {
		return o, false
	}
	if fl.NArg() > 1 || (o.format != "text" && o.format != "json" && o.format != "sarif") {
		fmt.Fprintln(os.Stderr, lintUsage)
		return o, false
	}
	o.dir = "."
	if fl.NArg() == 1 {
		o.dir = fl.Arg(0)
	}
	return o, true
}

// runLint loads and reviews the catalogue of DIR and prints its problems:
// exit 0 when there are none but notes, 1 when there are, 2 when it cannot
// run. Nothing in the catalogue makes it panic; should it, the panic is
// reported as an internal error (exit 2), never a crash.
func runLint(args []string) (code int) {
	defer recoverCommand("lint", &code)
	o, ok := parseLint(args)
	if !ok {
		return exitUsage
	}
	if _, err := os.Stat(filepath.Join(o.dir, "schemas")); err != nil {
		fmt.Fprintf(os.Stderr, "formwork lint: %s has no schemas/ folder\n", o.dir)
		return exitUsage
	}
	fsys := os.DirFS(o.dir)
	cat, problems, code := lintCatalogue(o, fsys)
	if code != exitOK {
		return code
	}
	problems = append(problems, lintLifecycle(fsys)...)
	problems = append(problems, lintSeeds(fsys, cat)...)
	problems = append(problems, lintReports(fsys)...)
	problems = append(problems, lintAdvances(fsys, cat)...)
	problems = append(problems, lintVouchers(fsys, cat)...)
	if o.requireLanguages {
		problems = append(problems, engine.MissingLanguages(fsys, "error")...)
	}
	printProblems(o.format, problems, cat)
	if o.coverage && cat != nil {
		printCoverage(os.Stderr, cat, fsys)
	}
	if o.coverage {
		printLanguages(os.Stderr, fsys)
	}
	if countFindings(problems) > 0 {
		return exitInvalid
	}
	return exitOK
}

// recoverCommand turns a panic of a command into an internal error and exit 2.
func recoverCommand(name string, code *int) {
	if r := recover(); r != nil {
		fmt.Fprintf(os.Stderr, "formwork %s: internal error (please report it): %v\n", name, r)
		*code = exitUsage
	}
}

// lintCatalogue loads the catalogue (and with --release records it) and
// returns it with its problems: load errors, or the review of its versions.
func lintCatalogue(o lintOptions, fsys fs.FS) (*engine.Catalogue, []engine.Problem, int) {
	cat, err := engine.Load(fsys)
	var le *engine.LoadError
	switch {
	case errors.As(err, &le):
		return nil, le.Problems, exitOK
	case err != nil:
		fmt.Fprintln(os.Stderr, "formwork lint:", err)
		return nil, nil, exitUsage
	}
	lock, err := engine.ReadLock(fsys)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork lint:", err)
		return nil, nil, exitUsage
	}
	if o.release {
		var refused []engine.Problem
		var code int
		cat, lock, refused, code = release(o.dir, fsys, cat, lock)
		if refused != nil || code != exitOK {
			return cat, refused, code
		}
	}
	return cat, cat.Review(fsys, lock), exitOK
}

// release writes the snapshots and the lock of a release and loads the
// released catalogue back; refused lists what stops the release.
func release(dir string, fsys fs.FS, cat *engine.Catalogue, lock engine.Lock) (*engine.Catalogue, engine.Lock, []engine.Problem, int) {
	files, next, refused := cat.Release(fsys, lock)
	if refused != nil {
		return cat, lock, refused, exitOK
	}
	for p, b := range files {
		if err := writeFile(filepath.Join(dir, p), b); err != nil {
			fmt.Fprintln(os.Stderr, "formwork lint --release:", err)
			return nil, nil, nil, exitUsage
		}
		fmt.Fprintf(os.Stderr, "released %s\n", p)
	}
	if err := writeFile(filepath.Join(dir, engine.LockFile), next.JSON()); err != nil {
		fmt.Fprintln(os.Stderr, "formwork lint --release:", err)
		return nil, nil, nil, exitUsage
	}
	cat, err := engine.Load(os.DirFS(dir))
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork lint --release: the released catalogue does not load:", err)
		return nil, nil, nil, exitInvalid
	}
	lock, _ = engine.ReadLock(fsys)
	return cat, lock, nil, exitOK
}

// lintSeeds checks the seeds folder, when DIR has one, against the
// catalogue's menu map (seeding.Lint): menu codes that map to nothing,
// approvers without the to-do list.
func lintSeeds(fsys fs.FS, cat *engine.Catalogue) []engine.Problem {
	seeds, err := fs.Sub(fsys, "seeds")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(seeds, "menus.yaml"); err != nil {
		return nil
	}
	var menu *engine.Menu
	if cat != nil {
		menu = cat.Menu
	}
	return seeding.Lint(seeds, menu)
}

// lintLifecycle checks the lifecycle file, when the catalogue has one.
func lintLifecycle(fsys fs.FS) []engine.Problem {
	if _, err := fs.Stat(fsys, engine.LifecycleFile); err != nil {
		return nil
	}
	_, err := engine.LoadLifecycle(fsys)
	var le *engine.LoadError
	switch {
	case errors.As(err, &le):
		return le.Problems
	case err != nil:
		return []engine.Problem{{File: engine.LifecycleFile, Rule: "lifecycle", Severity: "error", Message: err.Error()}}
	}
	return nil
}

// lintAdvances checks the advance types (schemas/_advances.yaml), when
// the catalogue loaded and has them, against its document types.
func lintAdvances(fsys fs.FS, cat *engine.Catalogue) []engine.Problem {
	if cat == nil {
		return nil
	}
	if _, err := fs.Stat(fsys, engine.AdvancesFile); err != nil {
		return nil
	}
	_, err := engine.LoadAdvanceBook(fsys, cat)
	var le *engine.LoadError
	switch {
	case errors.As(err, &le):
		return le.Problems
	case err != nil:
		return []engine.Problem{{File: engine.AdvancesFile, Rule: "advances", Severity: "error", Message: err.Error()}}
	}
	return nil
}

// lintReports checks the report definitions (schemas/_reports): errors,
// and a note for each report waiting for a source.
func lintReports(fsys fs.FS) []engine.Problem {
	_, notes, err := engine.LoadReports(fsys)
	var le *engine.LoadError
	switch {
	case errors.As(err, &le):
		return le.Problems
	case err != nil:
		return []engine.Problem{{File: engine.ReportsDir, Rule: "report", Severity: "error", Message: err.Error()}}
	}
	return notes
}

func printProblems(format string, problems []engine.Problem, cat *engine.Catalogue) {
	switch format {
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
			fmt.Printf("%d document types, %d master-data types, no problems\n", len(cat.DocTypes()), len(cat.MasterDataTypes()))
		} else {
			fmt.Printf("%d problem(s)\n", n)
		}
	}
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
	without := cat.WithoutTotals()
	fmt.Fprintf(w, "types with lines and no derived total (the head amount entered; the type's YAML says why): %d\n", len(without))
	for _, t := range without {
		fmt.Fprintf(w, "  no derived total: %s\n", t)
	}
	printVoucherCoverage(w, cat, fsys)
}

// printLanguages names every live catalogue text that lacks one of the
// languages, with its place.
func printLanguages(w io.Writer, fsys fs.FS) {
	missing := engine.MissingLanguages(fsys, "warning")
	fmt.Fprintf(w, "texts that lack a language (zh, en, th): %d\n", len(missing))
	for _, p := range missing {
		fmt.Fprintf(w, "  %s:%d:%d: %s\n", p.File, p.Line, p.Column, p.Message)
	}
}
