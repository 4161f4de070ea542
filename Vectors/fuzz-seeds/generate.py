#!/usr/bin/env python3
"""Writes the seed inputs of the fuzz targets that have no public corpus
(FuzzTarget in Sources/PureX509Fuzzing): evaluation, pin-string,
pin-configuration, signature. Everything is derived from files already in
Vectors/ (their provenance is in their own READMEs) or written here.
Run from the repository root: python3 Vectors/fuzz-seeds/generate.py"""
import base64, json, os, pathlib

root = pathlib.Path("Vectors")
out = root / "fuzz-seeds"


def pem_blocks(path):
    text = path.read_text()
    blocks = []
    for part in text.split("-----BEGIN CERTIFICATE-----")[1:]:
        body = part.split("-----END CERTIFICATE-----")[0]
        blocks.append(base64.b64decode("".join(body.split())))
    return blocks


def write(target, name, data):
    directory = out / target
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_bytes(data)


profiles = ["valid", "valid.p256", "valid.p384", "valid.p521", "valid.ed25519", "valid.p384-p256-p256", "valid.rsa-p256-ed25519"]

# evaluation: chains (leaf first) as concatenated DER, trusted ones and a few
# that each fail one check, against the store EvaluationFuzzing fixes.
for case in profiles + ["valid-wildcard", "expired-leaf", "bad-signature", "bad-signature.p256", "wrong-host",
                        "valid-case-and-dot.ed25519"]:
    chain = root / "chains" / case / "chain.pem"
    if chain.exists():
        write("evaluation", case + ".der", b"".join(pem_blocks(chain)))
write("evaluation", "amazon-ecdsa.der", b"".join(pem_blocks(root / "samples" / "amazon-ecdsa-chain.pem")))

# signature: [profile index, 0 = the leaf's own algorithm] + the leaf's signature.
def signature_value(der):
    # Certificate ::= SEQUENCE { tbs, algorithm, BIT STRING }: the last TLV's content after the unused-bits octet.
    def header(data, at):
        length = data[at + 1]
        if length < 0x80:
            return at + 2, length
        count = length & 0x7F
        return at + 2 + count, int.from_bytes(data[at + 2: at + 2 + count], "big")
    start, _ = header(der, 0)
    at = start
    for _ in range(2):
        content, length = header(der, at)
        at = content + length
    content, length = header(der, at)
    return der[content + 1: content + length]

for index, profile in enumerate(["valid", "valid.p256", "valid.p384", "valid.p521", "valid.ed25519"]):
    leaf = pem_blocks(root / "chains" / profile / "chain.pem")[0]
    write("signature", profile + ".bin", bytes([index, 0]) + signature_value(leaf))

# pin-string: pins, patterns, hosts, addresses, times, and text that must be escaped.
strings = {
    "pin": "sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
    "bare-pin": "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
    "sha1-pin": "sha1/2jmj7l5rSw0yVb/vlWAYkK/YBwk=",
    "pattern": "**.example.com",
    "wildcard": "*.example.co.uk",
    "idn": "xn--e1afmkfd.xn--p1ai",
    "ipv6": "2001:db8::1",
    "ipv4": "192.168.0.1",
    "time": "2025-02-28T23:59:59+01:00",
    "seconds": "-62167219200",
    "controls": "a\u001b[31mb\nc\u0085d",
}
for name, text in strings.items():
    write("pin-string", name + ".txt", text.encode())

# pin-configuration: the documented example, and small variants of its shape.
example = (pathlib.Path("docs") / "pinning-example.json").read_bytes()
write("pin-configuration", "example.json", example)
minimal = {"pinSets": [{"pattern": "example.com", "pins": [strings["pin"], "sha256/" + base64.b64encode(bytes(32)).decode()]}]}
write("pin-configuration", "minimal.json", json.dumps(minimal).encode())
report_only = {"minimumPins": 1, "pinSets": [{"pattern": "**.example.org", "pins": [strings["pin"]], "enforce": False,
                                              "expiration": "2030-01-01T00:00:00Z", "failClosed": True, "includeSubdomains": True}]}
write("pin-configuration", "report-only.json", json.dumps(report_only, indent=2).encode())

# revocation: DER CRLs (pyca's, some PKITS ones) and OCSP responses (pyca's,
# and the generated delegated-responder and revoked cases).
def pem_der(path, label):
    text = path.read_text()
    part = text.split("-----BEGIN " + label + "-----")[1].split("-----END " + label + "-----")[0]
    return base64.b64decode("".join(part.split()))


crl_dir = root / "revocation" / "crl"
for path in sorted(crl_dir.iterdir()):
    if not path.name.startswith("crl_") or path.name == "crl_almost_10k.pem":
        continue
    data = path.read_bytes() if path.suffix == ".der" else pem_der(path, "X509 CRL")
    write("revocation", path.stem + ".crl.der", data)
for name in ["GoodCACRL.crl", "deltaCRLCA1deltaCRL.crl", "indirectCRLCA5CRL.crl", "onlySomeReasonsCA1compromiseCRL.crl"]:
    write("revocation", name + ".der", (root / "pkits" / "crls" / name).read_bytes())
for path in sorted((root / "revocation" / "ocsp").iterdir()):
    if path.name.startswith("resp-") or path.name.endswith("-resp.der"):
        write("revocation", path.name, path.read_bytes())
for case in ["ocsp-delegated", "ocsp-revoked.p256", "ocsp-unknown-critical-extension", "ocsp-sha256-certid"]:
    write("revocation", case + ".der", (root / "revocation" / "generated" / case / "ocsp.der").read_bytes())
