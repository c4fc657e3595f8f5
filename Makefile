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
# the committed one) and prints per function the coverage its tests reach
# on the real code; then the tests run.
demo: build
	cd examples/trityp && ../../bin/pbcc gen .
	$(GO) test ./examples/trityp

vet: deps
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/'))" || { gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/'); exit 1; }

test: vet
	$(GO) test -timeout 30m ./...

race: deps
	$(GO) test -race ./...

# Benchmarks over the testdata programs; numbers, not assertions.
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./...
