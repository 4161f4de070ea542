#!/usr/bin/env python3
"""Certificates whose names carry output-injection strings (issue 13 item 2).

Each leaf is signed by root.pem, so `purex509 verify --roots root.pem`
trusts it and prints its subject in the path listing. Two cases need bytes
Python strings cannot carry into the encoding they want (a TeletexString
holding 0x9B, a UTF8String that is not UTF-8); for those a same-length
placeholder is patched in the TBS, which is then signed again.
Run from this directory: python3 generate.py (Python `cryptography` 48).
"""
import datetime
from cryptography import x509
from cryptography.x509.oid import NameOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding

NOT_BEFORE = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2034, 1, 1, tzinfo=datetime.timezone.utc)

root_key = ec.generate_private_key(ec.SECP256R1())
root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Injection Test Root")])
root = (x509.CertificateBuilder().subject_name(root_name).issuer_name(root_name)
        .public_key(root_key.public_key()).serial_number(1)
        .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
        .sign(root_key, hashes.SHA256()))
open("root.pem", "wb").write(root.public_bytes(Encoding.PEM))


def leaf(attributes, sans=None):
    key = ec.generate_private_key(ec.SECP256R1())
    builder = (x509.CertificateBuilder().subject_name(x509.Name(attributes)).issuer_name(root_name)
               .public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               # RFC 5280 §4.2.1.1: the strict profile refuses a leaf without it.
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False))
    if sans:
        builder = builder.add_extension(x509.SubjectAlternativeName(sans), critical=False)
    return builder.sign(root_key, hashes.SHA256())


def der_length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def tlv(tag, content):
    return bytes([tag]) + der_length(len(content)) + content


def patched(cert, old, new):
    """The certificate with `old` replaced by `new` (same length) in its TBS, signed again."""
    assert len(old) == len(new)
    tbs = cert.tbs_certificate_bytes
    assert tbs.count(old) == 1
    tbs = tbs.replace(old, new)
    signature = root_key.sign(tbs, ec.ECDSA(hashes.SHA256()))
    algorithm = tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040302")))  # ecdsa-with-SHA256
    return x509.load_der_x509_certificate(tlv(0x30, tbs + algorithm + tlv(0x03, b"\x00" + signature)))


CN, O = NameOID.COMMON_NAME, NameOID.ORGANIZATION_NAME
cases = {
    "newline-cn": leaf([x509.NameAttribute(CN, "evil.example\n  Subject alt names: DNS:www.bank.com")]),
    "ansi-cn": leaf([x509.NameAttribute(CN, "\x1b[31mred\x1b[0m")]),
    "comma-o": leaf([x509.NameAttribute(O, "Foo, CN=www.bank.com"), x509.NameAttribute(CN, "evil.example")]),
    "plus-cn": leaf([x509.NameAttribute(CN, "a+CN=www.bank.com")]),
    "nul-cn": leaf([x509.NameAttribute(CN, "www.bank.com\x00.evil.example")]),
    "del-cn": leaf([x509.NameAttribute(CN, "del\x7fete")]),
    "specials-cn": leaf([x509.NameAttribute(CN, "#1 \"q\" <a>;b\\c ")]),
    "san-injection": leaf([x509.NameAttribute(CN, "san.example")], [
        x509.DNSName("evil.example\n  Subject: CN=www.bank.com"),
        x509.DNSName("a.example, DNS:www.bank.com"),
        x509.UniformResourceIdentifier("http://x.example/\x1b[2J"),
        x509.RFC822Name("bell\x07@x.example"),
    ]),
}
# TeletexString is read as ISO 8859-1, so 0x9B becomes U+009B, the C1 CSI.
teletex = leaf([x509.NameAttribute(CN, "c1-PLACEHOLDER", _type=x509.name._ASN1Type.T61String)])
cases["c1-teletex-cn"] = patched(teletex, b"PLACEHOLDER", b"\x9b31mred\x9b0m ")
# A UTF8String that is not UTF-8: the parser must refuse the certificate.
utf8 = leaf([x509.NameAttribute(CN, "bad-PLACEHOLDER")])
cases["invalid-utf8-cn"] = patched(utf8, b"PLACEHOLDER", b"\xff\xfe\xc3(xxxxxxx")

for name, cert in cases.items():
    open(name + ".pem", "wb").write(cert.public_bytes(Encoding.PEM))
