import DER
import PKIX
import Testing
import TestSupport

// The decoded views the tool renders: authorityInfoAccess,
// certificatePolicies with qualifiers, SCT lists, freshestCRL and relative
// distribution point names. Each decodes a known certificate to the values
// `openssl x509 -text` shows for it, and reads hostile bytes without trapping.

private func certificate(_ file: String) throws -> Certificate {
    try Certificate(derEncoded: try firstCertificate(file))
}

/// A v3 certificate whose only extension is `oid` with `value`; nil when parsing refuses it.
private func withExtension(_ oid: OID, _ value: [UInt8]) throws -> Certificate? {
    var surgery = try CertificateSurgery(try firstCertificate("generated/ec-p384.pem"))
    // The generated P-384 certificate is v3 without extensions.
    surgery.tbsFields.append(encode(0xA3, encode(0x30, extensionTLV(oid: oid.bytes, value: value))))
    return try? Certificate(derEncoded: surgery.der)
}

/// One SerializedSCT with `extensions` and a 4-byte signature after the fixed fields.
private func serializedSCT(version: UInt8 = 0, logByte: UInt8, timestamp: UInt64, extensions: [UInt8] = []) -> [UInt8] {
    var body: [UInt8] = [version] + [UInt8](repeating: logByte, count: 32)
    for shift in stride(from: 56, through: 0, by: -8) { body.append(UInt8(truncatingIfNeeded: timestamp >> UInt64(shift))) }
    body += [UInt8(extensions.count >> 8), UInt8(extensions.count & 0xFF)] + extensions
    body += [0x04, 0x03, 0x00, 0x00]
    return [UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
}

private func sctList(_ entries: [[UInt8]]) -> [UInt8] {
    let content = entries.flatMap { $0 }
    return [UInt8(content.count >> 8), UInt8(content.count & 0xFF)] + content
}

@Suite struct ExtensionDecoderTests {
    // MARK: Values that must decode

    @Test func accessDescriptionsOfTheGeneratedLeaf() throws {
        let descriptions = try certificate("generated/leaf-all-extensions.pem").accessDescriptions
        #expect(descriptions.map(\.method) == [.ocspAccessMethod, .caIssuersAccessMethod])
        #expect(descriptions.map(\.location.description) == ["URI:http://ocsp.example.com", "URI:http://ca.example.com/ca.der"])
        // Absent: empty, not a trap.
        #expect(try certificate("generated/v1.pem").accessDescriptions.isEmpty)
    }

    @Test func policiesWithCPSAndExplicitNotice() throws {
        // badssl's RapidSSL leaf: domain validated, a CPS pointer and a user notice with explicit text only.
        let statements = try #require(try certificate("certs/pyca-x509/badssl-sct.pem").policyStatements)
        #expect(statements.map(\.policy) == [.cabfDomainValidated])
        let qualifiers = try #require(statements.first).qualifiers
        #expect(qualifiers.count == 2)
        guard case .cps(let uri) = qualifiers[0], case .userNotice(let notice) = qualifiers[1] else {
            Issue.record("qualifiers \(qualifiers)")
            return
        }
        #expect(String(decoding: uri, as: UTF8.self) == "https://www.rapidssl.com/legal")
        #expect(notice.noticeReference == nil)
        #expect(notice.explicitText?.string == "https://www.rapidssl.com/legal")
    }

    @Test func userNoticeWithReference() throws {
        let statements = try #require(try certificate("certs/pyca-x509/custom/cp_user_notice_with_notice_reference.pem").policyStatements)
        let notices = statements.flatMap(\.qualifiers).compactMap { qualifier -> UserNotice? in
            if case .userNotice(let notice) = qualifier { return notice } else { return nil }
        }
        let reference = try #require(notices.first?.noticeReference)
        #expect(reference.organization.string == "my org")
        #expect(reference.noticeNumbers.map { Array($0) } == [[1], [2], [3], [4]])
        #expect(notices.first?.explicitText?.string == "thing")
    }

    @Test func bmpNoticeTextDecodesAsUTF16() {
        let text = NoticeText(tag: .bmpString, value: [0x00, 0x52, 0x00, 0xED, 0x00])
        // "Rí", the odd last byte dropped.
        #expect(text.string == "R\u{ED}")
    }

    @Test func signedCertificateTimestampsOfBadSSL() throws {
        let list = try #require(try certificate("certs/pyca-x509/badssl-sct.pem").signedCertificateTimestamps)
        #expect(list.count == 1)
        let sct = try #require(list.first)
        #expect(sct.version == 0)
        #expect(Base64.encode(sct.logID) == "p85KTmIH4K3e5f2qSx+GdodntdACpV1HMQ5+ZwqV6rI=")
        // 2016-11-17T01:56:25.396Z
        #expect(sct.timestamp == 1_479_347_785_396)
        #expect(sct.encoded.count > 43)
        #expect(try certificate("generated/leaf-all-extensions.pem").signedCertificateTimestamps == nil)
    }

    @Test func sctListKeepsTheIndicesOfItsSlice() throws {
        // A list inside a larger array: the views are slices of that array.
        let padding: [UInt8] = [0xEE, 0xEE, 0xEE]
        let bytes = padding + sctList([serializedSCT(logByte: 0xAB, timestamp: 1_000), serializedSCT(version: 1, logByte: 0xCD, timestamp: 2_001, extensions: [1, 2])])
        let list = try SignedCertificateTimestampList(tlsEncoded: bytes[3...])
        // The second SCT is of version 1 (v2): skipped and reported, not fatal.
        #expect(list.timestamps.map(\.timestamp) == [1_000])
        #expect(list.skipped.map(\.index) == [1])
        #expect(list.skipped.map(\.version) == [1])
        #expect(list.timestamps[0].logID.startIndex == 3 + 2 + 2 + 1)
        #expect(list.timestamps[0].signature.isEmpty)
        // RFC 6962 §3.3: a list holds at least one SCT.
        #expect(throws: SCTListError.empty) { try SignedCertificateTimestampList(tlsEncoded: [0x00, 0x00]) }
    }

    @Test func freshestCRLPoints() throws {
        let points = try certificate("certs/pyca-x509/custom/freshestcrl.pem").freshestCRLPoints
        let point = try #require(points.first)
        #expect(points.count == 1)
        guard case .fullName(let content) = point.name else {
            Issue.record("name \(String(describing: point.name))")
            return
        }
        #expect(GeneralName.list(in: content).map(\.description) == ["URI:http://myhost.com/myca.crl", "URI:http://backup.myhost.com/myca.crl"])
        #expect(point.reasons == [.keyCompromise, .cACompromise])
        #expect(point.crlIssuer.map { GeneralName.list(in: $0).map(\.description) } == ["DirName:C=US, CN=cryptography CA"])
        #expect(point.name?.relativeNameContent == nil)
    }

    @Test func relativeDistributionPointName() throws {
        let points = try certificate("certs/rustls-webpki/tests/client_auth_revocation/nofullname_dp_chain.ee.der").distributionPoints
        let name = try #require(points.first?.name)
        #expect(name.relativeNameContent.map { hexString($0) } == "301206035504030c0b6578616d706c652e636f6d")
    }

    // MARK: Hostile bytes: nil or empty, never a trap

    @Test func sctListRefusesWrongLengths() {
        let good = sctList([serializedSCT(logByte: 1, timestamp: 5)])
        #expect((try? SignedCertificateTimestampList(tlsEncoded: good[...]))?.timestamps.count == 1)
        // Every truncation, and every prefix with its outer length patched to fit.
        for end in 0..<good.count {
            #expect((try? SignedCertificateTimestampList(tlsEncoded: good[..<end]))?.timestamps == nil)
            if end >= 2 {
                var patched = Array(good[..<end])
                patched[0] = UInt8((end - 2) >> 8)
                patched[1] = UInt8((end - 2) & 0xFF)
                let decoded = (try? SignedCertificateTimestampList(tlsEncoded: patched[...]))?.timestamps
                #expect(decoded == nil, "prefix \(end)")
            }
        }
        // An SCT shorter than its fixed fields.
        #expect((try? SignedCertificateTimestampList(tlsEncoded: [0x00, 0x04, 0x00, 0x02, 0x00, 0x00]))?.timestamps == nil)
        #expect((try? SignedCertificateTimestampList(tlsEncoded: good[...] + [0x00]))?.timestamps == nil)
    }

    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(state: 0x29_04)
        for round in 0..<2_000 {
            let bytes = random.bytes(words: 1 + round % 12)
            let count = Int(random.next() % UInt64(bytes.count + 1))
            var input = Array(bytes.prefix(count))
            // Half the time, make the outer length right so the entries are read.
            if round % 2 == 0, input.count >= 2 {
                input[0] = UInt8((input.count - 2) >> 8)
                input[1] = UInt8((input.count - 2) & 0xFF)
            }
            _ = (try? SignedCertificateTimestampList(tlsEncoded: input[...]))?.timestamps
            _ = DistributionPoint.Name.relativeToCRLIssuer(input[...]).relativeNameContent
            _ = NoticeText(tag: .bmpString, value: input[...]).string
            _ = NoticeText(tag: .utf8String, value: input[...]).string
        }
    }

    @Test func hostileExtensionValuesDecodeToNothing() throws {
        // The SCT extension is kept raw by the parser: anything parses.
        for value: [UInt8] in [[0x05, 0x00], [0x04, 0x00], [0x04, 0x00, 0x05, 0x00], [0x04, 0x02, 0x00, 0x05], [0x04, 0x02, 0x00, 0x00, 0x00]] {
            let parsed = try #require(try withExtension(.signedCertificateTimestampList, value), "\(value)")
            let list = parsed.signedCertificateTimestamps
            #expect(list == nil || list == [], "\(value)")
        }
        // freshestCRL: parsing checks only that it is a SEQUENCE.
        for content: [UInt8] in [[], [0x30, 0x00], [0x30, 0x03, 0x81, 0x01, 0x00], [0xA0, 0x00], [0x30, 0x02, 0xA0, 0x00]] {
            let parsed = try #require(try withExtension(.freshestCRL, encode(0x30, content)))
            #expect(parsed.freshestCRLPoints.isEmpty, "\(content)")
        }
        // certificatePolicies: a user notice's content is not checked by parsing; a notice that does not read makes the list nil.
        let badNotice = encode(0x30, encode(0x30, encode(0x06, OID.anyPolicy.bytes)
            + encode(0x30, encode(0x30, encode(0x06, OID.userNoticeQualifier.bytes) + encode(0x30, [0x30, 0x05, 0x0C, 0x01])))))
        let parsed = try #require(try withExtension(.certificatePolicies, badNotice))
        #expect(parsed.policyStatements == nil)
        #expect(parsed.certificatePolicyList.map(\.policy) == [.anyPolicy])
    }

    @Test func randomExtensionValuesNeverTrap() throws {
        var random = SplitMix64(state: 0x29_0404)
        let oids: [OID] = [.signedCertificateTimestampList, .freshestCRL, .certificatePolicies, .authorityInfoAccess]
        var parsedCount = 0
        for round in 0..<400 {
            let content = random.bytes(words: 1 + round % 6).prefix(Int(random.next() % 48))
            let oid = oids[round % oids.count]
            let value: [UInt8]
            switch oid {
            case .signedCertificateTimestampList: value = encode(0x04, Array(content))
            case .freshestCRL: value = encode(0x30, Array(content))
            default:
                // A policy whose user notice holds the random bytes, which parsing accepts unread.
                value = encode(0x30, encode(0x30, encode(0x06, OID.anyPolicy.bytes)
                    + encode(0x30, encode(0x30, encode(0x06, OID.userNoticeQualifier.bytes) + encode(0x30, Array(content))))))
            }
            guard let parsed = try withExtension(oid, value) else { continue }
            parsedCount += 1
            _ = parsed.signedCertificateTimestamps
            _ = parsed.freshestCRLPoints.map { $0.name?.relativeNameContent }
            _ = parsed.policyStatements
            _ = parsed.accessDescriptions
        }
        // The wrappers parse whatever they hold (AIA aside): most rounds reach the decoders.
        #expect(parsedCount >= 250)
    }
}
