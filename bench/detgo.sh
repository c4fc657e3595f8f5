#!/bin/sh
# detgo.sh PBCC KEPT UNIT...: runs `pbcc gen ./...` on each unit of a
# directory kept by `go run bench/realcode.go -keep` (its own tests set
# aside, as realcode does), once with PBCC_WORKERS=1 and once with 2, and
# compares the *_pbcc_test.go files byte for byte (cmp). Prints, per
# unit, the seconds of each run and "same files: yes" or the files that
# differ. See bench/README.md, "Deterministic under load".
set -u
pbcc=$1 kept=$2
shift 2
out=$(mktemp -d /tmp/pbcc-detgo-XXXXXX)
echo "work directory: $out"
for u in "$@"; do
	for w in 1 2; do
		d=$out/$u-w$w
		cp -r "$kept/$u" "$d"
		find "$d" -name '*_test.go' ! -name '*_pbcc_test.go' -delete
		find "$d" -name '*_pbcc_test.go' -delete
		s=$(date +%s)
		(cd "$d" && PBCC_WORKERS=$w "$pbcc" gen -json ./... > "$out/$u-w$w.json" 2> "$out/$u-w$w.err")
		echo "$u PBCC_WORKERS=$w: exit $?, $(( $(date +%s) - s )) s, $(find "$d" -name '*_pbcc_test.go' | wc -l) files"
	done
	same=yes
	for f in $(cd "$out/$u-w1" && find . -name '*_pbcc_test.go' | sort); do
		if ! cmp -s "$out/$u-w1/$f" "$out/$u-w2/$f"; then
			same="no ($f)"
			break
		fi
	done
	n1=$(find "$out/$u-w1" -name '*_pbcc_test.go' | wc -l)
	n2=$(find "$out/$u-w2" -name '*_pbcc_test.go' | wc -l)
	[ "$n1" = "$n2" ] || same="no ($n1 against $n2 files)"
	[ "$n1" = 0 ] && same="no files"
	echo "$u same files: $same"
done
