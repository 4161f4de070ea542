#!/usr/bin/env bash
# Makes the RSA fixtures the signature benchmarks verify: for 2048, 3072 and
# 4096 bits (e = 65537), the SPKI DER, a 1 KiB message and its SHA-256
# PKCS#1 v1.5 signature. Keys are fresh each run and thrown away.
set -euo pipefail
cd "$(dirname "$0")"
head -c 1024 /dev/zero | tr '\0' 'm' > message.bin
for bits in 2048 3072 4096; do
    key=$(mktemp)
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:$bits -pkeyopt rsa_keygen_pubexp:65537 -out "$key" 2>/dev/null
    openssl pkey -in "$key" -pubout -outform DER -out rsa$bits.spki.der
    openssl dgst -sha256 -sign "$key" -out rsa$bits.sig message.bin
    rm -f "$key"
done

# EC fixtures: P-256 with SHA-256, P-384 with SHA-384, P-521 with SHA-512
# (DER Ecdsa-Sig-Value), and Ed25519 (PureEdDSA over the whole message).
for curve in 256:sha256 384:sha384 521:sha512; do
    bits=${curve%%:*}; hash=${curve##*:}
    key=$(mktemp)
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-$bits -out "$key" 2>/dev/null
    openssl pkey -in "$key" -pubout -outform DER -out p$bits.spki.der
    openssl dgst -$hash -sign "$key" -out p$bits.sig message.bin
    rm -f "$key"
done
key=$(mktemp)
openssl genpkey -algorithm ED25519 -out "$key" 2>/dev/null
openssl pkey -in "$key" -pubout -outform DER -out ed25519.spki.der
openssl pkeyutl -sign -rawin -inkey "$key" -in message.bin -out ed25519.sig
rm -f "$key"
python3 make-ec-chain.py
