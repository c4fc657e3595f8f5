#!/bin/sh
# mutation.sh: the mutation score of pbcc's tests next to the code's own
# tests (issue 10), with gremlins (github.com/go-gremlins/gremlins), on the
# standard-library units of bench/testdata/realcode and on the modules of
# bench/realcode.txt.
#
#   sh bench/mutation.sh [UNIT...]      # default: every unit of bench/testdata/realcode
#   OWN=0 sh bench/mutation.sh          # pbcc's tests only (the own tests' figures do not change with pbcc)
#   KEEP=DIR sh bench/mutation.sh       # also keep pbcc's test files, its output and gremlins' (LIVED lines) in DIR/UNIT/
#   UNITS=testdata/go OWN=0 sh bench/mutation.sh trityp strval   # units of another directory
#   sh bench/mutation.sh shellquote goversion   # modules: a "mod" line's NAME in bench/realcode.txt
#   sh bench/mutation.sh github.com/kballard/go-shellquote@v0.0.0-20180428030007-95032a82bc51 [PATTERN...]
#   TIMEOUT=1m sh bench/mutation.sh ... # pbcc gen -timeout (default 2m)
#   GREMLINS_FLAGS='--timeout-coefficient 2' sh bench/mutation.sh ...   # more flags of gremlins unleash
#
# A unit is a directory of $UNITS (default bench/testdata/realcode): it is
# copied into a module pbccbench/UNIT of its own. Or a module: a "mod"
# line of bench/realcode.txt named UNIT, or MODULE@VERSION itself
# (patterns: the arguments after it that start with "."; default ./...),
# fetched with go mod download (GOFLAGS=-mod=mod) and copied, writable, as
# bench/realcode.go does; go-cmp is required first, as pbcc's first run
# leaves the module.
#
# For each unit: pbcc gen writes its tests with the own _test.go files of
# the measured packages set aside; gremlins unleash runs on pbcc's tests
# alone, then on the own tests alone, once per package (in the package's
# directory, its subdirectories excluded), and the packages' figures are
# summed. Printed per unit and test set: killed, lived, not covered, timed
# out, test efficacy (killed / (killed + lived), as gremlins) and mutator
# coverage ((killed + lived) / (killed + lived + not covered)); for pbcc,
# its cases (the "{name:" lines of its files) and, in brackets, the sum
# over the functions of pbcc gen -json's "ue" (the branch goals: a table
# of one case per goal covers every branch pbcc counts) -- the emitted
# files do not say which cases the boundary and mutant phases added. For
# the own tests, their top-level Test functions. Go test's vet is off
# (GOFLAGS=-vet=off): newer vet checks fail some modules' own code.
#
# Needs pbcc on $PATH or $PBCC (go build -o /tmp/pbcc ./cmd/pbcc) and
# gremlins (go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
pbcc=${PBCC:-pbcc}
gremlins=${GREMLINS:-gremlins}
command -v "$pbcc" >/dev/null || { echo "mutation.sh: no pbcc (set PBCC)" >&2; exit 2; }
command -v "$gremlins" >/dev/null || { echo "mutation.sh: no gremlins (set GREMLINS)" >&2; exit 2; }
pbcc=$(command -v "$pbcc")
from=$root/${UNITS:-bench/testdata/realcode}
list=$root/bench/realcode.txt
timeout=${TIMEOUT:-2m}
export GOFLAGS="-mod=mod -vet=off -count=1"
[ $# -gt 0 ] || set -- $(ls "$from")
. "$root/bench/unit.sh"
tmp=$(mktemp -d /tmp/pbcc-mutation-XXXXXX)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# gremlins_pkg DIR: gremlins unleash in package directory DIR, its
# subdirectories excluded (-E /: paths are relative to DIR); prints
# "killed lived notcovered timedout".
gremlins_pkg() {
	out=$(cd "$1" && "$gremlins" unleash --workers 1 -E / $GREMLINS_FLAGS . 2>&1)
	[ -z "$KEEP" ] || echo "$out" >>"$KEEP/$unit/gremlins.$set.txt"
	out=$(echo "$out" | tail -6)
	k=$(echo "$out" | sed -n 's/.*Killed: \([0-9]*\), Lived: \([0-9]*\), Not covered: \([0-9]*\).*/\1 \2 \3/p')
	t=$(echo "$out" | sed -n 's/.*Timed out: \([0-9]*\).*/\1/p')
	if [ -z "$k" ]; then
		echo "mutation.sh: $unit: gremlins in $1 gave no figures: $(echo "$out" | tail -2)" >&2
		k="0 0 0" t=0
	fi
	echo "$k $t"
}
# score LABEL: gremlins on every measured package ($pkgdirs), summed; one row.
score() {
	sum="0 0 0 0"
	for p in $pkgdirs; do
		sum=$(echo "$sum $(gremlins_pkg "$p")" | awk '{print $1+$5, $2+$6, $3+$7, $4+$8}')
	done
	echo "$sum" | awk -v unit="$unit" -v label="$1" '{
		k = $1; l = $2; n = $3
		e = (k + l > 0) ? sprintf("%.2f%%", 100 * k / (k + l)) : "–"
		c = (k + l > 0) ? sprintf("%.2f%%", 100 * (k + l) / (k + l + n)) : "–"
		printf "| %s | %s | %d | %d | %d | %d | %s | %s |\n", unit, label, k, l, n, $4, e, c
	}'
}

echo "| unit | tests | killed | lived | not covered | timed out | efficacy | mutator coverage |"
echo "|---|---|--:|--:|--:|--:|--:|--:|"
while [ $# -gt 0 ]; do
	unit=$1
	shift
	src= pats=
	if [ -d "$from/$unit" ]; then
		src=std
	elif case $unit in *@*) true ;; *) false ;; esac; then
		src=$unit
		while [ $# -gt 0 ] && case $1 in .*) true ;; *) false ;; esac; do
			pats="$pats $1"
			shift
		done
		unit=$(basename "${unit%@*}")
	else
		line=$(sed 's/#.*//' "$list" | awk -v n="$unit" '$1 == "mod" && $2 == n')
		[ -n "$line" ] || { echo "mutation.sh: $unit: not a directory of $from nor a mod line of $list" >&2; exit 2; }
		set -- $line "$@"
		src=$3
		shift 3
		n=$(echo "$line" | awk '{print NF - 3}')
		while [ "$n" -gt 0 ]; do pats="$pats $1"; shift; n=$((n - 1)); done
	fi
	[ -n "$pats" ] || pats=./...
	d=$tmp/$unit
	own=$tmp/$unit.own
	mkdir -p "$d" "$own"
	if [ "$src" = std ]; then
		cp "$from/$unit"/*.go "$d/"
		printf 'module pbccbench/%s\n\ngo 1.26\n' "$unit" > "$d/go.mod"
		pats=.
	else
		unit_module "$src"
	fi
	pkgdirs=$(cd "$d" && go list -f '{{.Dir}}' $pats)
	own_aside
	(cd "$d" && "$pbcc" gen -json -timeout "$timeout" $pats >"$tmp/$unit.json" 2>"$tmp/$unit.stderr") || true
	pbcc_cases
	ue=$(sed -n 's/.*"ue":\([0-9]*\).*/\1/p' "$tmp/$unit.json" | awk '{s += $1} END {print s + 0}')
	# The cases kept for mutants, beyond those made for branches.
	formut=$(sed -n 's/.*"for_mutants":\([0-9]*\).*/\1/p' "$tmp/$unit.json" | awk '{s += $1} END {print s + 0}')
	[ -z "$KEEP" ] || cp "$tmp/$unit.json" "$tmp/$unit.stderr" "$KEEP/$unit/"
	set=pbcc
	score "pbcc($cases, $formut for mutants [ue $ue])"
	[ "${OWN:-1}" = 0 ] && continue
	own_back
	set=own
	score "own($ntests)"
done
