#!/usr/bin/env bash
# The DocC documentation (Sources/PureX509/PureX509.docc and the doc
# comments of every core module, SystemTrust and IDNA), combined into one archive, with warnings
# as errors; then every public symbol of the core must have a doc comment
# (scripts/doc-coverage.py), and no public declaration of the core may
# mention Range<Int> (scripts/public-api.py, docs/bytes.md). Output: .build/plugins/Swift-DocC/outputs/PureX509.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=()
for module in DER SHA2 BigNum RSA EC PKIX Trust Pinning Symmetric PKCS12 SystemTrust IDNA PureX509; do targets+=(--target "$module"); done
swift package generate-documentation "${targets[@]}" --enable-experimental-combined-documentation --warnings-as-errors
python3 scripts/doc-coverage.py --dump
# The graphs doc-coverage.py just wrote: counts per module, and no offsets in the core's API.
python3 scripts/public-api.py --counts
