# unit.sh: the steps bench/mutation.sh and bench/handbugs.sh share, sourced
# by both: a module copied to measure on, its packages' own tests set
# aside while pbcc writes its own, counted, kept, and put back. The
# functions read and set the caller's variables: d (the unit's copy), own
# (where its own tests wait), pkgdirs (its measured packages), unit, KEEP.
# The callers run under set -e: a function must not end on a failed test
# ([ -e F ] && ...), which would end the script.

# unit_module SRC: go mod download SRC (MODULE@VERSION) and copy it,
# writable, to $d, go-cmp required (as pbcc's first run leaves a module).
unit_module() {
	m=$(go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')
	[ -n "$m" ] || { echo "$0: go mod download $1: no directory" >&2; exit 2; }
	cp -R "$m/." "$d/"
	chmod -R u+w "$d"
	[ -f "$d/go.mod" ] || printf 'module %s\n\ngo 1.26\n' "${1%@*}" >"$d/go.mod"
	(cd "$d" && go mod tidy >/dev/null 2>&1 && go get github.com/google/go-cmp@v0.7.0 >/dev/null 2>&1) ||
		{ echo "$0: $unit: go mod tidy / go get go-cmp failed" >&2; exit 2; }
}

# own_aside: the own tests of $pkgdirs go to $own, their paths kept.
own_aside() {
	for p in $pkgdirs; do
		rel=${p#"$d"}
		mkdir -p "$own$rel"
		for f in "$p"/*_test.go; do
			if [ -e "$f" ]; then mv "$f" "$own$rel/"; fi
		done
	done
}

# pbcc_cases: sets cases, the "{name: " lines of pbcc's files in $pkgdirs,
# and copies those files to $KEEP/$unit when KEEP is set.
pbcc_cases() {
	cases=0
	for p in $pkgdirs; do
		for f in "$p"/*_pbcc_test.go; do
			if [ -e "$f" ]; then cases=$((cases + $(grep -c '{name: ' "$f" || true))); fi
		done
		if [ -n "$KEEP" ]; then
			rel=${p#"$d"}
			mkdir -p "$KEEP/$unit$rel"
			cp "$p"/*_pbcc_test.go "$KEEP/$unit$rel/" 2>/dev/null || true
		fi
	done
}

# own_back: pbcc's files go, the own tests come back; sets ntests, their
# top-level Test functions.
own_back() {
	ntests=0
	for p in $pkgdirs; do
		rm -f "$p"/*_pbcc_test.go
		rel=${p#"$d"}
		for f in "$own$rel"/*_test.go; do
			[ -e "$f" ] || continue
			mv "$f" "$p/"
			ntests=$((ntests + $(grep -c '^func Test' "$p/$(basename "$f")" || true)))
		done
	done
	(cd "$d" && go mod tidy >/dev/null 2>&1) || true
}
