# formwork: `make run` to try it, `make test` before every commit.
GO ?= go
ADDR ?= 127.0.0.1:8080
NPM_FLAGS ?= --no-audit --no-fund
FUZZTIME ?= 10s

.PHONY: help run build web test test-go lint replay release bench bench-web bench-compare bench-memory fuzz chromium tools clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

run: build tools ## build everything and serve on http://localhost:8080 (SQLite under ./data, seeds on first start; accounting and tax simulators on :8091 and :8092 unless FORMWORK_ACCOUNTING_URL / FORMWORK_TAX_URL are set)
	@set -e; pids=""; trap 'kill $$pids 2>/dev/null' EXIT INT TERM; \
	if [ -z "$$FORMWORK_ACCOUNTING_URL" ]; then ./bin/formwork simulate accounting --http 127.0.0.1:8091 & pids="$$pids $$!"; export FORMWORK_ACCOUNTING_URL=http://127.0.0.1:8091; fi; \
	if [ -z "$$FORMWORK_TAX_URL" ]; then ./bin/formwork simulate tax --http 127.0.0.1:8092 & pids="$$pids $$!"; export FORMWORK_TAX_URL=http://127.0.0.1:8092 FORMWORK_TAX_USER=$${FORMWORK_TAX_USER:-formwork} FORMWORK_TAX_PASSWORD=$${FORMWORK_TAX_PASSWORD:-simulated}; fi; \
	./bin/formwork serve --http $(ADDR) --dir ./data

build: web/dist/index.html ## the one binary, web app embedded, at bin/formwork
	$(GO) build -tags embedweb -o bin/formwork ./tools/formwork

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci $(NPM_FLAGS)

web/dist/index.html: web/node_modules/.package-lock.json $(shell find web/src web/index.html web/vite.config.ts -type f 2>/dev/null)
	cd web && npm run build

web: web/dist/index.html ## build the web app into web/dist

test: build chromium tools ## every test: lint, rule fixtures, Go (SQLite and PostgreSQL), web unit, browser end-to-end
	$(GO) vet ./...
	./bin/formwork lint --require-languages .
	./bin/formwork replay .
	$(GO) test -count=1 ./...
	cd web && npm run check:api && npm run check:bundle && npm test
	cd web && FORMWORK_BIN=../bin/formwork npm run e2e

test-go: ## Go tests only
	$(GO) test -count=1 ./...

lint: ## go vet and the catalogue lint (with coverage)
	$(GO) vet ./...
	$(GO) run ./tools/formwork lint --coverage .

replay: ## replay the rule fixtures of rules/fixtures
	$(GO) run ./tools/formwork replay .

release: ## record the catalogue as released (snapshots + lock) after review
	$(GO) run ./tools/formwork lint --release .

bench: ## Go benchmarks (saves and loads with GOGC=400, as formwork serve runs, three rounds: medians), every speed figure printed beside its target at the end (engine, saves and raw inserts on SQLite and PostgreSQL, worklists)
	@mkdir -p bin && uptime > bin/bench.txt && cat bin/bench.txt
	$(GO) test ./engine -run '^$$' -bench . -benchmem 2>&1 | tee -a bin/bench.txt
	$(GO) test -c -o bin/httpapi.test ./adapters/httpapi
	cd adapters/httpapi && for round in 1 2 3; do GOGC=400 ../../bin/httpapi.test -test.run '^$$' -test.bench '^Benchmark(Save|Load|RawInsert|SaveInvoices|Update)(SQLite|Postgres|Postgres32)$$' -test.benchtime 3s; done 2>&1 | tee -a ../../bin/bench.txt
	$(GO) test ./adapters/httpapi -run '^$$' -bench BenchmarkWorklistPostgres -benchtime 200x 2>&1 | tee -a bin/bench.txt
	$(GO) test ./adapters/httpapi -run '^$$' -bench BenchmarkReportsPostgres -benchtime 3x 2>&1 | tee -a bin/bench.txt
	$(GO) run ./tools/benchreport < bin/bench.txt

POCKETBASE_VERSION ?= v0.39.11
BENCH_CLIENTS ?= 32
BENCH_TIME ?= 10s
BENCH_ROUNDS ?= 3

bin/formwork-api: $(shell find . -name '*.go' -not -path './web/*' -type f 2>/dev/null) go.mod go.sum
	$(GO) build -o $@ ./tools/formwork

bin/pocketbase-$(POCKETBASE_VERSION):
	mkdir -p bin/pocketbase-build
	cd bin && GOBIN=$(CURDIR)/bin/pocketbase-build GOFLAGS= $(GO) install github.com/pocketbase/pocketbase/examples/base@$(POCKETBASE_VERSION)
	mv bin/pocketbase-build/base $@ && rmdir bin/pocketbase-build

bench-compare: bin/formwork-api bin/pocketbase-$(POCKETBASE_VERSION) ## formwork beside PocketBase (built with go install), same load generators (Go, then wrk), taking turns for BENCH_ROUNDS rounds (medians): create and load by id
	@command -v wrk >/dev/null || ! command -v apt-get >/dev/null || apt-get install -y -q --no-install-recommends wrk >/dev/null || echo "wrk could not be installed: figures with the Go load generator only"
	$(GO) run ./tools/benchcompare -formwork bin/formwork-api -pocketbase bin/pocketbase-$(POCKETBASE_VERSION) -c $(BENCH_CLIENTS) -d $(BENCH_TIME) -rounds $(BENCH_ROUNDS)

bench-memory: bin/formwork-api ## formwork's resident memory after 100,000 creates and with 1,000 sessions
	$(GO) run ./tools/benchcompare -formwork bin/formwork-api -memory 100000 -sessions 1000 -c $(BENCH_CLIENTS)

bench-web: build chromium ## browser figures (issue 16): 3, 100 and 1,000-line EX02 load, keystroke, long tasks, save in chromium
	cd web && FORMWORK_BIN=../bin/formwork node bench/bench-web.mjs

fuzz: ## run each engine fuzz target for FUZZTIME (make fuzz FUZZTIME=30s); their seed corpora run in every go test
	$(GO) test ./engine -run '^$$' -fuzz '^FuzzDocument$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/load -run '^$$' -fuzz '^FuzzCompileRule$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/load -run '^$$' -fuzz '^FuzzLoadCatalogue$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/lifecycle -run '^$$' -fuzz '^FuzzLifecycle$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/internal/jsontext -run '^$$' -fuzz '^FuzzAppendString$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/internal/jsontext -run '^$$' -fuzz '^FuzzAppendFixed$$' -fuzztime $(FUZZTIME)

# Debian's chromium and the fonts that let screenshots and prints show Chinese and Thai.
BROWSER_PACKAGES ?= chromium fonts-noto-cjk fonts-thai-tlwg

chromium: ## install Debian's chromium and the Chinese and Thai fonts for the browser tests, those missing
	@missing=$$(for p in $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || printf '%s ' $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing $$missing"; \
		apt-get update -q && apt-get install -y -q $$missing; \
	fi

# The optional converters (docs/files.md): LibreOffice headless previews office files as PDF,
# tesseract with Simplified Chinese reads receipts without a QR code (OCR).
TOOL_PACKAGES ?= libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui tesseract-ocr tesseract-ocr-chi-sim poppler-utils

tools: ## install the optional converters on Debian (LibreOffice, tesseract, pdftoppm), those missing
	@missing=$$(for p in $(TOOL_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || printf '%s ' $$p; done); \
	if [ -n "$$missing" ] && command -v apt-get >/dev/null; then \
		echo "installing $$missing"; \
		apt-get update -q && apt-get install -y -q --no-install-recommends $$missing; \
	elif [ -n "$$missing" ]; then \
		echo "not Debian: install $$missing yourself for office previews and OCR (docs/files.md)"; \
	fi

clean: ## remove build output (not ./data)
	rm -rf bin web/dist
