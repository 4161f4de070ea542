#!/usr/bin/env python3
"""Certificate Transparency policy fixtures (docs/ct.md); see README.md.

Run: python3 Vectors/ct-policy/generate.py   (Python `cryptography`)
Written for this project; every key is fresh on each run. A root, an
intermediate and test logs; leaves for www.example.com with SCTs embedded
(signed over the precertificate entry: the issuer's key hash and the TBS
without the SCT-list extension), delivered by TLS (`*.sctlist`, the
TLS-encoded list) or stapled in an OCSP response (`*.ocsp.der`, SCTs in the
SingleResponse extension 1.3.6.1.4.1.11129.2.4.5); Apple's and Chrome's log
list formats naming the logs (`loglist-apple.json`, `loglist-chrome.json`);
leaves whose precertificate a precertificate-signing certificate issued
(`precert-signer*.pem`, the signing certificate in `precert-signer-ca.pem`).
"""
import base64
import datetime
import hashlib
import json
import os
import struct

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
HOST = "www.example.com"
DAY = datetime.timedelta(days=1)
SECOND = datetime.timedelta(seconds=1)


def t(year, month, day):
    return datetime.datetime(year, month, day, tzinfo=UTC)


def rfc3339(when):
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


# The logs: name -> (operator, state, since, kind, temporal interval).
LOGS = {
    "A": ("Alpha", "usable", t(2020, 1, 1), "rfc6962", None),
    "B": ("Alpha", "usable", t(2020, 1, 1), "rfc6962", None),
    "C": ("Beta", "usable", t(2020, 1, 1), "rfc6962", None),
    "R": ("Beta", "retired", t(2026, 3, 1), "rfc6962", None),
    "X": ("Gamma", "rejected", t(2026, 3, 1), "rfc6962", None),
    "P": ("Gamma", "pending", t(2025, 1, 1), "rfc6962", None),
    "I": ("Alpha", "usable", t(2020, 1, 1), "rfc6962", (t(2028, 1, 1), t(2029, 1, 1))),
    "T1": ("Delta", "usable", t(2020, 1, 1), "tiled", None),
    "T2": ("Epsilon", "usable", t(2020, 1, 1), "tiled", None),
}
# Chrome's list only: log C was run by Alpha until 2025-06-01.
PREVIOUS = {"C": [("Alpha", t(2025, 6, 1))]}
KEYS = {name: ec.generate_private_key(ec.SECP256R1()) for name in list(LOGS) + ["Z"]}  # Z: no list names it


def spki(key):
    return key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def log_id(name):
    return hashlib.sha256(spki(KEYS[name])).digest()


def sct(name, timestamp, entry_type, entry):
    """One v1 SCT by log `name` at `timestamp` over `entry` (RFC 6962 §3.2)."""
    ms = int(timestamp.timestamp() * 1000)
    signed = bytes([0, 0]) + struct.pack(">Q", ms) + struct.pack(">H", entry_type) + entry + b"\x00\x00"
    signature = KEYS[name].sign(signed, ec.ECDSA(hashes.SHA256()))
    return bytes([0]) + log_id(name) + struct.pack(">Q", ms) + b"\x00\x00" + bytes([4, 3]) + struct.pack(">H", len(signature)) + signature


def sct_list(scts):
    body = b"".join(struct.pack(">H", len(s)) + s for s in scts)
    return struct.pack(">H", len(body)) + body


def der_length(n):
    if n < 0x80:
        return bytes([n])
    out = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(out)]) + out


def tlv(tag, content):
    return bytes([tag]) + der_length(len(content)) + content


def u24(data):
    return len(data).to_bytes(3, "big") + data


def name(common):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


ROOT_KEY = ec.generate_private_key(ec.SECP256R1())
INTERMEDIATE_KEY = ec.generate_private_key(ec.SECP256R1())


def ca(subject, issuer, key, signer, serial):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(t(2018, 1, 1)).not_valid_after(t(2040, 1, 1))
               .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
               .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if subject != issuer:
        builder = builder.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(signer.public_key()), critical=False)
    return builder.sign(signer, hashes.SHA256())


ROOT = ca("CT Policy Test Root", "CT Policy Test Root", ROOT_KEY, ROOT_KEY, 1)
INTERMEDIATE = ca("CT Policy Test Intermediate", "CT Policy Test Root", INTERMEDIATE_KEY, ROOT_KEY, 2)
ISSUER_KEY_HASH = hashlib.sha256(spki(INTERMEDIATE_KEY)).digest()
serial_counter = [100]


def leaf_builder(not_before, not_after, key=None, serial=None, issuer=None, issuer_key=None):
    """A leaf by the intermediate; or, given `issuer` and `issuer_key`, the
    same leaf (same `key` and `serial`) as another issuer would sign it."""
    if serial is None:
        serial_counter[0] += 1
        serial = serial_counter[0]
    key = key or ec.generate_private_key(ec.SECP256R1())
    issuer = issuer or INTERMEDIATE
    issuer_key = issuer_key or INTERMEDIATE_KEY
    return (x509.CertificateBuilder().subject_name(name(HOST)).issuer_name(issuer.subject)
            .public_key(key.public_key()).serial_number(serial)
            .not_valid_before(not_before).not_valid_after(not_after)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(HOST)]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))


def leaf(not_before, days, embedded=()):
    """A leaf valid for `days` days counted as Apple does (notBefore through
    notAfter inclusive); `embedded` is [(log, timestamp)] or
    [(log, timestamp, "tampered")] for an SCT signed over another TBS."""
    builder = leaf_builder(not_before, not_before + days * DAY - SECOND)
    without = builder.sign(INTERMEDIATE_KEY, hashes.SHA256())
    if not embedded:
        return without
    tbs = without.tbs_certificate_bytes
    scts = []
    for item in embedded:
        signed_tbs = tbs if len(item) == 2 else tbs[:-1] + bytes([tbs[-1] ^ 1])
        scts.append(sct(item[0], item[1], 1, ISSUER_KEY_HASH + u24(signed_tbs)))
    value = tlv(0x04, sct_list(scts))
    final = builder.add_extension(
        x509.UnrecognizedExtension(x509.ObjectIdentifier("1.3.6.1.4.1.11129.2.4.2"), value), critical=False
    ).sign(INTERMEDIATE_KEY, hashes.SHA256())
    # The precertificate's TBS is the final TBS without the SCT list: the
    # same bytes the logs signed (the extension is the last one).
    assert final.tbs_certificate_bytes != tbs
    return final


# RFC 6962 §3.1: a CA may have a Precertificate Signing Certificate, which
# it certifies with the Certificate Transparency EKU, issue its
# precertificates. The log then signs them as if the CA had: issuer name and
# authorityKeyIdentifier those of the signing certificate's issuer, and the
# issuer key hash of that issuer's key (§3.2), not the signing certificate's.
PRECERT_SIGNING_EKU = x509.ObjectIdentifier("1.3.6.1.4.1.11129.2.4.4")
POISON = x509.ObjectIdentifier("1.3.6.1.4.1.11129.2.4.3")
POISON_OID_DER = bytes.fromhex("060a2b06010401d679020403")
AKI_OID_DER = bytes.fromhex("0603551d23")
PRECERT_SIGNER_KEY = ec.generate_private_key(ec.SECP256R1())
PRECERT_SIGNER = (x509.CertificateBuilder().subject_name(name("CT Policy Test Precertificate Signing"))
                  .issuer_name(INTERMEDIATE.subject).public_key(PRECERT_SIGNER_KEY.public_key()).serial_number(3)
                  .not_valid_before(t(2018, 1, 1)).not_valid_after(t(2040, 1, 1))
                  .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                  .add_extension(x509.ExtendedKeyUsage([PRECERT_SIGNING_EKU]), critical=False)
                  .add_extension(x509.SubjectKeyIdentifier.from_public_key(PRECERT_SIGNER_KEY.public_key()), critical=False)
                  .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(INTERMEDIATE_KEY.public_key()), critical=False)
                  .sign(INTERMEDIATE_KEY, hashes.SHA256()))


def read_tlv(data, offset):
    """(tag, value, end) of the DER element at `offset` (definite lengths)."""
    length, header = data[offset + 1], 2
    if length & 0x80:
        count = length & 0x7F
        length, header = int.from_bytes(data[offset + 2:offset + 2 + count], "big"), 2 + count
    end = offset + header + length
    return data[offset], data[offset + header:end], end


def elements(content):
    """Each element of `content` as (tag, value, encoding)."""
    out, offset = [], 0
    while offset < len(content):
        tag, value, end = read_tlv(content, offset)
        out.append((tag, value, content[offset:end]))
        offset = end
    return out


def authority_key_extension(certificate):
    _, tbs, _ = read_tlv(certificate.tbs_certificate_bytes, 0)
    extensions = next(value for tag, value, _ in elements(tbs) if tag == 0xA3)
    for _, extension, encoding in elements(read_tlv(extensions, 0)[1]):
        if elements(extension)[0][2] == AKI_OID_DER:
            return encoding
    raise ValueError("no authorityKeyIdentifier")


def log_view_of_precertificate(precertificate, signer):
    """The TBS a log signs for a precertificate that `signer`, a
    precertificate-signing certificate, issued (RFC 6962 §3.1): the poison
    extension removed, the issuer name and authorityKeyIdentifier replaced
    with those of the CA that certified `signer`. Done on the DER, as a
    log does, field by field."""
    _, tbs, _ = read_tlv(precertificate.tbs_certificate_bytes, 0)
    fields = []
    for index, (tag, value, encoding) in enumerate(elements(tbs)):
        if index == 3:  # version, serialNumber, signature, issuer
            encoding = signer.issuer.public_bytes()
        elif tag == 0xA3:
            kept = []
            for _, extension, extension_encoding in elements(read_tlv(value, 0)[1]):
                oid = elements(extension)[0][2]
                if oid == POISON_OID_DER:
                    continue
                kept.append(authority_key_extension(signer) if oid == AKI_OID_DER else extension_encoding)
            encoding = tlv(0xA3, tlv(0x30, b"".join(kept)))
        fields.append(encoding)
    return tlv(0x30, b"".join(fields))


def leaf_by_precertificate_signer(not_before, days, embedded, issuer_key_hash):
    """A leaf whose precertificate PRECERT_SIGNER issued; the logs in
    `embedded` ([(log, timestamp)]) sign the log's view of it with
    `issuer_key_hash` (RFC 6962 asks for the intermediate's)."""
    not_after = not_before + days * DAY - SECOND
    key = ec.generate_private_key(ec.SECP256R1())
    serial_counter[0] += 1
    serial = serial_counter[0]
    precertificate = (leaf_builder(not_before, not_after, key, serial, PRECERT_SIGNER, PRECERT_SIGNER_KEY)
                      .add_extension(x509.UnrecognizedExtension(POISON, b"\x05\x00"), critical=True)
                      .sign(PRECERT_SIGNER_KEY, hashes.SHA256()))
    assert precertificate.issuer != INTERMEDIATE.subject
    logged = log_view_of_precertificate(precertificate, PRECERT_SIGNER)
    builder = leaf_builder(not_before, not_after, key, serial)
    # What a verifier rebuilds from the final certificate is what the log signed.
    assert logged == builder.sign(INTERMEDIATE_KEY, hashes.SHA256()).tbs_certificate_bytes
    scts = [sct(log, timestamp, 1, issuer_key_hash + u24(logged)) for log, timestamp in embedded]
    return builder.add_extension(
        x509.UnrecognizedExtension(x509.ObjectIdentifier("1.3.6.1.4.1.11129.2.4.2"), tlv(0x04, sct_list(scts))), critical=False
    ).sign(INTERMEDIATE_KEY, hashes.SHA256())


def x509_entry(certificate):
    return u24(certificate.public_bytes(serialization.Encoding.DER))


def ocsp_response(certificate, scts):
    """A BasicOCSPResponse by the intermediate, `good`, whose SingleResponse
    carries `scts` in the 1.3.6.1.4.1.11129.2.4.5 extension."""
    sha1 = tlv(0x30, tlv(0x06, bytes.fromhex("2b0e03021a")) + b"\x05\x00")
    name_hash = hashlib.sha1(INTERMEDIATE.subject.public_bytes()).digest()
    key_bits = INTERMEDIATE_KEY.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    serial = certificate.serial_number.to_bytes((certificate.serial_number.bit_length() + 8) // 8, "big")
    cert_id = tlv(0x30, sha1 + tlv(0x04, name_hash) + tlv(0x04, hashlib.sha1(key_bits).digest()) + tlv(0x02, serial))
    this_update = tlv(0x18, b"20260101000000Z")
    extension = tlv(0x30, tlv(0x06, bytes.fromhex("2b06010401d679020405")) + tlv(0x04, tlv(0x04, sct_list(scts))))
    single = tlv(0x30, cert_id + b"\x80\x00" + this_update + tlv(0xA1, tlv(0x30, extension)))
    responder = tlv(0xA2, tlv(0x04, hashlib.sha1(key_bits).digest()))
    data = tlv(0x30, responder + tlv(0x18, b"20260101000000Z") + tlv(0x30, single))
    signature = INTERMEDIATE_KEY.sign(data, ec.ECDSA(hashes.SHA256()))
    algorithm = tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d040302")))
    basic = tlv(0x30, data + algorithm + tlv(0x03, b"\x00" + signature))
    body = tlv(0x30, tlv(0x06, bytes.fromhex("2b0601050507300101")) + tlv(0x04, basic))
    return tlv(0x30, tlv(0x0A, b"\x00") + tlv(0xA0, body))


def pem(*certificates):
    return b"".join(c.public_bytes(serialization.Encoding.PEM) for c in certificates)


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def log_json(name, chrome):
    operator, state, since, kind, interval = LOGS[name]
    entry = {
        "description": f"Test log {name}",
        "log_id": base64.b64encode(log_id(name)).decode(),
        "key": base64.b64encode(spki(KEYS[name])).decode(),
        "url": f"https://ct.example/{name}/",
        "mmd": 86400,
        "state": {state: {"timestamp": rfc3339(since)}},
    }
    if interval:
        entry["temporal_interval"] = {"start_inclusive": rfc3339(interval[0]), "end_exclusive": rfc3339(interval[1])}
    if chrome and name in PREVIOUS:
        entry["previous_operators"] = [{"name": n, "end_time": rfc3339(end)} for n, end in PREVIOUS[name]]
    return entry


def log_lists():
    operators = []
    for operator in sorted({v[0] for v in LOGS.values()}):
        operators.append((operator, [n for n in LOGS if LOGS[n][0] == operator]))
    for chrome in (False, True):
        listed = []
        for operator, names in operators:
            listed.append({
                "name": operator, "email": [f"ct@{operator.lower()}.example"],
                "logs": [log_json(n, chrome) for n in names if LOGS[n][3] == "rfc6962"],
                "tiled_logs": [log_json(n, chrome) for n in names if LOGS[n][3] == "tiled"],
            })
        if chrome:
            document = {"version": "1.0", "log_list_timestamp": "2026-01-15T00:00:00Z", "operators": listed}
        else:
            document = {"version": "1", "assetVersion": 1, "assetVersionV2": 1, "operators": listed}
        write("loglist-chrome.json" if chrome else "loglist-apple.json", json.dumps(document, indent=2).encode() + b"\n")


def main():
    write("root.pem", pem(ROOT))
    log_lists()
    before = t(2025, 12, 31)  # SCTs issued the day before the leaves
    jan = t(2026, 1, 1)
    cases = {
        "apple-180-two-operators": leaf(jan, 180, [("A", before), ("C", before)]),
        "apple-180-one-operator": leaf(jan, 180, [("A", before), ("B", before)]),
        "apple-181-two-logs": leaf(jan, 181, [("A", before), ("C", before)]),
        "apple-181-three-logs": leaf(jan, 181, [("A", before), ("B", before), ("C", before)]),
        "apple-398-two-logs": leaf(jan, 398, [("A", before), ("C", before)]),
        "apple-398-three-logs": leaf(jan, 398, [("A", before), ("B", before), ("C", before)]),
        "tiled-only": leaf(jan, 180, [("T1", before), ("T2", before)]),
        "unknown-log": leaf(jan, 180, [("A", before), ("Z", before)]),
        "tampered": leaf(jan, 180, [("A", before), ("C", before, "tampered")]),
        "future": leaf(jan, 180, [("A", before), ("C", t(2026, 6, 1))]),
        "retired-before": leaf(jan, 180, [("A", before), ("R", before)]),
        "retired-after": leaf(jan, 180, [("A", before), ("R", t(2026, 3, 2))]),
        "rejected": leaf(jan, 180, [("A", before), ("X", before)]),
        "pending": leaf(jan, 180, [("A", before), ("P", before)]),
        "temporal": leaf(jan, 180, [("A", before), ("I", before)]),
        "previous-operator": leaf(jan, 180, [("A", before), ("C", t(2025, 5, 1))]),
        "old-24-months-two-logs": leaf(t(2020, 6, 1), 730, [("A", t(2020, 5, 31)), ("C", t(2020, 5, 31))]),
        "old-24-months-three-logs": leaf(t(2020, 6, 1), 730, [("A", t(2020, 5, 31)), ("B", t(2020, 5, 31)), ("C", t(2020, 5, 31))]),
        "before-enforcement": leaf(t(2018, 10, 14), 365),
        "after-enforcement": leaf(t(2018, 10, 15), 365),
        "no-scts": leaf(jan, 180),
        "precert-signer": leaf_by_precertificate_signer(jan, 180, [("A", before), ("C", before)], ISSUER_KEY_HASH),
        "precert-signer-key-hash": leaf_by_precertificate_signer(
            jan, 180, [("A", before), ("C", before)], hashlib.sha256(spki(PRECERT_SIGNER_KEY)).digest()),
    }
    for label, certificate in cases.items():
        write(label + ".pem", pem(certificate, INTERMEDIATE))
    write("precert-signer-ca.pem", pem(PRECERT_SIGNER))
    delivered = cases["no-scts"]
    entry = x509_entry(delivered)
    write("tls-two-operators.sctlist", sct_list([sct("A", before, 0, entry), sct("C", before, 0, entry)]))
    write("tls-one-operator.sctlist", sct_list([sct("A", before, 0, entry), sct("B", before, 0, entry)]))
    write("tls-retired.sctlist", sct_list([sct("A", before, 0, entry), sct("R", before, 0, entry)]))
    write("tls-one.sctlist", sct_list([sct("C", before, 0, entry)]))
    write("ocsp-two-operators.ocsp.der", ocsp_response(delivered, [sct("A", before, 0, entry), sct("C", before, 0, entry)]))


main()
