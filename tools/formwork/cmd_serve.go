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
	"runtime/debug"
	"syscall"
	"time"

	"formwork"
	"formwork/adapters/httpapi/guard"
	"formwork/engine"
	"formwork/identity"
	"formwork/tools/formwork/wire"
	"formwork/web"
)

// loadDefinitions reads the lifecycle, the advance types, the reports and the voucher rules
// of the catalogue folder (the built-in catalogue when dir is blank) into
// cfg (whose Catalogue is loaded), with the outside systems of the
// environment (cmd_serve_outbound.go), the invoice verification and the
// store of uploaded files.
func loadDefinitions(cfg *wire.Config, dir string) (err error) {
	if cfg.Lifecycle, err = engine.LoadLifecycle(catalogueFS(dir)); err != nil {
		return err
	}
	if cfg.Advances, err = engine.LoadAdvanceBook(catalogueFS(dir), cfg.Catalogue); err != nil {
		return err
	}
	if cfg.Reports, _, err = engine.LoadReports(catalogueFS(dir)); err != nil {
		return err
	}
	cfg.InvoiceVerifyURL = os.Getenv("FORMWORK_INVOICE_VERIFY_URL")          // e.g. the simulator's http://ADDR/invoice/verify
	if cfg.FileContents, err = fileStore(context.Background()); err != nil { // S3 when configured
		return err
	}
	return outboundFromEnv(cfg, dir)
}

// collectLessOften sets the server's GOGC to 400 unless the environment
// sets one: a request allocates much that dies with it (about 55 KB per
// save), while the live heap is small (about 22 MB), so collecting at five
// times the live heap instead of three costs less CPU per save and load
// (make bench runs its save and load benchmarks the same way) for some
// dozens of MB (make bench-memory). A soft memory limit of 1 GiB, unless
// GOMEMLIMIT sets one, makes the collector work harder instead when a
// large live heap would otherwise grow five-fold.
func collectLessOften() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(serveGOGC)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
}

// The server's collector settings, unless the environment sets them.
const (
	serveGOGC        = 400
	serveMemoryLimit = 1 << 30
)

func runServe(args []string) int {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fl.String("http", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	dir := fl.String("dir", "./data", "data directory (SQLite database)")
	catDir := fl.String("catalogue", "", "catalogue directory (default: the built-in catalogue)")
	dev := fl.Bool("dev", false, "reload the catalogue when a YAML file of it changes (default catalogue directory: .)")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if *dev && *catDir == "" {
		*catDir = "."
	}
	cat, ok := loadCatalogue(*catDir)
	if !ok {
		return exitInvalid
	}
	db, err := wire.OpenDB(os.Getenv("FORMWORK_DB"), *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	}
	defer wire.Close(db) // after the server shut down
	seeds, _ := fs.Sub(formwork.Seeds, "seeds")
	cfg, err := identityConfig(seeds, *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitUsage
	}
	cfg.Catalogue, cfg.DB, cfg.Web = cat, db, web.Dist()
	if err := loadDefinitions(&cfg, *catDir); err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	}
	app := wire.New(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := seed(ctx, app, seeds); err != nil {
		fmt.Fprintln(os.Stderr, "formwork: seeding:", err)
		return exitInvalid
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitInvalid
	}
	timeouts, err := timeoutsFromEnv()
	if err == nil {
		err = serveProfiles()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "formwork:", err)
		return exitUsage
	}
	hs := app.HTTP.HTTPServer(timeouts)
	printStarted(ctx, app, seeds, ln.Addr())
	if *dev {
		fmt.Printf("dev mode: reloading the catalogue of %s when it changes\n", *catDir)
		go watchCatalogue(ctx, *catDir, app.Registry, time.Second)
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

// printStarted says where the server listens, the demo logins and
// whether the web app is built in.
func printStarted(ctx context.Context, app *wire.App, seeds fs.FS, addr net.Addr) {
	fmt.Printf("formwork listening on http://%s\n", addr)
	if logins := app.DemoLogins(ctx, seeds); len(logins) > 0 {
		fmt.Println("demo logins (username / password / role):")
		for _, l := range logins {
			fmt.Println("  " + l)
		}
	}
	if web.Dist() == nil {
		fmt.Println("(this binary has no web app built in: run `make build` for the one with it)")
	}
}

// seed loads the demo data on an empty database and says what it loaded.
func seed(ctx context.Context, app *wire.App, seeds fs.FS) error {
	seeded, err := app.Seed(ctx, seeds)
	if err != nil {
		return err
	}
	if n := seeded.Identity; n.Users > 0 {
		fmt.Printf("seeded %d demo users, %d roles, %d menu entries\n", n.Users, n.Roles, n.Menus)
	}
	if md := seeded.MasterData; md.Total() > 0 {
		fmt.Printf("seeded master data: %s\n", md)
	}
	if wf := seeded.Workflow; wf.Approvers+wf.Budgets > 0 {
		fmt.Printf("seeded %d approver configuration rows, %d budgets\n", wf.Approvers, wf.Budgets)
	}
	if seeded.Documents > 0 {
		fmt.Printf("seeded %d demo documents\n", seeded.Documents)
	}
	indexed, skipped, err := app.Reindex(ctx)
	if indexed > 0 {
		fmt.Printf("filled the list columns of %d stored documents\n", indexed)
	}
	if skipped > 0 {
		fmt.Fprintf(os.Stderr, "formwork: %d stored documents no longer decode; their list columns stay blank\n", skipped)
	}
	return err
}

// timeoutsFromEnv reads the connection timeouts (Go durations; defaults in
// guard.Timeouts):
//
//	FORMWORK_READ_HEADER_TIMEOUT  to read a request's headers (10s)
//	FORMWORK_READ_TIMEOUT         to read a whole request, body included (60s)
//	FORMWORK_WRITE_TIMEOUT        to write the answer (120s)
//	FORMWORK_IDLE_TIMEOUT         an idle keep-alive connection is closed after (60s)
func timeoutsFromEnv() (guard.Timeouts, error) {
	var t guard.Timeouts
	for _, d := range []struct {
		env string
		to  *time.Duration
	}{{"FORMWORK_READ_HEADER_TIMEOUT", &t.ReadHeader}, {"FORMWORK_READ_TIMEOUT", &t.Read},
		{"FORMWORK_WRITE_TIMEOUT", &t.Write}, {"FORMWORK_IDLE_TIMEOUT", &t.Idle}} {
		if v := os.Getenv(d.env); v != "" {
			dur, err := time.ParseDuration(v)
			if err != nil || dur <= 0 {
				return t, fmt.Errorf("%s=%q is not a duration such as 30s or 2m", d.env, v)
			}
			*d.to = dur
		}
	}
	return t, nil
}

// identityConfig reads the sign-in settings from the environment:
//
//	FORMWORK_SESSION_TTL      idle time that ends a session (default 8h)
//	FORMWORK_SESSION_MAX_AGE  time after sign-in that ends it (default 24h)
//	FORMWORK_CAS_URL          single sign-on (CAS) server, e.g. https://cas.example.com/cas
//	FORMWORK_CAS_SERVICE      this portal's return page (default http://ADDR/sso)
//	FORMWORK_TRUSTED_SOURCES  keys of the trusted source systems: CODE=KEY,... (see seeds/trusted_sources.yaml)
//	FORMWORK_MENU_VARIANT     current (default) or legacy
func identityConfig(seeds fs.FS, addr string) (wire.Config, error) {
	var cfg wire.Config
	for _, d := range []struct {
		env string
		to  *time.Duration
	}{{"FORMWORK_SESSION_TTL", &cfg.SessionTTL}, {"FORMWORK_SESSION_MAX_AGE", &cfg.SessionMaxAge}} {
		if v := os.Getenv(d.env); v != "" {
			dur, err := time.ParseDuration(v)
			if err != nil || dur <= 0 {
				return cfg, fmt.Errorf("%s=%q is not a duration such as 8h or 30m", d.env, v)
			}
			*d.to = dur
		}
	}
	cfg.CAS.ServerURL = os.Getenv("FORMWORK_CAS_URL")
	cfg.CAS.ServiceURL = os.Getenv("FORMWORK_CAS_SERVICE")
	if cfg.CAS.ServerURL != "" && cfg.CAS.ServiceURL == "" {
		cfg.CAS.ServiceURL = "http://" + addr + "/sso"
	}
	sources, err := identity.LoadTrustedSources(seeds, os.Getenv("FORMWORK_TRUSTED_SOURCES"))
	if err != nil {
		return cfg, err
	}
	cfg.TrustedSources = sources
	switch v := os.Getenv("FORMWORK_MENU_VARIANT"); v {
	case "", "current", "legacy":
		cfg.MenuVariant = v
	default:
		return cfg, fmt.Errorf("FORMWORK_MENU_VARIANT=%q: current or legacy", v)
	}
	return cfg, nil
}
