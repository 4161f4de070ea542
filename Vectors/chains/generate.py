#!/usr/bin/env python3
"""Makes the chains under Vectors/chains/ and cases.json.

Each case is a folder with chain.pem (leaf first, then the presented
intermediates) and roots.pem (the trust anchors), plus a row in cases.json:
the rule it checks, the reference identity, the evaluation time, the
purpose, and the expected verdict ("trusted" or a TrustFailure code with
the certificate index). Every rule has a valid and an invalid variant, and
the path-building cases (decoys, cross-signs, loops, out-of-order and
unrelated intermediates, depth and budget limits) are here too.

Run: python3 Vectors/chains/generate.py   (Python `cryptography`)
Written for this project; keys are fresh on every run.
"""
import datetime
import ipaddress
import json
import os
import shutil
import subprocess
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
T = datetime.datetime(2025, 6, 1, tzinfo=UTC)            # evaluation time of every case
START = datetime.datetime(2024, 1, 1, tzinfo=UTC)
END = datetime.datetime(2030, 1, 1, tzinfo=UTC)
EXPIRED_END = datetime.datetime(2025, 1, 1, tzinfo=UTC)
FUTURE_START = datetime.datetime(2026, 1, 1, tzinfo=UTC)

_keys = []


def key(bits=2048):
    return rsa.generate_private_key(public_exponent=65537, key_size=bits)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 Chains"), x509.NameAttribute(NameOID.COMMON_NAME, cn)])


class Node:
    """A certificate with its key, so it can issue."""

    def __init__(self, cert, private_key):
        self.cert, self.key = cert, private_key

    @property
    def subject(self):
        return self.cert.subject


serial = [1000]


def issue(subject_cn, subject_key, issuer=None, *, ca=False, path_length=None, bc=True, ku="default",
          eku=None, sans=None, start=START, end=END, hash_alg=None, extra=(), subject_name=None, issuer_name=None,
          pss=False, ski=None):
    """Issues a certificate; issuer None means self-signed."""
    serial[0] += 1
    subject = subject_name or name(subject_cn)
    signer_key = issuer.key if issuer else subject_key
    b = (x509.CertificateBuilder().subject_name(subject)
         .issuer_name(issuer_name or (issuer.subject if issuer else subject))
         .public_key(subject_key.public_key()).serial_number(serial[0])
         .not_valid_before(start).not_valid_after(end))
    if bc:
        b = b.add_extension(x509.BasicConstraints(ca=ca, path_length=path_length), critical=True)
    if ku == "default":
        ku = "ca" if ca else "leaf"
    if ku == "ca":
        b = b.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    elif ku == "leaf":
        b = b.add_extension(x509.KeyUsage(True, False, True, False, False, False, False, False, False), critical=True)
    elif ku == "crlonly":
        b = b.add_extension(x509.KeyUsage(False, False, False, False, False, False, True, False, False), critical=True)
    elif ku == "dataonly":
        b = b.add_extension(x509.KeyUsage(False, False, False, True, False, False, False, False, False), critical=True)
    if eku:
        b = b.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if sans:
        b = b.add_extension(x509.SubjectAlternativeName(sans), critical=False)
    b = b.add_extension(ski or x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False)
    if issuer:
        b = b.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer.key.public_key()), critical=False)
    for ext, critical in extra:
        b = b.add_extension(ext, critical=critical)
    algorithm = hash_alg if hash_alg is not None else hashes.SHA256()
    if pss:
        pad = padding.PSS(mgf=padding.MGF1(algorithm), salt_length=algorithm.digest_size)
        return Node(b.sign(signer_key, algorithm, rsa_padding=pad), subject_key)
    return Node(b.sign(signer_key, algorithm), subject_key)


def sha1_leaf(issuer):
    """A SHA-1-signed leaf, made with the openssl CLI (cryptography refuses SHA-1)."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = {n: os.path.join(tmp, n) for n in ("ca.pem", "ca.key", "leaf.key", "leaf.csr", "ext.cnf", "leaf.pem")}
        open(paths["ca.pem"], "wb").write(issuer.cert.public_bytes(serialization.Encoding.PEM))
        open(paths["ca.key"], "wb").write(issuer.key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                                    serialization.NoEncryption()))
        open(paths["ext.cnf"], "w").write("basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
                                          "extendedKeyUsage=serverAuth\nsubjectAltName=DNS:www.example.com\n")
        subprocess.run(["openssl", "req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", paths["leaf.key"],
                        "-subj", "/O=PureX509 Chains/CN=www.example.com", "-out", paths["leaf.csr"]], check=True, capture_output=True)
        subprocess.run(["openssl", "x509", "-req", "-in", paths["leaf.csr"], "-CA", paths["ca.pem"], "-CAkey", paths["ca.key"],
                        "-set_serial", "77", "-sha1", "-days", "30",
                        "-extfile", paths["ext.cnf"], "-out", paths["leaf.pem"]], check=True, capture_output=True)
        return Node(x509.load_pem_x509_certificate(open(paths["leaf.pem"], "rb").read()), None)


def openssl_v1(cn, issuer=None):
    """A version 1 certificate (no extensions), made by `openssl x509 -req`,
    which cryptography cannot produce; self-signed when `issuer` is None.
    openssl 3.0 cannot backdate: it is valid from now for 3,650 days."""
    k = key()
    with tempfile.TemporaryDirectory() as tmp:
        path = lambda n: os.path.join(tmp, n)
        open(path("k.pem"), "wb").write(k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                         serialization.NoEncryption()))
        subprocess.run(["openssl", "req", "-new", "-key", path("k.pem"), "-subj", f"/O=PureX509 Chains/CN={cn}",
                        "-out", path("r.csr")], check=True, capture_output=True)
        command = ["openssl", "x509", "-req", "-in", path("r.csr"), "-days", "3650", "-sha256", "-out", path("c.pem")]
        if issuer is None:
            command += ["-key", path("k.pem"), "-set_serial", "90"]
        else:
            open(path("ca.pem"), "wb").write(issuer.cert.public_bytes(serialization.Encoding.PEM))
            open(path("ca.key"), "wb").write(issuer.key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                                       serialization.NoEncryption()))
            command += ["-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-set_serial", "91"]
        subprocess.run(command, check=True, capture_output=True)
        return Node(x509.load_pem_x509_certificate(open(path("c.pem"), "rb").read()), k)


def root(cn, bits=2048):
    k = key(bits)
    return issue(cn, k, None, ca=True)


def leaf_for(issuer, cn="www.example.com", **kw):
    kw.setdefault("sans", [x509.DNSName("www.example.com"), x509.DNSName("*.wild.example.com"),
                           x509.IPAddress(ipaddress.ip_address("192.0.2.7")), x509.IPAddress(ipaddress.ip_address("2001:db8::7"))])
    kw.setdefault("eku", [ExtendedKeyUsageOID.SERVER_AUTH])
    return issue(cn, key(), issuer, **kw)


cases = []


def pem(nodes):
    return b"".join(n.cert.public_bytes(serialization.Encoding.PEM) for n in nodes)


def case(case_name, rule, chain, roots, expected, host="www.example.com", ip=None, purpose="server", index=None, at=T):
    folder = os.path.join(HERE, case_name)
    os.makedirs(folder, exist_ok=True)
    open(os.path.join(folder, "chain.pem"), "wb").write(pem(chain))
    open(os.path.join(folder, "roots.pem"), "wb").write(pem(roots))
    cases.append({"name": case_name, "rule": rule, "host": host, "ip": ip, "purpose": purpose,
                  "at": int(at.timestamp()), "expected": expected, "index": index})


for entry in os.listdir(HERE):
    if os.path.isdir(os.path.join(HERE, entry)):
        shutil.rmtree(os.path.join(HERE, entry))

R = root("Root A")
I = issue("Intermediate A", key(), R, ca=True)
L = leaf_for(I)

# The baseline and server identity.
case("valid", "a leaf, an intermediate and a root in the store", [L, I], [R], "trusted")
case("valid-wildcard", "RFC 9525 §6.3: *.wild.example.com covers one label", [L, I], [R], "trusted", host="a.wild.example.com")
case("wildcard-two-labels", "a wildcard never covers two labels", [L, I], [R], "hostnameMismatch", host="a.b.wild.example.com", index=0)
case("valid-case-and-dot", "ASCII case-insensitive, trailing dot ignored", [L, I], [R], "trusted", host="WWW.Example.COM.")
case("hostname-mismatch", "the leaf must name the host", [L, I], [R], "hostnameMismatch", host="www.example.org", index=0)
case("valid-ipv4", "IP reference against iPAddress SANs", [L, I], [R], "trusted", host=None, ip="192.0.2.7")
case("valid-ipv6", "IPv6 reference against iPAddress SANs", [L, I], [R], "trusted", host=None, ip="2001:db8:0::7")
case("ip-mismatch", "an address not in the SANs", [L, I], [R], "hostnameMismatch", host=None, ip="192.0.2.8", index=0)
case("no-host", "without a reference identity only the path is checked", [L, I], [R], "trusted", host=None)

# Validity (RFC 5280 §6.1.3(a)(2)).
case("expired-leaf", "an expired leaf", [leaf_for(I, end=EXPIRED_END), I], [R], "expired", index=0)
case("not-yet-valid-leaf", "a leaf from the future", [leaf_for(I, start=FUTURE_START), I], [R], "notYetValid", index=0)
I_expired = issue("Intermediate A", I.key, R, ca=True, end=EXPIRED_END)
case("expired-intermediate", "an expired intermediate", [L, I_expired], [R], "expired", index=1)
R_expired = issue("Root Expired", key(), None, ca=True, end=EXPIRED_END)
I_under_expired_root = issue("Intermediate Under Expired Root", key(), R_expired, ca=True)
case("expired-anchor-ignored", "decision: the anchor's own dates are not checked", [leaf_for(I_under_expired_root), I_under_expired_root], [R_expired], "trusted")
case("expired-leaf-unknown-issuer", "an expired leaf beats unknown issuer", [leaf_for(I, end=EXPIRED_END)], [root("Unrelated Root")], "expired", index=0)

# Signatures.
L_bad = leaf_for(I)
bad_der = bytearray(L_bad.cert.public_bytes(serialization.Encoding.DER))
bad_der[-5] ^= 0x01
L_bad = Node(x509.load_der_x509_certificate(bytes(bad_der)), L_bad.key)
case("bad-signature", "a corrupted leaf signature", [L_bad, I], [R], "badSignature", index=0)
case("unknown-issuer", "the root is not in the store", [L, I], [root("Other Root")], "unknownIssuer", index=1)
# The Common Name fallback (off by default; Tests/TrustTests covers the opt-in).
case("cn-only-leaf", "no SAN: the subject CN is not consulted by default", [issue("www.example.com", key(), I, sans=None, eku=[ExtendedKeyUsageOID.SERVER_AUTH]), I], [R], "hostnameMismatch", index=0)
SS = issue("www.example.com", key(), None, sans=[x509.DNSName("www.example.com")], eku=[ExtendedKeyUsageOID.SERVER_AUTH])
case("self-signed-leaf", "a self-signed leaf that is not an anchor", [SS], [R], "unknownIssuer", index=0)
case("valid-sha384", "sha384WithRSAEncryption", [leaf_for(I, hash_alg=hashes.SHA384()), I], [R], "trusted")
case("valid-pss", "RSASSA-PSS with SHA-256, MGF1-SHA-256, salt 32", [leaf_for(I, pss=True), I], [R], "trusted")
# openssl 3.0's `x509 -req` cannot backdate, so this case is evaluated a day into the leaf's 30 days.
sha1 = sha1_leaf(I)
case("sha1-refused", "SHA-1 signatures are refused by default", [sha1, I], [R], "disallowedAlgorithm", index=0,
     at=sha1.cert.not_valid_before_utc + datetime.timedelta(days=1))
K1024 = key(1024)
I_weak = issue("Intermediate Weak", K1024, R, ca=True)
case("weak-issuer-key", "an RSA-1024 issuer key is below the 2048-bit minimum", [leaf_for(I_weak), I_weak], [R], "weakKey", index=0)
EC_key = ec.generate_private_key(ec.SECP256R1())
I_ec = issue("Intermediate EC", EC_key, R, ca=True)
case("ecdsa-unsupported", "an ECDSA-signed leaf: unsupported, never a silent pass", [leaf_for(I_ec), I_ec], [R], "unsupportedAlgorithm", index=0)

# basicConstraints and path length (RFC 5280 §6.1.4(k)–(m)).
I_notca = issue("Intermediate Not CA", key(), R, ca=False, ku="ca")
case("intermediate-not-ca", "an issuer with cA FALSE", [leaf_for(I_notca), I_notca], [R], "notACA", index=1)
I_nobc = issue("Intermediate No BC", key(), R, bc=False, ku="ca")
case("intermediate-without-bc", "an issuer without basicConstraints", [leaf_for(I_nobc), I_nobc], [R], "notACA", index=1)
I_p0 = issue("Intermediate PathLen 0", key(), R, ca=True, path_length=0)
I_below_p0 = issue("Intermediate Below PathLen 0", key(), I_p0, ca=True)
case("path-length-exceeded", "pathLenConstraint 0 with one CA below", [leaf_for(I_below_p0), I_below_p0, I_p0], [R], "pathLengthExceeded", index=2)
I_p1 = issue("Intermediate PathLen 1", key(), R, ca=True, path_length=1)
I_below_p1 = issue("Intermediate Below PathLen 1", key(), I_p1, ca=True)
case("path-length-ok", "pathLenConstraint 1 with one CA below", [leaf_for(I_below_p1), I_below_p1, I_p1], [R], "trusted")
# Version 1 issuers (RFC 5280 §6.1.4(k)): only as anchors. Evaluated a day
# after they were made, since openssl cannot backdate them.
V1I = openssl_v1("Intermediate V1", R)
v1_at = V1I.cert.not_valid_before_utc + datetime.timedelta(days=1)
case("v1-intermediate", "a v1 certificate cannot issue unless it is an anchor", [leaf_for(V1I), V1I], [R], "notACA", index=1, at=v1_at)
V1R = openssl_v1("Root V1")
I_under_v1 = issue("Intermediate Under V1 Root", key(), V1R, ca=True)
case("v1-anchor", "a v1 anchor is accepted", [leaf_for(I_under_v1), I_under_v1], [V1R], "trusted", at=v1_at)
case("leaf-is-ca", "decision: a CA certificate is refused as a server leaf", [issue("www.example.com", key(), I, ca=True, sans=[x509.DNSName("www.example.com")]), I], [R], "leafIsCA", index=0)

# keyUsage and extendedKeyUsage.
I_ku = issue("Intermediate CRL Only", key(), R, ca=True, ku="crlonly")
case("intermediate-without-keycertsign", "an issuer's keyUsage must assert keyCertSign", [leaf_for(I_ku), I_ku], [R], "keyUsage", index=1)
case("leaf-keyusage-data-only", "a server leaf needs digitalSignature or keyEncipherment", [leaf_for(I, ku="dataonly"), I], [R], "keyUsage", index=0)
case("leaf-eku-client-only", "the leaf must allow serverAuth", [leaf_for(I, eku=[ExtendedKeyUsageOID.CLIENT_AUTH]), I], [R], "extendedKeyUsage", index=0)
case("leaf-eku-client-for-client", "clientAuth purpose accepts a clientAuth leaf", [leaf_for(I, eku=[ExtendedKeyUsageOID.CLIENT_AUTH]), I], [R], "trusted", purpose="client")
case("leaf-eku-any", "decision: anyExtendedKeyUsage alone on the leaf does not allow serverAuth", [leaf_for(I, eku=[ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE]), I], [R], "extendedKeyUsage", index=0)
I_eku_any = issue("Intermediate Any EKU", key(), R, ca=True, eku=[ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE])
case("intermediate-eku-any", "anyExtendedKeyUsage on an intermediate leaves the purpose open", [leaf_for(I_eku_any), I_eku_any], [R], "trusted")
case("leaf-without-eku", "no extendedKeyUsage: unrestricted", [leaf_for(I, eku=None), I], [R], "trusted")
I_eku_client = issue("Intermediate Client EKU", key(), R, ca=True, eku=[ExtendedKeyUsageOID.CLIENT_AUTH])
case("intermediate-eku-constrains", "decision: an intermediate's EKU constrains the leaf", [leaf_for(I_eku_client), I_eku_client], [R], "extendedKeyUsage", index=1)
I_eku_server = issue("Intermediate Server EKU", key(), R, ca=True, eku=[ExtendedKeyUsageOID.SERVER_AUTH])
case("intermediate-eku-allows", "an intermediate EKU listing serverAuth", [leaf_for(I_eku_server), I_eku_server], [R], "trusted")
case("purpose-any", "purpose any ignores EKU", [leaf_for(I, eku=[ExtendedKeyUsageOID.CLIENT_AUTH]), I], [R], "trusted", purpose="any")

# Unknown critical extensions (RFC 5280 §4.2).
unknown = x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.77"), b"\x05\x00")
case("unknown-critical-leaf", "an unknown critical extension on the leaf", [leaf_for(I, extra=[(unknown, True)]), I], [R], "unknownCriticalExtension", index=0)
case("unknown-noncritical-leaf", "an unknown non-critical extension is ignored", [leaf_for(I, extra=[(unknown, False)]), I], [R], "trusted")
I_crit = issue("Intermediate Critical", key(), R, ca=True, extra=[(unknown, True)])
case("unknown-critical-intermediate", "an unknown critical extension on an intermediate", [leaf_for(I_crit), I_crit], [R], "unknownCriticalExtension", index=1)

# Path building.
I2 = issue("Intermediate B", key(), I, ca=True)
L2 = leaf_for(I2)
unrelated = issue("Unrelated Intermediate", key(), root("Unrelated Root 2"), ca=True)
case("out-of-order", "intermediates in any order, unrelated ones mixed in", [L2, unrelated, I, I2], [R], "trusted")
decoy = issue("Intermediate A", key(), R, ca=True)  # same name as I, another key
case("decoy-first", "a decoy issuer with the same name and another key is tried and left", [L, decoy, I], [R], "trusted")
RB = root("Root B")
I_cross = issue("Intermediate A", I.key, RB, ca=True)  # I's key, certified by Root B
case("cross-signed", "only the cross-signed version reaches an anchor", [L, I, I_cross], [RB], "trusted")
case("expired-alternative", "an expired alternative path is passed over", [L, I_expired, I], [R], "trusted")
LA = issue("Loop A", key(), None, ca=True)
LB = issue("Loop B", key(), LA, ca=True)
LA2 = issue("Loop A", LA.key, LB, ca=True, subject_name=LA.subject)
case("loop", "intermediates certifying each other terminate", [leaf_for(LB), LB, LA2], [root("Loop Root")], "unknownIssuer")
# Depth: the default maximum path length is 8 certificates, anchor included.
chain = [R]
for depth in range(6):
    chain.append(issue(f"Depth {depth}", key(), chain[-1], ca=True))
deep_leaf = leaf_for(chain[-1])
case("depth-at-limit", "8 certificates: the longest allowed path", [deep_leaf] + chain[:0:-1], [R], "trusted")
deeper = issue("Depth 6", key(), chain[-1], ca=True)
case("depth-over-limit", "9 certificates: one more than allowed", [leaf_for(deeper), deeper] + chain[:0:-1], [R], "pathTooLong")
# Budget: decoys with the real intermediate's name and key identifier (so
# ordering by AKI/SKI cannot skip them) and their own keys. 100 signature
# checks are allowed: 98 decoys plus the two real edges (leaf ← intermediate
# ← root) make exactly 100; 110 decoys do not fit.
real_ski = I.cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
decoys = [issue("Intermediate A", key(), R, ca=True, ski=real_ski) for _ in range(110)]
case("decoys-within-budget", "98 decoys and the real path: exactly 100 signature checks", [L] + decoys[:98] + [I], [R], "trusted")
case("decoy-budget", "110 decoys exhaust the signature budget", [L] + decoys + [I], [R], "budgetExceeded")

# Name constraints (RFC 5280 §4.2.1.10) on an intermediate.
constraints = x509.NameConstraints(
    permitted_subtrees=[x509.DNSName("example.com"), x509.IPAddress(ipaddress.ip_network("192.0.2.0/24")),
                        x509.IPAddress(ipaddress.ip_network("2001:db8::/32")), x509.RFC822Name("example.com"),
                        x509.UniformResourceIdentifier(".example.com"),
                        x509.DirectoryName(x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 Chains")]))],
    excluded_subtrees=[x509.DNSName("bad.example.com"), x509.IPAddress(ipaddress.ip_network("192.0.2.128/25"))])
I_nc = issue("Intermediate Constrained", key(), R, ca=True, extra=[(constraints, True)])
def nc_leaf(sans, subject=None):
    return issue("www.example.com", key(), I_nc, sans=sans, eku=[ExtendedKeyUsageOID.SERVER_AUTH], subject_name=subject)
ok_sans = [x509.DNSName("www.example.com"), x509.IPAddress(ipaddress.ip_address("192.0.2.7")),
           x509.RFC822Name("user@example.com"), x509.UniformResourceIdentifier("https://api.example.com/x")]
case("nc-permitted", "every name inside the permitted subtrees", [nc_leaf(ok_sans), I_nc], [R], "trusted")
case("nc-dns-outside", "a dNSName outside the permitted DNS subtree", [nc_leaf(ok_sans + [x509.DNSName("www.example.org")]), I_nc], [R], "nameConstraintViolation", index=0)
case("nc-dns-excluded", "a dNSName in an excluded subtree", [nc_leaf([x509.DNSName("www.bad.example.com")]), I_nc], [R], "nameConstraintViolation", index=0, host="www.bad.example.com")
case("nc-ip-outside", "an address outside 192.0.2.0/24", [nc_leaf([x509.DNSName("www.example.com"), x509.IPAddress(ipaddress.ip_address("198.51.100.1"))]), I_nc], [R], "nameConstraintViolation", index=0)
case("nc-ip-excluded", "an address in the excluded 192.0.2.128/25", [nc_leaf([x509.DNSName("www.example.com"), x509.IPAddress(ipaddress.ip_address("192.0.2.200"))]), I_nc], [R], "nameConstraintViolation", index=0)
case("nc-ipv6-inside", "an IPv6 address inside 2001:db8::/32", [nc_leaf([x509.DNSName("www.example.com"), x509.IPAddress(ipaddress.ip_address("2001:db8::99"))]), I_nc], [R], "trusted")
case("nc-email-outside", "an rfc822Name at another host", [nc_leaf([x509.DNSName("www.example.com"), x509.RFC822Name("user@example.org")]), I_nc], [R], "nameConstraintViolation", index=0)
case("nc-uri-outside", "a URI whose host is outside .example.com", [nc_leaf([x509.DNSName("www.example.com"), x509.UniformResourceIdentifier("https://evil.org/")]), I_nc], [R], "nameConstraintViolation", index=0)
case("nc-dirname-outside", "a subject outside the permitted directoryName", [nc_leaf([x509.DNSName("www.example.com")], subject=x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Other Org"), x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com")])), I_nc], [R], "nameConstraintViolation", index=0)
R_nc = issue("Root Constrained", key(), None, ca=True, extra=[(x509.NameConstraints(permitted_subtrees=[x509.DNSName("example.net")], excluded_subtrees=None), True)])
I_under_nc_root = issue("Intermediate Under Constrained Root", key(), R_nc, ca=True)
case("nc-on-anchor", "decision: the anchor's name constraints apply", [leaf_for(I_under_nc_root), I_under_nc_root], [R_nc], "nameConstraintViolation", index=0)
many = x509.NameConstraints(permitted_subtrees=[x509.DNSName(f"d{i}.example.com") for i in range(1000)], excluded_subtrees=None)
I_many = issue("Intermediate Many Constraints", key(), R, ca=True, extra=[(many, True)])
case("nc-budget", "1,000 subtrees × 300 names exceed 250,000 comparisons", [issue("www.example.com", key(), I_many, eku=[ExtendedKeyUsageOID.SERVER_AUTH],
     sans=[x509.DNSName(f"h{i}.d999.example.com") for i in range(299)] + [x509.DNSName("www.example.com")]), I_many], [R], "budgetExceeded", host=None)

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1)
    f.write("\n")
print(len(cases), "cases")
