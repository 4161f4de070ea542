#!/bin/sh
# Leaf certificates whose own key the key policy must judge (issue 11 item 2):
# one RSA-2048 root signs leaves with RSA-512, RSA-1024, RSA-2048, P-256 and
# secp256k1 keys, each for www.example.com, valid ten years from generation (2026-11-23).
# Needs the openssl CLI (3.x); run from this directory.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/root.key" 2>/dev/null
openssl req -x509 -new -key "$work/root.key" -subj "/CN=Leaf Key Test Root" -days 3650 \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -out root.pem
for kind in rsa512 rsa1024 rsa2048 p256 secp256k1; do
    case $kind in
        rsa*) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:${kind#rsa} -out "$work/$kind.key" 2>/dev/null ;;
        p256) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$kind.key" ;;
        secp256k1) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp256k1 -out "$work/$kind.key" ;;
    esac
    openssl req -new -key "$work/$kind.key" -subj "/CN=www.example.com" -out "$work/$kind.csr"
    openssl x509 -req -in "$work/$kind.csr" -CA root.pem -CAkey "$work/root.key" -set_serial 0x$(openssl rand -hex 8) \
        -days 3650 -sha256 \
        -extfile /dev/stdin -out "leaf-$kind.pem" 2>/dev/null <<EXT
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectAltName=DNS:www.example.com
EXT
done
rm -r "$work"
