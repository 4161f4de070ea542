#!/usr/bin/env python3
"""The ECDSA chain the evaluation benchmark verifies: a P-384 root, a P-256
intermediate it signs with ecdsa-with-SHA384, and a P-256 leaf for
www.example.com signed with ecdsa-with-SHA256 (the common shape of Web PKI
chains today). Writes eval-ec-chain.pem (leaf, intermediate) and
eval-ec-root.pem; valid at eval-time.txt. Keys are fresh on every run.
Written for this project (Python `cryptography`)."""
import datetime

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

START = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
END = datetime.datetime(2030, 1, 1, tzinfo=datetime.timezone.utc)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 Bench"), x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def issue(subject, key, issuer, issuer_key, hash_, ca, serial):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial).not_valid_before(START).not_valid_after(END)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if ca:
        builder = (builder.add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True))
    else:
        builder = (builder.add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                   .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
                   .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False))
    return builder.sign(issuer_key, hash_)


root_key = ec.generate_private_key(ec.SECP384R1())
intermediate_key = ec.generate_private_key(ec.SECP256R1())
leaf_key = ec.generate_private_key(ec.SECP256R1())
root = issue("Bench EC Root", root_key, "Bench EC Root", root_key, hashes.SHA384(), True, 1)
intermediate = issue("Bench EC Intermediate", intermediate_key, "Bench EC Root", root_key, hashes.SHA384(), True, 2)
leaf = issue("www.example.com", leaf_key, "Bench EC Intermediate", intermediate_key, hashes.SHA256(), False, 3)
pem = serialization.Encoding.PEM
with open("eval-ec-chain.pem", "wb") as out:
    out.write(leaf.public_bytes(pem) + intermediate.public_bytes(pem))
with open("eval-ec-root.pem", "wb") as out:
    out.write(root.public_bytes(pem))
