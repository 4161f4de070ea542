import DER

// OCSPResponse ::= SEQUENCE { responseStatus, responseBytes [0] EXPLICIT OPTIONAL }
// (RFC 6960 §4.2.1, an EXPLICIT TAGS module), read as a straight script:
// the envelope, then the BasicOCSPResponse inside its OCTET STRING (ranges
// stay absolute: the inner reader runs over the same buffer), then each
// SingleResponse.
extension OCSPResponse {
    /// Library bounds. Responders answer for one certificate, a few batch a
    /// few dozen; the bounds keep a hostile response from costing more. More
    /// single responses refuse the response; certificates past the bound
    /// are skipped (`skippedCertificates`).
    package static let maximumSingleResponses = 1_024
    /// The most `certs` entries parsed; later ones count in `skippedCertificates`.
    package static let maximumCertificates = 16

    /// Parses and checks a DER OCSP response. `der` is kept as is (no copy).
    public init(derEncoded der: [UInt8]) throws(DERError) {
        self = try DERReader.withReader(over: der) { (reader: inout DERReader) throws(DERError) in
            try OCSPResponse.parse(der, &reader)
        }
    }

    private static func parse(_ der: [UInt8], _ reader: inout DERReader) throws(DERError) -> OCSPResponse {
        let response = try reader.read(.sequence)
        try reader.expectEnd()
        var fields = try reader.nested(response)
        let statusStart = fields.position
        let code: Int
        do { code = try fields.readSmallInteger(tag: .enumerated, maximum: 6) } catch {
            throw error.rule == .integerOutOfRange ? DERError(.unknownOCSPResponseStatus, at: statusStart) : error
        }
        guard let status = Status(rawValue: code) else { throw DERError(.unknownOCSPResponseStatus, at: statusStart) }
        guard let wrapper = try fields.readIfPresent(.contextSpecificConstructed(0)) else {
            try fields.expectEnd()
            // §4.2.1: a successful response carries its bytes; an error carries none.
            guard status != .successful else { throw DERError(.missingOCSPResponseBytes, at: response.start) }
            return OCSPResponse(storage: Storage(der: der, status: status, basic: nil))
        }
        try fields.expectEnd()
        guard status == .successful else { throw DERError(.unexpectedOCSPResponseBytes, at: wrapper.start) }
        var explicit = try fields.nested(wrapper)
        let bytes = try explicit.read(.sequence)
        try explicit.expectEnd()
        var responseBytes = try explicit.nested(bytes)
        let type = try responseBytes.readOID()
        guard responseBytes.bytes(type, equal: OID.ocspBasic.bytes) else {
            throw DERError(.unsupportedOCSPResponseType, at: type.lowerBound)
        }
        let octets = try responseBytes.readOctetString()
        try responseBytes.expectEnd()
        var basicReader = reader.reader(over: octets, depth: responseBytes.depth + 1)
        let basic = try BasicOCSPResponse.read(der, &basicReader)
        try basicReader.expectEnd()
        return OCSPResponse(storage: Storage(der: der, status: status, basic: basic))
    }
}

extension BasicOCSPResponse {
    /// `SEQUENCE { tbsResponseData, signatureAlgorithm, signature, certs [0] EXPLICIT OPTIONAL }`.
    static func read(_ der: [UInt8], _ reader: inout DERReader) throws(DERError) -> BasicOCSPResponse {
        let element = try reader.read(.sequence)
        var fields = try reader.nested(element)
        let tbs = try fields.read(.sequence)
        let signatureAlgorithm = try fields.readAlgorithmIdentifier()
        let signature = try fields.readBitString()
        guard signature.unusedBits == 0 else { throw DERError(.invalidSignatureValue, at: signature.bytes.lowerBound - 1) }
        var certificates: [Certificate] = []
        var skipped = 0
        if let wrapper = try fields.readIfPresent(.contextSpecificConstructed(0)) {
            var explicit = try fields.nested(wrapper)
            let list = try explicit.read(.sequence)
            try explicit.expectEnd()
            var items = try explicit.nested(list)
            // A certificate that does not parse, or one past the bound, is
            // skipped rather than spoiling the response: it could only ever
            // serve as a delegated responder, and one that is unusable
            // authorises nothing, while the issuer's own signature may still
            // stand (OpenSSL reads such responses too).
            while !items.isAtEnd {
                let item = try items.read(.sequence)
                guard certificates.count < OCSPResponse.maximumCertificates,
                      let certificate = try? Certificate(derEncoded: Array(der[item.encoded])) else {
                    skipped += 1
                    continue
                }
                certificates.append(certificate)
            }
        }
        try fields.expectEnd()

        var data = try fields.nested(tbs)
        // version [0] EXPLICIT Version DEFAULT v1: v1 is said by leaving it out.
        if let version = try data.readIfPresent(.contextSpecificConstructed(0)) {
            var inner = try data.nested(version)
            let value = try inner.readSmallInteger(maximum: Int(Int32.max))
            try inner.expectEnd()
            throw DERError(value == 0 ? .explicitDefaultValue : .unsupportedOCSPVersion, at: version.start)
        }
        let responderID = try readResponderID(der, &data)
        let producedAt = try data.readGeneralizedTime()
        let list = try data.read(.sequence)
        var items = try data.nested(list)
        var responses: [SingleResponse] = []
        while !items.isAtEnd {
            guard responses.count < OCSPResponse.maximumSingleResponses else { throw DERError(.tooManyOCSPItems, at: items.position) }
            responses.append(try SingleResponse.read(der, &items))
        }
        var extensions: Range<Int>? = nil, nonce: Range<Int>? = nil, unknownCritical = false
        if let wrapper = try data.readIfPresent(.contextSpecificConstructed(1)) {
            var explicit = try data.nested(wrapper)
            let walk = try ExtensionWalk.read(&explicit) { (oid, _, value, valueReader: inout DERReader, start) throws(DERError) in
                guard valueReader.bytes(oid, equal: OID.ocspNonce.bytes) else { return false }
                guard nonce == nil else { throw DERError(.duplicateExtension, at: start) }
                nonce = value
                return true
            }
            try explicit.expectEnd()
            extensions = walk.list
            unknownCritical = walk.hasUnrecognisedCriticalExtension
        }
        try data.expectEnd()
        return BasicOCSPResponse(
            signedData: SignedData(message: der[tbs.encoded], algorithm: signatureAlgorithm.view(in: der),
                                   signature: der[signature.bytes]),
            responderID: responderID, producedAt: producedAt, responses: responses, extensions: extensions.map { der[$0] },
            nonce: nonce.map { der[$0] }, hasUnrecognisedCriticalExtension: unknownCritical, certificates: certificates,
            skippedCertificates: skipped)
    }

    /// `CHOICE { byName [1] Name, byKey [2] KeyHash }`, both explicitly tagged.
    private static func readResponderID(_ der: [UInt8], _ reader: inout DERReader) throws(DERError) -> ResponderID {
        let element = try reader.readElement()
        var inner = try reader.nested(element)
        let id: ResponderID
        if element.tag == .contextSpecificConstructed(1) {
            id = .byName(Name(encoded: der[try DistinguishedName.check(&inner)]))
        } else if element.tag == .contextSpecificConstructed(2) {
            let hash = try inner.readOctetString()
            // KeyHash is a SHA-1 hash: anything else cannot name a key.
            guard hash.count == 20 else { throw DERError(.invalidResponderID, at: element.start) }
            id = .byKey(der[hash])
        } else {
            throw DERError(.invalidResponderID, at: element.start)
        }
        try inner.expectEnd()
        return id
    }
}

extension SingleResponse {
    /// `SEQUENCE { certID, certStatus, thisUpdate, nextUpdate [0] EXPLICIT OPTIONAL, singleExtensions [1] EXPLICIT OPTIONAL }`.
    static func read(_ der: [UInt8], _ reader: inout DERReader) throws(DERError) -> SingleResponse {
        let element = try reader.read(.sequence)
        var fields = try reader.nested(element)
        let certID = try CertID.read(der, &fields)
        let status = try readStatus(&fields)
        let thisUpdate = try fields.readGeneralizedTime()
        var nextUpdate: Int64? = nil
        if let wrapper = try fields.readIfPresent(.contextSpecificConstructed(0)) {
            var explicit = try fields.nested(wrapper)
            nextUpdate = try explicit.readGeneralizedTime()
            try explicit.expectEnd()
        }
        var extensions: Range<Int>? = nil, unknownCritical = false, scts: Range<Int>? = nil
        if let wrapper = try fields.readIfPresent(.contextSpecificConstructed(1)) {
            var explicit = try fields.nested(wrapper)
            // None changes what the status means (a CRL reason or SCTs ride
            // along), so each is only counted, and the SCT list kept for a
            // CT policy; an unknown critical one makes this status unusable.
            let walk = try ExtensionWalk.read(&explicit) { (oid, _, value, _: inout DERReader, start) throws(DERError) in
                guard der[oid].elementsEqual(OID.ocspSignedCertificateTimestampList.bytes) else { return false }
                guard scts == nil else { throw DERError(.duplicateExtension, at: start) }
                scts = value
                return true
            }
            try explicit.expectEnd()
            extensions = walk.list
            unknownCritical = walk.hasUnrecognisedCriticalExtension
        }
        try fields.expectEnd()
        return SingleResponse(encoded: der[element.encoded], certID: certID, status: status, thisUpdate: thisUpdate,
                              nextUpdate: nextUpdate, extensions: extensions.map { der[$0] }, hasUnrecognisedCriticalExtension: unknownCritical,
                              sctListValue: scts.map { der[$0] })
    }

    /// `CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo, unknown [2] IMPLICIT NULL }`.
    private static func readStatus(_ reader: inout DERReader) throws(DERError) -> OCSPCertStatus {
        let tag = reader.peekTag()
        if tag == .contextSpecific(0) {
            try reader.readNull(tag: .contextSpecific(0))
            return .good
        }
        if tag == .contextSpecific(2) {
            try reader.readNull(tag: .contextSpecific(2))
            return .unknown
        }
        let element = try reader.read(.contextSpecificConstructed(1))
        var info = try reader.nested(element)
        let time = try info.readGeneralizedTime()
        var reason: CRLReason? = nil
        if let wrapper = try info.readIfPresent(.contextSpecificConstructed(0)) {
            var explicit = try info.nested(wrapper)
            let code: Int
            do { code = try explicit.readSmallInteger(tag: .enumerated, maximum: 10) } catch {
                throw error.rule == .integerOutOfRange ? DERError(.invalidReasonCode, at: wrapper.start) : error
            }
            guard let value = CRLReason(rawValue: code) else { throw DERError(.invalidReasonCode, at: wrapper.start) }
            try explicit.expectEnd()
            reason = value
        }
        try info.expectEnd()
        return .revoked(time: time, reason: reason)
    }
}

extension CertID {
    /// `SEQUENCE { hashAlgorithm, issuerNameHash OCTET STRING, issuerKeyHash OCTET STRING, serialNumber INTEGER }`.
    static func read(_ der: [UInt8], _ reader: inout DERReader) throws(DERError) -> CertID {
        let element = try reader.read(.sequence)
        var fields = try reader.nested(element)
        let algorithm = try fields.readAlgorithmIdentifier()
        let nameHash = try fields.readOctetString()
        let keyHash = try fields.readOctetString()
        let serial = try fields.readInteger()
        try fields.expectEnd()
        var hash: Hash? = nil
        // Parameters absent or NULL: responders write both (RFC 5754 §2).
        let parameters = algorithm.parameters
        if parameters == nil || parameters.map({ fields.bytes($0, equal: [0x05, 0x00]) }) == true {
            let oid = algorithm.algorithm
            if fields.bytes(oid, equal: OID.sha1.bytes) { hash = .sha1 }
            else if fields.bytes(oid, equal: OID.sha256.bytes) { hash = .sha256 }
            else if fields.bytes(oid, equal: OID.sha384.bytes) { hash = .sha384 }
            else if fields.bytes(oid, equal: OID.sha512.bytes) { hash = .sha512 }
        }
        // Hashes of the wrong length for their function name nothing.
        if let known = hash, nameHash.count != known.size || keyHash.count != known.size { hash = nil }
        return CertID(hashAlgorithm: algorithm.view(in: der), hash: hash, issuerNameHash: der[nameHash], issuerKeyHash: der[keyHash],
                      serialNumber: SerialNumber(bytes: der[serial]))
    }
}

extension CertID.Hash {
    /// The digest length in octets.
    package var size: Int {
        switch self {
        case .sha1: return 20
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }
}
