#!/bin/bash
# cbench-time.sh: the CPU time of pbcc on each unit of bench/cbench.go, run
# as cbench runs it (pbcc gen -json -func '^(the unit's functions)$' in a
# fresh copy of the program), for comparing two builds back to back.
#
#   bench/cbench-time.sh PBCC OUTDIR [unit...]     (default: all five)
#
# Prints per unit: user and system seconds (/usr/bin/time), wall seconds,
# peak RSS, the load average and the cases written; OUTDIR/<unit> keeps the
# harness, the -json output and the PBCC_SOLVE_LOG (## func stage lines).
# The sources come from the bare repositories of bench/cbench.txt in
# $PBCC_CBENCH_CACHE (default /work/.mirror).
set -e
P=$(realpath "$1"); OUT=$(realpath -m "$2"); shift 2
U=${*:-tcas print_tokens2 print_tokens replace schedule}
CACHE=${PBCC_CBENCH_CACHE:-/work/.mirror}
G1=$CACHE/songsir666+Delta4Ts-benchmark/repo; C1=c9a8f9540e26943ad361cdc5f494e6d08bd77743
G2=$CACHE/Moejui+NTHU-Software-Engineering/repo; C2=5253f5ac520c9a30136f4bc1ca22f594ee38ec4b
declare -A F
F[tcas]='initialize|ALIM|Inhibit_Biased_Climb|Non_Crossing_Biased_Climb|Non_Crossing_Biased_Descend|Own_Below_Threat|Own_Above_Threat|alt_sep_test'
F[print_tokens2]='get_char|unget_char|get_token|is_token_end|token_type|print_token|is_eof_token|is_comment|is_keyword|is_char_constant|is_num_constant|is_str_constant|is_identifier|unget_error|print_spec_symbol|is_spec_symbol'
F[print_tokens]='get_char|is_end_of_character_stream|unget_char|get_token|numeric_case|error_or_eof_case|check_delimiter|keyword|special|skip|constant|next_state|is_eof_token|print_token|get_actual_token'
F[replace]='addstr|esc|dodash|getccl|stclose|in_set_2|in_pat_set|makepat|getpat|makesub|getsub|locate|omatch|patsize|amatch|putsub|subline'
F[schedule]='new_ele|new_list|append_ele|find_nth|del_ele|free_ele|finish_process|finish_all_processes|schedule|upgrade_process_prio|unblock_process|quantum_expire|block_process|new_process|add_process|init_prio_queue|initialize'
for u in $U; do
	d=$OUT/$u
	rm -rf "$d"; mkdir -p "$d"
	git --git-dir "$G1" show $C1:$u.c > "$d/$u.c"
	git --git-dir "$G1" show $C1:FaultSeeds.$u.h > "$d/FaultSeeds.h"
	case $u in
	print_tokens) for f in tokens.h stream.h; do git --git-dir "$G1" show $C1:EXAMPLE-printtokens/versions.alt/versions.orig/v1/$f > "$d/$f"; done ;;
	print_tokens2) for f in tokens.h stream.h; do git --git-dir "$G2" show $C2:hw2_gruop/print_tokens2/$f > "$d/$f"; done ;;
	esac
	(cd "$d" && PBCC_SOLVE_LOG=$d/solve.log /usr/bin/time -f "%U %S %e %MkB" -o "$d/time" "$P" gen -json -func "^(${F[$u]})\$" $u.c > "$d/out.json" 2> "$d/err" || true)
	cases=$(grep -o '"tests":[0-9]*' "$d/out.json" | cut -d: -f2 | paste -sd+ | bc)
	read -r us ss ws rss < "$d/time"
	echo "$u user ${us}s sys ${ss}s wall ${ws}s rss $rss load $(cut -d' ' -f1 /proc/loadavg) cases $cases"
done
