#!/bin/sh
# Regenerates the wrong-file and key fixtures of Vectors/inputs (issue 13 item 7).
# Needs the openssl CLI (3.x); run from this directory. Keys are fresh each run,
# so the tests compute every expected pin with openssl instead of storing it.
set -eu
cd "$(dirname "$0")"

# RSA 2048: PKCS#8 ("PRIVATE KEY"), PKCS#1 ("RSA PRIVATE KEY"), SPKI PEM and DER, PKCS#1 public key.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa-pkcs8.pem
openssl pkey -in rsa-pkcs8.pem -traditional -out rsa-pkcs1.pem
openssl pkey -in rsa-pkcs8.pem -pubout -out rsa-public.pem
openssl pkey -in rsa-pkcs8.pem -pubout -outform DER -out rsa-public.der
openssl rsa -in rsa-pkcs8.pem -RSAPublicKey_out -out rsa-public-pkcs1.pem 2>/dev/null

# EC P-256: SEC1 ("EC PRIVATE KEY", named curve, with its [1] public key), PKCS#8, and SEC1 without [1].
openssl ecparam -name prime256v1 -genkey -noout -out ec-sec1.pem
openssl pkey -in ec-sec1.pem -out ec-pkcs8.pem
openssl ec -in ec-sec1.pem -no_public -out ec-sec1-no-public.pem 2>/dev/null
# EC P-384 DER private key (SEC1) for the DER shape detection.
openssl ecparam -name secp384r1 -genkey -noout -outform DER -out ec-p384-sec1.der

# Ed25519 PKCS#8 v1: no public key inside, so pin must say so.
openssl genpkey -algorithm ED25519 -out ed25519-pkcs8.pem

# A CSR for the EC key (PEM and DER).
openssl req -new -key ec-sec1.pem -subj "/CN=backup.example" -out request.pem
openssl req -in request.pem -outform DER -out request.der

# A self-signed certificate and a CRL it issues (openssl ca needs a tiny database).
openssl req -x509 -new -key rsa-pkcs8.pem -subj "/CN=Inputs Test CA" -days 3650 -out ca.pem
work=$(mktemp -d)
: > "$work/index.txt"
echo 01 > "$work/crlnumber"
cat > "$work/ca.cnf" <<CNF
[ca]
default_ca = test
[test]
database = $work/index.txt
crlnumber = $work/crlnumber
default_md = sha256
default_crl_days = 3650
CNF
openssl ca -config "$work/ca.cnf" -gencrl -keyfile rsa-pkcs8.pem -cert ca.pem -out crl.pem 2>/dev/null
openssl crl -in crl.pem -outform DER -out crl.der
rm -r "$work"

# A good certificate, then a second CERTIFICATE block with a character outside base64.
{ cat ca.pem; printf -- '-----BEGIN CERTIFICATE-----\nMIIB*broken*\n-----END CERTIFICATE-----\n'; } > good-then-bad-base64.pem
# A good certificate, then a second block of valid base64 that is not DER.
{ cat ca.pem; printf -- '-----BEGIN CERTIFICATE-----\nAAECAwQF\n-----END CERTIFICATE-----\n'; } > good-then-bad-der.pem
# Text with no PEM block at all, and an empty file.
printf 'this is not a certificate\n' > no-block.txt
: > empty.pem

# A legacy (RFC 1421) encrypted RSA key: "Proc-Type: 4,ENCRYPTED" and "DEK-Info" headers inside the block.
openssl pkey -in rsa-pkcs8.pem -traditional -aes128 -passout pass:purex509 -out rsa-legacy-encrypted.pem

# Keys whose public key pin computes from the private key.
./derived-keys.sh
