#!/usr/bin/env bash
# The project's test command (README): the Embedded Swift check of the core,
# then every test target (release build: the GMP and Wycheproof checks run
# 30× faster optimised, and that is the code users get), then the hostile
# inputs through the release tool. The robustness tests in a debug build
# (every standard-library precondition checked) run in CI (.ci/run): that
# second build of every target took about 5 minutes on a 2-core machine and
# kept this command over its 10 minutes (docs/development.md). Needs
# Swift 6.1+ with the Embedded wasm32 stdlib and wasmkit (the toolchain here
# ships both), python3, and openssl for the cross-checks (skipped with a
# notice when absent).
#
# The Embedded check (its own scratch folder) runs beside the release build
# of the tests: a release build compiles one module at a time wherever the
# dependency graph narrows, and most of a whole-module compile is optimised
# on one thread, so the second core is often idle. Its output is shown once
# it is done; a failure of either fails the command. Phase timings on a
# 2-core machine are in docs/development.md.
set -euo pipefail
cd "$(dirname "$0")/.."
phase_start=$SECONDS
phase() { echo "test.sh: $1 took $((SECONDS - phase_start)) s" >&2; phase_start=$SECONDS; }

# Pinning judges a built path and reads certificates through PKIX's views; it
# never drives the DER reader itself (docs/architecture.md).
if grep -rln '^import DER$' Sources/Pinning; then echo "test.sh: Pinning imports DER" >&2; exit 1; fi
# Nor do the tool, the configuration layer and the fuzz targets' bodies: PKIX
# reads every structure once (keys included) and they read what it decoded.
if grep -rlnE '^import DER$|DERReader' Sources/PureX509Tool Sources/PureX509Config Sources/PureX509Fuzzing Sources/Pinning; then
    echo "test.sh: the tool, PureX509Config, PureX509Fuzzing or Pinning drives the DER reader" >&2; exit 1
fi

embedded_log=$(mktemp)
# setsid: the check and the builds it starts form one process group, which
# is stopped as a whole if this script ends early.
echo "test.sh: the Embedded check (the core for wasm32, then its smoke program under wasmkit) runs beside the release build; its output follows when both end" >&2
setsid ./scripts/embedded-check.sh >"$embedded_log" 2>&1 &
embedded_pid=$!
trap 'kill -- -"$embedded_pid" 2>/dev/null || true; rm -f "$embedded_log"' EXIT
# `swift test` builds with testable imports, which `swift build` cannot ask
# for, so the build and the run stay one command.
swift test -c release
phase "the release build and run of the tests (beside the Embedded check)"
embedded_status=0
wait "$embedded_pid" || embedded_status=$?
cat "$embedded_log"
[ "$embedded_status" -eq 0 ] || { echo "test.sh: the Embedded check failed" >&2; exit 1; }
phase "the rest of the Embedded check"
PUREX509_TOOL=.build/release/purex509 ./scripts/hostile-inputs.sh
phase "the hostile inputs"
