#!/bin/sh
# The Common Name fallback under DNS name constraints (issue 12 defect 10):
# a root, an intermediate permitted only DNS:example.com, and two leaves
# without subjectAltName whose CN is www.example.com (inside) or
# www.example.org (outside). OpenSSL 3.0 CLI; run from this directory.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$1.key"; }
key root; key ca; key leaf
openssl req -x509 -new -key "$work/root.key" -subj "/CN=CN Fallback Root" -days 3650 \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -addext "subjectKeyIdentifier=hash" -out root.pem
openssl req -new -key "$work/ca.key" -subj "/CN=CN Fallback Constrained CA" -out "$work/ca.csr"
printf '%s\n' "basicConstraints=critical,CA:TRUE" "keyUsage=critical,keyCertSign,cRLSign" \
    "nameConstraints=critical,permitted;DNS:example.com" "subjectKeyIdentifier=hash" "authorityKeyIdentifier=keyid" > "$work/ca.ext"
openssl x509 -req -in "$work/ca.csr" -CA root.pem -CAkey "$work/root.key" -set_serial 0x$(openssl rand -hex 8) \
    -days 3650 -sha256 -extfile "$work/ca.ext" -out intermediate.pem 2>/dev/null
printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" \
    "authorityKeyIdentifier=keyid" > "$work/leaf.ext"
for host in www.example.com www.example.org; do
    openssl req -new -key "$work/leaf.key" -subj "/CN=$host" -out "$work/leaf.csr"
    openssl x509 -req -in "$work/leaf.csr" -CA intermediate.pem -CAkey "$work/ca.key" -set_serial 0x$(openssl rand -hex 8) \
        -days 3650 -sha256 -extfile "$work/leaf.ext" -out "leaf-cn-$host.pem" 2>/dev/null
done
rm -r "$work"
