#!/usr/bin/env python3
"""Makes the chains the NIO adapter's tests serve with `openssl s_server`.

Two hierarchies, RSA-2048 (SHA-256) and ECDSA (P-384 root, P-256
intermediate and leaf), each: root.pem, chain.pem (leaf for localhost and
127.0.0.1, then the intermediate; also apart as leaf.pem and
intermediate.pem), leaf.key; and under rsa/ also an expired leaf
(expired.pem, expired-chain.pem, expired.key), a client certificate with
clientAuth (client.pem, client.key) and one from a root nobody trusts
(stranger.pem, stranger.key); under ec/ client certificates with clientAuth
from the ECDSA intermediate for a P-256, a P-384 and an Ed25519 key
(client-p256, client-p384, client-ed25519: .pem with the intermediate after
the leaf, .key), which the mutual-TLS tests pack into .p12 files. Valid 2025-01-01 to 2045-01-01 (the expired
leaf: 2020 to 2021). Test keys only; written for this project, fresh keys
on every run.

Run: python3 generate.py   (Python `cryptography`)
"""
import datetime, ipaddress, os
from cryptography import x509
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa, ec, ed25519

HERE = os.path.dirname(os.path.abspath(__file__))
START = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
END = datetime.datetime(2045, 1, 1, tzinfo=datetime.timezone.utc)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 NIO tests"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def certificate(subject, key, issuer, issuer_key, ca, eku=None, san=None, start=START, end=END, path_length=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(start).not_valid_after(end)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=path_length), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        builder = builder.add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if san:
        builder = builder.add_extension(x509.SubjectAlternativeName(san), critical=False)
    return builder.sign(issuer_key, hashes.SHA384() if isinstance(issuer_key, ec.EllipticCurvePrivateKey)
                        and issuer_key.curve.name == "secp384r1" else hashes.SHA256())


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM)


def write(folder, file, data):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, file), "wb") as out:
        out.write(data)


def key_pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


SERVER_SAN = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]


def hierarchy(folder, root_key, inter_key, leaf_key):
    root = certificate(f"{folder} root", root_key, f"{folder} root", root_key, True)
    inter = certificate(f"{folder} intermediate", inter_key, f"{folder} root", root_key, True, path_length=0)
    leaf = certificate("localhost", leaf_key, f"{folder} intermediate", inter_key, False,
                       eku=[ExtendedKeyUsageOID.SERVER_AUTH], san=SERVER_SAN)
    write(folder, "root.pem", pem(root))
    write(folder, "chain.pem", pem(leaf) + pem(inter))
    write(folder, "leaf.pem", pem(leaf))
    write(folder, "intermediate.pem", pem(inter))
    write(folder, "leaf.key", key_pem(leaf_key))
    return inter, inter_key


rsa_key = lambda: rsa.generate_private_key(public_exponent=65537, key_size=2048)
inter, inter_key = hierarchy("rsa", rsa_key(), rsa_key(), rsa_key())
ec_inter, ec_inter_key = hierarchy("ec", ec.generate_private_key(ec.SECP384R1()), ec.generate_private_key(ec.SECP256R1()),
          ec.generate_private_key(ec.SECP256R1()))

expired_key = rsa_key()
expired = certificate("localhost", expired_key, "rsa intermediate", inter_key, False, eku=[ExtendedKeyUsageOID.SERVER_AUTH],
                      san=SERVER_SAN, start=datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc),
                      end=datetime.datetime(2021, 1, 1, tzinfo=datetime.timezone.utc))
write("rsa", "expired-chain.pem", pem(expired) + pem(inter))
write("rsa", "expired.pem", pem(expired))
write("rsa", "expired.key", key_pem(expired_key))

client_key = rsa_key()
client = certificate("client 1", client_key, "rsa intermediate", inter_key, False, eku=[ExtendedKeyUsageOID.CLIENT_AUTH])
write("rsa", "client.pem", pem(client) + pem(inter))
write("rsa", "client.key", key_pem(client_key))

stranger_root_key, stranger_key = rsa_key(), rsa_key()
stranger = certificate("stranger", stranger_key, "nobody's root", stranger_root_key, False, eku=[ExtendedKeyUsageOID.CLIENT_AUTH])
write("rsa", "stranger.pem", pem(stranger))
write("rsa", "stranger.key", key_pem(stranger_key))

for label, key in [("p256", ec.generate_private_key(ec.SECP256R1())), ("p384", ec.generate_private_key(ec.SECP384R1())),
                   ("ed25519", ed25519.Ed25519PrivateKey.generate())]:
    client = certificate(f"ec client {label}", key, "ec intermediate", ec_inter_key, False, eku=[ExtendedKeyUsageOID.CLIENT_AUTH])
    write("ec", f"client-{label}.pem", pem(client) + pem(ec_inter))
    write("ec", f"client-{label}.key", key_pem(key))
