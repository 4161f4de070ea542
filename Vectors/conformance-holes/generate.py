#!/usr/bin/env python3
"""Fixtures for the conformance holes; see README.md.

Run: python3 Vectors/conformance-holes/generate.py   (Python `cryptography`)
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


def der_oid(dotted):
    arcs = [int(a) for a in dotted.split(".")]
    body = bytes([40 * arcs[0] + arcs[1]])
    for arc in arcs[2:]:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.insert(0, 0x80 | (arc & 0x7F))
            arc >>= 7
        body += bytes(chunk)
    return bytes([0x06, len(body)]) + body


def policy_mappings(pairs):
    """A policyMappings extension value (RFC 5280 §4.2.1.5), DER."""
    inner = b"".join(bytes([0x30, len(der_oid(a) + der_oid(b))]) + der_oid(a) + der_oid(b) for a, b in pairs)
    return bytes([0x30, len(inner)]) + inner


def mapping_targets():
    """A root, and targets issued by it that carry policyMappings (1a): a CA
    and a leaf mapping anyPolicy to a policy, and the same with an ordinary
    mapping. Each also asserts the policies it maps."""
    root_key = ec.generate_private_key(ec.SECP256R1())
    root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Issue 30 Policy Root")])
    root = (x509.CertificateBuilder().subject_name(root_name).issuer_name(root_name).public_key(root_key.public_key())
            .serial_number(0x3010).not_valid_before(START).not_valid_after(END)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                                         encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
            .sign(root_key, hashes.SHA256()))
    out = {"policy-root.pem": root}
    any_policy, ours, theirs = "2.5.29.32.0", "1.3.6.1.4.1.55555.30.1", "1.3.6.1.4.1.55555.30.2"
    shapes = {"any-to-policy": [(any_policy, ours)], "policy-to-any": [(ours, any_policy)], "ordinary": [(theirs, ours)]}
    for shape, pairs in shapes.items():
        for role in ("ca", "leaf"):
            key = ec.generate_private_key(ec.SECP256R1())
            name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com" if role == "leaf" else f"Mapping CA {shape}")])
            builder = (x509.CertificateBuilder().subject_name(name).issuer_name(root_name).public_key(key.public_key())
                       .serial_number(0x3020 + len(out)).not_valid_before(START).not_valid_after(END)
                       .add_extension(x509.BasicConstraints(ca=role == "ca", path_length=None), critical=True)
                       .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
                       .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
                       .add_extension(x509.CertificatePolicies([x509.PolicyInformation(x509.ObjectIdentifier(ours), None),
                                                                x509.PolicyInformation(x509.ObjectIdentifier(theirs), None)]), critical=False)
                       .add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier("2.5.29.33"), policy_mappings(pairs)), critical=True))
            if role == "ca":
                builder = builder.add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                                              data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                                              crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
            else:
                builder = (builder.add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                                               data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                                               crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
                           .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                           .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False))
            out[f"mapping-{shape}-{role}.pem"] = builder.sign(root_key, hashes.SHA256())
    return out


def ku(**bits):
    flags = dict(digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
                 key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False)
    flags.update(bits)
    return x509.KeyUsage(**flags)


def leaf_under(issuer_name, issuer_key, serial):
    key = ec.generate_private_key(ec.SECP256R1())
    return (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com")]))
            .issuer_name(issuer_name).public_key(key.public_key()).serial_number(serial)
            .not_valid_before(START).not_valid_after(END)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(ku(digital_signature=True), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
            .sign(issuer_key, hashes.SHA256()))


def anchor_rule_cases():
    """Roots that each break one of the strict profile's anchor rules, and a
    good one, each with a leaf it issued: (file stem, root, leaf)."""
    cases = []
    shapes = ["good", "critical-aki", "critical-ski", "aki-without-keyid", "aki-differs-from-ski", "noncritical-name-constraints"]
    for number, shape in enumerate(shapes):
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Issue 30 Anchor {shape}")])
        ski = x509.SubjectKeyIdentifier.from_public_key(key.public_key())
        builder = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(0x3100 + number).not_valid_before(START).not_valid_after(END)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .add_extension(ku(key_cert_sign=True, crl_sign=True), critical=True)
                   .add_extension(ski, critical=shape == "critical-ski"))
        if shape == "aki-without-keyid":
            builder = builder.add_extension(x509.AuthorityKeyIdentifier(None, [x509.DirectoryName(name)], number + 1), critical=False)
        elif shape == "aki-differs-from-ski":
            builder = builder.add_extension(x509.AuthorityKeyIdentifier(b"\x01" * 20, None, None), critical=False)
        else:
            builder = builder.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(key.public_key()),
                                            critical=shape == "critical-aki")
        if shape == "noncritical-name-constraints":
            builder = builder.add_extension(x509.NameConstraints([x509.DNSName("example.com")], None), critical=False)
        root = builder.sign(key, hashes.SHA256())
        cases.append((f"anchor-{shape}", root, leaf_under(name, key, 0x3200 + number)))
    # An intermediate CA made an anchor (not self-issued) without an authorityKeyIdentifier.
    key, outer = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Issue 30 Intermediate Anchor")])
    intermediate = (x509.CertificateBuilder().subject_name(name)
                    .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Issue 30 Unseen Root")]))
                    .public_key(key.public_key()).serial_number(0x3300).not_valid_before(START).not_valid_after(END)
                    .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                    .add_extension(ku(key_cert_sign=True, crl_sign=True), critical=True)
                    .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
                    .sign(outer, hashes.SHA256()))
    cases.append(("anchor-intermediate-without-aki", intermediate, leaf_under(name, key, 0x3301)))
    return cases


def empty_issuer_chain():
    """A root, an intermediate with an empty subject (its names in a critical
    subjectAltName) and a leaf it issued, whose issuer name is therefore empty
    (RFC 5280 §4.1.2.4 forbids that): leaf first."""
    root_key, ca_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Issue 30 Empty-Name Root")])
    root = (x509.CertificateBuilder().subject_name(root_name).issuer_name(root_name).public_key(root_key.public_key())
            .serial_number(0x3400).not_valid_before(START).not_valid_after(END)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(ku(key_cert_sign=True, crl_sign=True), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
            .sign(root_key, hashes.SHA256()))
    intermediate = (x509.CertificateBuilder().subject_name(x509.Name([])).issuer_name(root_name).public_key(ca_key.public_key())
                    .serial_number(0x3401).not_valid_before(START).not_valid_after(END)
                    .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                    .add_extension(ku(key_cert_sign=True, crl_sign=True), critical=True)
                    .add_extension(x509.SubjectAlternativeName([x509.DNSName("ca.example.com")]), critical=True)
                    .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
                    .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
                    .sign(root_key, hashes.SHA256()))
    return root, [leaf_under(x509.Name([]), ca_key, 0x3402), intermediate], malformed_aia_leaf(root_name, root_key)


def malformed_aia_leaf(issuer_name, issuer_key):
    """A leaf whose authorityInfoAccess value does not decode: an
    AccessDescription whose accessLocation is an INTEGER, not a GeneralName."""
    leaf = leaf_under(issuer_name, issuer_key, 0x3500)
    bad = bytes.fromhex("300f300d06082b06010505073002020101")
    builder = (x509.CertificateBuilder().subject_name(leaf.subject).issuer_name(leaf.issuer).public_key(leaf.public_key())
               .serial_number(0x3501).not_valid_before(START).not_valid_after(END))
    for extension in leaf.extensions:
        builder = builder.add_extension(extension.value, critical=extension.critical)
    builder = builder.add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier("1.3.6.1.5.5.7.1.1"), bad), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def cabf_cases():
    """The CA/B Forum profile's rules, each broken once, beside a root and a
    leaf that meet them (issued 2026-04-01, under SC-081's 200-day limit):
    (file stem, root, leaf)."""
    issued = datetime.datetime(2026, 4, 1, tzinfo=datetime.timezone.utc)
    day = datetime.timedelta(days=1)

    def root(shape):
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Issue 30 CABF Root {shape}")])
        builder = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(0x3600).not_valid_before(START).not_valid_after(END)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .add_extension(ku(key_cert_sign=True, crl_sign=True), critical=True)
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
        if shape == "root-eku":
            builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        if shape == "root-aki-issuer":
            ski = x509.SubjectKeyIdentifier.from_public_key(key.public_key()).digest
            builder = builder.add_extension(x509.AuthorityKeyIdentifier(ski, [x509.DirectoryName(name)], 0x3600), critical=False)
        return name, key, builder.sign(key, hashes.SHA256())

    def leaf(name, key, shape):
        leaf_key = ec.generate_private_key(ec.SECP256R1())
        days = {"validity-201-days": 201, "validity-200-days": 200}.get(shape, 90)
        builder = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com")]))
                   .issuer_name(name).public_key(leaf_key.public_key()).serial_number(0x3700)
                   .not_valid_before(issued).not_valid_after(issued + days * day - datetime.timedelta(seconds=1))
                   .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                   .add_extension(ku(digital_signature=True), critical=True)
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=shape == "san-critical")
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(leaf_key.public_key()), critical=False)
                   .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(key.public_key()), critical=False))
        purposes = {"no-eku": None, "any-eku": [ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE]}
        eku = purposes.get(shape, [ExtendedKeyUsageOID.SERVER_AUTH])
        if eku:
            builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=shape == "eku-critical")
        return builder.sign(key, hashes.SHA256())

    cases = []
    good_name, good_key, good_root = root("good")
    for shape in ["good", "no-eku", "any-eku", "eku-critical", "san-critical", "validity-201-days", "validity-200-days"]:
        cases.append((f"cabf-{shape}", good_root, leaf(good_name, good_key, shape)))
    for shape in ["root-eku", "root-aki-issuer"]:
        name, key, bad_root = root(shape)
        cases.append((f"cabf-{shape}", bad_root, leaf(name, key, "good")))
    return cases


def main():
    with open(os.path.join(HERE, "anchor-leaf-breaking-rules.pem"), "wb") as f:
        f.write(anchor_leaf_breaking_rules())
    for stem, root, leaf in anchor_rule_cases() + cabf_cases():
        with open(os.path.join(HERE, stem + ".pem"), "wb") as f:
            f.write(root.public_bytes(serialization.Encoding.PEM))
        with open(os.path.join(HERE, stem + "-leaf.pem"), "wb") as f:
            f.write(leaf.public_bytes(serialization.Encoding.PEM))
    root, chain, bad_aia = empty_issuer_chain()
    with open(os.path.join(HERE, "malformed-aia-leaf.pem"), "wb") as f:
        f.write(bad_aia.public_bytes(serialization.Encoding.PEM))
    with open(os.path.join(HERE, "empty-issuer-root.pem"), "wb") as f:
        f.write(root.public_bytes(serialization.Encoding.PEM))
    with open(os.path.join(HERE, "empty-issuer-chain.pem"), "wb") as f:
        f.write(b"".join(c.public_bytes(serialization.Encoding.PEM) for c in chain))
    for name, certificate in mapping_targets().items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(certificate.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
