#!/usr/bin/env python3
"""Makes the adversarial path-building shapes under Vectors/adversarial/.

Each shape is a leaf plus a crowd of intermediates built to make a path
builder work hard, and an anchor that none of them reaches. Every file
`<name>.der` is concatenated DER (a leaf first where it has one);
`anchor.der` is the one trust anchor; `shapes.json` lists the shapes.

Shapes (issue 13, item 1):
- lattice-W-L: L levels of W CAs; all CAs of a level share one subject and
  one key, each signed by the level above's key, the top level unanchored
  (every path of the W^L is valid up to the top).
- unrelated-1000: a chain of 1,000 CAs unrelated to any leaf, added to other
  shapes (a shape is a list of files: the first file's certificates, leaf
  first, then the other files' certificates as more intermediates).
- mesh-N: N keys under one subject name; for every ordered pair (i, j) a CA
  certificate for key i signed by key j (N² certificates, each key's
  certificates first by AKI), unanchored: every permutation of keys is a
  valid path.
- named-mesh-N: N keys, each under its own name "Mesh i"; for every ordered
  pair i ≠ j a CA certificate for key i signed by key j: every edge a
  candidate list offers is valid, so only the path-length limit, the loop
  check and the step budget bound the search.
- loop-N: N CAs in one cycle (each signed by the next, the last by the first).
- decoys-N: N CAs with the leaf's issuer name and wrong keys.
- expired-decoys-N: N CAs with the leaf's issuer name and the right key,
  all expired (valid signatures, every one refused afterwards).
The largest shapes hold about 1 MB of certificates (3,000 of them). Keys are P-256 (small
certificates, so a megabyte holds thousands) and fresh on every run.

Run: python3 Vectors/adversarial/generate.py   (Python `cryptography`)
Written for this project.
"""
import datetime
import json
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
START = datetime.datetime(2024, 1, 1, tzinfo=UTC)
END = datetime.datetime(2030, 1, 1, tzinfo=UTC)
EXPIRED = datetime.datetime(2025, 1, 1, tzinfo=UTC)
AT = 1748736000  # 2025-06-01, as Vectors/chains
serial = [1]


def key():
    return ec.generate_private_key(ec.SECP256R1())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, public_key, issuer, signing_key, ca=True, end=END, ski=None, aki=None, extra=()):
    serial[0] += 1
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(public_key).serial_number(serial[0]).not_valid_before(START).not_valid_after(end))
    builder = builder.add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    # RFC 5280 §4.2.1.3: a CA's keyUsage asserts keyCertSign, so the shapes
    # exercise the search rather than fail the profile checks at once.
    builder = builder.add_extension(x509.KeyUsage(
        digital_signature=not ca, content_commitment=False, key_encipherment=False, data_encipherment=False,
        key_agreement=False, key_cert_sign=ca, crl_sign=ca, encipher_only=False, decipher_only=False), critical=True)
    # RFC 5280 §4.2.1.1–2 (the strict profile): every CA has an SKI and
    # every certificate an AKI. Where a shape names none, identifiers that
    # match nothing stand in, so the search order stays what the shape
    # was built to exercise (the identifiers are only a hint).
    if ca:
        builder = builder.add_extension(x509.SubjectKeyIdentifier(ski if ski is not None else b"\xff" * 20), critical=False)
    elif ski is not None:
        builder = builder.add_extension(x509.SubjectKeyIdentifier(ski), critical=False)
    builder = builder.add_extension(x509.AuthorityKeyIdentifier(aki if aki is not None else b"\x00" * 20, None, None), critical=False)
    if not ca:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False)
    for extension, critical in extra:
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(signing_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def kid(i):
    return i.to_bytes(4, "big") * 5


def lattice(width, levels):
    keys = [key() for _ in range(levels + 2)]
    leaf_key = key()
    leaf = cert("www.example.com", leaf_key.public_key(), "Lattice 1", keys[1], ca=False)
    cas = []
    for level in range(1, levels + 1):
        for _ in range(width):
            cas.append(cert(f"Lattice {level}", keys[level].public_key(), f"Lattice {level + 1}", keys[level + 1]))
    return [leaf] + cas


def unrelated(count):
    k = key()
    return [cert(f"Unrelated {i}", k.public_key(), f"Unrelated {i + 1}", k) for i in range(count)]


def mesh(n):
    keys = [key() for _ in range(n)]
    leaf = cert("www.example.com", key().public_key(), "Mesh", keys[0], ca=False, aki=kid(0))
    cas = [cert("Mesh", keys[i].public_key(), "Mesh", keys[j], ski=kid(i), aki=kid(j)) for i in range(n) for j in range(n)]
    return [leaf] + cas


def named_mesh(n):
    keys = [key() for _ in range(n)]
    leaf = cert("www.example.com", key().public_key(), "Mesh 0", keys[0], ca=False)
    cas = [cert(f"Mesh {i}", keys[i].public_key(), f"Mesh {j}", keys[j]) for i in range(n) for j in range(n) if i != j]
    return [leaf] + cas


def loop(n):
    keys = [key() for _ in range(n)]
    leaf = cert("www.example.com", key().public_key(), "Loop 0", keys[0], ca=False)
    cas = [cert(f"Loop {i}", keys[i].public_key(), f"Loop {(i + 1) % n}", keys[(i + 1) % n]) for i in range(n)]
    return [leaf] + cas


def decoys(n, expired=False):
    issuer_key = key()
    leaf = cert("www.example.com", key().public_key(), "Decoy CA", issuer_key, ca=False)
    top = key()
    if expired:
        cas = [cert("Decoy CA", issuer_key.public_key(), "Decoy Top", top, end=EXPIRED) for _ in range(n)]
    else:
        cas = [cert("Decoy CA", key().public_key(), "Decoy Top", top) for _ in range(n)]
    return [leaf] + cas


def der(tag, content):
    n = len(content)
    length = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + content


def _oid_body(dotted):
    parts = [int(p) for p in dotted.split(".")]
    body = bytes([parts[0] * 40 + parts[1]])
    for part in parts[2:]:
        chunk = [part & 0x7F]
        part >>= 7
        while part:
            chunk.append(0x80 | (part & 0x7F))
            part >>= 7
        body += bytes(reversed(chunk))
    return body


def policies(anchor_key, width, mappings):
    """The CVE-2023-0464 shape, reaching the anchor: eight CAs and a leaf,
    each asserting `width` policies and anyPolicy, each CA mapping
    `mappings` of them onto others. RFC 5280's tree would grow as width^8;
    the graph grows by about three units per policy per level and stops
    at Budgets.policyGraph (budgetExceeded)."""
    oids = [f"1.3.6.1.4.1.99999.5.{i}" for i in range(width)]
    policy_ext = (x509.CertificatePolicies([x509.PolicyInformation(x509.ObjectIdentifier(o), None) for o in oids]
                                           + [x509.PolicyInformation(x509.ObjectIdentifier("2.5.29.32.0"), None)]), False)
    pairs = b"".join(der(0x30, der(0x06, _oid_body(oids[i])) + der(0x06, _oid_body(oids[(i + 1) % width]))) for i in range(mappings))
    mapping_ext = (x509.UnrecognizedExtension(x509.ObjectIdentifier("2.5.29.33"), der(0x30, pairs)), True)
    keys = [key() for _ in range(8)]
    cas, issuer, issuer_key = [], "Adversarial Anchor", anchor_key
    for i in range(8):
        cas.append(cert(f"Policy CA {i}", keys[i].public_key(), issuer, issuer_key, extra=[policy_ext, mapping_ext]))
        issuer, issuer_key = f"Policy CA {i}", keys[i]
    leaf = cert("www.example.com", key().public_key(), issuer, issuer_key, ca=False, extra=[policy_ext])
    return [leaf] + list(reversed(cas))


def main():
    anchor_key = key()
    with open(os.path.join(HERE, "anchor.der"), "wb") as out:
        out.write(cert("Adversarial Anchor", anchor_key.public_key(), "Adversarial Anchor", anchor_key))
    files = {
        "lattice-8-6": lattice(8, 6),
        "lattice-40-7": lattice(40, 7),
        "mesh-12": mesh(12),
        "mesh-30": mesh(30),
        "named-mesh-9": named_mesh(9),
        "named-mesh-30": named_mesh(30),
        "loop-1000": loop(1000),
        "decoys-1000": decoys(1000),
        "expired-decoys-1000": decoys(1000, expired=True),
        "unrelated-1000": unrelated(1000),
        "policies-1000": policies(anchor_key, 1000, 500),
    }
    for stem, certificates in files.items():
        with open(os.path.join(HERE, stem + ".der"), "wb") as out:
            for der in certificates:
                out.write(der)
    # A shape is the first file's leaf and the rest of the files' certificates
    # (later files add unrelated intermediates, or a second crowd).
    shapes = [[stem] for stem in files if stem != "unrelated-1000"] + [
        ["lattice-8-6", "unrelated-1000"], ["mesh-30", "unrelated-1000"], ["loop-1000", "unrelated-1000"],
        ["decoys-1000", "expired-decoys-1000", "unrelated-1000"],
    ]
    index = []
    for parts in shapes:
        certificates = files[parts[0]] + [der for part in parts[1:] for der in files[part]]
        index.append({"shape": "+".join(parts), "files": [p + ".der" for p in parts], "certificates": len(certificates),
                      "bytes": sum(len(d) for d in certificates), "at": AT, "host": "www.example.com"})
    with open(os.path.join(HERE, "shapes.json"), "w") as out:
        json.dump(index, out, indent=1)


if __name__ == "__main__":
    main()
