#!/bin/sh
# Private keys whose public key `pin` computes (issue 27 item 3), made from the
# keys of generate.sh (run that first; it calls this at its end). Needs the
# openssl CLI (3.x) and python3; run from this directory.
set -eu
cd "$(dirname "$0")"

# PKCS#8 forms of the EC keys: P-256 without its public point, P-384 with it.
openssl pkcs8 -topk8 -nocrypt -in ec-sec1-no-public.pem -out ec-pkcs8-no-public.pem
openssl pkey -inform DER -in ec-p384-sec1.der -out ec-p384-pkcs8.pem
# P-521: PKCS#8 with the public point, and SEC1 without it.
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-521 -out ec-p521-pkcs8.pem
openssl ec -in ec-p521-pkcs8.pem -no_public -out ec-p521-sec1-no-public.pem 2>/dev/null

# X25519: a key-agreement key pin still refuses (no public key inside, none computed).
openssl genpkey -algorithm X25519 -out x25519-pkcs8.pem

work=$(mktemp -d)
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/other-ec.pem"
openssl genpkey -algorithm ED25519 -out "$work/other-ed25519.pem"
openssl pkey -in ed25519-pkcs8.pem -pubout -outform DER -out "$work/ed25519-public.der"
openssl pkey -in "$work/other-ed25519.pem" -pubout -outform DER -out "$work/other-ed25519-public.der"
openssl pkey -in "$work/other-ec.pem" -pubout -outform DER -out "$work/other-ec-public.der"

python3 - "$work" <<'PY'
import base64, sys
work = sys.argv[1]
def read(name): return open(f"{work}/{name}", "rb").read()
def unpem(name):
    # The PKCS#8 DER as the PEM holds it (openssl pkey -outform DER would write SEC1 for an EC key).
    return base64.b64decode("".join(l for l in open(name) if not l.startswith("-----")))
def pem(der, name):
    body = base64.b64encode(der).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    open(name, "w").write("-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----\n")

# The P-256 key with another key's public point in its SEC1 [1] (same length, so no length changes).
ec, other = unpem("ec-pkcs8.pem"), read("other-ec-public.der")
pem(ec[:-65] + other[-65:], "ec-pkcs8-mismatch.pem")

# Ed25519 as RFC 5958 v2 (version 1) with publicKey [1]: RFC 8410 §10.3's shape.
seed = unpem("ed25519-pkcs8.pem")[-32:]
def v2(public):
    return bytes.fromhex("3051020101300506032b657004220420") + seed + bytes.fromhex("812100") + public
pem(v2(read("ed25519-public.der")[-32:]), "ed25519-pkcs8-v2.pem")
pem(v2(read("other-ed25519-public.der")[-32:]), "ed25519-pkcs8-v2-mismatch.pem")
PY
rm -r "$work"
