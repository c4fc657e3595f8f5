# The README's two commands: `make demo` runs pbcc on the bundled example
# and prints what it covered; `make test` runs every test. Both install
# what a fresh Debian machine lacks first (.ci/deps.sh).

GO ?= go

.PHONY: all deps build demo test race bench vet

all: build

deps:
	@./.ci/deps.sh

build: deps
	$(GO) build -o bin/pbcc ./cmd/pbcc

# pbcc writes examples/trityp/trityp_pbcc_test.go again (byte-identical to
# the committed one; -force: searched again although the code did not
# change) and prints per function the coverage its tests reach on the real
# code; then the tests run.
demo: build
	cd examples/trityp && ../../bin/pbcc gen -force .
	$(GO) test ./examples/trityp

# -trimpath (vet, test): a package compiles without its directory in it,
# so that a fresh clone reuses what another checkout compiled (the cgo
# build of internal/z3 alone is half a minute of gcc); the tests' own
# go commands do the same (internal/testenv).
vet: deps
	@echo "== go vet ./..."
	@GOFLAGS="$(GOFLAGS) -trimpath" $(GO) vet ./...
	@echo "== gofmt -l (every Go file but testdata's)"
	@test -z "$$(gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/'))" || { gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/'); exit 1; }

# go test through .ci/testprogress.go, which says what is going on while
# the tests run: a line per package as it finishes, a line per test that
# took over 5 s, the tests still running after 30 s without news, and the
# output of every failing test. Without go test's own vet: the vet target
# just ran every analyzer on every package.
test: vet
	@echo "== go test ./..."
	@$(GO) build -o bin/testprogress ./.ci/testprogress.go
	@GOFLAGS="$(GOFLAGS) -trimpath" bin/testprogress -timeout 30m -vet=off ./...

race: deps
	$(GO) test -race ./...

# Benchmarks over the testdata programs; numbers, not assertions.
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./...
