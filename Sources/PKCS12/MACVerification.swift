import DER
import Symmetric

/// How the file's integrity is protected (RFC 7292 §4, RFC 9579).
package enum MACScheme: Sendable, Equatable, CustomStringConvertible {
    /// HMAC keyed by the PKCS #12 KDF (RFC 7292 Appendix B) over `digest`.
    case pkcs12KDF(digest: DigestFunction, iterations: Int)
    /// RFC 9579 PBMAC1: HMAC with `hmac`, keyed by PBKDF2 with `prf` and `keyLength` bytes.
    case pbmac1(prf: DigestFunction, hmac: DigestFunction, iterations: Int, keyLength: Int)

    /// The iteration count of the MAC key derivation.
    package var iterations: Int {
        switch self {
        case .pkcs12KDF(_, let iterations), .pbmac1(_, _, let iterations, _): return iterations
        }
    }

    /// Whether a reader should warn: an HMAC over SHA-1, or fewer than 2,048 iterations.
    package var isWeak: Bool {
        if iterations < 2_048 { return true }
        switch self {
        case .pkcs12KDF(let digest, _): return digest == .sha1
        case .pbmac1(let prf, let hmac, _, _): return prf == .sha1 || hmac == .sha1
        }
    }

    /// E.g. `HMAC-SHA256 (PKCS #12 KDF), 2048 iterations`.
    package var description: String {
        switch self {
        case .pkcs12KDF(let digest, let iterations):
            return "HMAC-\(digest.name) (PKCS #12 KDF), \(iterationCount(iterations))"
        case .pbmac1(let prf, let hmac, let iterations, let keyLength):
            return "PBMAC1 HMAC-\(hmac.name), PBKDF2-HMAC-\(prf.name), \(iterationCount(iterations)), \(keyLength)-byte key"
        }
    }
}

/// MacData read and checked, before any password is tried.
struct MACData {
    let scheme: MACScheme
    let expected: [UInt8]
    let derivation: Derivation

    enum Derivation {
        case pkcs12(digest: DigestFunction, salt: [UInt8], iterations: UInt64)
        case pbmac1(PBKDF2Parameters, hmac: DigestFunction, keyLength: Int)
    }

    /// RFC 7292 §4: MacData ::= SEQUENCE { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 }.
    static func read(_ reader: DERReader, element: DERElement, limits: PKCS12Limits) throws(PKCS12Error) -> MACData {
        var r = reader.reader(over: element.encoded)
        let algorithm: Range<Int>, digest: [UInt8], salt: [UInt8], iterations: UInt64
        do throws(DERError) {
            (algorithm, digest, salt, iterations) = try r.readNested(.sequence) { (m: inout DERReader) throws(DERError) in
                let (algorithm, digest) = try m.readNested(.sequence) { (d: inout DERReader) throws(DERError) in
                    (try d.readElement().encoded, d.copy(try d.readOctetString()))
                }
                let salt = m.copy(try m.readOctetString())
                let iterations = m.isAtEnd ? 1 : try m.readIterationCount()
                return (algorithm, digest, salt, iterations)
            }
        } catch { throw .malformed(.macData, error) }
        var a = r.reader(over: algorithm)
        let oid: Range<Int>, parameters: Range<Int>?
        do throws(DERError) { (oid, parameters) = try a.readAlgorithm() } catch { throw .malformed(.macData, error) }
        if a.bytes(oid, equal: OID.pbmac1.bytes) {
            // RFC 9579 §3: the MacData salt and iterations are ignored; PBMAC1-params carry the real ones.
            return try readPBMAC1(a, parameters: parameters, expected: digest, limits: limits)
        }
        let function: DigestFunction
        if a.bytes(oid, equal: OID.sha1.bytes) { function = .sha1 }
        else if a.bytes(oid, equal: OID.sha224.bytes) { function = .sha224 }
        else if a.bytes(oid, equal: OID.sha256.bytes) { function = .sha256 }
        else if a.bytes(oid, equal: OID.sha384.bytes) { function = .sha384 }
        else if a.bytes(oid, equal: OID.sha512.bytes) { function = .sha512 }
        else { throw .unsupportedMACAlgorithm(OID(der: a.copy(oid))) }
        guard a.isAbsentOrNull(parameters) else { throw .invalidParameters(.digestAlgorithmParameters) }
        guard iterations >= 1 else { throw .invalidParameters(.zeroIterations) }
        guard digest.count == function.digestSize else { throw .invalidParameters(.macLength) }
        return MACData(scheme: .pkcs12KDF(digest: function, iterations: Int(clamping: iterations)), expected: digest,
                       derivation: .pkcs12(digest: function, salt: salt, iterations: iterations))
    }

    /// RFC 8018 §A.5: PBMAC1-params ::= SEQUENCE { keyDerivationFunc, messageAuthScheme }.
    static func readPBMAC1(_ reader: DERReader, parameters: Range<Int>?, expected: [UInt8], limits: PKCS12Limits) throws(PKCS12Error) -> MACData {
        guard let parameters else { throw .invalidParameters(.pbmac1WithoutParameters) }
        var p = reader.reader(over: parameters)
        let kdfRange: Range<Int>, macOID: Range<Int>, macParameters: Range<Int>?
        do throws(DERError) {
            (kdfRange, macOID, macParameters) = try p.readNested(.sequence) { (s: inout DERReader) throws(DERError) in
                let kdf = try s.readElement().encoded
                let (oid, parameters) = try s.readAlgorithm()
                return (kdf, oid, parameters)
            }
            try p.expectEnd()
        } catch { throw .malformed(.macData, error) }
        let kdf = try PBKDF2Parameters.read(p, algorithm: kdfRange)
        guard p.isAbsentOrNull(macParameters), let hmac = PBKDF2Parameters.hmacFunction(p, macOID) else {
            throw .unsupportedMACAlgorithm(OID(der: p.copy(macOID)))
        }
        // RFC 9579 §3: keyLength must be present. A key shorter than the
        // HMAC's output can be guessed outright, so a file naming one could
        // carry a forged MAC. A longer one adds nothing the HMAC can use
        // (its strength is its output length, NIST SP 800-107 §5.3.4) but
        // costs a PBKDF2 pass per extra PRF block before the MAC is checked:
        // a 64-byte key over HMAC-SHA-1 quadruples the derivation. Every
        // exporter and RFC 9579 A.1–A.3 use the HMAC's output length; that
        // is the only length read.
        guard let keyLength = kdf.keyLength else { throw .pbmac1KeyLengthMissing }
        guard keyLength == hmac.digestSize else {
            throw .pbmac1KeyLengthOutOfRange(keyLength: keyLength, minimum: hmac.digestSize, maximum: hmac.digestSize)
        }
        guard kdf.iterations >= 1 else { throw .invalidParameters(.zeroIterations) }
        guard expected.count == hmac.digestSize else { throw .invalidParameters(.macLength) }
        return MACData(
            scheme: .pbmac1(prf: kdf.prf, hmac: hmac, iterations: Int(clamping: kdf.iterations), keyLength: keyLength),
            expected: expected, derivation: .pbmac1(kdf, hmac: hmac, keyLength: keyLength))
    }

    /// The per-derivation iteration limit, checked before any password is tried.
    func checkIterations(_ budget: WorkBudget) throws(PKCS12Error) {
        switch derivation {
        case .pkcs12(_, _, let iterations): try budget.checkIterations(iterations)
        case .pbmac1(let kdf, _, _): try budget.checkIterations(kdf.iterations)
        }
    }

    /// Whether the MAC over `content` verifies with `password`; charges the
    /// derivation and the HMAC over the content first.
    func verifies(_ content: ArraySlice<UInt8>, password: PasswordBytes, budget: inout WorkBudget) throws(PKCS12Error) -> Bool {
        let computed: [UInt8]
        switch derivation {
        case .pkcs12(let digest, let salt, let iterations):
            try budget.checkIterations(iterations)
            try budget.charge(WorkCost.add(
                WorkCost.pkcs12KDF(digest, saltLength: salt.count, passwordLength: password.bmp.count,
                                   iterations: iterations, length: digest.digestSize),
                WorkCost.hmac(digest, length: content.count)))
            let key = PKCS12KeyDerivation.deriveKey(digest, password: password.bmp[...], salt: salt[...],
                                                    iterations: Int(iterations), purpose: .macKey, length: digest.digestSize)
            computed = HMAC.authenticationCode(digest, key: key[...], message: content)
        case .pbmac1(let kdf, let hmac, let keyLength):
            try budget.charge(WorkCost.hmac(hmac, length: content.count))
            let key = try kdf.derive(password: password.utf8, length: keyLength, budget: &budget)
            computed = HMAC.authenticationCode(hmac, key: key[...], message: content)
        }
        return HMAC.constantTimeEquals(computed[...], expected[...])
    }
}
