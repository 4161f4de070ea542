#!/usr/bin/env bash
# The swift-nio-ssl integration (Integrations/NIOSSL): builds its library
# and `purex509-nio`, then runs its tests, which start `openssl s_server`
# and `openssl s_client` on 127.0.0.1 themselves (docs/nio.md).
set -euo pipefail
cd "$(dirname "$0")/../Integrations/NIOSSL"
swift build --build-tests
swift test --skip-build
