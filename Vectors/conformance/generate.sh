#!/bin/sh
# RFC 5280 profile rules on presented certificates (issue 11 item 3): one
# RSA-2048 root; leaves for www.example.com, each breaking one rule or none;
# and an intermediate without keyUsage with its leaf. OpenSSL 3.0 CLI; run
# from this directory. Valid ten years from generation.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/root.key"
openssl req -x509 -new -key "$work/root.key" -subj "/CN=Conformance Test Root" -days 3650 \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -addext "subjectKeyIdentifier=hash" -out root.pem
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/leaf.key"
openssl req -new -key "$work/leaf.key" -subj "/CN=www.example.com" -out "$work/leaf.csr"
base="basicConstraints=critical,CA:FALSE
extendedKeyUsage=serverAuth
subjectAltName=DNS:www.example.com"
sign() { # name, CA cert, CA key, extensions
    printf '%s\n' "$4" > "$work/$1.ext"
    openssl x509 -req -in "$work/leaf.csr" -CA "$2" -CAkey "$3" -set_serial 0x$(openssl rand -hex 8) \
        -days 3650 -sha256 -extfile "$work/$1.ext" -out "$1.pem" 2>/dev/null
}
sign leaf-conforming root.pem "$work/root.key" "$base
keyUsage=critical,digitalSignature
authorityKeyIdentifier=keyid
subjectKeyIdentifier=hash
authorityInfoAccess=caIssuers;URI:http://example.com/ca.der"
sign leaf-critical-aki root.pem "$work/root.key" "$base
keyUsage=critical,digitalSignature
authorityKeyIdentifier=critical,keyid"
sign leaf-critical-ski root.pem "$work/root.key" "$base
keyUsage=critical,digitalSignature
subjectKeyIdentifier=critical,hash"
sign leaf-critical-aia root.pem "$work/root.key" "$base
keyUsage=critical,digitalSignature
authorityInfoAccess=critical,caIssuers;URI:http://example.com/ca.der"
sign leaf-name-constraints root.pem "$work/root.key" "$base
keyUsage=critical,digitalSignature
nameConstraints=critical,permitted;DNS:example.com"
sign leaf-keycertsign root.pem "$work/root.key" "$base
keyUsage=critical,digitalSignature,keyCertSign"
sign leaf-policy-dv root.pem "$work/root.key" "$base
keyUsage=critical,digitalSignature
certificatePolicies=2.23.140.1.2.1"
# An intermediate without keyUsage, and the same intermediate with it.
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/ca.key"
openssl req -new -key "$work/ca.key" -subj "/CN=Conformance Test Intermediate" -out "$work/ca.csr"
for variant in no-key-usage key-usage; do
    ext="basicConstraints=critical,CA:TRUE"
    [ "$variant" = key-usage ] && ext="$ext
keyUsage=critical,keyCertSign,cRLSign"
    printf '%s\n' "$ext" > "$work/ca-$variant.ext"
    openssl x509 -req -in "$work/ca.csr" -CA root.pem -CAkey "$work/root.key" -set_serial 0x$(openssl rand -hex 8) \
        -days 3650 -sha256 -extfile "$work/ca-$variant.ext" -out "intermediate-$variant.pem" 2>/dev/null
done
sign leaf-below-intermediate intermediate-key-usage.pem "$work/ca.key" "$base
keyUsage=critical,digitalSignature"
rm -r "$work"
