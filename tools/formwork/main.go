// Command formwork is the one binary of formwork: it serves the portal,
// lints the catalogue, checks documents and exports form schemas.
package main

import (
	"fmt"
	"io/fs"
	"os"

	"formwork"
	"formwork/engine"
)

const usage = `formwork: metadata-driven forms for the finance shared-service portal

usage:
  formwork serve  [--http ADDR] [--dir DATA] [--catalogue DIR] [--dev]
  formwork lint   [--format text|json|sarif] [--release] [--coverage] [--require-languages] [DIR]
  formwork replay [--format text|json|junit] [--run REGEX] [DIR]
  formwork check  --doc FILE [--edition E] [--action A] [--format text|json] [--lang zh|en|th] [--catalogue DIR]
  formwork export --docType X [--edition E] [--subType Y] [--action A] [--lang zh|en|th] [--catalogue DIR]
  formwork simulate accounting|tax|invoice|s3 [--http ADDR]

DIR is a folder holding schemas/ and rules/; without --catalogue the
catalogue built into the binary is used. lint --require-languages fails on
any live catalogue text without zh, en and th; --coverage lists them. FORMWORK_DB may hold a PostgreSQL
DSN; otherwise serve keeps a SQLite database in DATA. simulate serves a
stand-in for the accounting, tax or invoice system, or an S3-compatible
object store (see adapters/simulators).
`

// exit codes
const (
	exitOK      = 0
	exitInvalid = 1 // findings: an invalid document, lint problems
	exitUsage   = 2 // bad usage or unreadable input
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(exitUsage)
	}
	var code int
	switch os.Args[1] {
	case "serve":
		collectLessOften()
		code = runServe(os.Args[2:])
	case "lint":
		code = runLint(os.Args[2:])
	case "replay":
		code = runReplay(os.Args[2:])
	case "check":
		code = runCheck(os.Args[2:])
	case "export":
		code = runExport(os.Args[2:])
	case "simulate":
		code = runSimulate(os.Args[2:])
	case "help", "-h", "--help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "formwork: unknown command %q\n\n%s", os.Args[1], usage)
		code = exitUsage
	}
	os.Exit(code)
}

// catalogueFS is the catalogue directory given, or the embedded one.
func catalogueFS(dir string) fs.FS {
	if dir != "" {
		return os.DirFS(dir)
	}
	return formwork.Catalogue
}

// loadCatalogue loads and compiles the catalogue, printing its problems.
func loadCatalogue(dir string) (*engine.Catalogue, bool) {
	c, err := engine.Load(catalogueFS(dir))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return nil, false
	}
	return c, true
}
