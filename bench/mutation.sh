#!/bin/sh
# mutation.sh: the mutation score of pbcc's tests next to the code's own
# tests (issue 10), with gremlins (github.com/go-gremlins/gremlins), on the
# standard-library units of bench/testdata/realcode.
#
#   sh bench/mutation.sh [UNIT...]      # default: every unit there
#   OWN=0 sh bench/mutation.sh          # pbcc's tests only (the own tests' figures do not change with pbcc)
#   KEEP=DIR sh bench/mutation.sh       # also copy pbcc's test files to DIR/UNIT/
#   UNITS=testdata/go OWN=0 sh bench/mutation.sh trityp strval   # units of another directory
#
# For each unit: a module pbccbench/UNIT is made in a temporary directory;
# pbcc gen writes its tests (the unit's own _test.go set aside); gremlins
# unleash runs on pbcc's tests alone, then on the own tests alone. Printed
# per unit and test set: killed, lived, not covered, timed out, test
# efficacy (killed / (killed + lived)) and mutator coverage. Needs pbcc on
# $PATH or $PBCC (go install ./cmd/pbcc) and gremlins (go install
# github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
pbcc=${PBCC:-pbcc}
gremlins=${GREMLINS:-gremlins}
command -v "$pbcc" >/dev/null || { echo "mutation.sh: no pbcc (set PBCC)" >&2; exit 2; }
command -v "$gremlins" >/dev/null || { echo "mutation.sh: no gremlins (set GREMLINS)" >&2; exit 2; }
from=$root/${UNITS:-bench/testdata/realcode}
units=$*
[ -n "$units" ] || units=$(ls "$from")
tmp=$(mktemp -d /tmp/pbcc-mutation-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
score() { # label dir
	out=$(cd "$2" && "$gremlins" unleash --workers 1 . 2>&1 | tail -6)
	k=$(echo "$out" | sed -n 's/.*Killed: \([0-9]*\), Lived: \([0-9]*\), Not covered: \([0-9]*\).*/\1 \2 \3/p')
	t=$(echo "$out" | sed -n 's/.*Timed out: \([0-9]*\).*/\1/p')
	e=$(echo "$out" | sed -n 's/.*Test efficacy: \(.*\)/\1/p')
	c=$(echo "$out" | sed -n 's/.*Mutator coverage: \(.*\)/\1/p')
	set -- $1 $k
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$unit" "$1" "$2" "$3" "$4" "$t" "$e" "$c"
}
echo "| unit | tests | killed | lived | not covered | timed out | efficacy | mutator coverage |"
echo "|---|---|--:|--:|--:|--:|--:|--:|"
for unit in $units; do
	d=$tmp/$unit
	mkdir -p "$d/own"
	cp "$from/$unit"/*.go "$d/"
	mv "$d"/*_test.go "$d/own/" 2>/dev/null || true
	printf 'module pbccbench/%s\n\ngo 1.26\n' "$unit" > "$d/go.mod"
	mv "$d/own" "$tmp/$unit.own"
	(cd "$d" && "$pbcc" gen -timeout 2m . >/dev/null 2>&1) || true
	cases=$(grep -c '{name: ' "$d"/*_pbcc_test.go 2>/dev/null | awk -F: '{s+=$NF} END {print s+0}')
	if [ -n "$KEEP" ]; then mkdir -p "$KEEP/$unit" && cp "$d"/*_pbcc_test.go "$KEEP/$unit/" 2>/dev/null || true; fi
	score "pbcc($cases)" "$d"
	[ "${OWN:-1}" = 0 ] && continue
	rm -f "$d"/*_pbcc_test.go
	cp "$tmp/$unit.own"/*_test.go "$d/"
	(cd "$d" && go mod tidy >/dev/null 2>&1) || true
	own=$(grep -c '^func Test' "$d"/*_test.go | awk -F: '{s+=$NF} END {print s+0}')
	score "own($own)" "$d"
done
