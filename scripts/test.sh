#!/usr/bin/env bash
# The project's test command (README): the Embedded Swift check of the core,
# then every test target (release build: the GMP and Wycheproof checks run
# 30× faster optimised, and that is the code users get), then the robustness
# tests again in a debug build, where every standard-library precondition
# (UnsafeBufferPointer's subscript among them) is checked as well. Needs
# Swift 6.1+ with the Embedded wasm32 stdlib and wasmkit (the toolchain here
# ships both), python3, and openssl for the cross-checks (skipped with a
# notice when absent).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/embedded-check.sh
# Pinning judges a built path and reads certificates through PKIX's views; it
# never drives the DER reader itself (docs/architecture.md).
if grep -rln '^import DER$' Sources/Pinning; then echo "test.sh: Pinning imports DER" >&2; exit 1; fi
# Nor do the tool, the configuration layer and the fuzz targets' bodies: PKIX
# reads every structure once (keys included) and they read what it decoded.
if grep -rlnE '^import DER$|DERReader' Sources/PureX509Tool Sources/PureX509Config Sources/PureX509Fuzzing Sources/Pinning; then
    echo "test.sh: the tool, PureX509Config, PureX509Fuzzing or Pinning drives the DER reader" >&2; exit 1
fi
swift test -c release
./scripts/hostile-inputs.sh
swift build --build-tests
swift test --skip-build --filter "DERTests|NeverTrap|Ed25519RandomInputTests"
