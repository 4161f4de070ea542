#!/usr/bin/env python3
"""Issue 30's fixtures (the conformance holes); see README.md.

Run: python3 Vectors/issue30/generate.py   (Python `cryptography`)
Written for this project; keys are fresh on every run.
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
START = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
END = datetime.datetime(2036, 1, 1, tzinfo=datetime.timezone.utc)


def anchor_leaf_breaking_rules():
    """A self-signed leaf for www.example.com that is a CA and marks its
    subjectKeyIdentifier critical: two rules a leaf that is itself a trust
    anchor has waived (1b)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com")])
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(0x3001).not_valid_before(START).not_valid_after(END)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                                data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=False,
                                                encipher_only=False, decipher_only=False), critical=True)
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=True)
                   .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False)
                   .sign(key, hashes.SHA256()))
    return certificate.public_bytes(serialization.Encoding.PEM)


def main():
    with open(os.path.join(HERE, "anchor-leaf-breaking-rules.pem"), "wb") as f:
        f.write(anchor_leaf_breaking_rules())


if __name__ == "__main__":
    main()
