#!/usr/bin/env python3
"""Writes the hostile revocation inputs of issue 26 item 12 into OUTDIR.

Each is built around the generated revocation hierarchy of
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

- the PKCS #12 files that hostile_pkcs12.py describes.

scripts/hostile-inputs.sh runs each through the release tool under
/usr/bin/time and holds it to 1 s and 200 MB.

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
    leaf, intermediate = pem_certificates(os.path.join(GOOD, "chain.pem"))
    with open(os.path.join(out, "leaf-1m-rdns.pem"), "w") as f:
        f.write(pem(with_huge_subject(leaf, 1_000_000)))
    with open(os.path.join(out, "chain-1m-rdns.pem"), "w") as f:
        f.write(pem(leaf) + pem(with_huge_subject(intermediate, 1_000_000)))
    # PKCS #12 files that ask for the most work before any MAC verifies (hostile_pkcs12.py).
    hostile_pkcs12.write(out)


if __name__ == "__main__":
    main()
