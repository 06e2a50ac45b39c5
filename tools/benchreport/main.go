// Command benchreport reads the output of make bench's go test -bench runs
// on stdin and prints every figure of the speed targets (issue "Speed")
// beside its target: the same-run ratios (saves beside raw inserts, the
// engine's check beside santhosh-tekuri/jsonschema) and the absolute
// times. A benchmark run more than once (make bench runs the saves, loads
// and raw inserts three times, one round after the other) counts with the
// median of its runs, so that one run a busy moment slowed does not decide a
// ratio. It exits 1 when a benchmark failed or a figure is missing.
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"formwork/tools/internal/median"
)

// line is "BenchmarkName-2  N  123 ns/op  4.5 unit ..."
var line = regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+\d+\s+(.*)$`)

// figures are the metrics of each benchmark by unit, one value per run.
type figures map[string]map[string][]float64

func read(sc *bufio.Scanner) (figures, []string) {
	got := figures{}
	var failed []string
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "--- FAIL") || strings.HasPrefix(l, "FAIL") {
			failed = append(failed, l)
		}
		m := line.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		f := strings.Fields(m[3])
		metrics := got[m[1]]
		if metrics == nil {
			metrics = map[string][]float64{}
			got[m[1]] = metrics
		}
		for i := 0; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				metrics[f[i+1]] = append(metrics[f[i+1]], v)
			}
		}
	}
	return got, failed
}

// get is the median of a benchmark's runs in unit.
func (g figures) get(bench, unit string) (float64, bool) {
	v := median.Of(g[bench][unit])
	return v, v > 0
}

// runs is the largest number of runs of any benchmark.
func (g figures) runs() int {
	n := 0
	for _, units := range g {
		for _, v := range units {
			n = max(n, len(v))
		}
	}
	return n
}

// target is one figure: how it is computed and what it must reach.
type target struct {
	name   string
	figure func(g figures) (value float64, shown string, ok bool)
	met    func(v float64) bool
	goal   string
}

func ratio(a, ua, b, ub, format string) func(g figures) (float64, string, bool) {
	return func(g figures) (float64, string, bool) {
		x, ok1 := g.get(a, ua)
		y, ok2 := g.get(b, ub)
		if !ok1 || !ok2 {
			return 0, "", false
		}
		return x / y, fmt.Sprintf(format, x, y, x/y), true
	}
}

func millis(bench string) func(g figures) (float64, string, bool) {
	return func(g figures) (float64, string, bool) {
		ns, ok := g.get(bench, "ns/op")
		return ns / 1e6, fmt.Sprintf("%.3f ms", ns/1e6), ok
	}
}

func rate(bench, unit string) func(g figures) (float64, string, bool) {
	return func(g figures) (float64, string, bool) {
		v, ok := g.get(bench, unit)
		return v, fmt.Sprintf("%.0f %s", v, unit), ok
	}
}

var targets = []target{
	{"server writes, SQLite: create / raw inserts (sync=FULL)", ratio("BenchmarkSaveSQLite", "saves/s", "BenchmarkRawInsertSQLite", "inserts/s", "%.0f/s / %.0f/s = %.2fx"),
		func(v float64) bool { return v >= 1.5 }, ">= 1.50x"},
	{"PostgreSQL: create, 8 clients / raw inserts (8 writers)", ratio("BenchmarkSavePostgres", "saves/s", "BenchmarkRawInsertPostgres", "inserts/s", "%.0f/s / %.0f/s = %.2fx"),
		func(v float64) bool { return v >= 0.5 }, ">= 0.50x"},
	{"PostgreSQL: create, 32 clients (as on SQLite) / raw inserts (8 writers)", ratio("BenchmarkSavePostgres32", "saves/s", "BenchmarkRawInsertPostgres", "inserts/s", "%.0f/s / %.0f/s = %.2fx"),
		func(v float64) bool { return v >= 0.5 }, ">= 0.50x"},
	{"server writes, SQLite: create of a claim with 5 invoices", rate("BenchmarkSaveInvoicesSQLite", "saves/s"),
		nil, "(figure)"},
	{"server writes, SQLite: update of a stored claim", rate("BenchmarkUpdateSQLite", "updates/s"),
		nil, "(figure)"},
	{"server reads, SQLite: load by id", rate("BenchmarkLoadSQLite", "loads/s"),
		nil, ">= 1.5x PocketBase's view: make bench-compare"},
	{"server reads, SQLite: process CPU per load (client included)", rate("BenchmarkLoadSQLite", "cpu-µs/load"),
		nil, "(figure)"},
	{"server reads, PostgreSQL: load by id", rate("BenchmarkLoadPostgres", "loads/s"),
		nil, "(figure)"},
	{"engine: 500-line EX02 full check from JSON", millis("BenchmarkCheckEX02/lines=500"),
		func(v float64) bool { return v <= 1 }, "<= 1 ms"},
	{"engine: jsonschema v6 parse+validate / full check", ratio("BenchmarkJSONSchemaEX02/parse+validate", "ns/op", "BenchmarkCheckEX02/lines=500", "ns/op", "%.0f ns / %.0f ns = %.2fx"),
		func(v float64) bool { return v >= 4.6 }, ">= 4.60x"},
	{"engine: evaluate, 500 charge + 500 itinerary lines", millis("BenchmarkEvaluateEX02/lines=500/items=true"),
		func(v float64) bool { return v <= 3 }, "<= 3 ms"},
	{"engine: the same, every line's amounts different", millis("BenchmarkVariedEX02/evaluate"),
		nil, "none (amounts differ in every row)"},
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	got, failed := read(sc)
	bad := len(failed) > 0
	fmt.Printf("\nSpeed targets (figures of this run, medians where a benchmark ran up to %d times; the machine's load changes them, see uptime):\n", got.runs())
	for _, t := range targets {
		v, shown, ok := t.figure(got)
		verdict := ""
		switch {
		case !ok:
			shown, verdict, bad = "missing", "NOT MEASURED", true
		case t.met == nil:
			verdict = ""
		case t.met(v):
			verdict = "met"
		default:
			verdict = "BELOW TARGET"
		}
		fmt.Printf("  %-58s %-36s target %-10s %s\n", t.name, shown, t.goal, verdict)
	}
	for _, f := range failed {
		fmt.Println("  failed:", f)
	}
	if bad {
		os.Exit(1)
	}
}
