#!/usr/bin/env python3
"""Writes the hostile revocation inputs and PKCS #12 files into OUTDIR.

The certificate and revocation inputs are built around the hierarchy of
Vectors/revocation/generated/good (leaf www.example.com, its intermediate,
the root), so that `purex509 verify` reaches the revocation code with it:

- ocsp-name-1m.der, ocsp-name-5m.der: an OCSPResponse whose ResponderID
  byName holds about 1.3 million (15.6 MB) and 5 million (60 MB) RDNs,
  with the leaf's SingleResponse, two delegate certificates, and a
  signature that does not verify;
- crl-idp-20m.crl: a CRL of the intermediate's name whose
  issuingDistributionPoint lists 20 million URIs (60 MB), with a signature
  that does not verify.

- crl-120k-entries.crl: a CRL of the intermediate's name with 120,000
  entries of 64 extensions each (57 MB), signature not verifying;
- leaf-1m-rdns.pem: the leaf with a subject of 1,000,000 RDNs (12 MB;
  `inspect --json`, `verify --explain`);
- chain-1m-rdns.pem: the leaf, then a certificate whose subject holds
  1,000,000 RDNs in place of its intermediate (path building's §7.1
  fallback looks at every presented subject).

What `inspect` shows and what one `scan` line may hold (docs/security.md,
"Display and line budgets"):

- crl-idp-5m.crl: the CRL above with 5,000,000 URIs in its scope (15 MB),
  for `inspect --json`;
- crl-700k-entries.crl: a CRL of 700,000 entries without extensions
  (15.4 MB), for `inspect --json`;
- crl-entries-4x.pem: four PEM CRL blocks of 500,000 entries each, each
  block just under inspect's 16 MiB block limit (61 MB file);
- leaf-4m-sans.pem: the leaf with its extensions replaced by one
  subjectAltName of 4,000,000 dNSNames `a` (12 MB DER, a 16 MB PEM block);
- leaf-1.7m-crldps.pem: the leaf with one cRLDistributionPoints of
  1,700,000 points, each a cRLIssuer dNSName `a` (12 MB DER);
- leaf-2.4m-subtrees.pem: the leaf with nameConstraints permitting
  2,400,000 dNSName subtrees `a`;
- leaf-2.4m-policies.pem: the leaf with certificatePolicies of 2,400,000
  policies 1.2;
- leaf-800k-qualifiers.pem: the leaf with one policy of 800,000 CPS
  qualifiers;
- scan-15mb-line.jsonl: a good line, a 15 MB line (its `id` an array of
  7.5 million zeros), and the good line again;
- scan-long-lines.jsonl: 24 lines (more than one 16 MiB chunk) just under scan's line limit, each
  an `id` of half a million zeros, then the good line.

PKCS #12 opening (docs/pkcs12.md; held to 1 s and 200 MB):

- p12-chain-6m.p12, p12-chain-14m.p12: PKCS #12 files without MAC or
  encryption, 50 (60) RSA keys each with its leaf, under 300 (900) chained
  CAs with 9.6 KB (7.7 KB) names that differ only at their end;
  p12-chain-6m-root.pem, an anchor named as the 6 MB file's sixth CA;
- p12-cycle-14m.p12: 60 identities under 900 CAs of two names, each name
  issued by the other.

PKCS #12 work before the MAC (held to 1 s and 200 MB):

- the PKCS #12 files that hostile_pkcs12.py describes.

scripts/hostile-inputs.sh runs each through the release tool under
/usr/bin/time and holds the first group to 1 s and 200 MB, `inspect` to
2 s and 400 MB, `scan` to 200 MB.

Run: python3 scripts/hostile-inputs.py OUTDIR   (standard library only)
"""
import base64
import os
import sys

import hostile_pkcs12

HERE = os.path.dirname(os.path.abspath(__file__))
GOOD = os.path.join(HERE, "..", "Vectors", "revocation", "generated", "good")
OCSP_GOOD = os.path.join(HERE, "..", "Vectors", "revocation", "generated", "ocsp-good", "ocsp.der")


def length(n):
    if n < 0x80:
        return bytes([n])
    octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(octets)]) + octets


def tlv(tag, content):
    return bytes([tag]) + length(len(content)) + content


def read(data, offset):
    """(tag, content start, end) of the TLV at offset."""
    tag = data[offset]
    first = data[offset + 1]
    if first < 0x80:
        return tag, offset + 2, offset + 2 + first
    count = first & 0x7F
    n = int.from_bytes(data[offset + 2:offset + 2 + count], "big")
    start = offset + 2 + count
    return tag, start, start + n


def children(data, start, end):
    out = []
    while start < end:
        tag, value, stop = read(data, start)
        out.append((tag, start, value, stop))
        start = stop
    return out


def pem_certificates(path):
    text = open(path).read()
    blocks = text.split("-----BEGIN CERTIFICATE-----")[1:]
    return [base64.b64decode(block.split("-----END CERTIFICATE-----")[0]) for block in blocks]


def subject_and_algorithm(certificate):
    """The subject Name TLV and the signature AlgorithmIdentifier TLV of a certificate."""
    _, value, end = read(certificate, 0)
    tbs = children(certificate, value, end)[0]
    fields = children(certificate, tbs[2], tbs[3])
    offset = 1 if fields[0][0] == 0xA0 else 0
    algorithm = fields[offset + 1]
    subject = fields[offset + 4]
    return certificate[subject[1]:subject[3]], certificate[algorithm[1]:algorithm[3]]


def huge_name(rdns):
    # SET { SEQUENCE { id-at-commonName, UTF8String "a" } }: 12 bytes an RDN.
    rdn = tlv(0x31, tlv(0x30, bytes.fromhex("0603550403") + tlv(0x0C, b"a")))
    return tlv(0x30, rdn * rdns)


def ocsp_response(rdns):
    good = open(OCSP_GOOD, "rb").read()
    # OCSPResponse → responseBytes [0] → SEQUENCE → OCTET STRING → BasicOCSPResponse → tbsResponseData.
    _, value, end = read(good, 0)
    response_bytes = children(good, value, end)[1]
    sequence = children(good, response_bytes[2], response_bytes[3])[0]
    octets = children(good, sequence[2], sequence[3])[1]
    basic = children(good, octets[2], octets[3])[0]
    tbs, algorithm = children(good, basic[2], basic[3])[:2]
    fields = children(good, tbs[2], tbs[3])
    produced_at, responses = fields[1], fields[2]
    data = (tlv(0xA1, huge_name(rdns)) + good[produced_at[1]:produced_at[3]] + good[responses[1]:responses[3]])
    certificates = pem_certificates(os.path.join(GOOD, "chain.pem"))
    basic_response = tlv(0x30, tlv(0x30, data) + good[algorithm[1]:algorithm[3]] + tlv(0x03, b"\x00" + b"\x5a" * 256)
                         + tlv(0xA0, tlv(0x30, b"".join(certificates))))
    return tlv(0x30, bytes.fromhex("0a0100") + tlv(0xA0, tlv(0x30, bytes.fromhex("06092b0601050507300101") + tlv(0x04, basic_response))))


def crl_with_huge_scope(names):
    intermediate = pem_certificates(os.path.join(GOOD, "chain.pem"))[1]
    subject, algorithm = subject_and_algorithm(intermediate)
    full_name = tlv(0xA0, tlv(0xA0, b"\x86\x01a" * names))
    idp = tlv(0x30, bytes.fromhex("0603551d1c") + bytes.fromhex("0101ff") + tlv(0x04, tlv(0x30, full_name)))
    tbs = tlv(0x30, bytes.fromhex("020101") + algorithm + subject + tlv(0x17, b"240101000000Z") + tlv(0x17, b"300101000000Z")
              + tlv(0xA0, tlv(0x30, idp)))
    return tlv(0x30, tbs + algorithm + tlv(0x03, b"\x00" + b"\x5a" * 256))


def crl_with_many_entries(entries, extensions):
    intermediate = pem_certificates(os.path.join(GOOD, "chain.pem"))[1]
    subject, algorithm = subject_and_algorithm(intermediate)
    when = tlv(0x17, b"250101000000Z")
    # Unrecognised non-critical entry extensions with distinct one-arc OIDs.
    entry_extensions = tlv(0x30, b"".join(tlv(0x30, tlv(0x06, bytes([arc + 1])) + tlv(0x04, b"")) for arc in range(extensions)))
    revoked = b"".join(tlv(0x30, tlv(0x02, (n + 1).to_bytes((n + 1).bit_length() // 8 + 1, "big")) + when + entry_extensions)
                       for n in range(entries))
    tbs = tlv(0x30, bytes.fromhex("020101") + algorithm + subject + tlv(0x17, b"240101000000Z") + tlv(0x17, b"300101000000Z")
              + tlv(0x30, revoked))
    return tlv(0x30, tbs + algorithm + tlv(0x03, b"\x00" + b"\x5a" * 256))


def crl_with_plain_entries(entries):
    """A CRL of `entries` entries of serial and date only, signature not verifying."""
    intermediate = pem_certificates(os.path.join(GOOD, "chain.pem"))[1]
    subject, algorithm = subject_and_algorithm(intermediate)
    when = tlv(0x17, b"250101000000Z")
    revoked = b"".join(tlv(0x30, tlv(0x02, (n + 1).to_bytes((n + 1).bit_length() // 8 + 1, "big")) + when) for n in range(entries))
    tbs = tlv(0x30, bytes.fromhex("020101") + algorithm + subject + tlv(0x17, b"240101000000Z") + tlv(0x17, b"300101000000Z")
              + tlv(0x30, revoked))
    return tlv(0x30, tbs + algorithm + tlv(0x03, b"\x00" + b"\x5a" * 256))


def scan_line(identifier):
    """A JSON line for the good leaf (www.example.com) with `identifier` as its id."""
    leaf = base64.b64encode(pem_certificates(os.path.join(GOOD, "chain.pem"))[0]).decode()
    return '{"leaf": "%s", "host": "www.example.com", "id": %s}\n' % (leaf, identifier)


def zeros(count):
    # "[0,0,…]": two bytes of line per JSON value, the most values a line can hold.
    return "[" + ",".join(["0"] * count) + "]"


def with_many_alt_names(certificate, names):
    _, value, end = read(certificate, 0)
    outer = children(certificate, value, end)
    fields = children(certificate, outer[0][2], outer[0][3])
    parts = [certificate[f[1]:f[3]] for f in fields if f[0] != 0xA3]
    san = tlv(0x30, bytes.fromhex("0603551d11") + tlv(0x04, tlv(0x30, b"\x82\x01a" * names)))
    parts.append(tlv(0xA3, tlv(0x30, san)))
    return tlv(0x30, tlv(0x30, b"".join(parts)) + b"".join(certificate[f[1]:f[3]] for f in outer[1:]))


def with_extension(certificate, oid, value):
    """`certificate` with its extensions replaced by one of `oid` (its DER) holding `value`."""
    _, start, end = read(certificate, 0)
    outer = children(certificate, start, end)
    fields = children(certificate, outer[0][2], outer[0][3])
    parts = [certificate[f[1]:f[3]] for f in fields if f[0] != 0xA3]
    parts.append(tlv(0xA3, tlv(0x30, tlv(0x30, oid + tlv(0x04, value)))))
    return tlv(0x30, tlv(0x30, b"".join(parts)) + b"".join(certificate[f[1]:f[3]] for f in outer[1:]))


def extension_lists():
    """Each extension list inspect renders, as long as one 16 MiB PEM block allows (about 12 MB of DER)."""
    cps = bytes.fromhex("06082b06010505070201")
    return [
        ("leaf-1.7m-crldps.pem", bytes.fromhex("0603551d1f"), tlv(0x30, b"\x30\x05\xa2\x03\x82\x01a" * 1_700_000)),
        ("leaf-2.4m-subtrees.pem", bytes.fromhex("0603551d1e"), tlv(0x30, tlv(0xA0, b"\x30\x03\x82\x01a" * 2_400_000))),
        ("leaf-2.4m-policies.pem", bytes.fromhex("0603551d20"), tlv(0x30, b"\x30\x03\x06\x01\x2a" * 2_400_000)),
        ("leaf-800k-qualifiers.pem", bytes.fromhex("0603551d20"),
         tlv(0x30, tlv(0x30, b"\x06\x01\x2a" + tlv(0x30, tlv(0x30, cps + b"\x16\x01a") * 800_000)))),
    ]


def with_huge_subject(certificate, rdns):
    _, value, end = read(certificate, 0)
    outer = children(certificate, value, end)
    fields = children(certificate, outer[0][2], outer[0][3])
    parts = [certificate[f[1]:f[3]] for f in fields]
    parts[5 if fields[0][0] == 0xA0 else 4] = huge_name(rdns)
    return tlv(0x30, tlv(0x30, b"".join(parts)) + b"".join(certificate[f[1]:f[3]] for f in outer[1:]))


def pem(der):
    body = base64.encodebytes(der).decode()
    return "-----BEGIN CERTIFICATE-----\n" + body + "-----END CERTIFICATE-----\n"


# PKCS #12 files without a MAC and without encryption: plain DER that opens
# with --no-password, so every cost they cause is spent before anything can
# be authenticated. One RSA key (made here, deterministic) serves every
# identity and signs every certificate, so `identity --roots` meets valid
# signatures all the way up.

RSA_ENCRYPTION = bytes.fromhex("06092a864886f70d0101010500")
SHA256_WITH_RSA = tlv(0x30, bytes.fromhex("06092a864886f70d01010b0500"))
SHA256_DIGEST_INFO = bytes.fromhex("3031300d060960864801650304020105000420")


def integer(n):
    return tlv(0x02, n.to_bytes(n.bit_length() // 8 + 1, "big"))


def probable_prime(rng, bits):
    small = [p for p in range(3, 2000, 2) if all(p % q for q in range(3, int(p ** 0.5) + 1, 2))]
    while True:
        n = rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if any(n % p == 0 for p in small):
            continue
        d, s = n - 1, 0
        while d % 2 == 0:
            d, s = d // 2, s + 1
        for _ in range(24):
            x = pow(rng.randrange(2, n - 1), d, n)
            if x in (1, n - 1):
                continue
            for _ in range(s - 1):
                x = pow(x, 2, n)
                if x == n - 1:
                    break
            else:
                break
        else:
            return n


def rsa_key(seed):
    """(n, e, d, p, q), 2048 bits, the same for a given seed."""
    import random
    rng = random.Random(seed)
    e = 65537
    while True:
        p, q = probable_prime(rng, 1024), probable_prime(rng, 1024)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e:
            return p * q, e, pow(e, -1, phi), p, q


def pkcs8(key):
    n, e, d, p, q = key
    rsa = tlv(0x30, integer(0) + b"".join(integer(v) for v in (n, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p))))
    return tlv(0x30, integer(0) + tlv(0x30, RSA_ENCRYPTION) + tlv(0x04, rsa))


def spki(key):
    return tlv(0x30, tlv(0x30, RSA_ENCRYPTION) + tlv(0x03, b"\x00" + tlv(0x30, integer(key[0]) + integer(key[1]))))


def sign(key, data):
    import hashlib
    n, _, d, p, q = key
    size = (n.bit_length() + 7) // 8
    info = SHA256_DIGEST_INFO + hashlib.sha256(data).digest()
    m = int.from_bytes(b"\x00\x01" + b"\xff" * (size - len(info) - 3) + b"\x00" + info, "big")
    # RFC 8017 §5.1.2 with the CRT: four times quicker than m^d mod n.
    s_p, s_q = pow(m, d % (p - 1), p), pow(m, d % (q - 1), q)
    return (s_q + q * ((s_p - s_q) * pow(q, -1, p) % p)).to_bytes(size, "big")


def name(label, size):
    """A Name of one commonName about `size` bytes long: a long shared run, then `label`, so
    that telling two names apart reads all of them."""
    value = b"x" * (size - len(label)) + label.encode()
    return tlv(0x30, tlv(0x31, tlv(0x30, bytes.fromhex("0603550403") + tlv(0x0C, value))))


def certificate(key, serial, issuer, subject, ca):
    basic = bytes.fromhex("30030101ff") if ca else bytes.fromhex("3000")
    extensions = tlv(0xA3, tlv(0x30, tlv(0x30, bytes.fromhex("0603551d13") + bytes.fromhex("0101ff") + tlv(0x04, basic))))
    validity = tlv(0x30, tlv(0x17, b"240101000000Z") + tlv(0x17, b"340101000000Z"))
    tbs = tlv(0x30, bytes.fromhex("a003020102") + integer(serial) + SHA256_WITH_RSA + issuer + validity + subject
              + spki(key) + extensions)
    return tlv(0x30, tbs + SHA256_WITH_RSA + tlv(0x03, b"\x00" + sign(key, tbs)))


def bag(kind, value):
    # RFC 7292 §4.2: SafeBag ::= SEQUENCE { bagId 1.2.840.113549.1.12.10.1.kind, bagValue [0] EXPLICIT }.
    return tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d010c0a01") + bytes([kind])) + tlv(0xA0, value))


def cert_bag(der):
    return bag(3, tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d01091601")) + tlv(0xA0, tlv(0x04, der))))


def pfx_without_mac(bags):
    data = bytes.fromhex("06092a864886f70d010701")
    safe = tlv(0x30, tlv(0x30, data + tlv(0xA0, tlv(0x04, tlv(0x30, b"".join(bags))))))
    return tlv(0x30, integer(3) + tlv(0x30, data + tlv(0xA0, tlv(0x04, safe))))


def p12_chain(key, identities, cas, name_size, cycle=False):
    """`identities` keys and leaves under a chain of `cas` CAs with names of
    `name_size` bytes, the CAs first and the top one self-signed; with `cycle`,
    the CAs take turns between two names, each issued by the other, so every
    CA of one name is a candidate issuer of every CA of the other."""
    def ca_name(i):
        return name("CA %d" % (i % 2 if cycle else i), name_size)
    bags = []
    private_key = pkcs8(key)
    for i in range(cas):
        top = not cycle and i == cas - 1
        bags.append(cert_bag(certificate(key, 1000 + i, ca_name(i if top else i + 1), ca_name(i), True)))
    for i in range(identities):
        leaf = certificate(key, 10 + i, ca_name(0), name("client %d" % i, 64), False)
        bags.append(cert_bag(leaf))
        bags.append(bag(1, private_key))
    return pfx_without_mac(bags)


def p12_files(out):
    key = rsa_key(7292)
    # An anchor in the name of the 6 MB file's fifth CA: a path of five CAs verifies under it.
    anchor = name("CA 5", 9_600)
    with open(os.path.join(out, "p12-chain-6m-root.pem"), "w") as f:
        f.write(pem(certificate(key, 999, anchor, anchor, True)))
    for file, args in [("p12-chain-6m.p12", (50, 300, 9_600)), ("p12-chain-14m.p12", (60, 900, 7_700)),
                       ("p12-cycle-14m.p12", (60, 900, 7_700, True))]:
        with open(os.path.join(out, file), "wb") as f:
            f.write(p12_chain(key, *args))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: hostile-inputs.py OUTDIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, data in [("ocsp-name-1m.der", ocsp_response(1_300_000)), ("ocsp-name-5m.der", ocsp_response(5_000_000)),
                       ("crl-idp-20m.crl", crl_with_huge_scope(20_000_000)),
                       ("crl-120k-entries.crl", crl_with_many_entries(120_000, 64))]:
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    for name, data in [("crl-idp-5m.crl", crl_with_huge_scope(5_000_000)), ("crl-700k-entries.crl", crl_with_plain_entries(700_000))]:
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    block = crl_with_plain_entries(500_000)
    body = base64.encodebytes(block).decode()
    with open(os.path.join(out, "crl-entries-4x.pem"), "w") as f:
        f.write(("-----BEGIN X509 CRL-----\n" + body + "-----END X509 CRL-----\n") * 4)
    with open(os.path.join(out, "scan-15mb-line.jsonl"), "w") as f:
        f.write(scan_line('"first"') + scan_line(zeros(7_500_000)) + scan_line('"last"'))
    with open(os.path.join(out, "scan-long-lines.jsonl"), "w") as f:
        long_line = scan_line(zeros(520_000))
        f.write(long_line * 24 + scan_line('"last"'))
    leaf, intermediate = pem_certificates(os.path.join(GOOD, "chain.pem"))
    with open(os.path.join(out, "leaf-1m-rdns.pem"), "w") as f:
        f.write(pem(with_huge_subject(leaf, 1_000_000)))
    with open(os.path.join(out, "leaf-4m-sans.pem"), "w") as f:
        f.write(pem(with_many_alt_names(leaf, 4_000_000)))
    for name, oid, value in extension_lists():
        with open(os.path.join(out, name), "w") as f:
            f.write(pem(with_extension(leaf, oid, value)))
    with open(os.path.join(out, "chain-1m-rdns.pem"), "w") as f:
        f.write(pem(leaf) + pem(with_huge_subject(intermediate, 1_000_000)))
    p12_files(out)
    # PKCS #12 files that ask for the most work before any MAC verifies (hostile_pkcs12.py).
    hostile_pkcs12.write(out)


if __name__ == "__main__":
    main()
