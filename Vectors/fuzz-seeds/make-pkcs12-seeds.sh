#!/usr/bin/env bash
# Seeds for the pkcs12 fuzz target (Sources/PureX509Fuzzing/PKCS12Fuzzing.swift):
# each file is one selector byte (the password: 0 absent, 1 empty,
# 2 "password", 3 "cryptography", 4 "1234") then a PKCS #12 file. Made by this
# machine's OpenSSL with one iteration, so that a fuzzer execution costs
# microseconds, in the shapes that reach every part of the reader: no MAC and
# no encryption (bags and keys in the clear), no MAC with encryption, a MAC
# with PBES2/AES, the legacy 3DES and RC2-40 schemes; RSA, P-256 and Ed25519
# keys with a chain; plus two shared vectors (RFC 9579 A.1, pyca's
# cert-rc2-key-3des.p12). Run from this folder: ./make-pkcs12-seeds.sh
set -euo pipefail
cd "$(dirname "$0")"
out=pkcs12
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/ca.key" -out "$work/ca.pem" \
    -subj "/CN=Fuzz Seed CA" -days 3650 2>/dev/null
for kind in rsa p256 ed25519; do
    case $kind in
        rsa) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/$kind.key" 2>/dev/null ;;
        p256) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$kind.key" 2>/dev/null ;;
        ed25519) openssl genpkey -algorithm ED25519 -out "$work/$kind.key" 2>/dev/null ;;
    esac
    openssl req -new -key "$work/$kind.key" -subj "/CN=fuzz $kind" -out "$work/$kind.csr" 2>/dev/null
    openssl x509 -req -in "$work/$kind.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -set_serial 1 -days 365 \
        -out "$work/$kind.pem" 2>/dev/null
done
seed() {  # name selector password openssl-options...
    local name=$1 selector=$2 password=$3 kind=$4
    shift 4
    openssl pkcs12 -export -inkey "$work/$kind.key" -in "$work/$kind.pem" -certfile "$work/ca.pem" -name "seed $kind" \
        -passout "pass:$password" "$@" -out "$work/$name.p12"
    { printf "\\x$(printf %02x "$selector")"; cat "$work/$name.p12"; } > "$out/$name"
}
seed clear-rsa 0 "" rsa -nomac -keypbe NONE -certpbe NONE
seed clear-ed25519 0 "" ed25519 -nomac -keypbe NONE -certpbe NONE
seed nomac-aes-p256 2 password p256 -nomac -noiter
seed mac-aes-rsa 2 password rsa -noiter -nomaciter
seed mac-aes128-sha512-p256 2 password p256 -noiter -nomaciter -keypbe AES-128-CBC -certpbe AES-128-CBC -macalg sha512
seed legacy-rsa 2 password rsa -legacy -noiter -nomaciter
seed legacy-p256-empty 1 "" p256 -legacy -noiter -nomaciter
{ printf '\x04'; base64 -d ../pkcs12/rfc9579/rfc9579-a1.txt; } > "$out/rfc9579-a1"
{ printf '\x03'; cat ../pkcs12/pyca/cert-rc2-key-3des.p12; } > "$out/pyca-cert-rc2-key-3des"
ls -l "$out"
