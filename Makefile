# formwork: `make run` to try it, `make test` before every commit.
GO ?= go
ADDR ?= 127.0.0.1:8080
NPM_FLAGS ?= --no-audit --no-fund
FUZZTIME ?= 10s

.PHONY: help run build web test test-go lint replay release bench bench-web fuzz chromium clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

run: build ## build everything and serve on http://localhost:8080 (SQLite under ./data, seeds on first start)
	./bin/formwork serve --http $(ADDR) --dir ./data

build: web/dist/index.html ## the one binary, web app embedded, at bin/formwork
	$(GO) build -tags embedweb -o bin/formwork ./tools/formwork

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci $(NPM_FLAGS)

web/dist/index.html: web/node_modules/.package-lock.json $(shell find web/src web/index.html web/vite.config.ts -type f 2>/dev/null)
	cd web && npm run build

web: web/dist/index.html ## build the web app into web/dist

test: build chromium ## every test: lint, rule fixtures, Go (SQLite and PostgreSQL), web unit, browser end-to-end
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

bench: ## Go benchmarks (engine check, JSON Schema comparison, catalogue load; worklists on PostgreSQL)
	$(GO) test ./engine -run '^$$' -bench . -benchmem
	$(GO) test ./adapters/httpapi -run '^$$' -bench 'SaveSQLite|LoadSQLite|RawInsertSQLite' -benchtime 3s
	$(GO) test ./adapters/httpapi -run '^$$' -bench BenchmarkWorklistPostgres -benchtime 200x

bench-web: build chromium ## browser figures (issue 16): 3, 100 and 1,000-line EX02 load, keystroke, long tasks, save in chromium
	cd web && FORMWORK_BIN=../bin/formwork node bench/bench-web.mjs

fuzz: ## run each engine fuzz target for FUZZTIME (make fuzz FUZZTIME=30s); their seed corpora run in every go test
	$(GO) test ./engine -run '^$$' -fuzz '^FuzzDocument$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/load -run '^$$' -fuzz '^FuzzCompileRule$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/load -run '^$$' -fuzz '^FuzzLoadCatalogue$$' -fuzztime $(FUZZTIME)
	$(GO) test ./engine/lifecycle -run '^$$' -fuzz '^FuzzLifecycle$$' -fuzztime $(FUZZTIME)

# Debian's chromium and the fonts that let screenshots and prints show Chinese and Thai.
BROWSER_PACKAGES ?= chromium fonts-noto-cjk fonts-thai-tlwg

chromium: ## install Debian's chromium and the Chinese and Thai fonts for the browser tests, those missing
	@missing=$$(for p in $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || printf '%s ' $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing $$missing"; \
		apt-get update -q && apt-get install -y -q $$missing; \
	fi

clean: ## remove build output (not ./data)
	rm -rf bin web/dist
