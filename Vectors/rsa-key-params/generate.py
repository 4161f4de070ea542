#!/usr/bin/env python3
"""rsaEncryption SubjectPublicKeyInfo parameters (RFC 3279 §2.3.1: MUST be
NULL), on the leaf's own key (issue 12). A P-256 root signs two RSA-2048
leaves for www.example.com: one as cryptography writes it (NULL
parameters) and one whose SPKI AlgorithmIdentifier has the NULL removed,
the TBS re-encoded and signed again. Run here; written for this project;
keys are fresh on every run."""
import datetime
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID

UTC = datetime.timezone.utc
START, END = datetime.datetime(2024, 1, 1, tzinfo=UTC), datetime.datetime(2036, 1, 1, tzinfo=UTC)


def tlv(tag, content):
    n = len(content)
    length = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + content


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


root_key = ec.generate_private_key(ec.SECP256R1())
root = (x509.CertificateBuilder().subject_name(name("RSA Key Params Root")).issuer_name(name("RSA Key Params Root"))
        .public_key(root_key.public_key()).serial_number(1).not_valid_before(START).not_valid_after(END)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
        .sign(root_key, hashes.SHA256()))
leaf_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
leaf = (x509.CertificateBuilder().subject_name(name("www.example.com")).issuer_name(root.subject)
        .public_key(leaf_key.public_key()).serial_number(2).not_valid_before(START).not_valid_after(END)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, True, False, False, False, False, False, False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
        .sign(root_key, hashes.SHA256()))

with_null = bytes.fromhex("300d06092a864886f70d0101010500")
without = bytes.fromhex("300b06092a864886f70d010101")
tbs = leaf.tbs_certificate_bytes
assert tbs.count(with_null) == 1
# The TBS content with the NULL gone; every enclosing length is re-encoded.
spki_old = leaf.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
assert spki_old[1] == 0x82  # 2048-bit key: a two-octet length
spki_new = tlv(0x30, spki_old[4:].replace(with_null, without, 1))
tbs_content = tbs[4:] if tbs[1] == 0x82 else tbs[3:]
tbs_new = tlv(0x30, tbs_content.replace(spki_old, spki_new, 1))
signature = root_key.sign(tbs_new, ec.ECDSA(hashes.SHA256()))
algorithm = tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040302")))
patched = x509.load_der_x509_certificate(tlv(0x30, tbs_new + algorithm + tlv(0x03, b"\x00" + signature)))

open("root.pem", "wb").write(root.public_bytes(serialization.Encoding.PEM))
open("leaf-rsa-null-parameters.pem", "wb").write(leaf.public_bytes(serialization.Encoding.PEM))
open("leaf-rsa-absent-parameters.pem", "wb").write(patched.public_bytes(serialization.Encoding.PEM))
