#!/bin/sh
# charness.sh: the size of the C harnesses pbcc writes (issue 10, item 5):
# lines per harness, per case and per C function of the harness.
#
#   sh bench/charness.sh [-rev REV] [-- GEN FLAGS --] FILE.c...
#
# Each FILE.c is copied into a temporary directory, where pbcc gen writes
# its harness FILE_pbcc_test.c; the harness is then measured (measure
# below) and, with -Wall -Wextra, compiled as -std=gnu89 and -std=c11: the
# warnings column counts gcc's diagnostics on lines of the harness (the
# unit's own are not pbcc's). pbcc is built from the working tree, or from
# git revision REV with -rev (git archive into a temporary directory), so
# that the harnesses of two revisions can be compared:
#
#   sh bench/charness.sh -rev 270da50 testdata/c/*.c
#   sh bench/charness.sh testdata/c/*.c
#
# Flags between -- and -- go to pbcc gen (e.g. -- -func '^(esc|omatch)$'
# -func-timeout 20s --): the number of cases a time-limited search finds
# may differ from run to run, so compare functions whose cases are the
# same. Columns: harness lines, cases (table rows and case functions),
# lines per case, lines per case of the part after the shared header and
# helpers (from the first case or table on), C functions in the harness,
# their mean and largest length in lines, the mean length of a case
# function, diagnostics.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
rev=
if [ "$1" = "-rev" ]; then
	rev=$2
	shift 2
fi
genflags=
if [ "$1" = "--" ]; then
	shift
	while [ "$1" != "--" ]; do
		genflags="$genflags '$1'"
		shift
	done
	shift
fi
tmp=$(mktemp -d /tmp/pbcc-charness-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$rev" ]; then
	mkdir "$tmp/src"
	(cd "$root" && git archive "$rev") | tar -x -C "$tmp/src"
	(cd "$tmp/src" && go build -o "$tmp/pbcc" ./cmd/pbcc)
else
	(cd "$root" && go build -o "$tmp/pbcc" ./cmd/pbcc)
fi

# measure prints the columns of one harness.
measure() {
	awk '
	/_cases\[\]( = \{|\)\(void\) = \{)$/ { intable = 1; next }
	intable && /^};/ { intable = 0; next }
	intable && /^\t\{/ && !/pbcc_[A-Za-z0-9_]*_[0-9]+\},$/ { rows++ }
	intable { next }
	!start && (/^static int pbcc_[A-Za-z0-9_]*_[0-9]+\(void\)$/ || /^static const struct \{$/) { start = NR - 1 }
	/^\{$/ { infn = 1; n = 2; casefn = (prev ~ /^static int pbcc_.*_[0-9]+\(void\)$/); next }
	infn && /^\}$/ {
		infn = 0; fns++; total += n; if (n > max) max = n
		if (casefn) { cases++; caselines += n }
		next
	}
	infn { n++ }
	{ prev = $0 }
	END {
		all = NR; c = rows + cases
		own = start ? all - start + 1 : 0
		printf "%6d %5d %6.1f %6.1f %4d %6.1f %5d %6.1f", all, c, c ? all / c : 0, c ? own / c : 0, fns, fns ? total / fns : 0, max, cases ? caselines / cases : 0
	}' "$1"
}

printf '%-24s %6s %5s %6s %6s %4s %6s %5s %6s %5s\n' file lines cases l/case c/case fns l/fn max l/casefn diags
for f in "$@"; do
	base=$(basename "$f" .c)
	case $base in *_pbcc_test) continue ;; esac
	d="$tmp/$base"
	mkdir -p "$d"
	cp "$f" "$d/"
	(cd "$d" && eval "\"$tmp/pbcc\" gen $genflags \"$base.c\"" >/dev/null 2>&1) || true
	h="$d/${base}_pbcc_test.c"
	if [ ! -f "$h" ]; then
		printf '%-24s no harness\n' "$base.c"
		continue
	fi
	diags=0
	for std in gnu89 c11; do
		n=$(gcc -std=$std -Wall -Wextra -fsyntax-only -iquote "$d" "$h" 2>&1 | grep -c "^$h:[0-9]*:[0-9]*: \(warning\|error\)" || true)
		diags=$((diags + n))
	done
	printf '%-24s %s %5d\n' "$base.c" "$(measure "$h")" "$diags"
done
