#!/bin/sh
# bootstrap.sh run|check: set up a Debian machine for flametui and build it.
#
#   run    install missing build dependencies, build, open the bundled example
#   check  install missing build and test dependencies, build, run the test suite
#
# Packages are installed with apt-get only when missing (as root, or through
# sudo when it is there). Safe to run again: it only does what is not done.
set -eu
cd "$(dirname "$0")"

# Debian packages needed to build, and in addition to run the tests.
BUILD_DEPS="gcc make autoconf automake pkg-config libncurses-dev libtermkey-dev
	zlib1g-dev libprotobuf-c-dev protobuf-c-compiler libjansson-dev
	libelf-dev libdw-dev libiberty-dev libcurl4-openssl-dev"
TEST_DEPS="tmux libxml2-utils chromium gzip linux-perf imagemagick librsvg2-bin mandoc
	golang-go"

# Install the Debian packages in $* that are not installed yet.
need() {
	missing=
	for pkg in "$@"; do
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
		    grep -q 'ok installed' || missing="$missing $pkg"
	done
	[ -z "$missing" ] && return 0
	echo "bootstrap: installing:$missing"
	if [ "$(id -u)" -eq 0 ]; then
		sudo=
	elif command -v sudo >/dev/null 2>&1; then
		sudo=sudo
	else
		echo "bootstrap: run as root, or install:$missing" >&2
		exit 1
	fi
	$sudo apt-get update -q
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
}

# Configure (once) and build.
build() {
	[ -x configure ] || autoreconf -fi
	[ -f Makefile ] || ./configure
	make -j"$(nproc)"
}

case ${1:-} in
run)
	# shellcheck disable=SC2086
	need $BUILD_DEPS
	build
	exec src/flametui examples/workload.perf.gz
	;;
check)
	# shellcheck disable=SC2086
	need $BUILD_DEPS $TEST_DEPS
	build
	status=0
	make -j"$(nproc)" check || status=$?
	log=test-suite.log
	pass=$(sed -n 's/^# PASS: *//p' "$log" | head -1)
	fail=$(sed -n 's/^# FAIL: *//p' "$log" | head -1)
	err=$(sed -n 's/^# ERROR: *//p' "$log" | head -1)
	skip=$(sed -n 's/^# SKIP: *//p' "$log" | head -1)
	echo "tests: ${pass:-0} passed, $(( ${fail:-0} + ${err:-0} )) failed, ${skip:-0} skipped"
	exit "$status"
	;;
*)
	echo "usage: sh bootstrap.sh run|check" >&2
	exit 2
	;;
esac
