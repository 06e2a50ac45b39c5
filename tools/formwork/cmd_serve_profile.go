package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
)

// serveProfiles serves Go's profiles (net/http/pprof: CPU, heap,
// goroutines) on FORMWORK_PPROF's address when it is set, apart from the
// application's address and routes: an operator profiles a server under
// its real load with `go tool pprof http://ADDR/debug/pprof/profile`.
// Keep the address on localhost; unset (the default), nothing listens.
func serveProfiles() error {
	addr := os.Getenv("FORMWORK_PPROF")
	if addr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("FORMWORK_PPROF: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	fmt.Printf("Go profiles on http://%s/debug/pprof/\n", ln.Addr())
	go func() { _ = http.Serve(ln, mux) }()
	return nil
}
