#!/usr/bin/env python3
"""Makes the chains under Vectors/chains/ and cases.json.

Each case is a folder with chain.pem (leaf first, then the presented
intermediates) and roots.pem (the trust anchors), plus a row in cases.json:
the rule it checks, the key profile it was made under, the reference
identity, the evaluation time, the purpose, and the expected verdict
("trusted" or a TrustFailure code with the certificate index; some rows add
a `detail` the failure's message must contain).

Every family of checks (identity, validity, signatures, basicConstraints,
key usage, EKU, critical extensions, path building, name constraints) is
made once per key profile: which key type the root, the intermediates and
the leaf have, and which hash each of them signs with. The RSA profile keeps
the plain case names, which other tests use; the others add a suffix
(`valid.p256`, `valid.rsa-p256-ed25519`). A few cases exist only for RSA
(PSS, SHA-1, SHA-384, a weak modulus), and the algorithm cases stand outside
the profiles: mismatched signature and key types, every hash with every
curve, unsupported curves and Ed448, ecdsa-with-SHA1, tampered and
malleated signatures.

Run: python3 Vectors/chains/generate.py   (Python `cryptography`, the `openssl` CLI)
Written for this project; keys are fresh on every run.
"""
import collections
import dataclasses
import datetime
import ipaddress
import json
import os
import shutil
import subprocess
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
T = datetime.datetime(2025, 6, 1, tzinfo=UTC)            # evaluation time of every case
START = datetime.datetime(2024, 1, 1, tzinfo=UTC)
END = datetime.datetime(2030, 1, 1, tzinfo=UTC)
EXPIRED_END = datetime.datetime(2025, 1, 1, tzinfo=UTC)
FUTURE_START = datetime.datetime(2026, 1, 1, tzinfo=UTC)
SERVER_AUTH = ExtendedKeyUsageOID.SERVER_AUTH
CLIENT_AUTH = ExtendedKeyUsageOID.CLIENT_AUTH

# Group orders, for signatures moved out of range (SEC 2 §2.4.2; RFC 8032 §5.1).
P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
ED25519_ORDER = 2**252 + 27742317777372353535851937790883648493


# Keys and profiles.

class SigningKey:
    """A private key and the hash it signs certificates with (None for
    EdDSA, which fixes its own hash)."""

    def __init__(self, private, hash_alg):
        self.private, self.hash = private, hash_alg

    def public_key(self):
        return self.private.public_key()

    @property
    def is_rsa(self):
        return isinstance(self.private, rsa.RSAPrivateKey)

    @property
    def is_eddsa(self):
        return isinstance(self.private, (ed25519.Ed25519PrivateKey, ed448.Ed448PrivateKey))

    def pkcs8(self):
        return self.private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption())


@dataclasses.dataclass(frozen=True)
class KeySpec:
    """A key type, and the hash that key signs with."""
    generate: object
    hash: object

    def new(self):
        return SigningKey(self.generate(), self.hash)


def rsa_spec(bits=2048, hash_alg=hashes.SHA256()):
    return KeySpec(lambda: rsa.generate_private_key(public_exponent=65537, key_size=bits), hash_alg)


def ecdsa_spec(curve, hash_alg):
    return KeySpec(lambda: ec.generate_private_key(curve), hash_alg)


RSA2048 = rsa_spec()
P256 = ecdsa_spec(ec.SECP256R1(), hashes.SHA256())
P384 = ecdsa_spec(ec.SECP384R1(), hashes.SHA384())
P521 = ecdsa_spec(ec.SECP521R1(), hashes.SHA512())
ED25519 = KeySpec(ed25519.Ed25519PrivateKey.generate, None)
ED448 = KeySpec(ed448.Ed448PrivateKey.generate, None)


@dataclasses.dataclass(frozen=True)
class Profile:
    """Which key the root, the intermediates and the leaf have. Each key
    signs with its spec's hash: the root's signs intermediates, an
    intermediate's signs what is below it, the leaf's only a self-signed leaf."""
    name: str
    root: KeySpec
    intermediate: KeySpec
    leaf: KeySpec

    def case_name(self, base):
        # RSA cases keep the names they had before profiles; other tests use them.
        return base if self.name == "rsa" else f"{base}.{self.name}"


PROFILES = [
    Profile("rsa", RSA2048, RSA2048, RSA2048),
    Profile("p256", P256, P256, P256),
    Profile("p384", P384, P384, P384),
    Profile("p521", P521, P521, P521),
    Profile("ed25519", ED25519, ED25519, ED25519),
    # Every edge crosses algorithms: RSA signs an EC key, ECDSA an Ed25519 key.
    Profile("rsa-p256-ed25519", RSA2048, P256, ED25519),
    # A P-384 root (signing with SHA-384) over P-256 issuing and leaf keys.
    Profile("p384-p256-p256", P384, P256, P256),
]


# Certificates.

def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 Chains"), x509.NameAttribute(NameOID.COMMON_NAME, cn)])


class Node:
    """A certificate with its key, so it can issue."""

    def __init__(self, cert, signing_key):
        self.cert, self.key = cert, signing_key

    @property
    def subject(self):
        return self.cert.subject


serial = [1000]


def leaf_key_usage(subject_key):
    """digitalSignature, and keyEncipherment only for RSA: EC and EdDSA keys
    do not encipher (RFC 5480 §3, RFC 8410 §5)."""
    return x509.KeyUsage(True, False, subject_key.is_rsa, False, False, False, False, False, False)


def sign(builder, signer, hash_alg=None, pss=False):
    """Signs with `signer`'s own hash unless `hash_alg` overrides it."""
    if signer.is_eddsa:
        return builder.sign(signer.private, None)
    algorithm = hash_alg or signer.hash
    if pss:
        pad = padding.PSS(mgf=padding.MGF1(algorithm), salt_length=algorithm.digest_size)
        return builder.sign(signer.private, algorithm, rsa_padding=pad)
    return builder.sign(signer.private, algorithm)


def issue(subject_cn, subject_key, issuer=None, *, ca=False, path_length=None, bc=True, ku="default",
          eku=None, sans=None, start=START, end=END, hash_alg=None, extra=(), subject_name=None, issuer_name=None,
          pss=False, ski=None, signer=None, aki=True, ski_present=True, aki_critical=False, ski_critical=False,
          bc_critical=True):
    """Issues a certificate; issuer None means self-signed. `signer` signs in
    the issuer's place, for signatures the issuer's key cannot have made.
    `aki` and `ski_present` False leave the key identifiers out; the
    `*_critical` flags mark them critical (both break RFC 5280's profile);
    `bc_critical` False leaves basicConstraints non-critical (§4.2.1.9)."""
    serial[0] += 1
    subject = subject_name or name(subject_cn)
    b = (x509.CertificateBuilder().subject_name(subject)
         .issuer_name(issuer_name or (issuer.subject if issuer else subject))
         .public_key(subject_key.public_key()).serial_number(serial[0])
         .not_valid_before(start).not_valid_after(end))
    if bc:
        b = b.add_extension(x509.BasicConstraints(ca=ca, path_length=path_length), critical=bc_critical)
    if ku == "default":
        ku = "ca" if ca else "leaf"
    if ku == "ca":
        b = b.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    elif ku == "leaf":
        b = b.add_extension(leaf_key_usage(subject_key), critical=True)
    elif ku == "crlonly":
        b = b.add_extension(x509.KeyUsage(False, False, False, False, False, False, True, False, False), critical=True)
    elif ku == "dataonly":
        b = b.add_extension(x509.KeyUsage(False, False, False, True, False, False, False, False, False), critical=True)
    elif ku == "signandcertsign":
        b = b.add_extension(x509.KeyUsage(True, False, False, False, False, True, False, False, False), critical=True)
    if eku:
        b = b.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if sans:
        b = b.add_extension(x509.SubjectAlternativeName(sans), critical=False)
    if ski_present:
        b = b.add_extension(ski or x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=ski_critical)
    if issuer and aki:
        b = b.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer.key.public_key()), critical=aki_critical)
    for ext, critical in extra:
        b = b.add_extension(ext, critical=critical)
    signer = signer or (issuer.key if issuer else subject_key)
    return Node(sign(b, signer, hash_alg, pss), subject_key)


# Certificates cryptography will not make, made with the openssl CLI.

def openssl(*args):
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def digest_option(signer):
    """openssl's digest flag for `signer`; EdDSA takes none."""
    return [] if signer.is_eddsa else ["-" + signer.hash.name]


def write_issuer(folder, issuer):
    open(os.path.join(folder, "ca.pem"), "wb").write(issuer.cert.public_bytes(serialization.Encoding.PEM))
    open(os.path.join(folder, "ca.key"), "wb").write(issuer.key.pkcs8())


def sha1_leaf(issuer, leaf_key):
    """A leaf `issuer` signs with SHA-1 (sha1WithRSAEncryption or
    ecdsa-with-SHA1, by its key type): cryptography refuses to sign SHA-1.
    openssl 3.0 cannot backdate: it is valid from now for 30 days."""
    usage = "digitalSignature,keyEncipherment" if leaf_key.is_rsa else "digitalSignature"
    with tempfile.TemporaryDirectory() as tmp:
        path = lambda n: os.path.join(tmp, n)
        write_issuer(tmp, issuer)
        open(path("leaf.key"), "wb").write(leaf_key.pkcs8())
        open(path("ext.cnf"), "w").write(f"basicConstraints=critical,CA:FALSE\nkeyUsage=critical,{usage}\n"
                                         "extendedKeyUsage=serverAuth\nsubjectAltName=DNS:www.example.com\n"
                                         "authorityKeyIdentifier=keyid\n")
        openssl("req", "-new", "-key", path("leaf.key"), "-subj", "/O=PureX509 Chains/CN=www.example.com", "-out", path("leaf.csr"))
        openssl("x509", "-req", "-in", path("leaf.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                "-set_serial", "77", "-sha1", "-days", "30", "-extfile", path("ext.cnf"), "-out", path("leaf.pem"))
        return Node(x509.load_pem_x509_certificate(open(path("leaf.pem"), "rb").read()), leaf_key)


def openssl_v1(cn, subject_key, issuer=None):
    """A version 1 certificate (no extensions), made by `openssl x509 -req`,
    which cryptography cannot produce; self-signed when `issuer` is None.
    openssl 3.0 cannot backdate: it is valid from now for 3,650 days."""
    signer = issuer.key if issuer else subject_key
    with tempfile.TemporaryDirectory() as tmp:
        path = lambda n: os.path.join(tmp, n)
        open(path("k.pem"), "wb").write(subject_key.pkcs8())
        openssl("req", "-new", "-key", path("k.pem"), "-subj", f"/O=PureX509 Chains/CN={cn}", "-out", path("r.csr"))
        command = ["x509", "-req", "-in", path("r.csr"), "-days", "3650", *digest_option(signer), "-out", path("c.pem")]
        if issuer is None:
            command += ["-key", path("k.pem"), "-set_serial", "90"]
        else:
            write_issuer(tmp, issuer)
            command += ["-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-set_serial", "91"]
        openssl(*command)
        return Node(x509.load_pem_x509_certificate(open(path("c.pem"), "rb").read()), subject_key)


# Signatures changed after signing. A certificate is SEQUENCE { tbs,
# algorithm, BIT STRING signature }; the helpers re-encode the outer
# SEQUENCE so a new signature value may change length.

def der_tlv(tag, content):
    n = len(content)
    length = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + content


def der_span(der, offset):
    """The content range of the TLV at `offset` (definite lengths: all cryptography writes)."""
    first = der[offset + 1]
    if first < 0x80:
        return offset + 2, offset + 2 + first
    count = first & 0x7F
    start = offset + 2 + count
    return start, start + int.from_bytes(der[offset + 2:start], "big")


def with_signature(node, signature):
    """`node`'s certificate with another signature value, TBS and algorithm unchanged."""
    der = node.cert.public_bytes(serialization.Encoding.DER)
    start, _ = der_span(der, 0)
    _, tbs_end = der_span(der, start)
    _, algorithm_end = der_span(der, tbs_end)
    tampered = der_tlv(0x30, der[start:algorithm_end] + der_tlv(0x03, b"\x00" + signature))
    return Node(x509.load_der_x509_certificate(tampered), node.key)


def flip_signature_bit(node, position):
    signature = bytearray(node.cert.signature)
    signature[position] ^= 0x01
    return with_signature(node, bytes(signature))


def with_ecdsa_values(node, change):
    """`node` with its ECDSA (r, s) replaced by change(r, s), DER-encoded again."""
    r, s = decode_dss_signature(node.cert.signature)
    return with_signature(node, encode_dss_signature(*change(r, s)))


# Cases.

cases = []
DEFAULT_SANS = [x509.DNSName("www.example.com"), x509.DNSName("*.wild.example.com"),
                x509.IPAddress(ipaddress.ip_address("192.0.2.7")), x509.IPAddress(ipaddress.ip_address("2001:db8::7"))]


def pem(nodes):
    return b"".join(n.cert.public_bytes(serialization.Encoding.PEM) for n in nodes)


def case(case_name, rule, chain, roots, expected, *, profile, host="www.example.com", ip=None, purpose="server",
         index=None, at=T, detail=None, validation="strict"):
    folder = os.path.join(HERE, case_name)
    os.makedirs(folder, exist_ok=True)
    open(os.path.join(folder, "chain.pem"), "wb").write(pem(chain))
    open(os.path.join(folder, "roots.pem"), "wb").write(pem(roots))
    cases.append({"name": case_name, "profile": profile, "rule": rule, "host": host, "ip": ip, "purpose": purpose,
                  "at": int(at.timestamp()), "expected": expected, "index": index, "detail": detail,
                  "validation": validation})


class Maker:
    """Issues certificates with one profile's keys and records its cases."""

    def __init__(self, profile):
        self.profile = profile

    def root(self, cn, **kw):
        return issue(cn, self.profile.root.new(), None, ca=True, **kw)

    def ca(self, cn, issuer, key=None, **kw):
        """An intermediate below `issuer`, with a fresh intermediate key unless `key` is given."""
        return issue(cn, key or self.profile.intermediate.new(), issuer, ca=True, **kw)

    def leaf(self, issuer, cn="www.example.com", **kw):
        kw.setdefault("sans", DEFAULT_SANS)
        kw.setdefault("eku", [SERVER_AUTH])
        return issue(cn, self.profile.leaf.new(), issuer, **kw)

    def case(self, base, *args, **kw):
        case(self.profile.case_name(base), *args, profile=self.profile.name, **kw)


Base = collections.namedtuple("Base", "R I L")


def identity_cases(m, b):
    R, I, L = b
    m.case("valid", "a leaf, an intermediate and a root in the store", [L, I], [R], "trusted")
    m.case("valid-wildcard", "RFC 9525 §6.3: *.wild.example.com covers one label", [L, I], [R], "trusted", host="a.wild.example.com")
    m.case("wildcard-two-labels", "a wildcard never covers two labels", [L, I], [R], "hostnameMismatch", host="a.b.wild.example.com", index=0)
    m.case("valid-case-and-dot", "ASCII case-insensitive, trailing dot ignored", [L, I], [R], "trusted", host="WWW.Example.COM.")
    m.case("hostname-mismatch", "the leaf must name the host", [L, I], [R], "hostnameMismatch", host="www.example.org", index=0)
    m.case("valid-ipv4", "IP reference against iPAddress SANs", [L, I], [R], "trusted", host=None, ip="192.0.2.7")
    m.case("valid-ipv6", "IPv6 reference against iPAddress SANs", [L, I], [R], "trusted", host=None, ip="2001:db8:0::7")
    m.case("ip-mismatch", "an address not in the SANs", [L, I], [R], "hostnameMismatch", host=None, ip="192.0.2.8", index=0)
    m.case("no-host", "without a reference identity only the path is checked", [L, I], [R], "trusted", host=None)


def validity_cases(m, b):
    """RFC 5280 §6.1.3(a)(2)."""
    R, I, L = b
    m.case("expired-leaf", "an expired leaf", [m.leaf(I, end=EXPIRED_END), I], [R], "expired", index=0)
    m.case("not-yet-valid-leaf", "a leaf from the future", [m.leaf(I, start=FUTURE_START), I], [R], "notYetValid", index=0)
    I_expired = m.ca("Intermediate A", R, key=I.key, end=EXPIRED_END)
    m.case("expired-intermediate", "an expired intermediate", [L, I_expired], [R], "expired", index=1)
    R_expired = m.root("Root Expired", end=EXPIRED_END)
    I_under_expired_root = m.ca("Intermediate Under Expired Root", R_expired)
    under_expired = [m.leaf(I_under_expired_root), I_under_expired_root]
    m.case("expired-anchor", "RFC 5937 §3: an anchor certificate's dates are checked (strict)",
           under_expired, [R_expired], "expired", index=2)
    m.case("expired-anchor-compatible", "compatible: an anchor's dates are not checked, as in Chromium",
           under_expired, [R_expired], "trusted", validation="compatible")
    m.case("expired-leaf-unknown-issuer", "an expired leaf beats unknown issuer", [m.leaf(I, end=EXPIRED_END)],
           [m.root("Unrelated Root")], "expired", index=0)


def signature_cases(m, b):
    R, I, L = b
    # The fifth byte from the end is inside the RSA value, inside ECDSA's s
    # (the DER stays valid, s in range) and inside Ed25519's S far below its
    # top bits (S stays below the group order): the arithmetic must fail.
    m.case("bad-signature", "a corrupted leaf signature", [flip_signature_bit(m.leaf(I), -5), I], [R], "badSignature", index=0)
    m.case("unknown-issuer", "the root is not in the store", [L, I], [m.root("Other Root")], "unknownIssuer", index=1)
    # The Common Name fallback (off by default; Tests/TrustTests covers the opt-in).
    m.case("cn-only-leaf", "no SAN: the subject CN is not consulted by default", [m.leaf(I, sans=None), I], [R], "hostnameMismatch", index=0)
    self_signed = m.leaf(None, sans=[x509.DNSName("www.example.com")])
    m.case("self-signed-leaf", "a self-signed leaf that is not an anchor", [self_signed], [R], "unknownIssuer", index=0)


def constraint_cases(m, b):
    """basicConstraints and path length (RFC 5280 §6.1.4(k)–(m)), version 1 issuers, CA leaves."""
    R, I, L = b
    I_notca = issue("Intermediate Not CA", m.profile.intermediate.new(), R, ca=False, ku="ca")
    m.case("intermediate-not-ca", "an issuer with cA FALSE", [m.leaf(I_notca), I_notca], [R], "notACA", index=1)
    I_nobc = issue("Intermediate No BC", m.profile.intermediate.new(), R, bc=False, ku="ca")
    m.case("intermediate-without-bc", "an issuer without basicConstraints", [m.leaf(I_nobc), I_nobc], [R], "notACA", index=1)
    I_p0 = m.ca("Intermediate PathLen 0", R, path_length=0)
    I_below_p0 = m.ca("Intermediate Below PathLen 0", I_p0)
    m.case("path-length-exceeded", "pathLenConstraint 0 with one CA below", [m.leaf(I_below_p0), I_below_p0, I_p0], [R], "pathLengthExceeded", index=2)
    I_p1 = m.ca("Intermediate PathLen 1", R, path_length=1)
    I_below_p1 = m.ca("Intermediate Below PathLen 1", I_p1)
    m.case("path-length-ok", "pathLenConstraint 1 with one CA below", [m.leaf(I_below_p1), I_below_p1, I_p1], [R], "trusted")
    # Version 1 issuers (RFC 5280 §6.1.4(k)): only as anchors. Evaluated a
    # day after they were made, since openssl cannot backdate them.
    V1I = openssl_v1("Intermediate V1", m.profile.intermediate.new(), R)
    v1_at = V1I.cert.not_valid_before_utc + datetime.timedelta(days=1)
    m.case("v1-intermediate", "a v1 certificate cannot issue unless it is an anchor", [m.leaf(V1I), V1I], [R], "notACA", index=1, at=v1_at)
    V1R = openssl_v1("Root V1", m.profile.root.new())
    I_under_v1 = m.ca("Intermediate Under V1 Root", V1R)
    v1_chain = [m.leaf(I_under_v1), I_under_v1]
    m.case("v1-anchor", "a v1 anchor (no basicConstraints) is refused (strict, RFC 5280 §4.2.1.9)", v1_chain, [V1R],
           "nonConforming", index=2, detail="basicConstraints", at=v1_at)
    m.case("v1-anchor-compatible", "compatible: a v1 anchor is a name and a key, as in Chromium", v1_chain, [V1R], "trusted",
           at=v1_at, validation="compatible")
    ca_leaf = m.leaf(I, ca=True, ku="signandcertsign", sans=[x509.DNSName("www.example.com")], eku=None)
    m.case("leaf-is-ca", "decision: a CA certificate is refused as a server leaf (strict)", [ca_leaf, I], [R], "leafIsCA", index=0)
    m.case("leaf-is-ca-compatible", "compatible: a CA leaf is accepted, as in Chromium", [ca_leaf, I], [R], "trusted",
           validation="compatible")


def usage_cases(m, b):
    """keyUsage and extendedKeyUsage."""
    R, I, L = b
    I_ku = m.ca("Intermediate CRL Only", R, ku="crlonly")
    m.case("intermediate-without-keycertsign", "an issuer's keyUsage must assert keyCertSign", [m.leaf(I_ku), I_ku], [R], "keyUsage", index=1)
    m.case("leaf-keyusage-data-only", "a server leaf needs digitalSignature or keyEncipherment", [m.leaf(I, ku="dataonly"), I], [R], "keyUsage", index=0)
    m.case("leaf-eku-client-only", "the leaf must allow serverAuth", [m.leaf(I, eku=[CLIENT_AUTH]), I], [R], "extendedKeyUsage", index=0)
    m.case("leaf-eku-client-for-client", "clientAuth purpose accepts a clientAuth leaf", [m.leaf(I, eku=[CLIENT_AUTH]), I], [R], "trusted", purpose="client")
    any_leaf = m.leaf(I, eku=[ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE])
    m.case("leaf-eku-any", "decision: anyExtendedKeyUsage alone on the leaf does not allow serverAuth (strict)",
           [any_leaf, I], [R], "extendedKeyUsage", index=0)
    m.case("leaf-eku-any-compatible", "compatible: anyExtendedKeyUsage on the leaf allows serverAuth, as in Chromium",
           [any_leaf, I], [R], "trusted", validation="compatible")
    I_eku_any = m.ca("Intermediate Any EKU", R, eku=[ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE])
    m.case("intermediate-eku-any", "anyExtendedKeyUsage on an intermediate leaves the purpose open", [m.leaf(I_eku_any), I_eku_any], [R], "trusted")
    m.case("leaf-without-eku", "no extendedKeyUsage: unrestricted", [m.leaf(I, eku=None), I], [R], "trusted")
    I_eku_client = m.ca("Intermediate Client EKU", R, eku=[CLIENT_AUTH])
    m.case("intermediate-eku-constrains", "decision: an intermediate's EKU constrains the leaf", [m.leaf(I_eku_client), I_eku_client], [R], "extendedKeyUsage", index=1)
    I_eku_server = m.ca("Intermediate Server EKU", R, eku=[SERVER_AUTH])
    m.case("intermediate-eku-allows", "an intermediate EKU listing serverAuth", [m.leaf(I_eku_server), I_eku_server], [R], "trusted")
    m.case("purpose-any", "purpose any ignores EKU", [m.leaf(I, eku=[CLIENT_AUTH]), I], [R], "trusted", purpose="any")


def extension_cases(m, b):
    """Unknown critical extensions (RFC 5280 §4.2)."""
    R, I, L = b
    unknown = x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.77"), b"\x05\x00")
    m.case("unknown-critical-leaf", "an unknown critical extension on the leaf", [m.leaf(I, extra=[(unknown, True)]), I], [R], "unknownCriticalExtension", index=0)
    m.case("unknown-noncritical-leaf", "an unknown non-critical extension is ignored", [m.leaf(I, extra=[(unknown, False)]), I], [R], "trusted")
    I_crit = m.ca("Intermediate Critical", R, extra=[(unknown, True)])
    m.case("unknown-critical-intermediate", "an unknown critical extension on an intermediate", [m.leaf(I_crit), I_crit], [R], "unknownCriticalExtension", index=1)


def path_building_cases(m, b):
    R, I, L = b
    I2 = m.ca("Intermediate B", I)
    unrelated = m.ca("Unrelated Intermediate", m.root("Unrelated Root 2"))
    m.case("out-of-order", "intermediates in any order, unrelated ones mixed in", [m.leaf(I2), unrelated, I, I2], [R], "trusted")
    decoy = m.ca("Intermediate A", R)  # same name as I, another key
    m.case("decoy-first", "a decoy issuer with the same name and another key is tried and left", [L, decoy, I], [R], "trusted")
    RB = m.root("Root B")
    I_cross = m.ca("Intermediate A", RB, key=I.key)  # I's key, certified by Root B
    m.case("cross-signed", "only the cross-signed version reaches an anchor", [L, I, I_cross], [RB], "trusted")
    I_expired = m.ca("Intermediate A", R, key=I.key, end=EXPIRED_END)
    m.case("expired-alternative", "an expired alternative path is passed over", [L, I_expired, I], [R], "trusted")
    LA = m.root("Loop A")
    LB = m.ca("Loop B", LA)
    LA2 = m.ca("Loop A", LB, key=LA.key, subject_name=LA.subject)
    m.case("loop", "intermediates certifying each other terminate", [m.leaf(LB), LB, LA2], [m.root("Loop Root")], "unknownIssuer")
    # Depth: by default at most 8 intermediates between the leaf and the anchor.
    chain = [R]
    for depth in range(8):
        chain.append(m.ca(f"Depth {depth}", chain[-1]))
    m.case("depth-at-limit", "8 intermediates: the longest allowed path", [m.leaf(chain[-1])] + chain[:0:-1], [R], "trusted")
    deeper = m.ca("Depth 8", chain[-1])
    m.case("depth-over-limit", "9 intermediates: one more than allowed", [m.leaf(deeper), deeper] + chain[:0:-1], [R], "pathTooLong")
    # Budget: decoys with the real intermediate's name and key identifier (so
    # ordering by AKI/SKI cannot skip them) and their own keys. 100 signature
    # checks are allowed: 98 decoys plus the two real edges (leaf ← intermediate
    # ← root) make exactly 100; 110 decoys do not fit.
    # The checks are also weighted by key cost (Budgets.signatureWork, 400
    # units: P-384 costs 4, P-521 8), so a profile whose intermediates are
    # P-521 fits 48 decoys (50 checks × 8 = 400) rather than 98.
    real_ski = I.cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    decoys = [m.ca("Intermediate A", R, ski=real_ski) for _ in range(110)]
    within = min(98, 400 // signature_cost(I.key) - 2)
    m.case("decoys-within-budget", f"{within} decoys and the real path: the whole signature budget",
           [L] + decoys[:within] + [I], [R], "trusted")
    m.case("decoy-budget", "110 decoys exhaust the signature budget", [L] + decoys + [I], [R], "budgetExceeded")


def signature_cost(private_key):
    """PureX509's VerificationKey.cost for the key's public half."""
    public = private_key.public_key()
    if isinstance(public, ec.EllipticCurvePublicKey):
        return {"secp256r1": 1, "secp384r1": 4, "secp521r1": 8}[public.curve.name]
    if isinstance(public, rsa.RSAPublicKey):
        units = (public.key_size + 2047) // 2048
        return units * units
    return 1


def name_constraint_cases(m, b):
    """Name constraints (RFC 5280 §4.2.1.10) on an intermediate and on an anchor."""
    R, I, L = b
    constraints = x509.NameConstraints(
        permitted_subtrees=[x509.DNSName("example.com"), x509.IPAddress(ipaddress.ip_network("192.0.2.0/24")),
                            x509.IPAddress(ipaddress.ip_network("2001:db8::/32")), x509.RFC822Name("example.com"),
                            x509.UniformResourceIdentifier(".example.com"),
                            x509.DirectoryName(x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 Chains")]))],
        excluded_subtrees=[x509.DNSName("bad.example.com"), x509.IPAddress(ipaddress.ip_network("192.0.2.128/25"))])
    I_nc = m.ca("Intermediate Constrained", R, extra=[(constraints, True)])
    nc_leaf = lambda sans, subject=None: m.leaf(I_nc, sans=sans, subject_name=subject)
    www = x509.DNSName("www.example.com")
    ok_sans = [www, x509.IPAddress(ipaddress.ip_address("192.0.2.7")),
               x509.RFC822Name("user@example.com"), x509.UniformResourceIdentifier("https://api.example.com/x")]
    m.case("nc-permitted", "every name inside the permitted subtrees", [nc_leaf(ok_sans), I_nc], [R], "trusted")
    m.case("nc-dns-outside", "a dNSName outside the permitted DNS subtree", [nc_leaf(ok_sans + [x509.DNSName("www.example.org")]), I_nc], [R], "nameConstraintViolation", index=0)
    m.case("nc-dns-excluded", "a dNSName in an excluded subtree", [nc_leaf([x509.DNSName("www.bad.example.com")]), I_nc], [R], "nameConstraintViolation", index=0, host="www.bad.example.com")
    m.case("nc-ip-outside", "an address outside 192.0.2.0/24", [nc_leaf([www, x509.IPAddress(ipaddress.ip_address("198.51.100.1"))]), I_nc], [R], "nameConstraintViolation", index=0)
    m.case("nc-ip-excluded", "an address in the excluded 192.0.2.128/25", [nc_leaf([www, x509.IPAddress(ipaddress.ip_address("192.0.2.200"))]), I_nc], [R], "nameConstraintViolation", index=0)
    m.case("nc-ipv6-inside", "an IPv6 address inside 2001:db8::/32", [nc_leaf([www, x509.IPAddress(ipaddress.ip_address("2001:db8::99"))]), I_nc], [R], "trusted")
    m.case("nc-email-outside", "an rfc822Name at another host", [nc_leaf([www, x509.RFC822Name("user@example.org")]), I_nc], [R], "nameConstraintViolation", index=0)
    m.case("nc-uri-outside", "a URI whose host is outside .example.com", [nc_leaf([www, x509.UniformResourceIdentifier("https://evil.org/")]), I_nc], [R], "nameConstraintViolation", index=0)
    other_org = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Other Org"), x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com")])
    m.case("nc-dirname-outside", "a subject outside the permitted directoryName", [nc_leaf([www], subject=other_org), I_nc], [R], "nameConstraintViolation", index=0)
    R_nc = m.root("Root Constrained", extra=[(x509.NameConstraints(permitted_subtrees=[x509.DNSName("example.net")], excluded_subtrees=None), True)])
    I_under_nc_root = m.ca("Intermediate Under Constrained Root", R_nc)
    m.case("nc-on-anchor", "decision: the anchor's name constraints apply", [m.leaf(I_under_nc_root), I_under_nc_root], [R_nc], "nameConstraintViolation", index=0)
    many = x509.NameConstraints(permitted_subtrees=[x509.DNSName(f"d{i}.example.com") for i in range(1000)], excluded_subtrees=None)
    I_many = m.ca("Intermediate Many Constraints", R, extra=[(many, True)])
    many_sans = [x509.DNSName(f"h{i}.d999.example.com") for i in range(299)] + [www]
    m.case("nc-budget", "1,000 subtrees × 300 names exceed 250,000 comparisons", [m.leaf(I_many, sans=many_sans), I_many], [R], "budgetExceeded", host=None)


def with_serial(node, issuer, serial_octets):
    """`node` with its serial number's INTEGER content replaced, signed again
    by `issuer` (cryptography writes only positive serials up to 20 octets)."""
    der = node.cert.public_bytes(serialization.Encoding.DER)
    start, _ = der_span(der, 0)
    tbs_start, tbs_end = der_span(der, start)
    _, algorithm_end = der_span(der, tbs_end)
    _, version_end = der_span(der, tbs_start)          # [0] version
    _, serial_end = der_span(der, version_end)
    tbs = der_tlv(0x30, der[tbs_start:version_end] + der_tlv(0x02, serial_octets) + der[serial_end:tbs_end])
    key, hash_alg = issuer.key, issuer.key.hash
    if key.is_eddsa:
        signature = key.private.sign(tbs)
    elif key.is_rsa:
        signature = key.private.sign(tbs, padding.PKCS1v15(), hash_alg)
    else:
        signature = key.private.sign(tbs, ec.ECDSA(hash_alg))
    return Node(x509.load_der_x509_certificate(der_tlv(0x30, tbs + der[tbs_end:algorithm_end] + der_tlv(0x03, b"\x00" + signature))), node.key)


def profile_rule_cases(m, b):
    """RFC 5280's certificate profile (§4.1.2.2, §4.2.1.x), each rule refused
    and, where the compatible profile bends it, accepted there."""
    R, I, L = b
    strict, compatible = {}, {"validation": "compatible"}
    no_aki = m.leaf(I, aki=False)
    m.case("leaf-without-aki", "§4.2.1.1: a leaf without authorityKeyIdentifier (strict)", [no_aki, I], [R], "nonConforming",
           index=0, detail="authorityKeyIdentifier")
    m.case("leaf-without-aki-compatible", "compatible: a missing authorityKeyIdentifier is accepted", [no_aki, I], [R], "trusted", **compatible)
    I_no_aki = m.ca("Intermediate No AKI", R, aki=False)
    m.case("intermediate-without-aki", "§4.2.1.1: an intermediate without authorityKeyIdentifier (strict)",
           [m.leaf(I_no_aki), I_no_aki], [R], "nonConforming", index=1, detail="authorityKeyIdentifier")
    I_no_ski = m.ca("Intermediate No SKI", R, ski_present=False)
    m.case("intermediate-without-ski", "§4.2.1.2: a CA certificate without subjectKeyIdentifier",
           [m.leaf(I_no_ski), I_no_ski], [R], "nonConforming", index=1, detail="subjectKeyIdentifier")
    I_no_ku = m.ca("Intermediate No KU", R, ku=None)
    m.case("intermediate-without-keyusage", "§4.2.1.3: a CA that signs certificates without keyUsage",
           [m.leaf(I_no_ku), I_no_ku], [R], "nonConforming", index=1, detail="keyUsage")
    I_bc_nc = m.ca("Intermediate Non-critical BC", R, bc_critical=False)
    m.case("intermediate-noncritical-bc", "§4.2.1.9: a CA that signs certificates with basicConstraints not critical (strict)",
           [m.leaf(I_bc_nc), I_bc_nc], [R], "nonConforming", index=1, detail="basicConstraints not marked critical")
    m.case("intermediate-noncritical-bc-compatible", "compatible: a non-critical basicConstraints is accepted, as in Chromium and PKITS 4.6.4",
           [m.leaf(I_bc_nc), I_bc_nc], [R], "trusted", **compatible)
    m.case("leaf-critical-aki", "§4.2.1.1: authorityKeyIdentifier marked critical", [m.leaf(I, aki_critical=True), I], [R],
           "nonConforming", index=0, detail="authorityKeyIdentifier is marked critical")
    m.case("leaf-critical-ski", "§4.2.1.2: subjectKeyIdentifier marked critical", [m.leaf(I, ski_critical=True), I], [R],
           "nonConforming", index=0, detail="subjectKeyIdentifier is marked critical")
    aia = x509.AuthorityInformationAccess([x509.AccessDescription(x509.oid.AuthorityInformationAccessOID.CA_ISSUERS,
                                                                  x509.UniformResourceIdentifier("http://ca.example.com/i.crt"))])
    m.case("leaf-critical-aia", "§4.2.2.1: authorityInfoAccess marked critical", [m.leaf(I, extra=[(aia, True)]), I], [R],
           "nonConforming", index=0, detail="authorityInfoAccess")
    m.case("leaf-noncritical-aia", "authorityInfoAccess as it should be", [m.leaf(I, extra=[(aia, False)]), I], [R], "trusted")
    leaf_nc = x509.NameConstraints(permitted_subtrees=[x509.DNSName("example.com")], excluded_subtrees=None)
    m.case("leaf-name-constraints", "§4.2.1.10: nameConstraints in a leaf", [m.leaf(I, extra=[(leaf_nc, True)]), I], [R],
           "nonConforming", index=0, detail="nameConstraints")
    m.case("leaf-keycertsign", "§4.2.1.3: keyCertSign without cA", [m.leaf(I, ku="signandcertsign"), I], [R],
           "nonConforming", index=0, detail="keyCertSign")
    negative = with_serial(m.leaf(I), I, b"\xfe\x11")
    m.case("leaf-serial-negative", "§4.1.2.2: a negative serial number (strict)", [negative, I], [R], "nonConforming",
           index=0, detail="serial")
    m.case("leaf-serial-negative-compatible", "compatible: a negative serial number is accepted, as in Chromium",
           [negative, I], [R], "trusted", **compatible)
    m.case("leaf-serial-zero", "§4.1.2.2: a zero serial number (strict)", [with_serial(m.leaf(I), I, b"\x00"), I], [R],
           "nonConforming", index=0, detail="serial")
    m.case("leaf-serial-21-octets", "§4.1.2.2: a 21-octet serial number", [with_serial(m.leaf(I), I, b"\x01" + b"\x22" * 20), I], [R],
           "nonConforming", index=0, detail="20 octets")
    m.case("leaf-serial-20-octets", "§4.1.2.2: a 20-octet serial number with its top bit set (a sign octet before it)",
           [with_serial(m.leaf(I), I, b"\x00" + b"\xa5" * 20), I], [R], "trusted")
    for label, bad in [("trailing-dot", "www.example.com."), ("empty-label", "www..example.com"),
                       ("partial-wildcard", "w*.example.com"), ("space", "www example.com")]:
        sans = [x509.DNSName("www.example.com"), x509.DNSName(bad)]
        m.case(f"leaf-dnsname-{label}", f"§4.2.1.6: a dNSName SAN {bad!r} is not a valid host name", [m.leaf(I, sans=sans), I], [R],
               "nonConforming", index=0, detail="dNSName")
    m.case("leaf-dnsname-underscore", "decision: an underscore in a dNSName label is accepted (deployed names use it)",
           [m.leaf(I, sans=[x509.DNSName("www.example.com"), x509.DNSName("_dmarc.example.com")]), I], [R], "trusted")
    # Anchor constraints (RFC 5937 §3): what the anchor certificate carries binds the path.
    for label, root_kw, expected, index in [
            ("anchor-path-length-0", {"path_length": 0}, "pathLengthExceeded", 2),
            ("anchor-keyusage-crl-only", {"ku": "crlonly"}, "keyUsage", 2),
            ("anchor-eku-client", {"eku": [CLIENT_AUTH]}, "extendedKeyUsage", 2),
            ("anchor-unknown-critical", {"extra": [(x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.78"), b"\x05\x00"), True)]},
             "unknownCriticalExtension", 2)]:
        root = m.root("Root " + label, **root_kw)
        below = m.ca("Intermediate Under " + label, root)
        m.case(label, f"RFC 5937 §3: an anchor with {label[len('anchor-'):]} binds the path", [m.leaf(below), below], [root], expected, index=index)
    root_not_ca = issue("Root Not CA", m.profile.root.new(), None, ca=False, ku="ca")
    below = m.ca("Intermediate Under Root Not CA", root_not_ca)
    m.case("anchor-not-ca", "RFC 5937 §3: an anchor whose basicConstraints says cA FALSE cannot issue",
           [m.leaf(below), below], [root_not_ca], "notACA", index=2)
    root_p1 = m.root("Root PathLen 1", path_length=1)
    below = m.ca("Intermediate Under Root PathLen 1", root_p1)
    m.case("anchor-path-length-1", "an anchor's pathLenConstraint 1 over one intermediate", [m.leaf(below), below], [root_p1], "trusted")


def rsa_only_cases(m, b):
    """Checks that only RSA has: its hash choice, PSS, SHA-1 and modulus size."""
    R, I, L = b
    m.case("valid-sha384", "sha384WithRSAEncryption", [m.leaf(I, hash_alg=hashes.SHA384()), I], [R], "trusted")
    m.case("valid-pss", "RSASSA-PSS with SHA-256, MGF1-SHA-256, salt 32", [m.leaf(I, pss=True), I], [R], "trusted")
    # openssl 3.0's `x509 -req` cannot backdate, so this case is evaluated a day into the leaf's 30 days.
    sha1 = sha1_leaf(I, m.profile.leaf.new())
    m.case("sha1-refused", "SHA-1 signatures are refused by default", [sha1, I], [R], "disallowedAlgorithm", index=0,
           at=sha1.cert.not_valid_before_utc + datetime.timedelta(days=1))
    I_weak = m.ca("Intermediate Weak", R, key=rsa_spec(1024).new())
    m.case("weak-issuer-key", "an RSA-1024 issuer key is below the 2048-bit minimum", [m.leaf(I_weak), I_weak], [R], "weakKey", index=0)


FAMILIES = [identity_cases, validity_cases, signature_cases, constraint_cases, usage_cases, extension_cases,
            path_building_cases, name_constraint_cases, profile_rule_cases]


def profile_cases(profile):
    m = Maker(profile)
    R = m.root("Root A")
    I = m.ca("Intermediate A", R)
    b = Base(R, I, m.leaf(I))
    for family in FAMILIES:
        family(m, b)
    if profile.name == "rsa":
        rsa_only_cases(m, b)


# Algorithm cases: one chain each, keys chosen per case, outside the profiles.

ALGORITHMS = "algorithms"


def algorithm_chain(root, intermediate, leaf=P256, **leaf_kw):
    """Root → intermediate → leaf with these keys, each signing with its spec's hash."""
    m = Maker(Profile(ALGORITHMS, root, intermediate, leaf))
    R = m.root("Root Alg")
    I = m.ca("Intermediate Alg", R)
    return R, I, m.leaf(I, **leaf_kw)


def mismatch_cases():
    """The signature algorithm names a key type the issuer's key is not
    (RFC 5758 §3.2, RFC 8410 §3): refused before any arithmetic. The leaf
    names the issuer, but another key signed it."""
    for case_name, issuer, signer, rule in [
            ("mismatch-ecdsa-sig-rsa-key", RSA2048, P256, "ecdsa-with-SHA256 under an RSA issuer key"),
            ("mismatch-rsa-sig-p256-key", P256, RSA2048, "sha256WithRSAEncryption under a P-256 issuer key"),
            ("mismatch-ed25519-sig-p256-key", P256, ED25519, "Ed25519 under a P-256 issuer key"),
            ("mismatch-ecdsa-sig-ed25519-key", ED25519, P256, "ecdsa-with-SHA256 under an Ed25519 issuer key")]:
        R, I, L = algorithm_chain(RSA2048, issuer, signer=signer.new())
        case(case_name, rule, [L, I], [R], "algorithmMismatch", index=0, profile=ALGORITHMS)


def hash_curve_cases():
    """Any hash with any curve (FIPS 186-5 §6.4: the digest is truncated to
    the order's length, or used whole when shorter); the profiles cover
    each curve's own hash, these the other six pairs, on both edges."""
    for curve_name, label, curve in [("p256", "P-256", ec.SECP256R1()), ("p384", "P-384", ec.SECP384R1()),
                                     ("p521", "P-521", ec.SECP521R1())]:
        for hash_alg in [hashes.SHA256(), hashes.SHA384(), hashes.SHA512()]:
            if (curve_name, hash_alg.name) in [("p256", "sha256"), ("p384", "sha384"), ("p521", "sha512")]:
                continue
            spec = ecdsa_spec(curve, hash_alg)
            R, I, L = algorithm_chain(spec, spec, spec)
            case(f"ecdsa-{curve_name}-{hash_alg.name}", f"a {label} key signing with {hash_alg.name.upper()}",
                 [L, I], [R], "trusted", profile=ALGORITHMS)


def unsupported_cases():
    """Keys PureX509 does not verify with: refused and named (the detail is
    the OID), never a silent pass. An RSA root, so only the leaf's edge fails."""
    for case_name, spec, oid, rule in [
            ("ecdsa-secp256k1-intermediate", ecdsa_spec(ec.SECP256K1(), hashes.SHA256()), "1.3.132.0.10", "a secp256k1 issuer key"),
            ("ecdsa-brainpoolp256r1-intermediate", ecdsa_spec(ec.BrainpoolP256R1(), hashes.SHA256()), "1.3.36.3.3.2.8.1.1.7",
             "a brainpoolP256r1 issuer key"),
            ("ed448-leaf-signature", ED448, "1.3.101.113", "an Ed448 issuer key and signature")]:
        R, I, L = algorithm_chain(RSA2048, spec)
        case(case_name, rule, [L, I], [R], "unsupportedAlgorithm", index=0, detail=oid, profile=ALGORITHMS)


def tampered_cases():
    """Signatures changed after signing; each stays well-formed DER, so only
    the range checks and the arithmetic can refuse them."""
    R, I, L = algorithm_chain(P256, P256)
    flip_r = with_ecdsa_values(L, lambda r, s: (r ^ 1, s))
    case("ecdsa-tampered-r", "ECDSA with the low bit of r flipped", [flip_r, I], [R], "badSignature", index=0, profile=ALGORITHMS)
    # FIPS 186-5 §6.4.2 accepts any s in [1, n−1]; X.509 has no low-s rule (Go, OpenSSL and webpki agree).
    high_s = with_ecdsa_values(L, lambda r, s: (r, P256_ORDER - s))
    case("ecdsa-high-s", "decision: the malleated (r, n − s) verifies", [high_s, I], [R], "trusted", profile=ALGORITHMS)
    # s + n is s modulo n: only the range check (s < n) refuses it.
    s_plus_n = with_ecdsa_values(L, lambda r, s: (r, s + P256_ORDER))
    case("ecdsa-s-plus-n", "ECDSA with s + n in place of s", [s_plus_n, I], [R], "badSignature", index=0, profile=ALGORITHMS)
    R, I, L = algorithm_chain(ED25519, ED25519, ED25519)
    case("ed25519-tampered-r", "Ed25519 with the low bit of R flipped", [flip_signature_bit(L, 0), I], [R], "badSignature",
         index=0, profile=ALGORITHMS)
    # RFC 8032 §5.1.7: S must be below L; S + L would pass a check done modulo L.
    S = int.from_bytes(L.cert.signature[32:], "little")
    s_plus_l = with_signature(L, L.cert.signature[:32] + (S + ED25519_ORDER).to_bytes(32, "little"))
    case("ed25519-s-plus-l", "Ed25519 with S + L in place of S", [s_plus_l, I], [R], "badSignature", index=0, profile=ALGORITHMS)


def algorithm_cases():
    R, I, L = algorithm_chain(RSA2048, P256, RSA2048)
    case("ecdsa-signed-rsa-leaf", "an RSA root over a P-256 intermediate that signs an RSA leaf", [L, I], [R], "trusted", profile=ALGORITHMS)
    mismatch_cases()
    hash_curve_cases()
    unsupported_cases()
    R, I, _ = algorithm_chain(P256, P256)
    sha1 = sha1_leaf(I, P256.new())
    case("ecdsa-sha1-refused", "ecdsa-with-SHA1 is refused by default", [sha1, I], [R], "disallowedAlgorithm", index=0,
         detail="ecdsa-with-SHA1", at=sha1.cert.not_valid_before_utc + datetime.timedelta(days=1), profile=ALGORITHMS)
    tampered_cases()


def main():
    for entry in os.listdir(HERE):
        if os.path.isdir(os.path.join(HERE, entry)):
            shutil.rmtree(os.path.join(HERE, entry))
    for profile in PROFILES:
        profile_cases(profile)
    algorithm_cases()
    with open(os.path.join(HERE, "cases.json"), "w") as f:
        json.dump(cases, f, indent=1)
        f.write("\n")
    counts = collections.Counter(row["profile"] for row in cases)
    print(len(cases), "cases:", ", ".join(f"{p} {n}" for p, n in counts.items()))


if __name__ == "__main__":
    main()
