#!/usr/bin/env python3
"""Fixtures for the rules the `apple` profile takes from Apple's Security
source rather than from `strict` (see README.md beside this file).

Run: python3 Vectors/apple-ssl/generate.py   (Python `cryptography`)
Written for this project; keys are fresh on every run. Every leaf is for
www.example.com unless said; each rule has a chain that breaks it and one
that does not.
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
START = datetime.datetime(2018, 1, 1, tzinfo=UTC)
END = datetime.datetime(2040, 1, 1, tzinfo=UTC)
DAY = datetime.timedelta(days=1)
SECOND = datetime.timedelta(seconds=1)
HOST = "www.example.com"
ANY_EKU = ObjectIdentifier("2.5.29.37.0")


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def usage(ca):
    return x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                         encipher_only=False, decipher_only=False)


def ca(common_name, key, issuer, issuer_key, serial, basic=True, aki=True, constraints=None):
    subject = name(common_name)
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer or subject)
               .public_key(key.public_key()).serial_number(serial).not_valid_before(START).not_valid_after(END)
               .add_extension(usage(True), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if basic:
        builder = builder.add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
    if issuer is not None and aki:
        builder = builder.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                                        critical=False)
    if constraints is not None:
        builder = builder.add_extension(constraints, critical=True)
    return subject, builder.sign(issuer_key, hashes.SHA256())


def leaf(issuer, issuer_key, serial, not_before, lifetime, ekus=(ExtendedKeyUsageOID.SERVER_AUTH,), aki=True,
         dns=HOST, self_signed=False):
    key = ec.generate_private_key(ec.SECP256R1())
    subject = name(dns)
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject if self_signed else issuer)
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(not_before).not_valid_after(not_before + lifetime)
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(usage(False), critical=True)
               .add_extension(x509.SubjectAlternativeName([x509.DNSName(dns)]), critical=False))
    if aki and not self_signed:
        builder = builder.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                                        critical=False)
    if ekus is not None:
        builder = builder.add_extension(x509.ExtendedKeyUsage(list(ekus)), critical=False)
    return builder.sign(key if self_signed else issuer_key, hashes.SHA256())


def main():
    out = {}
    root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    root, out["root.pem"] = ca("Apple SSL Rules Root", root_key, None, root_key, 0x5A01)

    # No authorityKeyIdentifier in the intermediate or the leaf: SecTrust
    # never asks for one (SecPolicyCheckIdLinkage compares them only when
    # both are there); strict refuses it (RFC 5280 §4.2.1.1).
    bare_key = ec.generate_private_key(ec.SECP256R1())
    bare, out["intermediate-no-aki.pem"] = ca("Apple SSL Rules No-AKI CA", bare_key, root, root_key, 0x5A10, aki=False)
    out["leaf-no-aki.pem"] = leaf(bare, bare_key, 0x5A11, datetime.datetime(2026, 1, 1, tzinfo=UTC), 397 * DAY,
                                  aki=False)

    # anyExtendedKeyUsage alone: accepted by the generic SSL EKU check
    # (set_ssl_ekus), refused by SecPolicyCheckServerAuthEKU under a system
    # root, and under another anchor when issued after 2019-06-30T23:00Z.
    out["leaf-any-eku-2018-06-01.pem"] = leaf(root, root_key, 0x5A20, datetime.datetime(2018, 6, 1, tzinfo=UTC),
                                              730 * DAY, ekus=(ANY_EKU,))
    out["leaf-any-eku-2019-08-01.pem"] = leaf(root, root_key, 0x5A21, datetime.datetime(2019, 8, 1, tzinfo=UTC),
                                              730 * DAY, ekus=(ANY_EKU,))
    # No extendedKeyUsage, issued before any date rule (and before CT).
    out["leaf-no-eku-2018-06-01.pem"] = leaf(root, root_key, 0x5A22, datetime.datetime(2018, 6, 1, tzinfo=UTC),
                                             730 * DAY, ekus=None)
    # At the source's instant: not after it, so the EKU rule does not hold
    # under another anchor; one second later it does.
    source_instant = datetime.datetime(2019, 6, 30, 23, 0, 0, tzinfo=UTC)
    out["leaf-no-eku-2019-06-30T23.pem"] = leaf(root, root_key, 0x5A23, source_instant, 730 * DAY, ekus=None)
    out["leaf-no-eku-2019-06-30T23-plus-1s.pem"] = leaf(root, root_key, 0x5A24, source_instant + SECOND, 730 * DAY,
                                                        ekus=None)

    # 825 days under a system root from 2018-03-01 (set_ssl_validity_periods);
    # under another anchor only from 2019-06-30T23:00Z.
    out["leaf-900-days-2018-06-01.pem"] = leaf(root, root_key, 0x5A30, datetime.datetime(2018, 6, 1, tzinfo=UTC),
                                               900 * DAY)
    out["leaf-900-days-2018-02-28.pem"] = leaf(root, root_key, 0x5A31, datetime.datetime(2018, 2, 28, tzinfo=UTC),
                                               900 * DAY)
    out["leaf-900-days-2019-06-30T22.pem"] = leaf(root, root_key, 0x5A32, source_instant - SECOND, 900 * DAY)

    # A leaf that is itself the app's anchor: nothing waived.
    recent = datetime.datetime(2020, 1, 1, tzinfo=UTC)
    out["self-anchor-no-eku.pem"] = leaf(None, None, 0x5A40, recent, 397 * DAY, ekus=None, self_signed=True)
    out["self-anchor-900-days.pem"] = leaf(None, None, 0x5A41, recent, 900 * DAY, self_signed=True)
    out["self-anchor-ok.pem"] = leaf(None, None, 0x5A42, recent, 397 * DAY, self_signed=True)

    # An app anchor without basicConstraints (SecPVCParentCertificateChecks).
    loose_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    loose, out["root-no-basic-constraints.pem"] = ca("Apple SSL Rules Root Without BC", loose_key, None, loose_key,
                                                     0x5A50, basic=False)
    out["leaf-under-root-no-basic-constraints.pem"] = leaf(loose, loose_key, 0x5A51,
                                                           datetime.datetime(2026, 1, 1, tzinfo=UTC), 397 * DAY)

    # A critical nameConstraints with a name form SecTrust does not process
    # (registeredID; SecNameConstraintsAreSubtreesSupported), and one with a
    # dNSName it does.
    unsupported = x509.NameConstraints(permitted_subtrees=[x509.RegisteredID(ObjectIdentifier("1.2.3.4"))],
                                       excluded_subtrees=None)
    odd_key = ec.generate_private_key(ec.SECP256R1())
    odd, out["intermediate-nc-registered-id.pem"] = ca("Apple SSL Rules RegisteredID-Constrained CA", odd_key, root,
                                                       root_key, 0x5A60, constraints=unsupported)
    out["leaf-under-nc-registered-id.pem"] = leaf(odd, odd_key, 0x5A61, datetime.datetime(2026, 1, 1, tzinfo=UTC),
                                                  397 * DAY)
    supported = x509.NameConstraints(permitted_subtrees=[x509.DNSName("example.com")], excluded_subtrees=None)
    dns_key = ec.generate_private_key(ec.SECP256R1())
    dns, out["intermediate-nc-dns.pem"] = ca("Apple SSL Rules DNS-Constrained CA", dns_key, root, root_key, 0x5A62,
                                             constraints=supported)
    out["leaf-under-nc-dns.pem"] = leaf(dns, dns_key, 0x5A63, datetime.datetime(2026, 1, 1, tzinfo=UTC), 397 * DAY)
    # The same unsupported constraint in a root the app trusts.
    odd_root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    odd_root, out["root-nc-registered-id.pem"] = ca("Apple SSL Rules RegisteredID-Constrained Root", odd_root_key,
                                                    None, odd_root_key, 0x5A64, constraints=unsupported)
    out["leaf-under-root-nc-registered-id.pem"] = leaf(odd_root, odd_root_key, 0x5A65,
                                                       datetime.datetime(2026, 1, 1, tzinfo=UTC), 397 * DAY)

    # A wildcard over a public suffix, and one over a registrable domain.
    out["leaf-wildcard-co-uk.pem"] = leaf(root, root_key, 0x5A70, datetime.datetime(2026, 1, 1, tzinfo=UTC),
                                          397 * DAY, dns="*.co.uk")
    out["leaf-wildcard-example-co-uk.pem"] = leaf(root, root_key, 0x5A71, datetime.datetime(2026, 1, 1, tzinfo=UTC),
                                                  397 * DAY, dns="*.example.co.uk")

    for file, certificate in out.items():
        with open(os.path.join(HERE, file), "wb") as f:
            f.write(certificate.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
