package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"formwork"
	"formwork/server"
	"formwork/web"
)

func runServe(args []string) int {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fl.String("http", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	dir := fl.String("dir", "./data", "data directory (SQLite database)")
	catDir := fl.String("catalogue", "", "catalogue directory (default: the built-in catalogue)")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	cat, ok := loadCatalogue(*catDir)
	if !ok {
		return exitInvalid
	}
	db, err := server.OpenDB(os.Getenv("FORMWORK_DB"), *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	}
	srv := server.New(server.Config{Catalogue: cat, DB: db, Web: web.Dist()})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if n, err := srv.Documents().Count(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	} else if n == 0 {
		seeds, _ := fs.Sub(formwork.Seeds, "seeds")
		seeded, err := srv.Seed(ctx, seeds)
		if err != nil {
			fmt.Fprintln(os.Stderr, "formwork: seeding:", err)
			return exitInvalid
		}
		fmt.Printf("seeded %d demo documents\n", seeded)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("formwork listening on http://%s\n", ln.Addr())
	if web.Dist() == nil {
		fmt.Println("(this binary has no web app built in: run `make build` for the one with it)")
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(os.Stderr, "formwork:", err)
			return exitInvalid
		}
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}
	return exitOK
}
