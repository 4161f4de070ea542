#!/usr/bin/env python3
"""Makes the revocation cases under Vectors/revocation/generated/ and cases.json.

For each issuer key type (RSA-2048 with SHA-256, ECDSA P-256 with SHA-256)
one hierarchy: a root, an intermediate, a leaf for www.example.com and a
second CRL signer certificate (cRLSign only, issued by the intermediate),
plus CRLs for each case. Each case is a folder with chain.pem (leaf, then
the intermediate), roots.pem, and crls.pem (the CRLs the caller supplies);
cases.json says the coverage, whether information is required, and the
expected verdict ("trusted", or the failure code and certificate index).

Cases: good (empty CRLs), revoked leaf, revoked intermediate (in the root's
CRL, chain coverage), revoked intermediate under leaf coverage (not
checked: trusted), expired CRL (its revocation still proven; its hold and
its silence not), CRL not yet valid, a CRL of another
issuer, a CRL whose signature was spoiled, a CRL with an unknown critical
extension, a CRL signed by a separate cRLSign certificate (trusted, and
revoked), a signer certificate without cRLSign, and a delta CRL that
revokes over an empty base. "Required" cases refuse missing information.

Issue 26's CRL cases (crl_cases): several CRLs of one scope in both
orders (a revocation in any usable CRL decides; a hold is lifted only by a
newer CRL), several delta CRLs (the newest applicable decides), deltas
that may not be applied (cRLNumber not above the complete CRL's,
BaseCRLNumber above it) and removeFromCRL over keyCompromise, a serial
listed twice with removeFromCRL first, a CRL signed by a certificate of
another CA that carries the issuer's name and cRLSign, and the issuer's
CRL with its name re-encoded (PrintableString, other case, more spaces).

OCSP cases (ocsp.der beside the chain: one DER OCSPResponse, RFC 6960):
the issuer's own response good, revoked and unknown; expired, not yet
valid and without nextUpdate; signed by another key; spoiled signature;
a delegated responder with id-kp-OCSPSigning (good and revoked), one
without it and one with an unknown critical extension; an unknown
critical response extension; nextUpdate before thisUpdate; SHA-1
signatures (honoured for a revocation only); a SHA-256 CertID;
and OCSP beside CRLs in both orders ("preferCRL"): a revocation from
either decides (OCSP good with a revoking CRL, OCSP revoked with a good
CRL), both good is good, and a good stands beside the other method's
unusable answer (a spoiled CRL or response signature).

Run: python3 Vectors/revocation/generate.py   (Python `cryptography`)
Written for this project; keys are fresh on every run.
"""
import datetime
import json
import os
import shutil

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "generated")
UTC = datetime.timezone.utc
T = datetime.datetime(2025, 6, 1, tzinfo=UTC)          # evaluation time of every case
START = datetime.datetime(2024, 1, 1, tzinfo=UTC)
END = datetime.datetime(2030, 1, 1, tzinfo=UTC)
REVOKED_AT = datetime.datetime(2025, 3, 1, tzinfo=UTC)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureX509 Revocation"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def new_key(kind):
    return rsa.generate_private_key(public_exponent=65537, key_size=2048) if kind == "rsa" else ec.generate_private_key(ec.SECP256R1())


def certificate(subject, key, issuer, issuer_key, serial, ca=False, usage=None, leaf=False, eku=None, extra=()):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial).not_valid_before(START).not_valid_after(END)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    builder = builder.add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    flags = dict(digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
                 key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False)
    for flag in usage or []:
        flags[flag] = True
    builder = builder.add_extension(x509.KeyUsage(**flags), critical=True)
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    for extension, critical in extra:
        builder = builder.add_extension(extension, critical=critical)
    if leaf:
        builder = (builder.add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False)
                   .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False))
    return builder.sign(issuer_key, hashes.SHA256())


def crl(issuer, issuer_key, revoked=(), this_update=START, next_update=END, number=1, extensions=(), entries=(), base=None,
        issuer_name=None):
    """A CRL; `revoked` serials with keyCompromise, then `entries` as (serial, ReasonFlags), in that order
    (duplicates kept); `base` makes it a delta CRL over that BaseCRLNumber; `issuer_name` replaces name(issuer)."""
    builder = (x509.CertificateRevocationListBuilder().issuer_name(issuer_name or name(issuer))
               .last_update(this_update).next_update(next_update)
               .add_extension(x509.CRLNumber(number), critical=False))
    if base is not None:
        builder = builder.add_extension(x509.DeltaCRLIndicator(base), critical=True)
    for extension, critical in extensions:
        builder = builder.add_extension(extension, critical=critical)
    for serial, reason in [(serial, x509.ReasonFlags.key_compromise) for serial in revoked] + list(entries):
        entry = (x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(REVOKED_AT)
                 .add_extension(x509.CRLReason(reason), critical=False).build())
        builder = builder.add_revoked_certificate(entry)
    return builder.sign(issuer_key, hashes.SHA256())


def reencoded_name(cn):
    """name(cn) with every value a PrintableString and the case changed: the same name under RFC 5280 §7.1."""
    from cryptography.x509.name import _ASN1Type
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PUREX509  revocation ", _type=_ASN1Type.PrintableString),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn.lower(), _type=_ASN1Type.PrintableString)])


def crl_cases(keys, root, intermediate, root_crl):
    """Issue 26's CRL cases: (name, crls PEM, extra untrusted, coverage, required, expected)."""
    hold, remove, compromise = x509.ReasonFlags.certificate_hold, x509.ReasonFlags.remove_from_crl, x509.ReasonFlags.key_compromise
    issuer, key = "Revocation Intermediate", keys["intermediate"]
    older_good = crl(issuer, key, number=1, this_update=datetime.datetime(2025, 1, 1, tzinfo=UTC))
    newer_revokes = crl(issuer, key, revoked=[3], number=2, this_update=datetime.datetime(2025, 5, 1, tzinfo=UTC))
    older_hold = crl(issuer, key, entries=[(3, hold)], number=1, this_update=datetime.datetime(2025, 1, 1, tzinfo=UTC))
    newer_released = crl(issuer, key, number=2, this_update=datetime.datetime(2025, 5, 1, tzinfo=UTC))
    base_hold = crl(issuer, key, entries=[(3, hold)], number=10)
    base_compromise = crl(issuer, key, revoked=[3], number=10)
    delta_remove_11 = crl(issuer, key, entries=[(3, remove)], number=11, base=10)
    delta_hold_12 = crl(issuer, key, entries=[(3, hold)], number=12, base=10)
    delta_hold_11 = crl(issuer, key, entries=[(3, hold)], number=11, base=10)
    delta_remove_12 = crl(issuer, key, entries=[(3, remove)], number=12, base=10)
    delta_not_newer = crl(issuer, key, entries=[(3, remove)], number=10, base=10)
    delta_base_too_new = crl(issuer, key, entries=[(3, remove)], number=12, base=11)
    duplicate_masking = crl(issuer, key, entries=[(3, remove), (3, compromise)], number=1)
    duplicate_other = crl(issuer, key, entries=[(77, remove), (77, compromise)], number=1)
    # A CA under the same root that issues a certificate with the intermediate's name and cRLSign.
    other_ca = certificate("Another Intermediate", keys["other"], "Revocation Root", keys["root"], 6, ca=True,
                           usage=["key_cert_sign", "crl_sign"])
    rogue = certificate(issuer, keys["critresponder"], "Another Intermediate", keys["other"], 7, usage=["crl_sign"])
    rogue_good = crl(issuer, keys["critresponder"], number=99)
    other_ca_crl = crl("Another Intermediate", keys["other"])  # so that the rogue signer's own status is known
    reencoded_revokes = crl(issuer, key, revoked=[3], issuer_name=reencoded_name(issuer))
    reencoded_good = crl(issuer, key, issuer_name=reencoded_name(issuer))
    return [
        # 1: a revocation in any usable CRL decides, whatever the order; a hold is lifted by a newer CRL of its scope.
        ("older-good-then-newer-revoked", pem([older_good, newer_revokes, root_crl]), [], "chain", True, "revoked@0"),
        ("newer-revoked-then-older-good", pem([newer_revokes, older_good, root_crl]), [], "chain", True, "revoked@0"),
        ("hold-released-by-newer-crl", pem([older_hold, newer_released, root_crl]), [], "chain", True, "trusted"),
        ("hold-in-newer-crl", pem([newer_released, crl(issuer, key, entries=[(3, hold)], number=3,
                                                         this_update=datetime.datetime(2025, 5, 2, tzinfo=UTC)), root_crl]),
         [], "chain", True, "revoked@0"),
        # 2: the newest applicable delta decides a hold, in any order.
        ("newest-delta-holds", pem([base_hold, delta_remove_11, delta_hold_12, root_crl]), [], "chain", True, "revoked@0"),
        ("newest-delta-releases", pem([base_hold, delta_hold_11, delta_remove_12, root_crl]), [], "chain", True, "trusted"),
        # 3: a delta not newer than its complete CRL, or over a newer base, is not applied; removeFromCRL never lifts a revocation.
        ("delta-not-newer-than-base", pem([base_hold, delta_not_newer, root_crl]), [], "chain", True, "revoked@0"),
        ("delta-base-newer-than-complete", pem([base_hold, delta_base_too_new, root_crl]), [], "chain", True, "revoked@0"),
        ("delta-remove-over-compromise", pem([base_compromise, delta_remove_11, root_crl]), [], "chain", True, "revoked@0"),
        ("valid-delta-releases-hold", pem([base_hold, delta_remove_11, root_crl]), [], "chain", True, "trusted"),
        # 4: a serial listed twice is read by its strongest entry.
        ("duplicate-serial-remove-first", pem([duplicate_masking, root_crl]), [], "chain", True, "revoked@0"),
        ("duplicate-other-serial", pem([duplicate_other, root_crl]), [], "chain", True, "trusted"),
        # 5: a certificate of another CA with the issuer's name cannot speak for the issuer's certificates.
        ("foreign-signer-good-then-revoked", pem([rogue_good, revokes_leaf_of(keys), other_ca_crl, root_crl]), [other_ca, rogue], "chain", True, "revoked@0"),
        ("foreign-signer-alone", pem([rogue_good, other_ca_crl, root_crl]), [other_ca, rogue], "chain", True, "revocationUnknown@0"),
        # 6: the issuer's own CRL with its name re-encoded (PrintableString, other case, extra spaces) is used.
        ("reencoded-issuer-revokes", pem([reencoded_revokes, root_crl]), [], "chain", False, "revoked@0"),
        ("reencoded-issuer-good", pem([reencoded_good, root_crl]), [], "chain", True, "trusted"),
    ]


def revokes_leaf_of(keys):
    return crl("Revocation Intermediate", keys["intermediate"], revoked=[3], number=2)


def der(item):
    return item.public_bytes(serialization.Encoding.DER)


def pem(items):
    return b"".join(item.public_bytes(serialization.Encoding.PEM) for item in items)


def spoiled(item):
    """The CRL with the last octet of its signature flipped, as PEM."""
    data = bytearray(der(item))
    data[-1] ^= 0x01
    import base64
    body = base64.encodebytes(bytes(data)).replace(b"\n", b"")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return b"-----BEGIN X509 CRL-----\n" + b"\n".join(lines) + b"\n-----END X509 CRL-----\n"


def ocsp_response(leaf, issuer, signer_cert, signer_key, status="good", this_update=None, next_update=END,
                  hash_algorithm=None, delegate=None, extensions=()):
    """One OCSPResponse for `leaf`, DER. `signer_cert` names the responder (by key hash)."""
    this_update = this_update or datetime.datetime(2025, 5, 31, tzinfo=UTC)
    cert_status = {"good": ocsp.OCSPCertStatus.GOOD, "revoked": ocsp.OCSPCertStatus.REVOKED,
                   "unknown": ocsp.OCSPCertStatus.UNKNOWN}[status]
    builder = ocsp.OCSPResponseBuilder().add_response(
        cert=leaf, issuer=issuer, algorithm=hash_algorithm or hashes.SHA1(), cert_status=cert_status,
        this_update=this_update, next_update=next_update,
        revocation_time=REVOKED_AT if status == "revoked" else None,
        revocation_reason=x509.ReasonFlags.key_compromise if status == "revoked" else None)
    builder = builder.responder_id(ocsp.OCSPResponderEncoding.HASH, signer_cert)
    if delegate is not None:
        builder = builder.certificates([delegate])
    for extension, critical in extensions:
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(signer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(octets)]) + octets
    return bytes([tag]) + length + content


def elements(data):
    """The TLVs of a DER content, as (tag, content, whole) triples."""
    out, i = [], 0
    while i < len(data):
        tag, first = data[i], data[i + 1]
        if first < 0x80:
            length, start = first, i + 2
        else:
            count = first & 0x7F
            length, start = int.from_bytes(data[i + 2:i + 2 + count], "big"), i + 2 + count
        out.append((tag, data[start:start + length], data[i:start + length]))
        i = start + length
    return out


def resigned_with_sha1(response, key):
    """The response with its BasicOCSPResponse signed again with SHA-1 (the
    `cryptography` builders refuse SHA-1): same ResponseData, new algorithm
    and signature."""
    from cryptography.hazmat.primitives.asymmetric import padding
    (_, body, _), = elements(response)
    status, wrapper = elements(body)
    (_, response_bytes, _), = elements(wrapper[1])
    oid, octets = elements(response_bytes)
    (_, basic, _), = elements(octets[1])
    parts = elements(basic)
    tbs = parts[0][2]
    if isinstance(key, rsa.RSAPrivateKey):
        signature = key.sign(tbs, padding.PKCS1v15(), hashes.SHA1())
        algorithm = tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d010105")) + b"\x05\x00")
    else:
        signature = key.sign(tbs, ec.ECDSA(hashes.SHA1()))
        algorithm = tlv(0x30, tlv(0x06, bytes.fromhex("2a8648ce3d0401")))
    basic = tlv(0x30, tbs + algorithm + tlv(0x03, b"\x00" + signature) + b"".join(p[2] for p in parts[3:]))
    response_bytes = tlv(0x30, oid[2] + tlv(0x04, basic))
    return tlv(0x30, status[2] + tlv(0xA0, response_bytes))


def spoiled_der(data):
    data = bytearray(data)
    data[-1] ^= 0x01
    return bytes(data)


def hierarchy(kind):
    keys = {role: new_key(kind) for role in ("root", "intermediate", "leaf", "signer", "nosign", "other", "responder", "noresponder",
                                             "critresponder")}
    root = certificate("Revocation Root", keys["root"], "Revocation Root", keys["root"], 1, ca=True, usage=["key_cert_sign", "crl_sign"])
    intermediate = certificate("Revocation Intermediate", keys["intermediate"], "Revocation Root", keys["root"], 2, ca=True,
                               usage=["key_cert_sign", "crl_sign"])
    leaf = certificate("www.example.com", keys["leaf"], "Revocation Intermediate", keys["intermediate"], 3, usage=["digital_signature"], leaf=True)
    # Same name as the intermediate, another key: a separate CRL-signing certificate.
    signer = certificate("Revocation Intermediate", keys["signer"], "Revocation Root", keys["root"], 4, usage=["crl_sign"])
    nosign = certificate("Revocation Intermediate", keys["nosign"], "Revocation Root", keys["root"], 5, usage=["digital_signature"])
    return keys, root, intermediate, leaf, signer, nosign


def ocsp_cases(keys, root, intermediate, leaf, root_crl, revokes_leaf, empty):
    """(name, crls, ocsp DER, coverage, required, preferCRL, expected)."""
    responder = certificate("Revocation OCSP Responder", keys["responder"], "Revocation Intermediate", keys["intermediate"], 6,
                            usage=["digital_signature"], eku=[ExtendedKeyUsageOID.OCSP_SIGNING])
    noresponder = certificate("Revocation Not A Responder", keys["noresponder"], "Revocation Intermediate", keys["intermediate"], 7,
                              usage=["digital_signature"], eku=[ExtendedKeyUsageOID.CLIENT_AUTH])
    other = certificate("Another Intermediate", keys["other"], "Another Intermediate", keys["other"], 8, ca=True, usage=["key_cert_sign"])
    unknown_critical = x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.55555.3"), b"\x05\x00")
    critresponder = certificate("Revocation Critical Responder", keys["critresponder"], "Revocation Intermediate", keys["intermediate"], 9,
                                usage=["digital_signature"], eku=[ExtendedKeyUsageOID.OCSP_SIGNING], extra=[(unknown_critical, True)])
    own = lambda **options: ocsp_response(leaf, intermediate, intermediate, keys["intermediate"], **options)
    unknown = x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.55555.2"), b"\x05\x00")
    return [
        ("ocsp-good", b"", own(), "leaf", True, False, "trusted"),
        ("ocsp-revoked", b"", own(status="revoked"), "leaf", False, False, "revoked@0"),
        ("ocsp-unknown", b"", own(status="unknown"), "leaf", True, False, "revocationUnknown@0"),
        ("ocsp-unknown-not-required", b"", own(status="unknown"), "leaf", False, False, "trusted"),
        ("ocsp-expired", b"", own(status="revoked", this_update=datetime.datetime(2025, 5, 1, tzinfo=UTC),
                                  next_update=datetime.datetime(2025, 5, 8, tzinfo=UTC)), "leaf", True, False, "revocationUnknown@0"),
        ("ocsp-future", b"", own(status="revoked", this_update=datetime.datetime(2025, 6, 2, tzinfo=UTC)), "leaf", True, False,
         "revocationUnknown@0"),
        ("ocsp-no-next-update", b"", own(status="revoked", next_update=None), "leaf", False, False, "revoked@0"),
        ("ocsp-no-next-update-too-old", b"", own(status="revoked", this_update=datetime.datetime(2025, 5, 1, tzinfo=UTC), next_update=None),
         "leaf", True, False, "revocationUnknown@0"),
        ("ocsp-wrong-issuer", b"", ocsp_response(leaf, intermediate, other, keys["other"], status="revoked"), "leaf", True, False,
         "revocationUnknown@0"),
        ("ocsp-bad-signature", b"", spoiled_der(own(status="revoked")), "leaf", True, False, "revocationUnknown@0"),
        ("ocsp-delegated", b"", ocsp_response(leaf, intermediate, responder, keys["responder"], delegate=responder), "leaf", True, False,
         "trusted"),
        ("ocsp-delegated-revokes", b"", ocsp_response(leaf, intermediate, responder, keys["responder"], status="revoked", delegate=responder),
         "leaf", False, False, "revoked@0"),
        ("ocsp-delegated-without-ocspsigning", b"",
         ocsp_response(leaf, intermediate, noresponder, keys["noresponder"], status="revoked", delegate=noresponder), "leaf", True, False,
         "revocationUnknown@0"),
        ("ocsp-unknown-critical-extension", b"", own(status="revoked", extensions=[(unknown, True)]), "leaf", True, False,
         "revocationUnknown@0"),
        ("ocsp-delegate-unknown-critical-extension", b"",
         ocsp_response(leaf, intermediate, critresponder, keys["critresponder"], status="revoked", delegate=critresponder), "leaf", True, False,
         "revocationUnknown@0"),
        ("ocsp-next-before-this", b"", own(status="revoked", this_update=T + datetime.timedelta(seconds=200),
                                          next_update=T - datetime.timedelta(seconds=200)), "leaf", True, False, "revocationUnknown@0"),
        ("ocsp-sha1-signed-revoked", b"", resigned_with_sha1(own(status="revoked"), keys["intermediate"]), "leaf", False, False, "revoked@0"),
        ("ocsp-sha1-signed-good", b"", resigned_with_sha1(own(), keys["intermediate"]), "leaf", True, False, "revocationUnknown@0"),
        ("ocsp-sha256-certid", b"", own(status="revoked", hash_algorithm=hashes.SHA256()), "leaf", False, False, "revoked@0"),
        ("ocsp-leaf-crl-chain", pem([root_crl]), own(), "chain", True, False, "trusted"),
        # Both methods are consulted and a revocation from either decides, in
        # either order (preferCRL); the order only says whose "good" is
        # reported, and a "good" stands beside the other method's gap.
        ("ocsp-good-crl-revokes", pem([revokes_leaf, root_crl]), own(), "chain", True, False, "revoked@0"),
        ("ocsp-prefer-crl", pem([revokes_leaf, root_crl]), own(), "chain", True, True, "revoked@0"),
        ("ocsp-revokes-crl-good", pem([empty, root_crl]), own(status="revoked"), "chain", True, False, "revoked@0"),
        ("ocsp-revokes-crl-good-prefer-crl", pem([empty, root_crl]), own(status="revoked"), "chain", True, True, "revoked@0"),
        ("ocsp-good-crl-good", pem([empty, root_crl]), own(), "chain", True, False, "trusted"),
        ("ocsp-good-crl-good-prefer-crl", pem([empty, root_crl]), own(), "chain", True, True, "trusted"),
        ("ocsp-good-crl-unusable-prefer-crl", spoiled(revokes_leaf) + pem([root_crl]), own(), "chain", True, True, "trusted"),
        ("ocsp-unusable-crl-good", pem([empty, root_crl]), spoiled_der(own(status="revoked")), "chain", True, False, "trusted"),
    ]


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    rows = []
    for kind in ("rsa", "p256"):
        keys, root, intermediate, leaf, signer, nosign = hierarchy(kind)
        root_crl = crl("Revocation Root", keys["root"])
        root_revokes_intermediate = crl("Revocation Root", keys["root"], revoked=[2])
        empty = crl("Revocation Intermediate", keys["intermediate"])
        revokes_leaf = crl("Revocation Intermediate", keys["intermediate"], revoked=[3])
        unknown = x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.55555.1"), b"\x05\x00")
        delta_base = crl("Revocation Intermediate", keys["intermediate"], number=10)
        delta = (x509.CertificateRevocationListBuilder().issuer_name(name("Revocation Intermediate"))
                 .last_update(START).next_update(END)
                 .add_extension(x509.CRLNumber(11), critical=False)
                 .add_extension(x509.DeltaCRLIndicator(10), critical=True)
                 .add_revoked_certificate(x509.RevokedCertificateBuilder().serial_number(3).revocation_date(REVOKED_AT).build())
                 .sign(keys["intermediate"], hashes.SHA256()))
        cases = [
            # name, crls (PEM bytes), extra untrusted, coverage, required, expected
            ("good", pem([empty, root_crl]), [], "chain", True, "trusted"),
            ("revoked-leaf", pem([revokes_leaf, root_crl]), [], "chain", False, "revoked@0"),
            ("revoked-intermediate", pem([empty, root_revokes_intermediate]), [], "chain", False, "revoked@1"),
            ("revoked-intermediate-leaf-only", pem([empty, root_revokes_intermediate]), [], "leaf", True, "trusted"),
            ("missing-crl-not-required", b"", [], "chain", False, "trusted"),
            ("missing-crl-required", b"", [], "chain", True, "revocationUnknown@0"),
            # Past its nextUpdate a CRL still proves a revocation (issue 30 1c), never a hold or "good".
            ("expired-crl", pem([crl("Revocation Intermediate", keys["intermediate"], revoked=[3], next_update=datetime.datetime(2025, 5, 1, tzinfo=UTC)), root_crl]),
             [], "chain", False, "revoked@0"),
            ("expired-crl-hold", pem([crl("Revocation Intermediate", keys["intermediate"], entries=[(3, x509.ReasonFlags.certificate_hold)],
                                          next_update=datetime.datetime(2025, 5, 1, tzinfo=UTC)), root_crl]),
             [], "chain", True, "revocationUnknown@0"),
            ("expired-crl-empty", pem([crl("Revocation Intermediate", keys["intermediate"], next_update=datetime.datetime(2025, 5, 1, tzinfo=UTC)), root_crl]),
             [], "chain", True, "revocationUnknown@0"),
            ("future-crl", pem([crl("Revocation Intermediate", keys["intermediate"], revoked=[3], this_update=datetime.datetime(2025, 7, 1, tzinfo=UTC)), root_crl]),
             [], "chain", True, "revocationUnknown@0"),
            ("wrong-issuer", pem([crl("Another Intermediate", keys["other"], revoked=[3]), root_crl]), [], "chain", True, "revocationUnknown@0"),
            ("bad-signature", spoiled(revokes_leaf) + pem([root_crl]), [], "chain", True, "revocationUnknown@0"),
            ("bad-signature-not-required", spoiled(revokes_leaf) + pem([root_crl]), [], "chain", False, "trusted"),
            ("unknown-critical-extension", pem([crl("Revocation Intermediate", keys["intermediate"], revoked=[], extensions=[(unknown, True)]), root_crl]),
             [], "chain", True, "revocationUnknown@0"),
            ("unknown-noncritical-extension", pem([crl("Revocation Intermediate", keys["intermediate"], revoked=[3], extensions=[(unknown, False)]), root_crl]),
             [], "chain", False, "revoked@0"),
            ("separate-signer", pem([crl("Revocation Intermediate", keys["signer"]), root_crl]), [signer], "chain", True, "trusted"),
            ("separate-signer-revokes", pem([crl("Revocation Intermediate", keys["signer"], revoked=[3]), root_crl]), [signer], "chain", False, "revoked@0"),
            ("signer-without-crlsign", pem([crl("Revocation Intermediate", keys["nosign"], revoked=[3]), root_crl]), [nosign], "chain", True, "revocationUnknown@0"),
            ("delta-revokes", pem([delta_base, delta, root_crl]), [], "chain", False, "revoked@0"),
            ("delta-without-base", pem([delta, root_crl]), [], "chain", True, "revocationUnknown@0"),
        ]
        cases += crl_cases(keys, root, intermediate, root_crl)
        rows_of_kind = [(case, crls, extra, coverage, required, False, None, expected)
                        for case, crls, extra, coverage, required, expected in cases]
        rows_of_kind += [(case, crls, [], coverage, required, prefer, response, expected)
                         for case, crls, response, coverage, required, prefer, expected in
                         ocsp_cases(keys, root, intermediate, leaf, root_crl, revokes_leaf, empty)]
        for case, crls, extra, coverage, required, prefer, response, expected in rows_of_kind:
            folder_name = case if kind == "rsa" else f"{case}.{kind}"
            folder = os.path.join(OUT, folder_name)
            os.makedirs(folder)
            with open(os.path.join(folder, "chain.pem"), "wb") as f:
                f.write(pem([leaf, intermediate] + extra))
            with open(os.path.join(folder, "roots.pem"), "wb") as f:
                f.write(pem([root]))
            if crls:
                with open(os.path.join(folder, "crls.pem"), "wb") as f:
                    f.write(crls)
            if response:
                with open(os.path.join(folder, "ocsp.der"), "wb") as f:
                    f.write(response)
            rows.append({"name": folder_name, "issuerKey": kind, "coverage": coverage, "required": required,
                         "preferCRL": prefer, "host": "www.example.com", "time": int(T.timestamp()), "expected": expected})
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump(rows, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
