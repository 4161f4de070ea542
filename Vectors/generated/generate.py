#!/usr/bin/env python3
"""Makes the certificates under Vectors/generated/ and expected.json.

Every extension and name form that PKIX parses appears in at least one
certificate here. expected.json records, for each file, the values that
were put in (not values read back), so the Swift tests compare the parser
against the generator's intent.

Run: python3 Vectors/generated/generate.py   (needs `cryptography` and `openssl`)
"""
import datetime
import ipaddress
import json
import os
import subprocess
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.name import _ASN1Type
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
NOT_BEFORE = datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)
NOT_AFTER = datetime.datetime(2034, 1, 2, 3, 4, 5, tzinfo=UTC)
LATE_NOT_AFTER = datetime.datetime(2051, 6, 7, 8, 9, 10, tzinfo=UTC)  # GeneralizedTime

expected = {}


def epoch(when):
    return int(when.timestamp())


def write(name, certificate, facts):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(certificate.public_bytes(serialization.Encoding.PEM))
    expected[name] = facts


def builder(subject, issuer, key, serial, not_after=NOT_AFTER):
    """`key` is the subject's key; the issuer's key signs later."""
    return (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer)
            .public_key(key.public_key()).serial_number(serial)
            .not_valid_before(NOT_BEFORE).not_valid_after(not_after))


def name(*attributes):
    return x509.Name([x509.NameAttribute(oid, value) if t is None else x509.NameAttribute(oid, value, _type=t)
                      for oid, value, t in attributes])


rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
ca_key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
ca_name = name((NameOID.COUNTRY_NAME, "US", None), (NameOID.ORGANIZATION_NAME, "PureX509 Test CA", None),
               (NameOID.COMMON_NAME, "PureX509 Generated Root", None))
ca_ski = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())

# 1. A root CA with name constraints of every form.
permitted = [
    x509.DNSName("example.com"),
    x509.IPAddress(ipaddress.ip_network("192.0.2.0/24")),
    x509.IPAddress(ipaddress.ip_network("2001:db8::/32")),
    x509.RFC822Name("example.org"),
    x509.UniformResourceIdentifier(".example.net"),
    x509.DirectoryName(name((NameOID.ORGANIZATION_NAME, "Permitted Org", None))),
]
excluded = [x509.DNSName("bad.example.com"), x509.IPAddress(ipaddress.ip_network("192.0.2.128/25"))]
root = (builder(ca_name, ca_name, ca_key, 0x01)
        .add_extension(x509.BasicConstraints(ca=True, path_length=2), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                     crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(ca_ski, critical=False)
        .add_extension(x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=excluded), critical=True)
        .sign(ca_key, hashes.SHA384()))
write("root-name-constraints.pem", root, {
    "version": 3, "serial": "01", "notBefore": epoch(NOT_BEFORE), "notAfter": epoch(NOT_AFTER),
    "subject": ["US", "PureX509 Test CA", "PureX509 Generated Root"],
    "issuer": ["US", "PureX509 Test CA", "PureX509 Generated Root"],
    "key": ["rsa", 3072], "signatureAlgorithm": "1.2.840.113549.1.1.12",
    "basicConstraints": {"ca": True, "pathLength": 2, "critical": True},
    "keyUsage": ["keyCertSign", "cRLSign"], "keyUsageCritical": True,
    "subjectKeyIdentifier": ca_ski.digest.hex(),
    "nameConstraints": {
        "permitted": ["DNS:example.com", "IP:192.0.2.0/255.255.255.0", "IP:2001:db8::/ffff:ffff::",
                      "email:example.org", "URI:.example.net", "DirName:O=Permitted Org"],
        "excluded": ["DNS:bad.example.com", "IP:192.0.2.128/255.255.255.128"],
    },
})

# 2. A leaf with every subjectAltName form and every other extension parsed.
leaf_subject = name(
    (NameOID.COUNTRY_NAME, "GB", None), (NameOID.STATE_OR_PROVINCE_NAME, "Somerset", None),
    (NameOID.LOCALITY_NAME, "Bath", None), (NameOID.ORGANIZATION_NAME, "Example Ltd", None),
    (NameOID.ORGANIZATIONAL_UNIT_NAME, "Web", None), (NameOID.SERIAL_NUMBER, "12345", None),
    (NameOID.EMAIL_ADDRESS, "admin@example.com", None), (NameOID.DOMAIN_COMPONENT, "example", None),
    (NameOID.COMMON_NAME, "www.example.com", None))
other_name_value = bytes.fromhex("0c0b6f746865722d76616c7565")  # UTF8String "other-value"
sans = [
    x509.DNSName("www.example.com"), x509.DNSName("*.example.com"),
    x509.IPAddress(ipaddress.ip_address("192.0.2.10")), x509.IPAddress(ipaddress.ip_address("2001:db8::1")),
    x509.RFC822Name("user@example.com"), x509.UniformResourceIdentifier("https://example.com/path"),
    x509.DirectoryName(name((NameOID.COMMON_NAME, "Directory Entry", None))),
    x509.OtherName(ObjectIdentifier("1.3.6.1.4.1.99999.1"), other_name_value),
    x509.RegisteredID(ObjectIdentifier("1.3.6.1.4.1.99999.2")),
]
policies = x509.CertificatePolicies([
    x509.PolicyInformation(ObjectIdentifier("2.23.140.1.2.2"), ["https://example.com/cps"]),
    x509.PolicyInformation(ObjectIdentifier("1.3.6.1.4.1.99999.3"), None),
])
aia = x509.AuthorityInformationAccess([
    x509.AccessDescription(x509.oid.AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier("http://ocsp.example.com")),
    x509.AccessDescription(x509.oid.AuthorityInformationAccessOID.CA_ISSUERS, x509.UniformResourceIdentifier("http://ca.example.com/ca.der")),
])
crldp = x509.CRLDistributionPoints([x509.DistributionPoint(
    [x509.UniformResourceIdentifier("http://crl.example.com/ca.crl")], None, None, None)])
leaf_ski = x509.SubjectKeyIdentifier.from_public_key(rsa_key.public_key())
leaf = (builder(leaf_subject, ca_name, rsa_key, 0x00C0FFEE)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=True,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                     crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName(sans), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False)
        .add_extension(leaf_ski, critical=False)
        .add_extension(policies, critical=False)
        .add_extension(aia, critical=False)
        .add_extension(crldp, critical=False)
        .add_extension(x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.10"), b"\x05\x00"), critical=False)
        .add_extension(x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.11"), b"\x04\x02hi"), critical=True)
        .sign(ca_key, hashes.SHA256()))
write("leaf-all-extensions.pem", leaf, {
    "version": 3, "serial": "00c0ffee", "notBefore": epoch(NOT_BEFORE), "notAfter": epoch(NOT_AFTER),
    "subject": ["GB", "Somerset", "Bath", "Example Ltd", "Web", "12345", "admin@example.com", "example", "www.example.com"],
    "subjectTypes": ["C", "ST", "L", "O", "OU", "serialNumber", "emailAddress", "DC", "CN"],
    "issuer": ["US", "PureX509 Test CA", "PureX509 Generated Root"],
    "key": ["rsa", 2048], "signatureAlgorithm": "1.2.840.113549.1.1.11",
    "basicConstraints": {"ca": False, "pathLength": None, "critical": True},
    "keyUsage": ["digitalSignature", "keyEncipherment"], "keyUsageCritical": True,
    "extendedKeyUsage": ["1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"],
    "subjectAltNames": ["DNS:www.example.com", "DNS:*.example.com", "IP:192.0.2.10", "IP:2001:db8::1",
                        "email:user@example.com", "URI:https://example.com/path", "DirName:CN=Directory Entry",
                        "othername", "RID:1.3.6.1.4.1.99999.2"],
    "authorityKeyIdentifier": ca_ski.digest.hex(), "subjectKeyIdentifier": leaf_ski.digest.hex(),
    "policies": ["2.23.140.1.2.2", "1.3.6.1.4.1.99999.3"],
    "authorityInformationAccess": True, "crlDistributionPoints": True,
    "unrecognisedExtensions": 2, "unrecognisedCritical": True, "extensionCount": 11,
})

# 3. Every directory string type, a multi-valued RDN, GeneralizedTime validity.
strings_subject = x509.Name([
    x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.COUNTRY_NAME, "DE", _type=_ASN1Type.PrintableString)]),
    x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Grüße GmbH", _type=_ASN1Type.UTF8String)]),
    x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, "Teletex OU", _type=_ASN1Type.T61String)]),
    x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.LOCALITY_NAME, "M\u00fcnchen \u20ac", _type=_ASN1Type.BMPString)]),
    x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.STATE_OR_PROVINCE_NAME, "Bayern \U0001F600", _type=_ASN1Type.UniversalString)]),
    x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.EMAIL_ADDRESS, "ia5@example.de", _type=_ASN1Type.IA5String)]),
    x509.RelativeDistinguishedName([
        x509.NameAttribute(NameOID.COMMON_NAME, "multi", _type=_ASN1Type.UTF8String),
        x509.NameAttribute(NameOID.SERIAL_NUMBER, "42", _type=_ASN1Type.PrintableString),
    ]),
])
ec_key = ec.generate_private_key(ec.SECP256R1())
strings = (builder(strings_subject, ca_name, ec_key, 0x7F, not_after=LATE_NOT_AFTER)
           .add_extension(x509.SubjectAlternativeName([x509.DNSName("strings.example")]), critical=False)
           .sign(ca_key, hashes.SHA512()))
write("leaf-string-types.pem", strings, {
    "version": 3, "serial": "7f", "notBefore": epoch(NOT_BEFORE), "notAfter": epoch(LATE_NOT_AFTER),
    # DER sorts the multi-valued RDN's SET OF by encoding: serialNumber (9 octets) before CN (12).
    "subject": ["DE", "Grüße GmbH", "Teletex OU", "M\u00fcnchen \u20ac", "Bayern \U0001F600", "ia5@example.de", "42", "multi"],
    "subjectTags": [0x13, 0x0C, 0x14, 0x1E, 0x1C, 0x16, 0x13, 0x0C],
    "rdnSizes": [1, 1, 1, 1, 1, 1, 2],
    "issuer": ["US", "PureX509 Test CA", "PureX509 Generated Root"],
    "key": ["ec-p256", 256], "signatureAlgorithm": "1.2.840.113549.1.1.13",
    "subjectAltNames": ["DNS:strings.example"],
})

# 4. Other key types: P-384 and Ed25519 (self-signed), an empty subject with a critical SAN.
p384 = ec.generate_private_key(ec.SECP384R1())
p384_name = name((NameOID.COMMON_NAME, "p384", None))
write("ec-p384.pem", builder(p384_name, p384_name, p384, 3).sign(p384, hashes.SHA384()), {
    "version": 3, "serial": "03", "subject": ["p384"], "key": ["ec-p384", 384],
    "signatureAlgorithm": "1.2.840.10045.4.3.3", "notBefore": epoch(NOT_BEFORE), "notAfter": epoch(NOT_AFTER),
})
ed = ed25519.Ed25519PrivateKey.generate()
ed_name = name((NameOID.COMMON_NAME, "ed25519", None))
write("ed25519.pem", builder(ed_name, ed_name, ed, 4).sign(ed, None), {
    "version": 3, "serial": "04", "subject": ["ed25519"], "key": ["ed25519", 256],
    "signatureAlgorithm": "1.3.101.112", "notBefore": epoch(NOT_BEFORE), "notAfter": epoch(NOT_AFTER),
})
empty_subject = (builder(x509.Name([]), ca_name, rsa_key, 5)
                 .add_extension(x509.SubjectAlternativeName([x509.DNSName("nosubject.example")]), critical=True)
                 .sign(ca_key, hashes.SHA256()))
write("empty-subject-critical-san.pem", empty_subject, {
    "version": 3, "serial": "05", "subject": [], "key": ["rsa", 2048],
    "signatureAlgorithm": "1.2.840.113549.1.1.11", "subjectAltNames": ["DNS:nosubject.example"],
    "notBefore": epoch(NOT_BEFORE), "notAfter": epoch(NOT_AFTER),
})

# 5. A v1 certificate (no extensions), made by the openssl CLI, which
# cryptography cannot produce.
with tempfile.TemporaryDirectory() as tmp:
    key = os.path.join(tmp, "k.pem")
    csr = os.path.join(tmp, "r.csr")
    subprocess.run(["openssl", "req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
                    "-subj", "/CN=version one", "-out", csr], check=True, capture_output=True)
    subprocess.run(["openssl", "x509", "-req", "-in", csr, "-key", key, "-set_serial", "6",
                    "-days", "3650", "-out", os.path.join(HERE, "v1.pem")], check=True, capture_output=True)
expected["v1.pem"] = {"version": 1, "serial": "06", "subject": ["version one"], "key": ["rsa", 2048],
                      "signatureAlgorithm": "1.2.840.113549.1.1.11"}

with open(os.path.join(HERE, "expected.json"), "w") as f:
    json.dump(expected, f, indent=2, sort_keys=True, ensure_ascii=False)
    f.write("\n")
