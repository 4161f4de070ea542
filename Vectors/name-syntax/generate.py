#!/usr/bin/env python3
"""Fixtures for the address-identity and name-syntax rules
(Tests/TrustTests/NameSyntaxTests.swift). Python `cryptography`; run from anywhere.

Writes, in this directory:
  root.pem          P-256 root, CN=Names Root (valid 2026-01-01 to 2036-01-01)
  ip-<case>.pem     a leaf signed by the root directly, its iPAddress SAN as the case says
  nc-<case>.pem     a leaf, then an intermediate carrying the case's name constraints
Leaves and intermediates are valid 2026-01-01 to 2026-12-31, so every named
profile (the CA/B Forum's 398-day and Apple's 825-day limits included) can
judge them; the tests verify at 2026-07-01.
"""
import datetime, ipaddress, os
from cryptography import x509
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
ROOT_VALIDITY = (datetime.datetime(2026, 1, 1, tzinfo=UTC), datetime.datetime(2036, 1, 1, tzinfo=UTC))
VALIDITY = (datetime.datetime(2026, 1, 1, tzinfo=UTC), datetime.datetime(2026, 12, 31, tzinfo=UTC))
serial = [0x3600]


def next_serial():
    serial[0] += 1
    return serial[0]


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 Names"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def builder(subject, issuer_name, public_key, validity):
    return (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer_name)
            .public_key(public_key).serial_number(next_serial())
            .not_valid_before(validity[0]).not_valid_after(validity[1]))


def ca(subject, key, issuer_name, issuer_key, constraints=None):
    validity = ROOT_VALIDITY if issuer_key is key else VALIDITY
    b = (builder(subject, issuer_name, key.public_key(), validity)
         .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
         .add_extension(x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True)
         .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
         .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if constraints is not None:
        b = b.add_extension(constraints, critical=True)
    return b.sign(issuer_key, hashes.SHA256())


def leaf(subject, issuer, issuer_key, sans):
    key = ec.generate_private_key(ec.SECP256R1())
    b = (builder(subject, issuer.subject, key.public_key(), VALIDITY)
         .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
         .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
         .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
         .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
         .add_extension(x509.SubjectAlternativeName(sans), critical=False))
    return b.sign(issuer_key, hashes.SHA256())


def pem(*certificates):
    return b"".join(c.public_bytes(serialization.Encoding.PEM) for c in certificates)


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as f:
        f.write(data)


def main():
    root_key = ec.generate_private_key(ec.SECP256R1())
    root = ca(name("Names Root"), root_key, name("Names Root"), root_key)
    write("root.pem", pem(root))

    host = lambda text: x509.IPAddress(ipaddress.ip_address(text))
    dns, mail, uri = x509.DNSName, x509.RFC822Name, x509.UniformResourceIdentifier

    # An IPv4 address and its IPv4-mapped IPv6 form as the SAN.
    write("ip-v4.pem", pem(leaf(name("ip v4"), root, root_key, [host("192.0.2.10")])))
    write("ip-v4-mapped.pem", pem(leaf(name("ip v4-mapped"), root, root_key, [host("::ffff:192.0.2.10")])))

    def nc_case(case, permitted, excluded, sans):
        key = ec.generate_private_key(ec.SECP256R1())
        constraints = x509.NameConstraints(permitted_subtrees=permitted or None, excluded_subtrees=excluded or None)
        intermediate = ca(name("NC " + case), key, root.subject, root_key, constraints)
        write("nc-" + case + ".pem", pem(leaf(name("www.example.com"), intermediate, key, sans), intermediate))

    www = dns("www.example.com")
    # URIs without a host name given as an FQDN, under URI subtrees of each kind.
    for kind, value in [("urn", "urn:example:x"), ("ipv6", "https://[2001:db8::1]/"), ("ipv4", "https://192.0.2.1/")]:
        nc_case("uri-permitted-" + kind, [uri(".example.com")], None, [www, uri(value)])
        nc_case("uri-excluded-" + kind, None, [uri(".example.net")], [www, uri(value)])
    nc_case("uri-permitted-host", [uri(".example.com")], None, [www, uri("https://api.example.com/v1")])
    nc_case("uri-excluded-other-host", None, [uri(".example.net")], [www, uri("https://user@api.example.com:8443/v1")])

    # Trailing dots, in constraints and in presented names, for each form.
    nc_case("dns-permitted-constraint-dot", [dns("example.com.")], None, [www])
    nc_case("dns-permitted-root", [dns(".")], None, [www])
    nc_case("dns-excluded-constraint-dot", None, [dns("example.org.")], [www])
    nc_case("dns-excluded-presented-dot", None, [dns(".example.org")], [dns("www.example.com.")])
    nc_case("dns-permitted-presented-dot", [dns("example.com")], None, [dns("www.example.com.")])
    nc_case("dns-permitted", [dns("example.com")], None, [www])
    nc_case("dns-excluded-other", None, [dns(".example.org")], [www])

    nc_case("mail-excluded-presented-dot", None, [mail("example.com")], [www, mail("admin@example.com.")])
    nc_case("mail-permitted-presented-dot", [mail("example.com")], None, [www, mail("admin@example.com.")])
    nc_case("mail-excluded-constraint-dot", None, [mail("example.com.")], [www, mail("admin@example.com")])
    nc_case("mail-permitted-constraint-dot", [mail("example.com.")], None, [www, mail("admin@example.com")])
    nc_case("mail-permitted", [mail("example.com")], None, [www, mail("admin@example.com")])
    nc_case("mail-excluded-other", None, [mail("example.net")], [www, mail("admin@example.com")])

    nc_case("uri-excluded-presented-dot", None, [uri(".example.net")], [www, uri("https://x.example.net./")])
    nc_case("uri-permitted-presented-dot", [uri(".example.net")], None, [www, uri("https://x.example.net./")])
    nc_case("uri-excluded-constraint-dot", None, [uri(".example.net.")], [www, uri("https://x.example.net/")])
    nc_case("uri-permitted-constraint-dot", [uri(".example.net.")], None, [www, uri("https://x.example.net/")])
    nc_case("uri-permitted", [uri(".example.net")], None, [www, uri("https://x.example.net/")])


if __name__ == "__main__":
    main()
