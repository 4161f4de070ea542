import DER
import Symmetric

/// RFC 8018 §A.2 PBKDF2-params, as PBES2 and PBMAC1 carry them.
struct PBKDF2Parameters {
    let salt: [UInt8]
    let iterations: UInt64
    let keyLength: Int?
    let prf: DigestFunction

    /// Reads the AlgorithmIdentifier { id-PBKDF2, PBKDF2-params } at `range`.
    static func read(_ reader: DERReader, algorithm range: Range<Int>) throws(PKCS12Error) -> PBKDF2Parameters {
        var outer = reader.reader(over: range)
        let oid: Range<Int>, parameters: Range<Int>?
        do throws(DERError) { (oid, parameters) = try outer.readAlgorithm() } catch { throw .malformed(.encryptionParameters, error) }
        guard outer.bytes(oid, equal: OID.pbkdf2.bytes) else { throw .unsupportedAlgorithm(.oid(OID(der: outer.copy(oid)))) }
        guard let parameters else { throw .invalidParameters(.pbkdf2WithoutParameters) }
        var r = outer.reader(over: parameters)
        do throws(DERError) {
            return try r.readNested(.sequence) { (p: inout DERReader) throws(DERError) -> PBKDF2Parameters in
                // RFC 8018 §A.2: salt CHOICE { specified OCTET STRING, otherSource AlgorithmIdentifier }.
                guard p.peekTag() == .octetString else { throw DERError(.unexpectedTag, at: p.position) }
                let salt = p.copy(try p.readOctetString())
                let iterations = try p.readIterationCount()
                var keyLength: Int? = nil
                if p.peekTag() == .integer { keyLength = try p.readSmallInteger(maximum: 1 << 20) }
                var prf = DigestFunction.sha1
                if !p.isAtEnd {
                    let start = p.position
                    let (prfOID, prfParameters) = try p.readAlgorithm()
                    guard p.isAbsentOrNull(prfParameters), let function = Self.hmacFunction(p, prfOID) else {
                        throw DERError(.unsupportedPRF, at: start)
                    }
                    prf = function
                }
                return PBKDF2Parameters(salt: salt, iterations: iterations, keyLength: keyLength, prf: prf)
            }
        } catch {
            if error.rule == .unsupportedPRF { throw .unsupportedAlgorithm(.pbkdf2PRF) }
            throw .malformed(.encryptionParameters, error)
        }
    }

    /// RFC 8018 §B.1.2: hmacWithSHA1 (…2.7) through hmacWithSHA512 (…2.11).
    static func hmacFunction(_ reader: DERReader, _ oid: Range<Int>) -> DigestFunction? {
        let prefix = OID.hmacPrefix
        guard oid.count == prefix.count + 1, reader.bytes(oid.lowerBound..<(oid.upperBound - 1), equal: prefix) else { return nil }
        switch reader[oid.upperBound - 1] {
        case 7: return .sha1
        case 8: return .sha224
        case 9: return .sha256
        case 10: return .sha384
        case 11: return .sha512
        default: return nil
        }
    }

    /// Runs PBKDF2 after checking its iteration count and charging its
    /// compressions to `budget`.
    func derive(password: [UInt8], length: Int, budget: inout WorkBudget) throws(PKCS12Error) -> [UInt8] {
        guard iterations >= 1 else { throw .invalidParameters(.zeroIterations) }
        try budget.checkIterations(iterations)
        try budget.charge(WorkCost.pbkdf2(prf, saltLength: salt.count, iterations: iterations, keyLength: length))
        return PBKDF2.deriveKey(prf, password: password[...], salt: salt[...], iterations: Int(iterations), keyLength: length)
    }
}

extension DERError.Rule {
    /// Internal marker: a PBKDF2 PRF this reader does not compute.
    static let unsupportedPRF = Self(code: 410, name: "unsupported PBKDF2 PRF")
}
