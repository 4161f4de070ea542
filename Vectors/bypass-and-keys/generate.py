#!/usr/bin/env python3
"""Fixtures for issue 26 items 8-11 (Tests/TrustTests/NameConstraintBypassTests.swift,
Tests/TrustTests/KeyValidationTests.swift). Python `cryptography`; run from anywhere.

Writes, in this directory:
  root.pem                 P-256 root, CN=Issue 26 Root
  nc-<case>.pem            leaf, then an intermediate carrying the case's name constraints
  key-<case>.pem           a leaf signed by the root directly, its SubjectPublicKeyInfo
                           patched into a bad shape where the case says so
  anchor-leaf.pem          a self-signed P-256 leaf, to be used as its own anchor
Every certificate is valid from 2026-01-01 to 2036-01-01.
"""
import datetime, ipaddress, os
from cryptography import x509
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.x509.name import _ASN1Type
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa, ed25519

HERE = os.path.dirname(os.path.abspath(__file__))
NOT_BEFORE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2036, 1, 1, tzinfo=datetime.timezone.utc)
serial = [0x2600]


def next_serial():
    serial[0] += 1
    return serial[0]


def name(cn, *more):
    return x509.Name(list(more) + [x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def ca(subject, key, issuer_name, issuer_key, constraints=None):
    b = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer_name)
         .public_key(key.public_key()).serial_number(next_serial())
         .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
         .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
         .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
         .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if issuer_key is not key:
        b = b.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    if constraints is not None:
        b = b.add_extension(constraints, critical=True)
    return b.sign(issuer_key, hashes.SHA256())


def leaf(subject, key_public, issuer, issuer_key, sans, self_signed_key=None):
    b = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer.subject if issuer else subject)
         .public_key(key_public).serial_number(next_serial())
         .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
         .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
         .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
         .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
         .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if sans:
        b = b.add_extension(x509.SubjectAlternativeName(sans), critical=False)
    return b.sign(issuer_key, hashes.SHA256())


def pem(*certificates):
    return b"".join(c.public_bytes(serialization.Encoding.PEM) for c in certificates)


def der_pem(der):
    import base64
    body = base64.encodebytes(der).replace(b"\n", b"")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return b"-----BEGIN CERTIFICATE-----\n" + b"\n".join(lines) + b"\n-----END CERTIFICATE-----\n"


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as f:
        f.write(data)


# --- DER surgery: replace the leaf's SubjectPublicKeyInfo and sign again ---

def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        header = bytes([tag, n])
    else:
        octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
        header = bytes([tag, 0x80 | len(octets)]) + octets
    return header + content


def span(der, offset):
    """(start, end) of the TLV at offset."""
    length = der[offset + 1]
    if length < 0x80:
        return offset, offset + 2 + length
    count = length & 0x7F
    value = int.from_bytes(der[offset + 2:offset + 2 + count], "big")
    return offset, offset + 2 + count + value


def header_length(der, offset):
    length = der[offset + 1]
    return 2 if length < 0x80 else 2 + (length & 0x7F)


def with_spki(certificate, spki, issuer_key):
    der = certificate.public_bytes(serialization.Encoding.DER)
    tbs_start, tbs_end = span(der, header_length(der, 0))
    fields, offset = [], tbs_start + header_length(der, tbs_start)
    while offset < tbs_end:
        start, end = span(der, offset)
        fields.append(der[start:end])
        offset = end
    # version, serial, signature, issuer, validity, subject, SPKI, extensions
    fields[6] = spki
    tbs = tlv(0x30, b"".join(fields))
    signature = issuer_key.sign(tbs, ec.ECDSA(hashes.SHA256()))
    algorithm = bytes.fromhex("300a06082a8648ce3d040302")  # ecdsa-with-SHA256
    return tlv(0x30, tbs + algorithm + tlv(0x03, b"\x00" + signature))


def integer(value, raw=None):
    if raw is not None:
        return tlv(0x02, raw)
    octets = value.to_bytes((value.bit_length() + 8) // 8, "big")
    return tlv(0x02, octets)


RSA_ALGORITHM = tlv(0x30, bytes.fromhex("06092a864886f70d010101") + b"\x05\x00")
EC_P256_ALGORITHM = tlv(0x30, bytes.fromhex("06072a8648ce3d0201") + bytes.fromhex("06082a8648ce3d030107"))
ED25519_OID = bytes.fromhex("06032b6570")


def rsa_spki(modulus_tlv, exponent_tlv):
    return tlv(0x30, RSA_ALGORITHM + tlv(0x03, b"\x00" + tlv(0x30, modulus_tlv + exponent_tlv)))


def main():
    root_key = ec.generate_private_key(ec.SECP256R1())
    root = ca(name("Issue 26 Root"), root_key, name("Issue 26 Root"), root_key)
    write("root.pem", pem(root))

    # Items 8-10: an intermediate with name constraints over one leaf.
    def nc_case(case, permitted, excluded, subject, sans):
        key = ec.generate_private_key(ec.SECP256R1())
        constraints = x509.NameConstraints(permitted_subtrees=permitted or None, excluded_subtrees=excluded or None)
        intermediate = ca(name("Issue 26 NC " + case), key, root.subject, root_key, constraints)
        leaf_key = ec.generate_private_key(ec.SECP256R1())
        end = leaf(subject, leaf_key.public_key(), intermediate, key, sans)
        write("nc-" + case + ".pem", pem(end, intermediate))

    dns, ip = x509.DNSName, lambda text: x509.IPAddress(ipaddress.ip_network(text))
    host = lambda text: x509.IPAddress(ipaddress.ip_address(text))
    wildcard = name("*.example.com")
    wildcard_san = [dns("*.example.com")]
    # Item 8: a wildcard dNSName against dNSName subtrees.
    nc_case("wildcard-excluded-label", None, [dns("bad.example.com")], wildcard, wildcard_san)
    nc_case("wildcard-excluded-dot", None, [dns(".example.com")], wildcard, wildcard_san)
    nc_case("wildcard-excluded-apex", None, [dns("example.com")], wildcard, wildcard_san)
    nc_case("wildcard-excluded-deeper", None, [dns("a.b.example.com")], wildcard, wildcard_san)
    nc_case("wildcard-excluded-other", None, [dns("x.other.com")], wildcard, wildcard_san)
    nc_case("wildcard-excluded-tld", None, [dns("org")], wildcard, wildcard_san)
    nc_case("wildcard-permitted-label", [dns("bad.example.com")], None, wildcard, wildcard_san)
    nc_case("wildcard-permitted-apex", [dns("example.com")], None, wildcard, wildcard_san)
    nc_case("wildcard-cn-excluded-label", None, [dns("bad.example.com")], wildcard, None)
    nc_case("wildcard-cn-permitted-apex", [dns("example.com")], None, wildcard, None)

    # Item 9: directoryName subtrees against subjects in other string types, case and spacing.
    def org(value, string_type=_ASN1Type.UTF8String):
        return x509.NameAttribute(NameOID.ORGANIZATION_NAME, value, _type=string_type)
    def country(value="US", string_type=_ASN1Type.PrintableString):
        return x509.NameAttribute(NameOID.COUNTRY_NAME, value, _type=string_type)
    bad_org = x509.DirectoryName(x509.Name([country(string_type=_ASN1Type.UTF8String), org("Bad Org")]))
    good_org = x509.DirectoryName(x509.Name([country(string_type=_ASN1Type.UTF8String), org("Good Org")]))
    www = [dns("www.example.com")]
    subject = lambda value, string_type: x509.Name([country(), org(value, string_type),
                                                    x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com")])
    nc_case("dirname-excluded-printable", None, [bad_org], subject("Bad Org", _ASN1Type.PrintableString), www)
    nc_case("dirname-excluded-case", None, [bad_org], subject("BAD ORG", _ASN1Type.UTF8String), www)
    nc_case("dirname-excluded-spaces", None, [bad_org], subject("  Bad   Org ", _ASN1Type.UTF8String), www)
    nc_case("dirname-excluded-other", None, [bad_org], subject("Bad Orgs", _ASN1Type.PrintableString), www)
    nc_case("dirname-permitted-folded", [good_org], None, subject(" good  ORG", _ASN1Type.PrintableString), www)
    nc_case("dirname-permitted-other", [good_org], None, subject("Other Org", _ASN1Type.PrintableString), www)

    # Item 10: IPv4-mapped IPv6 addresses against iPAddress subtrees.
    plain = name("Issue 26 IP leaf")
    nc_case("ip-excluded-v4-mapped", None, [ip("10.0.0.0/8")], plain, [host("::ffff:10.1.2.3")])
    nc_case("ip-excluded-v4-mapped-outside", None, [ip("10.0.0.0/8")], plain, [host("::ffff:192.0.2.7")])
    nc_case("ip-permitted-v4-mapped", [ip("192.0.2.0/24")], None, plain, [host("::ffff:192.0.2.7")])
    nc_case("ip-permitted-v4-mapped-outside", [ip("192.0.2.0/24")], None, plain, [host("::ffff:10.1.2.3")])
    nc_case("ip-permitted-v6-only-mapped", [ip("::/0")], None, plain, [host("::ffff:192.0.2.7")])
    nc_case("ip-excluded-v6-mapped-range", None, [ip("::ffff:10.0.0.0/104")], plain, [host("10.1.2.3")])
    nc_case("ip-excluded-v4-plain", None, [ip("10.0.0.0/8")], plain, [host("192.0.2.1")])

    # Item 11: leaf keys, good and bad.
    def key_case(case, public_key=None, spki=None):
        placeholder = ec.generate_private_key(ec.SECP256R1())
        end = leaf(name("www.example.com"), (public_key or placeholder.public_key()), root, root_key,
                   [dns("www.example.com")])
        der = end.public_bytes(serialization.Encoding.DER) if spki is None else with_spki(end, spki, root_key)
        write("key-" + case + ".pem", der_pem(der))

    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    n = rsa_key.public_key().public_numbers().n
    key_case("good-rsa2048", rsa_key.public_key())
    key_case("good-p256", ec.generate_private_key(ec.SECP256R1()).public_key())
    key_case("good-p384", ec.generate_private_key(ec.SECP384R1()).public_key())
    key_case("good-ed25519", ed25519.Ed25519PrivateKey.generate().public_key())
    key_case("rsa-exponent-one", spki=rsa_spki(integer(n), integer(1)))
    key_case("rsa-exponent-even", spki=rsa_spki(integer(n), integer(65536)))
    key_case("rsa-modulus-even", spki=rsa_spki(integer(n - 1), integer(65537)))
    key_case("rsa-modulus-negative", spki=rsa_spki(integer(0, raw=n.to_bytes(256, "big")), integer(65537)))
    huge = (1 << 16399) | 1  # 16,400 bits, odd
    key_case("rsa-modulus-huge", spki=rsa_spki(integer(huge), integer(65537)))
    point = ec.generate_private_key(ec.SECP256R1()).public_key().public_numbers()
    x, y = point.x.to_bytes(32, "big"), point.y.to_bytes(32, "big")
    ec_spki = lambda bits: tlv(0x30, EC_P256_ALGORITHM + tlv(0x03, b"\x00" + bits))
    key_case("ec-off-curve", spki=ec_spki(b"\x04" + x + (point.y ^ 1).to_bytes(32, "big")))
    key_case("ec-compressed", spki=ec_spki(bytes([2 + (point.y & 1)]) + x))
    key_case("ec-infinity", spki=ec_spki(b"\x00"))
    raw = ed25519.Ed25519PrivateKey.generate().public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    ed_spki = lambda algorithm, bits: tlv(0x30, tlv(0x30, algorithm) + tlv(0x03, b"\x00" + bits))
    key_case("ed25519-short", spki=ed_spki(ED25519_OID, raw[:31]))
    key_case("ed25519-long", spki=ed_spki(ED25519_OID, raw + b"\x00"))
    key_case("ed25519-parameters", spki=ed_spki(ED25519_OID + b"\x05\x00", raw))

    # A self-signed leaf (not a CA) that a caller pins by making it an anchor.
    anchor_key = ec.generate_private_key(ec.SECP256R1())
    anchor_leaf = leaf(name("www.example.com"), anchor_key.public_key(), None, anchor_key, [dns("www.example.com")])
    write("anchor-leaf.pem", pem(anchor_leaf))


if __name__ == "__main__":
    main()
