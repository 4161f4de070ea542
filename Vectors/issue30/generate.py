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


def main():
    with open(os.path.join(HERE, "anchor-leaf-breaking-rules.pem"), "wb") as f:
        f.write(anchor_leaf_breaking_rules())
    for name, certificate in mapping_targets().items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(certificate.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
