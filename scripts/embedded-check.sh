#!/usr/bin/env bash
# Builds the core modules in Embedded Swift mode for wasm32, links a smoke
# program that parses a certificate compiled into it, and runs it under
# wasmkit. Fails if any step fails, the output is not what the program
# must print or a warm evaluation allocates. Prints the size of the wasm
# module.
set -euo pipefail
cd "$(dirname "$0")/.."

triple=wasm32-unknown-none-wasm
# scripts/embedded-size.sh runs this again for the size-first configuration:
# EMBEDDED_SCRATCH names its build folder, EMBEDDED_BUILD_FLAGS its trait and
# optimisation (one word each).
scratch=${EMBEDDED_SCRATCH:-.build-embedded}
read -r -a build_flags <<<"${EMBEDDED_BUILD_FLAGS:-}"
out=$scratch/smoke
products=$scratch/$triple/release
modules="DER SHA2 BigNum RSA EC PKIX Trust Pinning Symmetric PKCS12"
mkdir -p "$out"

# Two invocations build every core module: Pinning depends on DER, SHA2,
# BigNum, RSA, EC, PKIX and Trust, and PKCS12 on Symmetric (the rest are
# then up to date). One plan per invocation instead of one per module, and
# SwiftPM builds two independent modules at a time. No debug information:
# the module is stripped at link, and generating it is a good part of the
# compile time.
for module in Pinning PKCS12; do
    if ! log=$(EMBEDDED=1 swift build --scratch-path "$scratch" --triple "$triple" -c release -Xswiftc -gnone ${build_flags[@]+"${build_flags[@]}"} --target "$module" 2>&1); then
        echo "$log" | grep -E 'error' | sort -u >&2
        echo "embedded-check: a core module does not build in Embedded Swift (building $module and what it depends on)" >&2
        exit 1
    fi
done
# Every core module was built: a module missing from both dependency trees
# would otherwise go unchecked.
for module in $modules; do
    ls "$products/$module.build/"*.o >/dev/null 2>&1 || { echo "embedded-check: $module was not built" >&2; exit 1; }
done

# The certificates, CRL and .p12 the program reads, as Swift array literals
# (the generator is shared with scripts/embedded-arm-check.sh).
amazon=Vectors/certs/rustls-webpki/tests/amazon
ed=Vectors/certs/rustls-webpki/tests/ed25519
revoked=Vectors/revocation/generated/revoked-leaf.p256
python3 scripts/embedded/embed-certificates.py \
    embeddedCertificate=Vectors/generated/leaf-all-extensions.pem embeddedIssuer=Vectors/generated/root-name-constraints.pem \
    chainLeaf=Vectors/chains/valid/chain.pem:0 chainIntermediate=Vectors/chains/valid/chain.pem:1 chainRoot=Vectors/chains/valid/roots.pem \
    ecdsaLeaf=$amazon/valid.rootca4.demo.amazontrust.com.cer ecdsaIntermediate=$amazon/e3m02.cer ecdsaRoot=$amazon/AmazonRootCA4.cer \
    ed25519Leaf=$ed/ee.der ed25519Root=$ed/ca.der \
    revokedLeaf=$revoked/chain.pem:0 revokedIntermediate=$revoked/chain.pem:1 revokedRoot=$revoked/roots.pem revokingCRL=$revoked/crls.pem:0 \
    pkcs12File=Vectors/pkcs12/pyca/cert-key-aes256cbc.p12 > "$out/EmbeddedCertificate.swift"
at=$(python3 -c 'import json; print([c["at"] for c in json.load(open("Vectors/chains/cases.json")) if c["name"] == "valid"][0])')
cat >> "$out/EmbeddedCertificate.swift" <<SWIFT
let ecdsaTime: Int64 = 1740787200
let ed25519Time: Int64 = 1577836800
let revokedTime: Int64 = 1748736000
let chainTime: Int64 = $at
SWIFT
expected_sha256=$(python3 -c 'import base64,hashlib,sys; t=open(sys.argv[1]).read(); b=t.split("-----BEGIN CERTIFICATE-----")[1].split("-----END CERTIFICATE-----")[0]; print(hashlib.sha256(base64.b64decode("".join(b.split()))).hexdigest())' Vectors/generated/leaf-all-extensions.pem)

# The smoke program exercises primitives that are `package`, not public
# (docs/architecture.md, "The public face"), so it joins the package: the
# package name SwiftPM gave the core modules (it follows the folder's name).
package_name=$(python3 -c 'import re, sys
for line in open(sys.argv[1]):
    if "\"-module-name\",\"DER\"" in line:
        print(re.search(r"\"-package-name\",\"([^\"]*)\"", line).group(1)); break' "$scratch/release.yaml")
swiftc -target "$triple" -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -parse-as-library -Osize \
    -Xfrontend -disable-stack-protector -I "$products/Modules" -module-name Smoke -package-name "$package_name" \
    -c scripts/embedded/Smoke.swift scripts/embedded/SmokeSymmetric.swift "$out/EmbeddedCertificate.swift" -o "$out/smoke.o"
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
grep -qxF "sha256: $expected_sha256" <<<"$output" || { echo "embedded-check: SHA-256 differs from Python's" >&2; exit 1; }
grep -qxF "signature: valid (RSA-3072)" <<<"$output" || { echo "embedded-check: RSA signature not verified" >&2; exit 1; }
grep -qxF "tampered: signature does not match" <<<"$output" || { echo "embedded-check: tampered TBS not refused" >&2; exit 1; }
grep -qxF "chain: trusted (3 certificates)" <<<"$output" || { echo "embedded-check: chain not verified" >&2; exit 1; }
# A warm evaluation (the same verifier, pre-parsed certificates) allocates
# nothing: the verifier keeps the lists the search grows and the chain it
# hands out, and its cache keeps the signatures' verdicts. 0 is what the
# x86_64 count (scripts/warm-instructions.sh), scripts/embedded-arm-check.sh
# and this program measure, so any allocation is a regression of the warm path.
max_warm_allocations=0
warm_allocations=$(sed -nE 's/^warm chain: ([0-9]+) allocations$/\1/p' <<<"$output")
[ -n "$warm_allocations" ] || { echo "embedded-check: the warm evaluation of the RSA chain did not trust it" >&2; exit 1; }
if [ "$warm_allocations" -gt "$max_warm_allocations" ]; then
    echo "embedded-check: a warm evaluation of the RSA chain made $warm_allocations heap allocation(s); at most $max_warm_allocations allowed" >&2
    exit 1
fi
grep -qxF "wrong host: hostnameMismatch" <<<"$output" || { echo "embedded-check: wrong host not refused" >&2; exit 1; }
grep -qxF "pinned root key: trusted" <<<"$output" || { echo "embedded-check: public-key pinning failed" >&2; exit 1; }
grep -qxF "stranger key: refused" <<<"$output" || { echo "embedded-check: a wrong pin was accepted" >&2; exit 1; }
grep -qxF "ecdsa chain: trusted (3 certificates)" <<<"$output" || { echo "embedded-check: ECDSA chain not verified" >&2; exit 1; }
grep -qxF "ecdsa chain, precomputed anchor: trusted" <<<"$output" || { echo "embedded-check: ECDSA chain not verified through the precomputed anchor" >&2; exit 1; }
grep -qxF "ecdsa tampered, precomputed anchor: badSignature" <<<"$output" || { echo "embedded-check: tampered ECDSA intermediate not refused" >&2; exit 1; }
grep -qxF "ed25519 chain: trusted" <<<"$output" || { echo "embedded-check: Ed25519 chain not verified" >&2; exit 1; }
grep -qxF "ed25519 tampered: badSignature" <<<"$output" || { echo "embedded-check: tampered Ed25519 signature not refused" >&2; exit 1; }
grep -qxF "revoked leaf: revoked" <<<"$output" || { echo "embedded-check: a revoked leaf was not refused" >&2; exit 1; }
grep -qxF "revocation off: trusted" <<<"$output" || { echo "embedded-check: revocation off refused the chain" >&2; exit 1; }
grep -qxF "aes-256-cbc: $(python3 -c 'print(open("Vectors/symmetric/aes-cbc/CBCMMT256.rsp").read().split("[DECRYPT]")[1].split("PLAINTEXT = ")[1].split()[0])')" <<<"$output" || { echo "embedded-check: AES-256-CBC differs from NIST" >&2; exit 1; }
grep -qxF "3des-cbc: legacy!" <<<"$output" || { echo "embedded-check: 3DES-CBC failed" >&2; exit 1; }
grep -qxF "rc2-40-cbc: rc2 text, padded" <<<"$output" || { echo "embedded-check: RC2-CBC failed" >&2; exit 1; }
grep -qxF "refused: bad padding (wrong key or damaged data)" <<<"$output" || { echo "embedded-check: bad padding not refused" >&2; exit 1; }
grep -qxF "pbkdf2-sha256: $(python3 -c 'import hashlib; print(hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 2048, 32).hex())')" <<<"$output" || { echo "embedded-check: PBKDF2 differs from hashlib" >&2; exit 1; }
grep -qxF "pkcs12-kdf: $(grep '^sha256 0000 209074a18d0914a9 2048 3 33 ' Vectors/symmetric/generated/pkcs12-kdf.txt | cut -d' ' -f7)" <<<"$output" || { echo "embedded-check: PKCS#12 KDF differs from OpenSSL" >&2; exit 1; }
grep -qxF "hmac-sha224: a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" <<<"$output" || { echo "embedded-check: HMAC-SHA-224 differs from RFC 4231" >&2; exit 1; }
grep -qxF "key derivation: P-256, P-384, P-521, Ed25519 match" <<<"$output" || { echo "embedded-check: a derived public key differs" >&2; exit 1; }
grep -qxF "d = n: private scalar is not in [1, n-1]" <<<"$output" || { echo "embedded-check: d = n not refused" >&2; exit 1; }
grep -qxF "pkcs12: EC P-256 256-bit private key, derived" <<<"$output" || { echo "embedded-check: the .p12 identity was not read" >&2; exit 1; }
grep -qxF "pkcs12 wrong password: MAC verification failed: wrong password, or the file is damaged" <<<"$output" || { echo "embedded-check: a wrong .p12 password was not refused" >&2; exit 1; }
echo "embedded-check: OK, wasm module $(wc -c <"$out/smoke.wasm") bytes"
