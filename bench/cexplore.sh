#!/bin/sh
# cexplore.sh: whole C units as bench/cbench.txt lists them, every function
# (no -func list), with two pbcc binaries side by side: functions, those
# with a table, gcov branches covered, cases, seconds. Measures what the
# search on the real code (cbridge.Explore) adds for the functions pbcc's
# model cannot lower.
#
#   sh bench/cexplore.sh BASE_PBCC NEW_PBCC [unit ...]
#
# PBCC_FLAGS adds flags to pbcc gen (space: PBCC_FLAGS='-timeout 3m').
#
# The repositories come from the cache cbench.go reads
# ($PBCC_CBENCH_CACHE, else /work/.mirror: <owner>+<name>/repo, bare).
set -e
base=$1 new=$2
shift 2
units=${*:-schedule tot_info wordplay gzip_util}
cache=${PBCC_CBENCH_CACHE:-/work/.mirror}
list=$(dirname "$0")/cbench.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$list" | while read -r prog repo commit paths; do
	[ -n "$prog" ] || continue
	mkdir -p "$work/src/$prog"
	gd=$cache/$(echo "$repo" | tr / +)/repo
	[ -d "$gd" ] || gd=$cache/$(echo "$repo" | tr / +).git
	for p in $paths; do
		src=${p%%=*} name=${p#*=}
		[ "$name" = "$p" ] && name=$(basename "$p")
		git --git-dir="$gd" show "$commit:$src" > "$work/src/$prog/$name"
	done
done
for u in $units; do
	for b in base new; do
		eval bin=\$$b
		d=$work/run-$u-$b
		cp -r "$work/src/$u" "$d"
		s=$(date +%s.%N)
		(cd "$d" && "$bin" gen -json -I . $PBCC_FLAGS "$u.c" > out.json 2> err.txt) || true
		e=$(date +%s.%N)
		python3 - "$u" "$b" "$s" "$e" "$d/out.json" <<'PY'
import json, sys
u, b, s, e, path = sys.argv[1:]
rs = [json.loads(l) for l in open(path) if l.strip()]
br = sum(r['branches'] for r in rs)
cov = sum(r['covered'] for r in rs)
tab = sum(1 for r in rs if r['tests'] > 0)
print(f"{u:10s} {b:4s} functions {len(rs):3d}  with a table {tab:3d}  gcov branches {cov}/{br}  cases {sum(r['tests'] for r in rs)}  {float(e) - float(s):.1f} s")
PY
	done
done
