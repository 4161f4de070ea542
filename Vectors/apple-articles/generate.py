#!/usr/bin/env python3
"""The `apple` profile's fixtures from Apple's articles; see README.md.

Run: python3 Vectors/apple-articles/generate.py   (Python `cryptography`)
Written for this project; keys are fresh on every run. Every leaf is for
www.example.com; each rule has a certificate that breaks it and one that
does not (at the rule's edge where it has one).
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
ROOT_START = datetime.datetime(2018, 1, 1, tzinfo=UTC)
ROOT_END = datetime.datetime(2040, 1, 1, tzinfo=UTC)
JULY_2019 = datetime.datetime(2019, 7, 1, tzinfo=UTC)
SEPTEMBER_2020 = datetime.datetime(2020, 9, 1, tzinfo=UTC)
RECENT = datetime.datetime(2026, 1, 1, tzinfo=UTC)
SECOND = datetime.timedelta(seconds=1)
DAY = datetime.timedelta(days=1)
HOUR = datetime.timedelta(hours=1)
HOST = "www.example.com"


def usage(ca):
    return x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                         encipher_only=False, decipher_only=False)


SHA256_RSA = bytes.fromhex("300d06092a864886f70d01010b0500")
SHA1_RSA = bytes.fromhex("300d06092a864886f70d0101050500")


def der_length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def resigned_sha1(certificate, issuer_key):
    """The certificate signed again by its RSA issuer with
    sha1WithRSAEncryption, which cryptography refuses to sign with: both
    AlgorithmIdentifiers (in the TBS and outside it) are swapped for the
    SHA-1 one of the same length, and the TBS is signed anew."""
    tbs = certificate.tbs_certificate_bytes
    assert tbs.count(SHA256_RSA) == 1
    tbs = tbs.replace(SHA256_RSA, SHA1_RSA)
    signature = issuer_key.sign(tbs, padding.PKCS1v15(), hashes.SHA1())
    bits = b"\x03" + der_length(len(signature) + 1) + b"\x00" + signature
    body = tbs + SHA1_RSA + bits
    return x509.load_der_x509_certificate(b"\x30" + der_length(len(body)) + body)


def ca_certificate(name, key, issuer_name, issuer_key, serial, sha1=False):
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer_name).public_key(key.public_key())
               .serial_number(serial).not_valid_before(ROOT_START).not_valid_after(ROOT_END)
               .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
               .add_extension(usage(True), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if issuer_name != subject:
        builder = builder.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                                        critical=False)
    certificate = builder.sign(issuer_key, hashes.SHA256())
    return subject, resigned_sha1(certificate, issuer_key) if sha1 else certificate


def leaf(issuer_name, issuer_key, serial, not_before, lifetime, key=None, eku=True, san=True, sha1=False):
    key = key or ec.generate_private_key(ec.SECP256R1())
    builder = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, HOST)]))
               .issuer_name(issuer_name).public_key(key.public_key()).serial_number(serial)
               .not_valid_before(not_before).not_valid_after(not_before + lifetime)
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(usage(False), critical=True)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
    if san:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(HOST)]), critical=False)
    certificate = builder.sign(issuer_key, hashes.SHA256())
    return resigned_sha1(certificate, issuer_key) if sha1 else certificate


def main():
    out = {}
    root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Issue 30 Apple Root")])
    root_name, out["root.pem"] = ca_certificate("Issue 30 Apple Root", root_key, root_name, root_key, 0x3A01)

    # SHA-2 signatures (HT210176): a leaf and an intermediate signed with SHA-1.
    out["leaf-sha1.pem"] = leaf(root_name, root_key, 0x3A10, RECENT, 397 * DAY, sha1=True)
    sha1_ca_key = ec.generate_private_key(ec.SECP256R1())
    sha1_ca_name, out["intermediate-sha1.pem"] = ca_certificate("Issue 30 SHA-1 Intermediate", sha1_ca_key, root_name,
                                                                root_key, 0x3A11, sha1=True)
    out["leaf-under-sha1-intermediate.pem"] = leaf(sha1_ca_name, sha1_ca_key, 0x3A12, RECENT, 397 * DAY)
    # The accepting counterpart of every rule: RSA-2048 leaf, SHA-256, EKU,
    # subjectAltName, 397 days from 2026-01-01.
    out["leaf-ok.pem"] = leaf(root_name, root_key, 0x3A13, RECENT, 397 * DAY,
                              key=rsa.generate_private_key(public_exponent=65537, key_size=2048))

    # RSA keys of 2048 bits (HT210176): a 1024-bit leaf key and a 1024-bit intermediate.
    out["leaf-rsa1024.pem"] = leaf(root_name, root_key, 0x3A20, RECENT, 397 * DAY,
                                   key=rsa.generate_private_key(public_exponent=65537, key_size=1024))
    small_ca_key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    small_ca_name, out["intermediate-rsa1024.pem"] = ca_certificate("Issue 30 RSA-1024 Intermediate", small_ca_key,
                                                                    root_name, root_key, 0x3A21)
    out["leaf-under-rsa1024-intermediate.pem"] = leaf(small_ca_name, small_ca_key, 0x3A22, RECENT, 397 * DAY)

    # The host from subjectAltName only (HT210176): the name in the CN alone.
    out["leaf-cn-only.pem"] = leaf(root_name, root_key, 0x3A30, RECENT, 397 * DAY, san=False)

    # extendedKeyUsage with serverAuth from 2019-07-01 (HT210176): no EKU,
    # issued at the first second the rule holds and at the last before.
    out["leaf-no-eku-2019-07-01.pem"] = leaf(root_name, root_key, 0x3A40, JULY_2019, 730 * DAY, eku=False)
    out["leaf-no-eku-2019-06-30.pem"] = leaf(root_name, root_key, 0x3A41, JULY_2019 - SECOND, 730 * DAY, eku=False)

    # 825 days from 2019-07-01 (HT210176; Apple's source allows one hour more).
    out["leaf-825-days-over.pem"] = leaf(root_name, root_key, 0x3A50, JULY_2019, 825 * DAY + HOUR + SECOND)
    out["leaf-825-days-edge.pem"] = leaf(root_name, root_key, 0x3A51, JULY_2019, 825 * DAY + HOUR)
    out["leaf-900-days-2019-06-30.pem"] = leaf(root_name, root_key, 0x3A52, JULY_2019 - SECOND, 900 * DAY)

    # 398 days from 2020-09-01 under a system root (HT211025; no slip).
    out["leaf-398-days-over.pem"] = leaf(root_name, root_key, 0x3A60, SEPTEMBER_2020, 398 * DAY + SECOND)
    out["leaf-398-days-edge.pem"] = leaf(root_name, root_key, 0x3A61, SEPTEMBER_2020, 398 * DAY)
    out["leaf-500-days-2020-08-31.pem"] = leaf(root_name, root_key, 0x3A62, SEPTEMBER_2020 - SECOND, 500 * DAY)

    for name, certificate in out.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(certificate.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
