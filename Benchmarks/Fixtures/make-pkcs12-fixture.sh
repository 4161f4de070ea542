#!/usr/bin/env bash
# client-default.p12 for the PKCS12Open benchmark: what OpenSSL 3's
# `pkcs12 -export` writes by default (PBES2 with PBKDF2-HMAC-SHA256 and
# AES-256-CBC for the key and for the certificates, an HMAC-SHA256 MAC; 2,048
# iterations each, so three derivations per opening), holding an RSA-2048
# client key, its certificate and the issuing CA. Password: "benchmark".
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/ca.key" -out "$work/ca.pem" -subj "/CN=Benchmark Client CA" -days 3650 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout "$work/client.key" -out "$work/client.csr" -subj "/CN=benchmark client" 2>/dev/null
openssl x509 -req -in "$work/client.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -set_serial 2 -days 3650 -out "$work/client.pem" 2>/dev/null
openssl pkcs12 -export -inkey "$work/client.key" -in "$work/client.pem" -certfile "$work/ca.pem" -passout pass:benchmark -out client-default.p12
openssl pkcs12 -in client-default.p12 -info -noout -passin pass:benchmark 2>&1 | head -4
