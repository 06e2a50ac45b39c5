// Command benchcompare measures formwork beside PocketBase on the same
// machine in the same run (make bench-compare): both servers started fresh
// on SQLite in temporary folders, driven by the same load generator (c
// concurrent clients for d each): create of the seeds' 1.3 KB EX02 travel
// claim (formwork: checked and stored; PocketBase: the same JSON as a
// record of a collection without rules) and load by id (formwork: head/load;
// PocketBase: the record view). The two servers take turns for -rounds
// rounds, each started fresh, so that a slow spell of a shared machine
// falls on both; it prints each round's rates and ratios, then the median
// rates and the median of the rounds' ratios beside the targets.
//
// With -memory N it instead creates N documents in formwork and signs in
// -sessions times, then prints the server's resident memory (VmRSS).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"formwork/tools/internal/median"
)

func main() {
	formwork := flag.String("formwork", "bin/formwork", "the formwork binary")
	pocketbase := flag.String("pocketbase", "bin/base", "the PocketBase binary (examples/base)")
	claimFile := flag.String("claim", "seeds/documents/EX02-travel.json", "the document created")
	clients := flag.Int("c", 32, "concurrent clients")
	duration := flag.Duration("d", 10*time.Second, "duration of each measurement")
	rounds := flag.Int("rounds", 3, "rounds, formwork then PocketBase in each: the medians are the figures")
	memory := flag.Int("memory", 0, "instead of comparing: create this many documents and report formwork's resident memory")
	sessions := flag.Int("sessions", 1000, "with -memory: sessions opened before the report")
	flag.Parse()
	claim, err := os.ReadFile(*claimFile)
	if err != nil {
		fail(err)
	}
	if *memory > 0 {
		err = reportMemory(*formwork, claim, *clients, *memory, *sessions)
	} else {
		err = compare(*formwork, *pocketbase, claim, *clients, *duration, max(*rounds, 1))
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchcompare:", err)
	os.Exit(1)
}

// compare runs both servers in turn, rounds times, and prints the
// figures: with the Go load generator, and under wrk when it is installed
// (make bench-compare installs it on Debian).
func compare(formworkBin, pocketbaseBin string, claim []byte, c int, d time.Duration, rounds int) error {
	_, err := exec.LookPath("wrk")
	withWrk := err == nil
	var fwGo, fwWrk, pbGo, pbWrk []rates
	for round := 1; round <= rounds; round++ {
		fw, err := startFormwork(formworkBin)
		if err != nil {
			return err
		}
		g, w, err := fw.measure(claim, c, d, withWrk)
		fw.stop()
		if err != nil {
			return fmt.Errorf("formwork: %w", err)
		}
		fwGo, fwWrk = append(fwGo, g), append(fwWrk, w)
		pb, err := startPocketBase(pocketbaseBin)
		if err != nil {
			return err
		}
		g, w, err = pb.measure(claim, c, d, withWrk)
		pb.stop()
		if err != nil {
			return fmt.Errorf("pocketbase: %w", err)
		}
		pbGo, pbWrk = append(pbGo, g), append(pbWrk, w)
		fmt.Printf("round %d: %s with the Go load generator", round, roundFigures(fwGo[round-1], pbGo[round-1]))
		if withWrk {
			fmt.Printf("; %s under wrk", roundFigures(fwWrk[round-1], pbWrk[round-1]))
		}
		fmt.Println()
	}
	fmt.Printf("%d clients, %s each, %d-byte EX02 claim: median rates of %d rounds, median of the rounds' ratios\n", c, d, len(claim), rounds)
	printRates("Go load generator (tools/benchcompare)", fwGo, pbGo)
	if withWrk {
		printRates("wrk -t2", fwWrk, pbWrk)
	} else {
		fmt.Println("wrk is not installed (make bench-compare installs it on Debian): no figures under wrk")
	}
	return nil
}

// figures are the medians of rounds of both servers: their rates, and the
// ratios of formwork's rate to PocketBase's in the same round (a round's
// two servers ran minutes apart, its ratio less touched by the machine's
// slow spells than a ratio of medians).
type figures struct{ fw, pb, ratio rates }

func figuresOf(fw, pb []rates) figures {
	ratios := make([]rates, len(fw))
	for i := range fw {
		ratios[i] = ratioOf(fw[i], pb[i])
	}
	return figures{fw: medianRates(fw), pb: medianRates(pb), ratio: medianRates(ratios)}
}

// ratioOf is formwork's rates over PocketBase's.
func ratioOf(fw, pb rates) rates {
	return rates{create: fw.create / pb.create, load: fw.load / pb.load}
}

// roundFigures is one round's rates of both servers and their ratios.
func roundFigures(fw, pb rates) string {
	r := ratioOf(fw, pb)
	return fmt.Sprintf("create %.0f/s vs %.0f/s (%.2fx), load %.0f/s vs %.0f/s (%.2fx)", fw.create, pb.create, r.create, fw.load, pb.load, r.load)
}

// medianRates is the median create rate and the median load rate of rs.
func medianRates(rs []rates) rates {
	creates, loads := make([]float64, len(rs)), make([]float64, len(rs))
	for i, r := range rs {
		creates[i], loads[i] = r.create, r.load
	}
	return rates{create: median.Of(creates), load: median.Of(loads)}
}

func printRates(generator string, fw, pb []rates) {
	f := figuresOf(fw, pb)
	fmt.Println(generator + ":")
	fmt.Printf("  create  formwork %8.0f/s  pocketbase %8.0f/s  ratio %.2fx  (target >= 1.70x) %s\n", f.fw.create, f.pb.create, f.ratio.create, verdict(f.ratio.create >= 1.7))
	fmt.Printf("  load    formwork %8.0f/s  pocketbase %8.0f/s  ratio %.2fx  (target >= 1.50x) %s\n", f.fw.load, f.pb.load, f.ratio.load, verdict(f.ratio.load >= 1.5))
}

func verdict(met bool) string {
	if met {
		return "met"
	}
	return "BELOW TARGET"
}

// target is a server under measurement: how to create and how to load.
type target struct {
	cmd    *exec.Cmd
	url    string
	dir    string
	stderr *bytes.Buffer
	create func(client *http.Client, claim []byte) (string, error) // the new id
	// created is how every answer of a successful create begins (beside a
	// 2xx status): what the load loops check instead of decoding each
	// answer, a cost on the cores the servers run on, and larger for the
	// larger answer
	created []byte

	createRequest func(claim []byte) request
	loadRequest   func(id string) request
}

// rates are a target's creates and loads per second.
type rates struct{ create, load float64 }

// measure drives creates for d, then loads of one created id for d, with
// the Go load generator; then the same under wrk when withWrk.
func (t *target) measure(claim []byte, c int, d time.Duration, withWrk bool) (goClient, wrk rates, err error) {
	client := newClient(c)
	id, err := t.create(client, claim)
	if err != nil {
		return goClient, wrk, err
	}
	create := t.createRequest(claim)
	if goClient.create, err = drive(c, d, func() error { return create.sendExpecting(client, t.created) }); err != nil {
		return goClient, wrk, err
	}
	load := t.loadRequest(id)
	if goClient.load, err = drive(c, d, func() error { return load.send(client, nil) }); err != nil || !withWrk {
		return goClient, wrk, err
	}
	if wrk.create, err = underWrk(t.createRequest(claim), c, d); err != nil {
		return goClient, wrk, err
	}
	wrk.load, err = underWrk(load, c, d)
	return goClient, wrk, err
}

func newClient(c int) *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: c, MaxConnsPerHost: c}}
}

// drive runs do from c clients for d; the rate of successes, or the first
// error when more than 1% failed.
func drive(c int, d time.Duration, do func() error) (float64, error) {
	var ok, failed atomic.Int64
	var firstErr atomic.Value
	deadline := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				if err := do(); err != nil {
					failed.Add(1)
					firstErr.CompareAndSwap(nil, err)
					continue
				}
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	if n := failed.Load(); n*100 > ok.Load()+n {
		return 0, fmt.Errorf("%d of %d requests failed, first: %v", n, ok.Load()+n, firstErr.Load())
	}
	return float64(ok.Load()) / elapsed, nil
}

func (t *target) stop() {
	_ = t.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = t.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = t.cmd.Process.Kill()
	}
	os.RemoveAll(t.dir)
}

// send makes the request and decodes a JSON answer into into (when not
// nil).
func (r request) send(client *http.Client, into any) error {
	return send(client, r.method, r.url, r.body, r.header, into)
}

// sendExpecting makes the request and fails unless its answer is 2xx and
// begins with prefix; the rest of the answer is read and let go.
func (r request) sendExpecting(client *http.Client, prefix []byte) error {
	res, err := r.do(client)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	head := make([]byte, len(prefix))
	if _, err := io.ReadFull(res.Body, head); err != nil || !bytes.Equal(head, prefix) {
		return fmt.Errorf("%s %s: an answer beginning %q (%v), not %q", r.method, r.url, head, err, prefix)
	}
	_, err = io.Copy(io.Discard, res.Body)
	return err
}

// do makes the request; an error unless its answer is 2xx.
func (r request) do(client *http.Client) (*http.Response, error) {
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(context.Background(), r.method, r.url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range r.header {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode/100 != 2 {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 300))
		res.Body.Close()
		return nil, fmt.Errorf("%s %s: %s %s", r.method, r.url, res.Status, b)
	}
	return res, nil
}

// send makes one request and decodes a JSON answer into into (when not nil).
func send(client *http.Client, method, url string, body []byte, header map[string]string, into any) error {
	res, err := request{method, url, body, header}.do(client)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if into == nil {
		_, err = io.Copy(io.Discard, res.Body)
		return err
	}
	return json.NewDecoder(res.Body).Decode(into)
}

// freePort is a free TCP port on 127.0.0.1.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// waitLine starts cmd and waits for a line of its output starting with
// prefix; the rest of that line is answered.
func waitLine(cmd *exec.Cmd, prefix string) (string, *bytes.Buffer, error) {
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	stderr := &bytes.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if l := sc.Text(); strings.Contains(l, prefix) {
				select {
				case found <- strings.TrimSpace(l[strings.Index(l, prefix)+len(prefix):]):
				default:
				}
			}
		}
	}()
	select {
	case l := <-found:
		return l, stderr, nil
	case <-time.After(90 * time.Second):
		_ = cmd.Process.Kill()
		return "", nil, fmt.Errorf("%s did not start: %s", filepath.Base(cmd.Path), stderr)
	}
}

var errNoID = errors.New("the answer has no id")
