#!/usr/bin/env python3
"""Fixtures for three construction rules and the RSASSA-PSS parameter rule;
see README.md.

Run: python3 Vectors/profile-rules/generate.py   (Python `cryptography`)
Written for this project; keys are fresh on every run.
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT_START = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
ROOT_END = datetime.datetime(2036, 1, 1, tzinfo=datetime.timezone.utc)
# Leaves are issued 2026-04-01 for 90 days, inside every profile's validity
# limit (the CA/B Forum's 200 days from 2026-03-15, Apple's 398 and 825).
LEAF_START = datetime.datetime(2026, 4, 1, tzinfo=datetime.timezone.utc)
LEAF_END = LEAF_START + datetime.timedelta(days=89)


def ku(**bits):
    flags = dict(digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
                 key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False)
    flags.update(bits)
    return x509.KeyUsage(**flags)


def cn(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def root(name, key, serial, aia_critical=None):
    """A root that meets every profile's anchor rules (the CA/B Forum root
    profile included); with `aia_critical` set, it also carries an
    authorityInfoAccess, critical or not."""
    builder = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
               .serial_number(serial).not_valid_before(ROOT_START).not_valid_after(ROOT_END)
               .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
               .add_extension(ku(key_cert_sign=True, crl_sign=True), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(key.public_key()), critical=False))
    if aia_critical is not None:
        access = x509.AccessDescription(x509.oid.AuthorityInformationAccessOID.CA_ISSUERS,
                                        x509.UniformResourceIdentifier("http://ca.example.com/root.crt"))
        builder = builder.add_extension(x509.AuthorityInformationAccess([access]), critical=aia_critical)
    return builder.sign(key, hashes.SHA256())


def leaf_builder(issuer_name, issuer_key, serial, subject=None, usage=None, basic=None):
    """A leaf for www.example.com that meets every profile's rules, before
    signing; `subject`, `usage` and `basic` replace its subject, keyUsage and
    basicConstraints."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = cn("www.example.com") if subject is None else subject
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer_name).public_key(key.public_key())
               .serial_number(serial).not_valid_before(LEAF_START).not_valid_after(LEAF_END)
               .add_extension(basic or x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(usage or ku(digital_signature=True), critical=True)
               .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
               # RFC 5280 §4.2.1.6: with an empty subject, subjectAltName is critical.
               .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=len(subject) == 0)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    return builder


def construction_cases():
    """(file name, certificate) for the construction rules: one root, leaves
    that break or meet each rule, and roots with authorityInfoAccess."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = cn("Profile Rules Root")
    out = {"root.pem": root(name, key, 0x3601)}
    # basicConstraints { cA FALSE (omitted, DER), pathLenConstraint 0 }: the
    # library refuses to build it, so the value is written out.
    pathlen_not_ca = x509.UnrecognizedExtension(x509.oid.ExtensionOID.BASIC_CONSTRAINTS, bytes.fromhex("3003020100"))
    nc = x509.NameConstraints([x509.DNSName("example.com")], None)
    leaves = {
        "leaf-good": leaf_builder(name, key, 0x3610),
        "leaf-name-constraints": leaf_builder(name, key, 0x3611).add_extension(nc, critical=True),
        "leaf-pathlen-not-ca": leaf_builder(name, key, 0x3612, basic=pathlen_not_ca),
        "leaf-crlsign-empty-subject": leaf_builder(name, key, 0x3613, subject=x509.Name([]),
                                                   usage=ku(digital_signature=True, crl_sign=True)),
        "leaf-empty-subject": leaf_builder(name, key, 0x3614, subject=x509.Name([])),
        "leaf-crlsign": leaf_builder(name, key, 0x3615, usage=ku(digital_signature=True, crl_sign=True)),
    }
    for stem, builder in leaves.items():
        out[stem + ".pem"] = builder.sign(key, hashes.SHA256())
    for stem, critical in (("root-aia-critical", True), ("root-aia", False)):
        aia_key = ec.generate_private_key(ec.SECP256R1())
        aia_name = cn(f"Profile Rules Root {stem}")
        out[stem + ".pem"] = root(aia_name, aia_key, 0x3620 + critical, aia_critical=critical)
        out[stem + "-leaf.pem"] = leaf_builder(aia_name, aia_key, 0x3630 + critical).sign(aia_key, hashes.SHA256())
    return out


# DER pieces for hand-made RSASSA-PSS identifiers (RFC 4055 §3.1).
RSASSA_PSS = bytes.fromhex("06092a864886f70d01010a")
MGF1 = bytes.fromhex("06092a864886f70d010108")
SHA2 = {"sha256": (bytes.fromhex("0609608648016503040201"), hashes.SHA256()),
        "sha384": (bytes.fromhex("0609608648016503040202"), hashes.SHA384()),
        "sha512": (bytes.fromhex("0609608648016503040203"), hashes.SHA512())}


def tlv(tag, body):
    length = len(body)
    if length < 0x80:
        return bytes([tag, length]) + body
    octets = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(octets)]) + octets + body


def elements(der):
    """The TLVs inside a DER SEQUENCE."""
    assert der[0] == 0x30
    if der[1] & 0x80:
        count = der[1] & 0x7F
        offset = 2 + count
    else:
        offset = 2
    out = []
    while offset < len(der):
        start = offset
        offset += 1
        length = der[offset]
        offset += 1
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(der[offset:offset + count], "big")
            offset += count
        offset += length
        out.append(der[start:offset])
    return out


def pss_identifier(hash_name, mask_name, salt, null=True):
    def hash_identifier(name):
        return tlv(0x30, SHA2[name][0] + (b"\x05\x00" if null else b""))
    params = (tlv(0xA0, hash_identifier(hash_name)) + tlv(0xA1, tlv(0x30, MGF1 + hash_identifier(mask_name)))
              + tlv(0xA2, tlv(0x02, salt.to_bytes(1, "big") if salt < 128 else b"\x00" + bytes([salt]))))
    return tlv(0x30, RSASSA_PSS + tlv(0x30, params))


def pss_signed(builder, issuer_key, hash_name, mask_name, salt, null=True):
    """The leaf `builder` makes, re-signed by `issuer_key` with RSASSA-PSS
    and exactly the identifier given (both in the TBS and outside it)."""
    draft = builder.sign(issuer_key, hashes.SHA256())
    identifier = pss_identifier(hash_name, mask_name, salt, null)
    parts = elements(draft.tbs_certificate_bytes)
    parts[2] = identifier  # version [0], serialNumber, signature
    tbs = tlv(0x30, b"".join(parts))
    signature = issuer_key.sign(tbs, padding.PSS(mgf=padding.MGF1(SHA2[mask_name][1]), salt_length=salt), SHA2[hash_name][1])
    der = tlv(0x30, tbs + identifier + tlv(0x03, b"\x00" + signature))
    return x509.load_der_x509_certificate(der)


def pss_cases():
    """An RSA-2048 root and leaves it signed with RSASSA-PSS parameters:
    the three CA/B Forum encodings, the SHA-256 one without the NULL
    parameters, a salt of 0, SHA-384 with a 32-octet salt, and MGF1 over
    another hash."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = cn("Profile Rules PSS Root")
    out = {"pss-root.pem": root(name, key, 0x3640)}
    shapes = {
        "pss-sha256-br": ("sha256", "sha256", 32, True),
        "pss-sha384-br": ("sha384", "sha384", 48, True),
        "pss-sha512-br": ("sha512", "sha512", 64, True),
        "pss-sha256-no-null": ("sha256", "sha256", 32, False),
        "pss-sha256-salt-0": ("sha256", "sha256", 0, True),
        "pss-sha384-salt-32": ("sha384", "sha384", 32, True),
        "pss-sha256-mgf1-sha384": ("sha256", "sha384", 32, True),
    }
    for number, (stem, (hash_name, mask_name, salt, null)) in enumerate(shapes.items()):
        out[stem + ".pem"] = pss_signed(leaf_builder(name, key, 0x3650 + number), key, hash_name, mask_name, salt, null)
    return out


def main():
    for cases in (construction_cases(), pss_cases()):
        for file, certificate in cases.items():
            with open(os.path.join(HERE, file), "wb") as f:
                f.write(certificate.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
