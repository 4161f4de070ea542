"""Hostile PKCS #12 files for scripts/hostile-inputs.sh (imported by
hostile-inputs.py; standard library only).

Each asks the reader for as much work as a file can before anything is
authenticated, and `purex509 identity` must decide it within 1 s and 200 MB:

- pbmac1-sha1-64byte-10m.p12 (about 160 bytes): PBMAC1 with
  PBKDF2-HMAC-SHA-1, a 64-byte key and 10,000,000 iterations; before the
  work was charged by compression this ran about 20 s. Now its key length
  is refused (the HMAC uses 20 bytes).
- mac-<shape>-max.p12: a MAC of each shape (the PKCS #12 KDF over SHA-1,
  SHA-256 and SHA-512, PBMAC1 over SHA-1, SHA-256 and SHA-512, and SHA-1's PRF under an
  HMAC-SHA-512 key of four PRF blocks) with the most iterations the default
  work budget admits, and a MAC that does not verify: each spends the whole
  budget, which is what calibrates it.
- mac-<shape>-over.p12: the same with twice the iterations, refused
  before any hashing.
- p521-keys-1023.p12: no MAC, 1,023 unencrypted P-521 key bags (each key's
  public half is computed from its secret); opened with --no-password.
- p521-keys-825.p12: the same with 825 keys, the most the default budget
  admits, so that every public key is computed.
- rsa16384-keys-1023.p12: no MAC, 1,023 copies of an RSA-16384 key whose
  private parts are consistent (composite "primes": the check does not test
  primality), so that every consistency check runs to its end.
"""
import os
import random


def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        header = bytes([n])
    else:
        octets_ = n.to_bytes((n.bit_length() + 7) // 8, "big")
        header = bytes([0x80 | len(octets_)]) + octets_
    return bytes([tag]) + header + content


def integer(value):
    """A non-negative INTEGER, minimally encoded."""
    return tlv(0x02, value.to_bytes(value.bit_length() // 8 + 1, "big"))


def oid(dotted):
    arcs = [int(a) for a in dotted.split(".")]
    body = bytes([40 * arcs[0] + arcs[1]])
    for arc in arcs[2:]:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.append(0x80 | (arc & 0x7F))
            arc >>= 7
        body += bytes(reversed(chunk))
    return tlv(0x06, body)


# PKCS12Limits().maximumWork, in units of a tenth of a SHA-256 compression
# (SHA-1 9 units, SHA-256 10, SHA-512 15 per compression).
BUDGET = 33_000_000

PASSWORD = "secret"
DATA = oid("1.2.840.113549.1.7.1")
PBMAC1 = oid("1.2.840.113549.1.5.14")
PBKDF2 = oid("1.2.840.113549.1.5.12")
HMAC = {"sha1": oid("1.2.840.113549.2.7"), "sha256": oid("1.2.840.113549.2.9"), "sha512": oid("1.2.840.113549.2.11")}
DIGEST = {"sha1": oid("1.3.14.3.2.26"), "sha256": oid("2.16.840.1.101.3.4.2.1"), "sha512": oid("2.16.840.1.101.3.4.2.3")}
SIZE = {"sha1": 20, "sha256": 32, "sha512": 64}
NULL = b"\x05\x00"


def seq(*parts):
    return tlv(0x30, b"".join(parts))


def octets(data):
    return tlv(0x04, data)


def pfx(auth_safe, mac_data=b""):
    """PFX v3 around an AuthenticatedSafe's DER, with MacData if given."""
    content = seq(DATA, tlv(0xA0, octets(auth_safe)))
    return seq(integer(3), content, mac_data)


def pkcs12_kdf_mac(digest, iterations):
    digest_info = seq(seq(DIGEST[digest], NULL), octets(bytes(SIZE[digest])))
    return seq(digest_info, octets(bytes(8)), integer(iterations))


def pbmac1_mac(prf, hmac, key_length, iterations):
    kdf = seq(PBKDF2, seq(octets(bytes(8)), integer(iterations), integer(key_length), seq(HMAC[prf], NULL)))
    algorithm = seq(PBMAC1, seq(kdf, seq(HMAC[hmac], NULL)))
    return seq(seq(algorithm, octets(bytes(SIZE[hmac]))), octets(bytes(8)), integer(1))


# (name, MacData for an iteration count, units per iteration in the reader's cost model).
SHAPES = [
    ("kdf-sha1", lambda n: pkcs12_kdf_mac("sha1", n), 9),
    ("kdf-sha256", lambda n: pkcs12_kdf_mac("sha256", n), 10),
    ("kdf-sha512", lambda n: pkcs12_kdf_mac("sha512", n), 17),
    ("pbmac1-sha1", lambda n: pbmac1_mac("sha1", "sha1", 20, n), 18),
    ("pbmac1-sha256", lambda n: pbmac1_mac("sha256", "sha256", 32, n), 20),
    ("pbmac1-sha512", lambda n: pbmac1_mac("sha512", "sha512", 64, n), 34),
    # Four SHA-1 PRF blocks for HMAC-SHA-512's 64-byte key.
    ("pbmac1-sha1-prf-sha512-mac", lambda n: pbmac1_mac("sha1", "sha512", 64, n), 72),
]


def key_bag(pkcs8):
    return seq(oid("1.2.840.113549.1.12.10.1.1"), tlv(0xA0, pkcs8))


def plain_file(bags):
    """No MAC, one plain SafeContents holding `bags`."""
    safe_contents = seq(*bags)
    return pfx(seq(seq(DATA, tlv(0xA0, octets(safe_contents)))))


def p521_key(scalar):
    ec_key = seq(integer(1), octets(scalar.to_bytes(66, "big")))
    algorithm = seq(oid("1.2.840.10045.2.1"), oid("1.3.132.0.35"))
    return seq(integer(0), algorithm, octets(ec_key))


def rsa_key(bits, rng):
    """A consistent RSA key of composite "primes": n = p·q, e·d ≡ 1 mod lcm(p−1, q−1)."""
    e = 65537
    while True:
        p = rng.getrandbits(bits // 2) | (3 << (bits // 2 - 2)) | 1
        q = rng.getrandbits(bits // 2) | (3 << (bits // 2 - 2)) | 1
        pm, qm = p - 1, q - 1
        g = gcd(pm, qm)
        lam = pm // g * qm
        if gcd(e, lam) == 1 and gcd(p, q) == 1 and p > q:
            break
    n = p * q
    d = pow(e, -1, lam)
    parts = [n, e, d, p, q, d % pm, d % qm, pow(q, -1, p)]
    rsa = seq(integer(0), *[integer(v) for v in parts])
    return seq(integer(0), seq(oid("1.2.840.113549.1.1.1"), NULL), octets(rsa))


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def write(out):
    """Writes every file into `out`."""
    files = [("pbmac1-sha1-64byte-10m.p12", pfx(seq(), pbmac1_mac("sha1", "sha1", 64, 10_000_000)))]
    for name, mac, per_iteration in SHAPES:
        admitted = BUDGET // per_iteration - 1_000
        files.append((f"mac-{name}-max.p12", pfx(seq(), mac(admitted))))
        files.append((f"mac-{name}-over.p12", pfx(seq(), mac(2 * admitted))))
    files.append(("p521-keys-1023.p12", plain_file([key_bag(p521_key(i + 1)) for i in range(1_023)])))
    # 825 × 40,000 units: the most P-521 public keys the default budget admits.
    files.append(("p521-keys-825.p12", plain_file([key_bag(p521_key(i + 1)) for i in range(825)])))
    key = key_bag(rsa_key(16_384, random.Random(36)))
    files.append(("rsa16384-keys-1023.p12", plain_file([key] * 1_023)))
    for name, data in files:
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
