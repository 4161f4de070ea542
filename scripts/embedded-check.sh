#!/usr/bin/env bash
# Builds the core modules in Embedded Swift mode for wasm32, links a smoke
# program that parses a certificate compiled into it, and runs it under
# wasmkit. Fails if any step fails or the output is not what the program
# must print. Prints the size of the wasm module.
set -euo pipefail
cd "$(dirname "$0")/.."

triple=wasm32-unknown-none-wasm
scratch=.build-embedded
out=$scratch/smoke
products=$scratch/$triple/release
modules="DER PKIX"
mkdir -p "$out"

for module in $modules; do
    EMBEDDED=1 swift build --scratch-path "$scratch" --triple "$triple" -c release --target "$module" >/dev/null
done

# The certificate the program parses, as a Swift array literal.
python3 - Vectors/generated/leaf-all-extensions.pem > "$out/EmbeddedCertificate.swift" <<'PY'
import base64, sys
text = open(sys.argv[1]).read()
body = text.split("-----BEGIN CERTIFICATE-----")[1].split("-----END CERTIFICATE-----")[0]
der = base64.b64decode("".join(body.split()))
print("let embeddedCertificate: [UInt8] = [" + ", ".join(str(b) for b in der) + "]")
PY

swiftc -target "$triple" -enable-experimental-feature Embedded -wmo -parse-as-library -Osize \
    -Xfrontend -disable-stack-protector -I "$products/Modules" -module-name Smoke \
    -c scripts/embedded/Smoke.swift "$out/EmbeddedCertificate.swift" -o "$out/smoke.o"
clang --target=wasm32-unknown-unknown -O2 -ffreestanding -nostdlib -c scripts/embedded/shim.c -o "$out/shim.o"
objects=""
for module in $modules; do objects="$objects $(ls "$products/$module.build/"*.o | tr '\n' ' ')"; done
# shellcheck disable=SC2086
wasm-ld --no-entry --export=_start --gc-sections --strip-all -O2 "$out/smoke.o" $objects "$out/shim.o" -o "$out/smoke.wasm"

output=$(wasmkit run "$out/smoke.wasm")
echo "$output"
expected_subject="subject: C=GB, ST=Somerset, L=Bath, O=Example Ltd, OU=Web, serialNumber=12345, emailAddress=admin@example.com, DC=example, CN=www.example.com"
grep -qxF "$expected_subject" <<<"$output" || { echo "embedded-check: unexpected subject" >&2; exit 1; }
grep -qxF "subjectAltNames: 9" <<<"$output" || { echo "embedded-check: unexpected SAN count" >&2; exit 1; }
grep -qxF "refused: indefinite length at offset 0" <<<"$output" || { echo "embedded-check: malformed input not refused" >&2; exit 1; }
echo "embedded-check: OK, wasm module $(wc -c <"$out/smoke.wasm") bytes"
