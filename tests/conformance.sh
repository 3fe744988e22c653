#!/bin/sh
# The shared conformance corpus: --fold must equal the reference collapsers'
# output byte for byte. Skipped (not failed) when ../shared is absent, as in
# a release tarball.
. "$top_srcdir/tests/lib.sh"
if [ ! -x "$SHARED/conformance/run" ]; then
	echo "SKIP: $SHARED/conformance not found (only in a source checkout)"
	exit 77
fi
"$SHARED/conformance/run" "$FLAMETUI" -v
