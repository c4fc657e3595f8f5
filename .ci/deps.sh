#!/bin/sh
# Installs what pbcc needs and a fresh Debian machine may lack: a C
# compiler (cgo, C harnesses), Z3's headers and library (the solver), gcov.
set -e
missing=""
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
if ! printf '#include <z3.h>\nint main(void){return 0;}\n' | gcc -x c - -lz3 -o /dev/null >/dev/null 2>&1; then
	missing="$missing libz3-dev"
fi
command -v gcov >/dev/null 2>&1 || missing="$missing gcc"
[ -z "$missing" ] && exit 0
echo "installing:$missing" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq $missing >/dev/null
