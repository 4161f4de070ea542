import DER
import PKIX

// RFC 7292 §4.2: SafeContents ::= SEQUENCE OF SafeBag;
// SafeBag ::= SEQUENCE { bagId OID, bagValue [0] EXPLICIT ANY, bagAttributes SET OF PKCS12Attribute OPTIONAL }.

/// A key read from a key bag, with its bag's attributes.
struct KeyEntry {
    let key: PrivateKey
    let attributes: BagAttributes
}

/// Everything read from the bags so far, and what it cost.
struct BagCollector {
    var keys: [KeyEntry] = []
    var certificates: [PKCS12Certificate] = []
    var counts = PKCS12Report.BagCounts()
    var encryptedParts: [PKCS12Report.EncryptedPart] = []
    var budget: WorkBudget
    /// The password forms still possible, the one the MAC proved first.
    var passwords: [PasswordBytes]

    init(budget: WorkBudget, passwords: [PasswordBytes]) {
        self.budget = budget
        self.passwords = passwords
    }

    /// Reads one SafeContents, given DER-shaped (after BER transcoding).
    mutating func readSafeContents(_ bytes: [UInt8], nesting: Int) throws(PKCS12Error) {
        let limits = budget.limits
        guard nesting <= limits.maximumSafeContentsNesting else { throw .nestingTooDeep(limit: limits.maximumSafeContentsNesting) }
        try DERReader.withReader(over: bytes) { (reader: inout DERReader) throws(PKCS12Error) in
            var bags: DERReader
            do throws(DERError) {
                let element = try reader.read(.sequence)
                try reader.expectEnd()
                bags = try reader.nested(element)
            } catch { throw .malformed(.safeContents, error) }
            while !bags.isAtEnd {
                guard counts.total < limits.maximumBags else { throw .tooManyBags(limit: limits.maximumBags) }
                let bagID: Range<Int>, value: DERElement, attributes: BagAttributes
                do throws(DERError) {
                    (bagID, value, attributes) = try bags.readNested(.sequence) { (bag: inout DERReader) throws(DERError) in
                        let bagID = try bag.readOID()
                        let value = try bag.readNested(.contextSpecificConstructed(0)) { (v: inout DERReader) throws(DERError) in
                            try v.readElement()
                        }
                        let attributes = bag.isAtEnd ? BagAttributes() : try BagAttributes.read(&bag)
                        return (bagID, value, attributes)
                    }
                } catch { throw .malformed(.safeContents, error) }
                try readBag(bags, id: bagID, value: value, attributes: attributes, bytes: bytes, nesting: nesting)
            }
        }
    }

    private mutating func readBag(_ reader: DERReader, id: Range<Int>, value: DERElement, attributes: BagAttributes,
                                  bytes: [UInt8], nesting: Int) throws(PKCS12Error) {
        let prefix = OID.bagTypePrefix
        let kind: UInt8 = id.count == prefix.count + 1 && reader.bytes(id.lowerBound..<(id.upperBound - 1), equal: prefix)
            ? reader[id.upperBound - 1] : 0
        switch kind {
        case 1:
            counts.keyBags += 1
            try add(try PrivateKey(pkcs8: reader.copy(value.encoded)), attributes: attributes)
        case 2:
            counts.shroudedKeyBags += 1
            try readShroudedKey(reader, value: value, attributes: attributes)
        case 3:
            try readCertificateBag(reader, value: value, attributes: attributes)
        case 4:
            counts.crlBags += 1
        case 5:
            counts.secretBags += 1
        case 6:
            counts.safeContentsBags += 1
            try readSafeContents(reader.copy(value.encoded), nesting: nesting + 1)
        default:
            counts.unknownBags += 1
        }
    }

    /// RFC 5958 §3: EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm, encryptedData OCTET STRING }.
    private mutating func readShroudedKey(_ reader: DERReader, value: DERElement, attributes: BagAttributes) throws(PKCS12Error) {
        var r = reader.reader(over: value.encoded)
        let algorithm: Range<Int>, ciphertext: Range<Int>
        do throws(DERError) {
            (algorithm, ciphertext) = try r.readNested(.sequence) { (s: inout DERReader) throws(DERError) in
                (try s.readElement().encoded, try s.readOctetString())
            }
        } catch { throw .malformed(.safeContents, error) }
        let parameters = try EncryptionParameters.read(r, algorithm: algorithm)
        encryptedParts.append(.init(location: .shroudedKeyBag(index: counts.shroudedKeyBags - 1), scheme: parameters.scheme))
        let plaintext = try decrypt(parameters, r.copy(ciphertext)) { (try? PrivateKey(pkcs8: $0)) != nil }
        try add(try PrivateKey(pkcs8: plaintext), attributes: attributes)
    }

    /// Keeps a key for pairing, charging now what pairing will spend on it:
    /// the EC or Ed25519 public key computed from the secret, the RSA
    /// consistency check. A file of a thousand P-521 keys would otherwise
    /// cost a second that no budget saw.
    private mutating func add(_ key: PrivateKey, attributes: BagAttributes) throws(PKCS12Error) {
        try budget.charge(WorkCost.add(key.algorithm.derivationCost, key.rsaConsistencyCost))
        keys.append(KeyEntry(key: key, attributes: attributes))
    }

    /// RFC 7292 §4.2.3: CertBag ::= SEQUENCE { certId OID, certValue [0] EXPLICIT OCTET STRING }.
    private mutating func readCertificateBag(_ reader: DERReader, value: DERElement, attributes: BagAttributes) throws(PKCS12Error) {
        var r = reader.reader(over: value.encoded)
        let isX509: Bool, der: Range<Int>
        do throws(DERError) {
            (isX509, der) = try r.readNested(.sequence) { (s: inout DERReader) throws(DERError) in
                let oid = try s.readOID()
                let isX509 = s.bytes(oid, equal: OID.x509CertificateBag.bytes)
                let der = try s.readNested(.contextSpecificConstructed(0)) { (v: inout DERReader) throws(DERError) in
                    isX509 ? try v.readOctetString() : try v.readElement().encoded
                }
                return (isX509, der)
            }
        } catch { throw .malformed(.safeContents, error) }
        guard isX509 else {
            counts.otherCertificateBags += 1
            return
        }
        counts.certificateBags += 1
        // The certificate itself is strict DER, whatever the container was.
        do throws(DERError) {
            let certificate = try Certificate(derEncoded: r.copy(der))
            certificates.append(PKCS12Certificate(certificate: certificate, attributes: attributes))
        } catch { throw .malformed(.certificate, error) }
    }

    /// Decrypts with the password form the MAC proved, or, without a MAC and
    /// with an empty password, with each form in turn; the first whose
    /// plaintext `accept`s is kept. Valid padding alone does not prove the
    /// form: a wrong key ends in a valid pad about once in 256 files, and
    /// the right form must still be tried then.
    mutating func decrypt(_ parameters: EncryptionParameters, _ ciphertext: [UInt8],
                          accept: ([UInt8]) -> Bool) throws(PKCS12Error) -> [UInt8] {
        var lastError = PKCS12Error.decryptionFailed
        for (index, password) in passwords.enumerated() {
            do throws(PKCS12Error) {
                let plaintext = try parameters.decrypt(ciphertext[...], password: password, budget: &budget)
                // The last form left is kept whatever it reads as: the caller's parse then says what is wrong.
                if index + 1 < passwords.count && !accept(plaintext) { continue }
                if index > 0 { passwords.removeFirst(index) }
                return plaintext
            } catch {
                guard error == .decryptionFailed else { throw error }
                lastError = error
            }
        }
        throw lastError
    }
}

/// A certificate read from a certBag, with its bag's attributes.
public struct PKCS12Certificate: Sendable {
    /// The certificate, parsed as strict DER.
    public let certificate: Certificate
    /// friendlyName and localKeyId of its bag.
    package let attributes: BagAttributes
}
