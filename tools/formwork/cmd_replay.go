package main

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"formwork/engine"
)

const replayUsage = "usage: formwork replay [--format text|json|junit] [--run REGEX] [DIR]"

// runReplay replays the rule fixtures under DIR/rules/fixtures through the
// engine the server uses, and ends with the line `N passed, N failed`.
func runReplay(args []string) (code int) {
	defer recoverCommand("replay", &code)
	fl := flag.NewFlagSet("replay", flag.ContinueOnError)
	format := fl.String("format", "text", "text, json or junit")
	run := fl.String("run", "", "only fixtures whose name (rule/group/test) matches this regular expression")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if fl.NArg() > 1 || (*format != "text" && *format != "json" && *format != "junit") {
		fmt.Fprintln(os.Stderr, replayUsage)
		return exitUsage
	}
	re, err := regexp.Compile(*run)
	if err != nil {
		fmt.Fprintf(os.Stderr, "formwork replay: --run: %v\n", err)
		return exitUsage
	}
	dir := "."
	if fl.NArg() == 1 {
		dir = fl.Arg(0)
	}
	if _, err := os.Stat(filepath.Join(dir, engine.FixturesDir)); err != nil {
		fmt.Fprintf(os.Stderr, "formwork replay: %s has no %s folder\n", dir, engine.FixturesDir)
		return exitUsage
	}
	fsys := os.DirFS(dir)
	cat, err := engine.Load(fsys)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return exitUsage
	}
	groups, problems := engine.LoadFixtures(fsys, engine.FixturesDir)
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, p.String())
	}
	if len(problems) > 0 {
		return exitUsage
	}
	jobs := selectFixtures(groups, re)
	start := time.Now()
	results, passed := replayAll(cat, fsys, jobs, *format)
	failed := len(results) - passed
	elapsed := time.Since(start)
	switch *format {
	case "json":
		writeJSON(os.Stdout, map[string]any{"passed": passed, "failed": failed, "seconds": elapsed.Seconds(), "results": results})
	case "junit":
		writeJUnit(results, failed, elapsed)
	default:
		if isTerminal(os.Stdout) {
			fmt.Print("\r\033[K")
		}
		fmt.Printf("replayed %d fixtures of %d rules in %s\n", len(results), len(engine.Covered(groups)), elapsed.Round(time.Millisecond))
	}
	// the closing line CI reads, whatever the format (on stderr for machine formats)
	out := os.Stdout
	if *format != "text" {
		out = os.Stderr
	}
	fmt.Fprintf(out, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitInvalid
	}
	return exitOK
}

// fixtureJob is one fixture test to replay.
type fixtureJob struct {
	g *engine.FixtureGroup
	t *engine.FixtureTest
}

// selectFixtures lists the tests whose name matches re, in file order.
func selectFixtures(groups []engine.FixtureGroup, re *regexp.Regexp) []fixtureJob {
	var jobs []fixtureJob
	for gi := range groups {
		for ti := range groups[gi].Tests {
			if re.MatchString(groups[gi].Name(&groups[gi].Tests[ti])) {
				jobs = append(jobs, fixtureJob{&groups[gi], &groups[gi].Tests[ti]})
			}
		}
	}
	return jobs
}

// replayAll replays the jobs, printing progress on a terminal and each
// failure in the text format; it returns the results and how many passed.
func replayAll(cat *engine.Catalogue, fsys fs.FS, jobs []fixtureJob, format string) ([]engine.FixtureResult, int) {
	progress := format == "text" && isTerminal(os.Stdout)
	results := make([]engine.FixtureResult, 0, len(jobs))
	passed := 0
	for i, j := range jobs {
		r := cat.Replay(fsys, j.g, j.t)
		results = append(results, r)
		if r.Passed {
			passed++
		}
		if progress {
			fmt.Printf("\r\033[K[%d/%d] %s", i+1, len(jobs), r.Name)
		}
		if format == "text" && !r.Passed {
			if progress {
				fmt.Print("\r\033[K")
			}
			fmt.Printf("FAIL %s\n     %s:%d: %s\n", r.Name, r.File, r.Line, r.Problem)
		}
	}
	return results, passed
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func writeJUnit(results []engine.FixtureResult, failed int, elapsed time.Duration) {
	type failure struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		File      string   `xml:"file,attr"`
		Line      int      `xml:"line,attr"`
		Failure   *failure `xml:"failure,omitempty"`
	}
	type testsuite struct {
		XMLName  xml.Name   `xml:"testsuite"`
		Name     string     `xml:"name,attr"`
		Tests    int        `xml:"tests,attr"`
		Failures int        `xml:"failures,attr"`
		Time     string     `xml:"time,attr"`
		Cases    []testcase `xml:"testcase"`
	}
	s := testsuite{Name: "formwork rule fixtures", Tests: len(results), Failures: failed, Time: fmt.Sprintf("%.3f", elapsed.Seconds())}
	for _, r := range results {
		tc := testcase{Name: r.Name, Classname: r.Rule, File: r.File, Line: r.Line}
		if !r.Passed {
			tc.Failure = &failure{Message: "fixture failed", Text: r.Problem}
		}
		s.Cases = append(s.Cases, tc)
	}
	fmt.Print(xml.Header)
	enc := xml.NewEncoder(os.Stdout)
	enc.Indent("", "  ")
	_ = enc.Encode(s)
	fmt.Println()
}
