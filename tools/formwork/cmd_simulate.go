package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"formwork/adapters/simulators"
)

// runSimulate serves a simulator of an outside system (accounting, tax,
// invoice or s3, see adapters/simulators) until interrupted. It prints "listening on
// http://ADDR" once it accepts requests (a test started with port 0 reads
// the port from there).
func runSimulate(args []string) int {
	if len(args) < 1 {
		fmt.Fprint(os.Stderr, usage)
		return exitUsage
	}
	h, err := simulators.Named(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitUsage
	}
	fl := flag.NewFlagSet("simulate", flag.ContinueOnError)
	addr := fl.String("http", "127.0.0.1:0", "address to listen on (port 0 picks a free one)")
	if err := fl.Parse(args[1:]); err != nil {
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("%s simulator listening on http://%s\n", args[0], ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	}
	return exitOK
}
