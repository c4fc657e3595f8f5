#!/bin/sh
# handbugs.sh: how many of the hand-made bugs of bench/handbugs.txt the
# tests catch (issue 10's first measure: "of 12 small, realistic bugs made
# by hand ... the generated tests caught only 3"): pbcc's tests, written
# on the code as it is, then the module's own tests.
#
#   PBCC=/tmp/pbcc sh bench/handbugs.sh [UNIT...]   # default: every unit of handbugs.txt
#   OWN=0 ...                                      # pbcc's tests only
#   TIMEOUT=1m ...                                 # pbcc gen -timeout (default 2m)
#   KEEP=DIR ...                                   # keep pbcc's test files in DIR/UNIT/
#
# A unit is a "mod" line of bench/realcode.txt, fetched and copied as
# bench/mutation.sh does, its packages' own _test.go files set aside while
# pbcc gen writes its tests. Each bug alone: the first occurrence of OLD in
# FILE becomes NEW, go test runs the unit's packages, the file is put back.
# A bug is "caught" when the tests fail, "missed" when they pass; a bug
# that does not build is reported and counts as neither.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
pbcc=${PBCC:-pbcc}
command -v "$pbcc" >/dev/null || { echo "handbugs.sh: no pbcc (set PBCC)" >&2; exit 2; }
pbcc=$(command -v "$pbcc")
list=$root/bench/realcode.txt
bugs=$root/bench/handbugs.txt
timeout=${TIMEOUT:-2m}
export GOFLAGS="-mod=mod -vet=off -count=1"
[ $# -gt 0 ] || set -- $(sed 's/#.*//' "$bugs" | awk -F'|' 'NF >= 4 {print $1}' | uniq)
. "$root/bench/unit.sh"
tmp=$(mktemp -d /tmp/pbcc-handbugs-XXXXXX)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# run SET: each bug of $unit against the tests in place; one line per bug
# and a summary row.
run() {
	caught=0 missed=0 broken=0
	if ! (cd "$d" && go test $pats >"$tmp/base.txt" 2>&1); then
		echo "handbugs.sh: $unit: the $1 tests fail on the code as it is:" >&2
		tail -20 "$tmp/base.txt" >&2
		return
	fi
	sed 's/#.*//' "$bugs" | awk -F'|' -v u="$unit" '$1 == u' >"$tmp/bugs.txt"
	while IFS='|' read -r _ file old new; do
		f=$d/$file
		cp "$f" "$tmp/orig"
		OLD=$old NEW=$new perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/' "$f"
		if cmp -s "$f" "$tmp/orig"; then
			echo "handbugs.sh: $unit: $file: \"$old\" not found" >&2
			continue
		fi
		if ! (cd "$d" && go build $pats >/dev/null 2>&1); then
			verdict=broken
			broken=$((broken + 1))
		elif (cd "$d" && go test $pats >/dev/null 2>&1); then
			verdict=missed
			missed=$((missed + 1))
		else
			verdict=caught
			caught=$((caught + 1))
		fi
		cp "$tmp/orig" "$f"
		printf "  %s %s: %s: %s -> %s\n" "$1" "$verdict" "$file" "$old" "$new"
	done <"$tmp/bugs.txt"
	echo "| $unit | $1 | $caught | $missed | $broken |"
}

while [ $# -gt 0 ]; do
	unit=$1
	shift
	line=$(sed 's/#.*//' "$list" | awk -v n="$unit" '$1 == "mod" && $2 == n')
	[ -n "$line" ] || { echo "handbugs.sh: $unit: not a mod line of $list" >&2; exit 2; }
	src=$(echo "$line" | awk '{print $3}')
	pats=$(echo "$line" | awk '{for (i = 4; i <= NF; i++) printf "%s ", $i}')
	[ -n "$pats" ] || pats=./...
	d=$tmp/$unit
	own=$tmp/$unit.own
	mkdir -p "$d" "$own"
	unit_module "$src"
	pkgdirs=$(cd "$d" && go list -f '{{.Dir}}' $pats)
	own_aside
	(cd "$d" && "$pbcc" gen -timeout "$timeout" $pats >"$tmp/$unit.out" 2>&1) || true
	pbcc_cases
	echo "| unit | tests | caught | missed | does not build |"
	echo "|---|---|--:|--:|--:|"
	run "pbcc($cases)"
	[ "${OWN:-1}" = 0 ] && continue
	own_back
	run "own($ntests)"
done
